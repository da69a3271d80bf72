import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// Turns loaded Xcode projects into nodes and edges of the module graph,
/// beside the packages already loaded.
///
/// Every target is a node `identity/Name` (see ``ProjectIdentities``) of its
/// kind (``XcodeTargetKind/targetType``). A dependency becomes an edge,
/// whichever way the project declares it (target dependency, linked or
/// embedded product, package product): to a target of the same project, to
/// another loaded project's target (by object id, else by name), to the
/// targets of a loaded package's product, or to an external product node
/// named by the package identity of a remote package, as for manifests. A
/// dependency declared several ways is one edge; it is conditional on
/// platforms only when every declaration is.
struct XcodeGraphBuilder {
    let projects: [XcodeProject]
    let workspace: Workspace
    /// Package paths are shown relative to it.
    let base: String

    struct Result {
        var parts = GraphParts()
        var files: [TargetID: TargetFiles] = [:]
        var warnings: [String] = []
    }

    /// - Complexity: O(T + D) for T targets and D declared dependencies, plus
    ///   O(P) per product lookup in a package of P products.
    func build() -> Result {
        let identities = ProjectIdentities(projects: projects, taken: Set(workspace.packages.keys))
        let projectByPath = Dictionary(projects.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var packageByFolder: [String: WorkspacePackage] = [:]
        for package in workspace.packages.values {
            if let folder = package.directory { packageByFolder[folder] = package }
        }
        var productFiles: [String: [(project: XcodeProject, target: XcodeTarget)]] = [:]
        for project in projects {
            for target in project.targets {
                if let file = target.productFileName { productFiles[file, default: []].append((project, target)) }
            }
        }
        var result = Result()
        var warned: Set<String> = []
        func warn(_ message: String) {
            if warned.insert(message).inserted { result.warnings.append(message) }
        }
        var remotePackages: [PackageIdentity: String] = [:]
        // Apart from `result`: `warn` changes `result` while the lookup holds this inout.
        var externalProducts: Set<TargetID> = []

        for project in projects {
            guard let identity = identities.byPath[project.path] else { continue }
            result.parts.packages.append(
                Package(
                    identity: identity, name: project.name, path: Paths.relative(project.path, from: base),
                    origin: .project, location: nil, isLoaded: true))
            let projectFile = project.path + "/project.pbxproj"
            for target in project.targets {
                let from = TargetID(package: identity, name: target.name)
                result.parts.targets.append(
                    Target(
                        id: from, type: target.kind.targetType, path: Self.sourceFolder(of: target),
                        moduleName: target.moduleName))
                result.files[from] = Self.files(of: target, in: project)

                // One edge per (target, product) reached; unconditional if any declaration is.
                var reached: [(edge: EdgeKey, filters: [[String]])] = []
                var position: [EdgeKey: Int] = [:]
                func add(_ key: EdgeKey, _ filters: [String]) {
                    if key.to == from { return }
                    if let index = position[key] {
                        reached[index].filters.append(filters)
                    } else {
                        position[key] = reached.count
                        reached.append((key, [filters]))
                    }
                }
                for dependency in target.dependencies {
                    switch dependency.reference {
                    case let .target(id, name, other):
                        let owner = other.map { loadedProject(project.resolvedPath($0), projectByPath) } ?? project
                        guard let owner, let ownerIdentity = identities.byPath[owner.path] else { continue }
                        guard let found = owner.target(withID: id) ?? name.flatMap({ name in owner.targets.first { $0.name == name } })
                        else {
                            warn(
                                "\(projectFile): target '\(target.name)' depends on \(name.map { "'\($0)'" } ?? id) of \(owner.name), which has no such target; skipped"
                            )
                            continue
                        }
                        add(
                            EdgeKey(to: TargetID(package: ownerIdentity, name: found.name), kind: .target, product: nil),
                            dependency.platformFilters)
                    case let .productOfTarget(productReference, fileName, name, other):
                        guard let owner = loadedProject(project.resolvedPath(other), projectByPath),
                            let ownerIdentity = identities.byPath[owner.path]
                        else { continue }
                        guard
                            let found = owner.target(producing: productReference)
                                ?? fileName.flatMap({ file in owner.targets.first { $0.productFileName == file } })
                                ?? name.flatMap({ name in owner.targets.first { $0.name == name } })
                        else {
                            warn(
                                "\(projectFile): target '\(target.name)' uses \(fileName ?? name ?? productReference) of \(owner.name), which no target there makes; skipped"
                            )
                            continue
                        }
                        add(
                            EdgeKey(to: TargetID(package: ownerIdentity, name: found.name), kind: .target, product: nil),
                            dependency.platformFilters)
                    case let .builtProduct(fileName):
                        // Xcode's implicit dependencies: the target of this project, else of the workspace, that makes the file.
                        let makers = productFiles[fileName] ?? []
                        let chosen = makers.filter { $0.project.path == project.path }.first ?? (makers.count == 1 ? makers.first : nil)
                        guard let chosen, let ownerIdentity = identities.byPath[chosen.project.path] else { continue }
                        add(
                            EdgeKey(to: TargetID(package: ownerIdentity, name: chosen.target.name), kind: .target, product: nil),
                            dependency.platformFilters)
                    case let .packageProduct(product):
                        for key in packageProductEdges(
                            product, of: target, in: project, packageByFolder: packageByFolder,
                            remotePackages: &remotePackages, externals: &externalProducts, warn: warn)
                        {
                            add(key, dependency.platformFilters)
                        }
                    }
                }
                for (key, filters) in reached {
                    // Any declaration without platform filters makes the dependency unconditional.
                    let platforms = filters.contains(where: \.isEmpty) ? [] : Array(Set(filters.joined())).map(Self.platformName)
                    result.parts.edges.append(
                        Edge(
                            from: from, to: key.to, kind: key.kind, product: key.product,
                            condition: Condition(platforms: platforms)))
                }
            }
        }
        result.parts.externalProducts = externalProducts
        for (identity, url) in remotePackages where workspace.packages[identity] == nil {
            result.parts.packages.append(
                Package(
                    identity: identity, name: identity.rawValue, path: nil, origin: .remote,
                    location: url, isLoaded: false))
        }
        return result
    }

    /// Where an edge leads, as the graph keys it.
    struct EdgeKey: Hashable {
        let to: TargetID
        let kind: EdgeKind
        let product: String?
    }

    /// The project at `path`, when it was loaded (``ProjectSet`` said once why one was not).
    private func loadedProject(_ path: String, _ byPath: [String: XcodeProject]) -> XcodeProject? {
        byPath[InputDiscovery.canonical(path) ?? path]
    }

    /// The edges a package product dependency leads to.
    private func packageProductEdges(
        _ product: XcodePackageProduct, of target: XcodeTarget, in project: XcodeProject,
        packageByFolder: [String: WorkspacePackage], remotePackages: inout [PackageIdentity: String],
        externals: inout Set<TargetID>, warn: (String) -> Void
    ) -> [EdgeKey] {
        let kind: EdgeKind = product.isPlugin ? .plugin : .product
        let projectFile = project.path + "/project.pbxproj"
        func edges(to package: WorkspacePackage) -> [EdgeKey]? {
            guard let manifest = package.manifest else { return nil }
            guard let vended = manifest.products.first(where: { $0.name == product.name }) else { return [] }
            return vended.targets.map { EdgeKey(to: TargetID(package: package.identity, name: $0), kind: kind, product: product.name) }
        }
        func external(_ identity: PackageIdentity) -> [EdgeKey] {
            let node = TargetID(package: identity, name: product.name)
            externals.insert(node)
            return [EdgeKey(to: node, kind: kind, product: product.name)]
        }
        switch product.package {
        case let .local(path):
            let folder = InputDiscovery.canonical(project.resolvedPath(path))
            if let folder, let package = packageByFolder[folder], let found = edges(to: package) {
                if found.isEmpty {
                    warn(
                        "\(projectFile): target '\(target.name)' uses product '\(product.name)', which package '\(package.manifest?.name ?? path)' does not vend; skipped"
                    )
                }
                return found
            }
            // The package's folder is missing (said once by the loader): the product stands in for it.
            return external(workspace.packages[PackageIdentity(location: path)]?.identity ?? PackageIdentity(location: path))
        case let .remote(url):
            let identity = PackageIdentity(location: url)
            if let package = workspace.packages[identity], let found = edges(to: package), !found.isEmpty { return found }
            remotePackages[identity] = remotePackages[identity] ?? url
            return external(identity)
        case nil:
            // Xcode looks for the product among the packages of the project and of the workspace:
            // first the project's own local packages (references, then folders, as before Xcode 15,
            // and packages in its synchronised folders), then any other package loaded.
            let own =
                project.packageReferences.compactMap { reference -> String? in
                    if case let .local(path) = reference { return path }
                    return nil
                } + project.localPackageCandidates
            var seen: Set<PackageIdentity> = []
            for path in own {
                guard let folder = InputDiscovery.canonical(project.resolvedPath(path)), let package = packageByFolder[folder],
                    seen.insert(package.identity).inserted, let found = edges(to: package), !found.isEmpty
                else { continue }
                return found
            }
            let vendors = workspace.packages.values
                .filter { !seen.contains($0.identity) && !(edges(to: $0) ?? []).isEmpty }
                .sorted { $0.identity.rawValue < $1.identity.rawValue }
            if vendors.count == 1, let found = edges(to: vendors[0]) { return found }
            if vendors.count > 1 {
                let names = vendors.map { "'\($0.identity.rawValue)'" }.joined(separator: ", ")
                warn(
                    "\(projectFile): target '\(target.name)' uses product '\(product.name)', which names no package and several packages vend (\(names)); skipped"
                )
            } else {
                warn(
                    "\(projectFile): target '\(target.name)' uses product '\(product.name)', which names no package and no package loaded vends (a remote package's product, perhaps); skipped"
                )
            }
            return []
        }
    }

    /// What the target compiles, for the source checks and weights.
    static func files(of target: XcodeTarget, in project: XcodeProject) -> TargetFiles {
        let folders = target.synchronizedFolders.map { folder -> TargetFiles.SynchronizedFolder in
            let path = project.resolvedPath(folder.path)
            switch folder.membership {
            case let .all(except):
                return TargetFiles.SynchronizedFolder(path: path, only: nil, excluded: except + folder.opaqueFolders)
            case let .only(paths):
                return TargetFiles.SynchronizedFolder(path: path, only: paths, excluded: folder.opaqueFolders)
            }
        }
        return .project(
            files: target.sources.map(project.resolvedPath), folders: folders, resources: target.resources.map(project.resolvedPath))
    }

    /// The folder the target's sources share, relative to the project's folder; `nil` without sources.
    static func sourceFolder(of target: XcodeTarget) -> String? {
        let folders = target.synchronizedFolders.map(\.path) + target.sources.map(XcodePath.parent)
        guard var common = folders.first?.split(separator: "/", omittingEmptySubsequences: false).map(String.init) else { return nil }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            var count = 0
            while count < common.count, count < parts.count, common[count] == parts[count] { count += 1 }
            common = Array(common.prefix(count))
        }
        let joined = common.joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }

    /// Xcode's platform filter names as SwiftPM's platform names (`xros` is visionOS).
    static func platformName(_ filter: String) -> String {
        switch filter.lowercased() {
        case "xros": "visionos"
        default: filter.lowercased()
        }
    }
}
