import Foundation
import ModGraphTestSupport
import Testing

/// Shapes of real repositories (issue #34), written by each test into a folder of its own and run
/// through the built executable: paths that differ only in case, code left out with `exclude:`,
/// findings about Xcode dependencies located at their line of `project.pbxproj` in every format.
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

    /// Vendored packages left out with `exclude:` and `--exclude`: not loaded (their products are
    /// external), not read by the source checks, and named in the discovery note.
    @Test func excludedPackagesAreNotLoadedNorChecked() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Alamofire", "Kingfisher"] {
            try write(
                """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "\(name)", products: [.library(name: "\(name)", targets: ["\(name)"])],
                    targets: [.target(name: "\(name)", dependencies: ["Undeclared"]), .target(name: "Undeclared")])
                """, "Vendor/\(name)/Package.swift", in: folder)
            try write("import Foundation\nimport Missing\n", "Vendor/\(name)/Sources/\(name)/\(name).swift", in: folder)
            try write("public let x = 1\n", "Vendor/\(name)/Sources/Undeclared/U.swift", in: folder)
        }
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "App",
                dependencies: [.package(path: "Vendor/Alamofire"), .package(path: "Vendor/Kingfisher")],
                targets: [.executableTarget(name: "App", dependencies: [
                    .product(name: "Alamofire", package: "Alamofire"), .product(name: "Kingfisher", package: "Kingfisher")])])
            """, "Package.swift", in: folder)
        try write("import Alamofire\nimport Kingfisher\nprint(1)\n", "Sources/App/main.swift", in: folder)
        try write("exclude: [\"Vendor/Alamofire\"]\nsources: {}\nlayers:\n  - name: all\n    targets: [\"*\"]\n", ".modgraph.yml", in: folder)
        let graph = try ModGraphRunner.run(["graph", ".", "--format", "json", "--exclude", "Vendor/Kingfisher"], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains(#""id": "alamofire/Alamofire""#))
        #expect(graph.output.contains(#""type": "external-product""#))
        #expect(!graph.output.contains("Undeclared"))
        #expect(
            graph.errors.contains(
                "note: found 1 package (1 target); left out by exclude (Vendor/Kingfisher, Vendor/Alamofire): Vendor/Alamofire, Vendor/Kingfisher"),
            "\(graph.errors)")
        #expect(!graph.errors.contains("warning:"), "\(graph.errors)")
        // Without the flag, Kingfisher is loaded and its sources are checked; Alamofire's never are.
        let check = try ModGraphRunner.run(["check", ".", "--format", "json"], in: folder)
        #expect(check.output.contains("kingfisher/Kingfisher"), "\(check.output)")
        #expect(!check.output.contains("alamofire/"), "\(check.output)")
        let excluded = try ModGraphRunner.run(["check", ".", "--exclude", "Vendor/Kingfisher"], in: folder)
        #expect(excluded.status == 0, "\(excluded.output)\(excluded.errors)")
        // A pattern that is none is an error naming where it is written.
        let bad = try ModGraphRunner.run(["graph", ".", "--exclude", "../outside"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.errors.contains("error: --exclude: exclude '../outside': a path pattern leaves the repository's folder"), "\(bad.errors)")
    }

    /// A finding about an Xcode target's dependency points at the line of `project.pbxproj` that
    /// declares it, in every format (issue #34; it pointed at `.modgraph.yml`).
    @Test func findingsAboutXcodeDependenciesPointAtTheirLineInEveryFormat() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = ProjectFixture(targets: [
            .init("Core", sources: ["Core/Core.swift"]),
            .init("Charts", sources: ["Charts/Charts.swift"]),
            .init("App", type: "application", dependencies: ["Core", "Charts"], sources: ["App/App.swift"]),
        ])
        let text = project.text
        try write(text, "App.xcodeproj/project.pbxproj", in: folder)
        try write("public let core = 1\n", "Core/Core.swift", in: folder)
        try write("public let charts = 1\n", "Charts/Charts.swift", in: folder)
        try write("import Core\nlet app = core\n", "App/App.swift", in: folder)
        try write("sources: {}\n", ".modgraph.yml", in: folder)
        // App's second target dependency (on Charts) is unused.
        var lines: [Int] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains("/* PBXTargetDependency */ = {") {
            lines.append(index + 1)
        }
        let line = try #require(lines.count == 2 ? lines[1] : nil)
        let place = "App.xcodeproj/project.pbxproj:\(line)"
        let expected: [(String, String)] = [
            ("text", "at \(place)"),
            ("github", "file=App.xcodeproj/project.pbxproj,line=\(line)"),
            ("xcode", "\(place):1: warning:"),
            ("markdown", "(at `\(place)`)"),
            ("json", #""file": "App.xcodeproj/project.pbxproj""#),
            ("sarif", #""startLine": \#(line)"#),
        ]
        for (format, fragment) in expected {
            let result = try ModGraphRunner.run(["check", "App.xcodeproj", "--format", format], in: folder)
            #expect(result.status == 0, "\(format): \(result.errors)")
            #expect(result.output.contains("unused-dependency") || result.output.contains("unused"), "\(format): \(result.output)")
            #expect(result.output.contains(fragment), "\(format): \(result.output)")
        }
    }

    /// An Xcode target's platforms decide what its `#if os(…)` imports cost (issue #34): an import for
    /// tvOS in a target built only for iOS is never compiled, and `platformFilter = ios` on a target
    /// built only for iOS declares the dependency everywhere the target is built.
    @Test func importsAreJudgedOnThePlatformsAnXcodeTargetIsBuiltFor() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = ProjectFixture(targets: [
            .init("Kit", settings: ["SDKROOT": "iphoneos"], sources: ["Kit/Kit.swift"]),
            .init("TVKit", settings: ["SDKROOT": "appletvos"], sources: ["TVKit/TVKit.swift"]),
            .init(
                "App", type: "application", settings: ["SDKROOT": "iphoneos"], dependencies: ["Kit"], sources: ["App/App.swift"],
                platformFilters: ["Kit": "ios"]),
        ])
        try write(project.text, "App.xcodeproj/project.pbxproj", in: folder)
        try write("public let kit = 1\n", "Kit/Kit.swift", in: folder)
        try write("public let tv = 1\n", "TVKit/TVKit.swift", in: folder)
        try write("import Kit\n#if os(tvOS)\nimport TVKit\n#endif\nlet app = kit\n", "App/App.swift", in: folder)
        try write("sources: {}\n", ".modgraph.yml", in: folder)
        let check = try ModGraphRunner.run(["check", "App.xcodeproj"], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(check.output.contains("passed: 0 errors, 0 warnings"), "\(check.output)")
    }
}
