import Foundation
import ModGraphKit
import ModGraphTestSupport
import Testing

/// The configuration is resolved once per request, when the graph is loaded, and every use
/// case reads it from the loaded graph (issue #51, step 3): the load's `exclude:` and the
/// check come from the same file, whichever command runs and whichever graph it loads.
@Suite("one configuration per request")
struct RequestConfigurationTests {
    private func write(_ text: String, _ relative: String, in folder: String) throws {
        let file = URL(fileURLWithPath: folder).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// An app and a vendored package; `.modgraph.yml` keeps everything, `alt.yml` leaves the vendored one out.
    private func repository() throws -> String {
        // In a folder of its own named App: two copies are the same package to `diff`.
        let folder = try ModGraphRunner.scratchFolder("modgraph-request-config").resolvingSymlinksInPath().path + "/App"
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])
            """, "Vendor/Kit/Package.swift", in: folder)
        try write("public let kit = 1\n", "Vendor/Kit/Sources/Kit/Kit.swift", in: folder)
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [.package(path: "Vendor/Kit")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "Kit", package: "Kit")])])
            """, "Package.swift", in: folder)
        try write("import Kit\nprint(kit)\n", "Sources/App/main.swift", in: folder)
        try write("layers:\n  - name: all\n    targets: [\"*\"]\n", ".modgraph.yml", in: folder)
        try write("exclude: [\"Vendor/Kit\"]\nlayers:\n  - name: all\n    targets: [\"*\"]\n", "alt.yml", in: folder)
        return folder
    }

    @Test func theLoadedGraphCarriesTheFileItsLoadWasExcludedBy() throws {
        let folder = try repository()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        var request = LoadRequest(path: folder, cache: .disabled)
        let found = try GraphLoader.load(request)
        #expect(found.configuration.path.map { URL(fileURLWithPath: $0).lastPathComponent } == ".modgraph.yml")
        #expect(found.graph.targets.contains { $0.id.description == "kit/Kit" && $0.type.rawValue == "regular" })
        #expect(try CheckRun(on: found)?.result.findings.isEmpty == true)

        request.configuration = folder + "/alt.yml"
        let named = try GraphLoader.load(request)
        #expect(named.configuration.path == folder + "/alt.yml")
        // The named file's `exclude:` left the vendored package out of the load: its product stands in for it.
        #expect(named.graph.targets.contains { $0.id.description == "kit/Kit" && $0.type.rawValue == "external-product" })
        #expect(try CheckRun(on: named)?.configPath == folder + "/alt.yml")
    }

    @Test func aFileThatCannotBeUsedIsKeptAsItsErrorUntilAUseCaseNeedsIt() throws {
        let folder = try repository()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        try write("layers: [unclosed\n", ".modgraph.yml", in: folder)
        let loaded = try GraphLoader.load(LoadRequest(path: folder, cache: .disabled))
        guard case .invalid = loaded.configuration.state else {
            Issue.record("expected the parse error, got \(loaded.configuration.state)")
            return
        }
        #expect(throws: ConfigError.self) { try CheckRun(on: loaded) }

        var missing = LoadRequest(path: folder, cache: .disabled)
        missing.configuration = folder + "/nowhere.yml"
        let unnamed = try GraphLoader.load(missing)
        #expect(throws: CommandError.self) { try unnamed.configuration.existingPath() }

        try FileManager.default.removeItem(atPath: folder + "/.modgraph.yml")
        let none = try GraphLoader.load(LoadRequest(path: folder, cache: .disabled))
        #expect(none.configuration.path == nil)
        #expect(try CheckRun(on: none) == nil)
        #expect(none.configuration.searchedFrom == none.rootDirectory)
    }

    /// `diff --config` loads the base with the same file as the head: before, the base's load
    /// ignored `--config`'s `exclude:`, so the vendored package was loaded there (its 1 line
    /// counted) and not at the head (weighed as the median, 2 lines): the same tree diffed as a
    /// critical path 3 lines → 4.
    @Test func diffLoadsBothSidesWithTheNamedConfiguration() throws {
        let folder = try repository()
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let base = try repository()
        defer { try? FileManager.default.removeItem(atPath: (base as NSString).deletingLastPathComponent) }
        let diff = try ModGraphRunner.run(
            ["diff", ".", "--base-path", base, "--config", "alt.yml"], in: URL(fileURLWithPath: folder))
        #expect(diff.status == 0, "\(diff.errors)")
        #expect(diff.output.contains("critical path: 4 lines → 4 lines\n"), "\(diff.output)")
        #expect(diff.output.contains("the graph did not change"), "\(diff.output)")
    }
}
