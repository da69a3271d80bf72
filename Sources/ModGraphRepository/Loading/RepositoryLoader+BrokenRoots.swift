import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// A root the search found beside projects that do not use it, whose manifest is broken
/// (``LoadError/brokenManifest``: it does not compile, or names what is not there). ruuvi's station app is an
/// XcodeGen project, and three of the twenty `Package.swift` files beside its modules no longer load (stale
/// since the spec took over): each stopped every command, one at a time. Such a root is left out as `exclude:`
/// leaves a folder out, with a warning, and the packages and the graph are loaded again, at most
/// ``RepositoryLoader/maximumSetAside`` times; the projects are read once. A broken package a project uses, or one
/// a search found with no project beside it, still stops the load: it is built.
struct BrokenRoot: Error {
    let folder: String
    let warning: LoadWarning
    let error: LoadError
}

extension RepositoryLoader {
    /// The packages (the roots found and the projects' `locals`), the projects' part and the graph of both, with the
    /// warnings of the packages and the Podfiles: loaded again without each broken root (``BrokenRoot``) met.
    func packageGraph(
        _ inputs: RepositoryInputs, _ projectSet: ProjectSet, locals: [String], excludedFolders: [String],
        packageLists: [String: [String]], builder: GraphBuilder
    ) throws -> (
        workspace: Workspace, xcode: XcodeGraphBuilder.Result, graph: ModuleGraph, graphWarnings: [LoadWarning], warnings: [LoadWarning]
    ) {
        var broken: [BrokenRoot] = []
        while true {
            do {
                let used = Set(locals)
                let (workspace, setAside) = try workspace(inputs, locals: locals, used: used, leavingOut: broken)
                let cocoaPods = CocoaPodsLinks(
                    projects: projectSet.projects, folders: Self.podfileFolders(inputs, projectSet.projects), root: inputs.root,
                    taken: Set(workspace.packages.keys).union(
                        ProjectIdentities(projects: projectSet.projects, taken: Set(workspace.packages.keys)).byPath.values))
                var builderOfXcode = XcodeGraphBuilder(
                    projects: projectSet.projects, workspace: workspace, base: inputs.base, missingFolders: inputs.missingFolders,
                    excludedFolders: excludedFolders)
                builderOfXcode.pods = cocoaPods.uses
                builderOfXcode.packageLists = packageLists
                let xcode = builderOfXcode.build()
                var graphWarnings: [LoadWarning] = []
                let graph = try Self.blaming(inputs, used: used) {
                    try builder.build(workspace, adding: xcode.parts, warnings: &graphWarnings)
                }
                return (workspace, xcode, graph, graphWarnings, setAside + cocoaPods.warnings)
            } catch let root as BrokenRoot {
                guard broken.count < Self.maximumSetAside else { throw root.error }
                broken.append(root)
            }
        }
    }

    /// The packages found and the projects' `locals`, without the roots left out for a broken manifest, with the
    /// warnings saying which were left out and why. `used`: the folders of `locals`.
    private func workspace(
        _ inputs: RepositoryInputs, locals: [String], used: Set<String>, leavingOut broken: [BrokenRoot]
    ) throws -> (Workspace, [LoadWarning]) {
        guard !inputs.packages.isEmpty || !locals.isEmpty else {
            return (Workspace(roots: [], locals: [], rootDirectory: inputs.base, packages: [:], warnings: []), [])
        }
        let (workspace, setAside) = try Self.blaming(inputs, used: used) {
            try loadPackages(
                inputs, locals: locals.filter { !inputs.packages.contains($0) }, used: used, leavingOut: broken.map(\.folder))
        }
        return (workspace, broken.map(\.warning) + setAside)
    }

    /// `error` as a ``BrokenRoot`` when it blames a root the search found beside projects, which none of them uses.
    private static func blaming<T>(_ inputs: RepositoryInputs, used: Set<String>, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LoadError {
            guard inputs.wasDiscovered, !inputs.projects.isEmpty || !inputs.workspaces.isEmpty, let manifest = error.brokenManifest,
                manifest.hasSuffix("/Package.swift")
            else { throw error }
            let folder = String(manifest.dropLast("/Package.swift".count))
            guard inputs.packages.contains(folder), !used.contains(folder) else { throw error }
            let reason: String
            if case .manifestFailed = error {
                reason = "the manifest failed to load (loading its folder alone shows the compiler's diagnostics)"
            } else {
                let text = error.description
                reason = text.hasPrefix(manifest + ": ") ? String(text.dropFirst(manifest.count + 2)) : text
            }
            let warning = LoadWarning([
                .path(manifest),
                .text(
                    ": not loaded: \(reason); no project the search found uses this package, so the rest was loaded without it:"
                        + " fix the manifest, or leave "),
                .path(folder), .text(" out with exclude: in .modgraph.yml"),
            ])
            throw BrokenRoot(folder: folder, warning: warning, error: error)
        }
    }
}
