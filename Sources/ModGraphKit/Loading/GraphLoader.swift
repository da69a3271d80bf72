import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphRepository

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
        let repository: Repository
        do {
            let inputs = try InputDiscovery.inputs(for: request.paths)
            repository = try RepositoryLoader(loader: loader).load(inputs)
        } catch {
            setupWarnings.forEach(warnings)
            throw error
        }
        do {
            var environment = BuildEnvironment(platform: request.platform, includesTests: request.includesTests)
            if let traits = request.traits {
                environment.enabledTraits = try EnabledTraits(resolving: traits, in: repository.workspace).byPackage
            }
            let graph = repository.graph.restricted(to: environment)
            let packagesLeft = Set(graph.packages.map(\.identity))
            let relevant = repository.warnings.filter { warning in warning.package.map(packagesLeft.contains) ?? true }
            let offByDefault = request.traits == nil ? onlyBehindTraitsOffByDefault(relevant, in: repository, environment: environment) : []
            return LoadedGraph(repository: repository, graph: graph,
                               warnings: setupWarnings + WarningLines.lines(relevant, workspace: repository.workspace, offByDefault: offByDefault))
        } catch {
            (setupWarnings + WarningLines.lines(repository.warnings, workspace: repository.workspace)).forEach(warnings)
            throw error
        }
    }

    /// The packages of missing checkouts that the build `swift build` makes,
    /// with default traits, does not use: `swift package resolve` does not
    /// fetch them, so advising it would not help. Without `--traits`, modgraph
    /// keeps every trait-gated dependency, and so reaches them.
    static func onlyBehindTraitsOffByDefault(_ warnings: [LoadWarning], in repository: Repository,
                                             environment: BuildEnvironment) -> Set<PackageIdentity> {
        let missing = Set(warnings.compactMap { warning -> PackageIdentity? in
            if case .missingCheckout? = warning.subject { return warning.package }
            return nil
        })
        guard !missing.isEmpty, let defaults = try? EnabledTraits(resolving: .defaults, in: repository.workspace) else { return [] }
        var withDefaults = environment
        withDefaults.enabledTraits = defaults.byPackage
        let built = Set(repository.graph.restricted(to: withDefaults).packages.map(\.identity))
        return missing.subtracting(built)
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
