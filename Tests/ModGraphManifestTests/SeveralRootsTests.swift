import Foundation
import Testing
import ModGraphCore
@testable import ModGraphManifest

/// Loading from several roots, from projects' local packages, and from a dump,
/// each folder once.
@Suite("several roots")
struct SeveralRootsTests {
    /// A dump-package JSON for the package in `folder`, depending on the `path:` folders given.
    private func dump(_ name: String, in folder: String, paths: [String] = [], product: Bool = true) -> String {
        let dependencies = paths.map { path in
            #"{"fileSystem": [{"identity": "\#(PackageIdentity(location: path).rawValue)", "path": "\#(path)", "productFilter": null}]}"#
        }.joined(separator: ", ")
        let products = product ? #"{"name": "\#(name)", "targets": ["\#(name)"], "type": {"library": ["automatic"]}}"# : ""
        return #"""
            {"name": "\#(name)", "toolsVersion": {"_version": "5.9.0"}, "packageKind": {"root": ["\#(folder)"]},
             "dependencies": [\#(dependencies)], "products": [\#(products)],
             "targets": [{"name": "\#(name)", "type": "regular", "dependencies": []}]}
            """#
    }

    private func folders(_ names: [String]) throws -> (TemporaryFolder, [String: String]) {
        let folder = try TemporaryFolder()
        var paths: [String: String] = [:]
        for name in names {
            // Each package's one target has a source file, or SwiftPM (and modgraph) would leave it out; and
            // each folder its manifest (which the canned provider answers for), or it is no package.
            try folder.write("\(name)/Sources/\(name)/\(name).swift", "// \(name)\n")
            try folder.write("\(name)/Package.swift", "// answered by the canned provider\n")
            let canonical = try #require(Paths.canonical(folder.path + "/" + name))
            paths[name] = canonical
        }
        return (folder, paths)
    }

    /// A `path:` dependency that leads back to the folder of a dump given on the
    /// command line must not dump that folder again (a 5,000-target manifest took
    /// `check` from 68 s to 197 s that way).
    @Test func aDumpsOwnFolderIsNeverDumpedAgain() throws {
        let (folder, paths) = try folders(["Root", "Lib"])
        defer { folder.remove() }
        let root = paths["Root"]!
        let lib = paths["Lib"]!
        let provider = CannedProvider([
            root: dump("Root", in: root, paths: [lib]),
            lib: dump("Lib", in: lib, paths: [root]),
        ])
        let manifest = try ManifestDecoding.decode(Data(dump("Root", in: root, paths: [lib]).utf8), source: "dump.json")
        let workspace = try WorkspaceLoader(provider: provider).load(dump: manifest, source: "dump.json")
        #expect(provider.calls == [lib])
        #expect(workspace.packages.keys.map(\.rawValue).sorted() == ["lib", "root"])
    }

    @Test func severalRootsAndLocalPackagesLoadOnceEach() throws {
        let (folder, paths) = try folders(["A", "B", "Shared", "Local"])
        defer { folder.remove() }
        let shared = paths["Shared"]!
        let provider = CannedProvider([
            paths["A"]!: dump("A", in: paths["A"]!, paths: [shared]),
            paths["B"]!: dump("B", in: paths["B"]!, paths: [shared]),
            shared: dump("Shared", in: shared),
            paths["Local"]!: dump("Local", in: paths["Local"]!),
        ])
        let workspace = try WorkspaceLoader(provider: provider)
            .load(roots: [paths["A"]!, paths["B"]!], locals: [paths["Local"]!, paths["A"]!], base: folder.path)
        #expect(provider.calls.sorted() == [paths["A"]!, paths["B"]!, paths["Local"]!, shared].sorted())
        #expect(workspace.roots.map(\.rawValue) == ["a", "b"])
        #expect(workspace.locals.map(\.rawValue) == ["local"])
        #expect(workspace.packages[PackageIdentity("shared")]?.origin == .local)
        // Package paths are shown relative to the folder the roots share.
        let graph = try GraphBuilder().build(workspace)
        #expect(
            graph.packages.map { "\($0.identity):\($0.path ?? "-"):\($0.origin.rawValue)" }
                == ["a:A:root", "b:B:root", "local:Local:local", "shared:Shared:local"])
    }

    @Test func twoRootsWithOneIdentityInDifferentFoldersAreRefused() throws {
        let (folder, paths) = try folders(["One/Core", "Two/Core"])
        defer { folder.remove() }
        let provider = CannedProvider([
            paths["One/Core"]!: dump("Core", in: paths["One/Core"]!),
            paths["Two/Core"]!: dump("Core", in: paths["Two/Core"]!),
        ])
        #expect(throws: LoadError.identityClash(identity: "core", firstPath: paths["One/Core"]!, secondPath: paths["Two/Core"]!)) {
            try WorkspaceLoader(provider: provider).load(roots: [paths["One/Core"]!, paths["Two/Core"]!])
        }
    }
}
