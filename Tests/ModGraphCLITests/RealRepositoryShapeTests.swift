import Foundation
import Testing

/// Shapes of real repositories (issue #34), written by each test into a folder of its own and run
/// through the built executable.
@Suite("shapes of real repositories")
struct RealRepositoryShapeTests {
    private func scratch() throws -> URL {
        URL(fileURLWithPath: try ModGraphRunner.scratchFolder("modgraph-shapes").resolvingSymlinksInPath().path)
    }

    private func write(_ text: String, _ relative: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// A manifest names `Sources/DoH`, the folder is `Sources/Doh`: a Mac's file system finds it, so
    /// modgraph does too, with a note; the module keeps its sources.
    @Test func aPathThatDiffersOnlyInCaseIsFoundWithANote() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "DoH", path: "Sources/DoH"),
                .target(name: "App", dependencies: ["DoH"]),
            ])
            """, "Package.swift", in: folder)
        try write("public struct Resolver {}\n", "Sources/Doh/Resolver.swift", in: folder)
        try write("import DoH\nlet resolver = Resolver()\n", "Sources/App/App.swift", in: folder)
        try write("sources: {}\n", ".modgraph.yml", in: folder)
        let graph = try ModGraphRunner.run(["graph", ".", "--format", "json"], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(
            graph.errors
                == "note: Package.swift: target 'DoH': its folder 'Sources/DoH' is found as 'Sources/Doh', which differs only in case, as a case-insensitive file system (macOS's default) finds it\n"
        )
        #expect(graph.output.contains(#""path": "Sources/Doh""#))
        // Its sources are read: App's import of DoH is declared, DoH's dependency is used.
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(check.output.contains("passed: 0 errors, 0 warnings"), "\(check.output)")
    }
}
