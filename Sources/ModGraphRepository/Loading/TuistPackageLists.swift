import ModGraphCore
import ModGraphManifest
import ModGraphSystem
import ModGraphTuist
import ModGraphXcode

extension RepositoryLoader {
    /// Tuist's package lists the Tuist projects' `.external(name:)` products name, each with the local
    /// packages its `Package.swift` lists (`.package(path:)`): where `tuist install` finds those products
    /// first. A library's sample app (square/workflow-swift's `Samples/Tuist/Package.swift`, `../../`) and an
    /// app's own generated client (NOFFICE-iOS's `../openapi-generator-cli`) take their modules this way;
    /// shown as products of the list, their edges reached no target and an import's explanation missed them.
    ///
    /// The list is read as every manifest is (``WorkspaceLoader/provider``: evaluated, else `dump-package`
    /// within its bounds, or not at all where compiling is forbidden). A folder outside the repository, or
    /// without a `Package.swift`, is passed over: its products stay the list's, as before.
    /// - Returns: each list's folder (canonical) → the folders of its local packages (canonical, in order),
    ///   and a warning for each list that could not be read.
    func tuistPackageLists(of projects: [XcodeProject], root: String) -> (lists: [String: [String]], warnings: [LoadWarning]) {
        var folders: [String] = []
        for project in projects where TuistReader.isManifest(project.path) {
            for product in XcodeGraphBuilder.productReferences(of: project) {
                guard case let .local(path)? = product.package, let folder = InputDiscovery.canonical(project.resolvedPath(path)),
                    XcodePath.lastComponent(folder) == "Tuist", !folders.contains(folder)
                else { continue }
                folders.append(folder)
            }
        }
        let repository = Paths.canonical(root) ?? Paths.lexical(root)
        // A package folder (canonical) that is in the repository, whose `Package.swift` is a file that leads nowhere else.
        func isReadable(_ folder: String) -> Bool {
            XcodePath.isSame(folder, orInside: repository) && FileNames.leadsInside(folder + "/Package.swift", root: repository)
                && FileStatus.isRegularFile(folder + "/Package.swift")
        }
        var lists: [String: [String]] = [:]
        var warnings: [LoadWarning] = []
        for folder in folders where isReadable(folder) {
            let manifest: Manifest
            do {
                manifest = try loader.provider.manifest(forPackageAt: folder)
            } catch {
                warnings.append(
                    LoadWarning([
                        .path(folder + "/Package.swift"),
                        .text(
                            ": Tuist's package list not read (\(error.description)); the products of its local packages are shown as its own"
                        ),
                    ]))
                continue
            }
            let locals = manifest.dependencies.compactMap { dependency -> String? in
                guard dependency.kind == .fileSystem else { return nil }
                let location = Paths.absolute(dependency.location, relativeTo: folder)
                guard let canonical = InputDiscovery.canonical(location), isReadable(canonical) else { return nil }
                return canonical
            }
            if !locals.isEmpty { lists[folder] = locals }
        }
        return (lists, warnings)
    }
}
