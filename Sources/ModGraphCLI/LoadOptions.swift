import ArgumentParser
import Foundation
import ModGraphCore
import ModGraphManifest

extension ExternalsMode: ExpressibleByArgument {}

/// How a command finds and loads its module graph; shared by every command that reads one.
struct LoadOptions: ParsableArguments {
    @Argument(help: "A package folder, a Package.swift, a JSON file written by `swift package dump-package`, or - for standard input.")
    var path: String = "."

    @Option(help: "Remote packages: none (left out), products (one node per product used), expand (their targets, from .build/checkouts).")
    var externals: ExternalsMode = .products

    @Flag(name: .customLong("no-tests"), help: "Leave out test targets.")
    var noTests = false

    @Option(help: "Keep only the dependencies active on this platform (linux, macos, ios, …).")
    var platform: String?

    @Option(help: "The swift executable that runs `swift package dump-package` (default: $MODGRAPH_SWIFT, else swift on PATH).")
    var swiftExecutable: String?

    /// Loads the workspace, prints its warnings, and applies the filters.
    func loadGraph() throws -> ModuleGraph {
        try load().graph
    }

    /// The filtered graph and the root package's folder, which package paths in the graph are relative to.
    func load() throws -> (graph: ModuleGraph, rootDirectory: String?) {
        let loaded = try loadWithWorkspace()
        return (loaded.graph, loaded.workspace.rootDirectory)
    }

    /// Like ``load()``, with the workspace the graph was built from, for commands that read the packages' files.
    func loadWithWorkspace() throws -> (graph: ModuleGraph, workspace: Workspace) {
        let provider = DumpPackageRunner(swiftExecutable: swiftExecutable ?? DumpPackageRunner.defaultExecutable)
        let loader = WorkspaceLoader(provider: provider, externals: externals)
        let workspace = try loadWorkspace(with: loader)
        for warning in workspace.warnings { Console.warning(warning) }
        var graph = try GraphBuilder(externals: externals).build(workspace)
        if let platform { graph = graph.restricted(toPlatform: platform) }
        if noTests { graph = graph.withoutTests() }
        return (graph, workspace)
    }

    private func loadWorkspace(with loader: WorkspaceLoader) throws -> Workspace {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return try loader.load(dump: ManifestDecoding.decode(data, source: "<stdin>"), source: "<stdin>")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LoadError.pathNotFound(path)
        }
        if isDirectory.boolValue {
            return try loader.load(directory: path)
        }
        if (path as NSString).lastPathComponent.hasPrefix("Package") && path.hasSuffix(".swift") {
            return try loader.load(directory: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError.unreadable(path: path, reason: "permission denied")
        }
        return try loader.load(dump: ManifestDecoding.decode(data, source: path), source: path)
    }
}
