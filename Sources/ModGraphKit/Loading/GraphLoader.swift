import Foundation
import ModGraphCore
import ModGraphManifest

/// Loads a module graph from a ``LoadRequest``: the one way every command, and
/// any library user, turns a path into a graph.
public enum GraphLoader {
    /// Loads the workspace, builds its graph and restricts it to the request's
    /// build environment in one pass. When the load fails, the error is thrown
    /// and `warnings` receives every warning the loader gave, as they may say why.
    public static func load(_ request: LoadRequest, warnings: (String) -> Void = { _ in }) throws -> LoadedGraph {
        if let platform = request.platform, !BuildEnvironment.knownPlatforms.contains(platform.lowercased()) {
            // An unknown name would silently drop every conditional edge.
            throw CommandError("--platform: '\(platform)' is not a platform SwiftPM knows; use one of "
                + BuildEnvironment.knownPlatforms.joined(separator: ", ") + " (in any case)")
        }
        let runner = DumpPackageRunner(swiftExecutable: request.swiftExecutable ?? DumpPackageRunner.defaultExecutable,
                                       timeout: request.manifestTimeout)
        var setupWarnings: [String] = []
        let provider = manifestProvider(request.cache, dumpingWith: runner, warnings: &setupWarnings)
        let loader = WorkspaceLoader(provider: provider, externals: request.externals, jobs: request.jobs,
                                     scratchDirectory: request.scratchDirectory, progress: request.progress)
        let workspace: Workspace
        do {
            workspace = try loadWorkspace(at: request.path, with: loader)
        } catch {
            setupWarnings.forEach(warnings)
            throw error
        }
        do {
            var environment = BuildEnvironment(platform: request.platform, includesTests: request.includesTests)
            if let traits = request.traits {
                environment.enabledTraits = try EnabledTraits(resolving: traits, in: workspace).byPackage
            }
            let graph = try GraphBuilder(externals: request.externals).build(workspace).restricted(to: environment)
            let packagesLeft = Set(graph.packages.map(\.identity))
            let relevant = workspace.warnings.filter { warning in warning.package.map(packagesLeft.contains) ?? true }
            return LoadedGraph(workspace: workspace, graph: graph, warnings: setupWarnings + relevant.map(\.description))
        } catch {
            (setupWarnings + workspace.warnings.map(\.description)).forEach(warnings)
            throw error
        }
    }

    private static func loadWorkspace(at path: String, with loader: WorkspaceLoader) throws -> Workspace {
        if path == "-" {
            // One byte past the limit is enough for the decoder to refuse it.
            let data = (try? FileHandle.standardInput.read(upToCount: ManifestDecoding.maximumBytes + 1)) ?? Data()
            return try loader.load(dump: ManifestDecoding.decode(data, source: "<stdin>"), source: "<stdin>")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LoadError.pathNotFound(path)
        }
        if isDirectory.boolValue {
            return try loader.load(directory: path)
        }
        let name = (path as NSString).lastPathComponent
        if name.hasPrefix("Package") && name.hasSuffix(".swift") {
            let folder = (path as NSString).deletingLastPathComponent
            return try loader.load(directory: folder.isEmpty ? "." : folder)
        }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw LoadError.unreadable(path: path, reason: "permission denied")
        }
        defer { try? file.close() }
        let data = (try? file.read(upToCount: ManifestDecoding.maximumBytes + 1)) ?? Data()
        return try loader.load(dump: ManifestDecoding.decode(data, source: path), source: path)
    }

    /// `runner` behind the dump cache, unless the cache is off or its folder
    /// cannot be written (then with a warning: loading still works, only slower).
    static func manifestProvider(_ cache: LoadRequest.Cache, dumpingWith runner: DumpPackageRunner,
                                 warnings: inout [String]) -> any ManifestProvider {
        let chosen: String
        switch cache {
        case .disabled: return runner
        case .folder(let folder): chosen = folder
        case .standard:
            guard let folder = CacheLocation.defaultFolder() else { return runner }
            chosen = folder
        }
        let folder = chosen.hasPrefix("/") ? chosen : FileManager.default.currentDirectoryPath + "/" + chosen
        do {
            try CacheLocation.prepare(folder)
        } catch {
            warnings.append("\(folder): cannot use the manifest cache (\(reason(error))); loading without it")
            return runner
        }
        return CachingManifestProvider(base: runner, folder: folder)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? POSIXError {
            return String(cString: strerror(error.code.rawValue))
        }
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}
