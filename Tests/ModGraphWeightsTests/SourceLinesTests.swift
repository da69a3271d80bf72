import Foundation
import ModGraphCore
import ModGraphManifest
@testable import ModGraphWeights
import ModGraphTestSupport
import Testing

/// Line counts through the real loader on packages written to a temporary
/// folder, so the folders are found exactly as `schedule` finds them.
@Suite("Source line weights")
struct SourceLinesTests {
    private func withPackage(
        _ files: [String: String], externals: ExternalsMode = .products,
        _ body: (Workspace, ModuleGraph) throws -> Void
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-weights-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, contents) in files {
            let file = (folder as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let workspace = try WorkspaceLoader(provider: DumpPackageRunner(), externals: externals).load(directory: folder)
        try body(workspace, try GraphBuilder(externals: externals).build(workspace))
    }

    @Test func countsNonBlankLinesAsSwiftPMFindsTheFiles() throws {
        try withPackage([
            "Package.swift": """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "Plain"),
                .target(name: "Custom", path: "Code/Custom", exclude: ["Skipped", "Old.swift"]),
                .target(name: "Listed", sources: ["Only.swift", "Sub"]),
                .target(name: "CFamily"),
                .testTarget(name: "PlainTests", dependencies: ["Plain"]),
            ])
            """,
            // 3 non-blank lines (blank and white-space lines do not count), no final newline.
            "Sources/Plain/A.swift": "let a = 1\n\n   \nlet b = 2\n// c",
            // Not compiled: a resource and a hidden file.
            "Sources/Plain/notes.md": "one\ntwo\n",
            "Sources/Plain/.hidden.swift": "let hidden = 1\n",
            // path: with exclude of a folder and a file.
            "Code/Custom/Kept.swift": "let kept = 1\nlet more = 2\n",
            "Code/Custom/Old.swift": "let old = 1\n",
            "Code/Custom/Skipped/Gone.swift": "let gone = 1\n",
            // sources: a file and a folder; everything else is left out.
            "Sources/Listed/Only.swift": "let only = 1\n",
            "Sources/Listed/Sub/Deep.swift": "let deep = 1\nlet deeper = 2\n",
            "Sources/Listed/Other.swift": "let other = 1\n",
            // C sources count; headers do not.
            "Sources/CFamily/impl.c": "int f(void) {\n  return 1;\n}\n",
            "Sources/CFamily/include/f.h": "int f(void);\n",
            "Tests/PlainTests/T.swift": "import Plain\n",
        ]) { workspace, graph in
            let weights = SourceLineCounter(files: workspace.targetFiles(for: graph)).weights(for: graph)
            var byName: [String: Double] = [:]
            for (vertex, target) in graph.targets.enumerated() { byName[target.name] = weights.values[vertex] }
            #expect(byName == ["Plain": 3, "Custom": 2, "Listed": 3, "CFamily": 3, "PlainTests": 1])
            #expect(weights.unit == .lines)
            #expect(weights.warnings.isEmpty)
        }
    }

    @Test func nonBlankLineCounting() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-lines-\(UUID().uuidString).swift").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "a\r\n\r\n\tb\n \n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(SourceLineCounter.nonBlankLines(inFileAt: file) == 2)
        #expect(SourceLineCounter.nonBlankLines(inFileAt: "/no/such/file") == 0)
    }

    /// The counter that skips each line's text with `memchr` agrees with the plain definition (a
    /// line counts when any byte of it is not white space) on 2,000 random texts of the bytes that matter.
    @Test func lineCountingAgreesWithTheDefinitionOnRandomTexts() {
        var generator = SplitMix64(seed: 48)
        let alphabet: [UInt8] = [10, 10, 32, 9, 13, 11, 12, 97, 0, 255]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let expected = bytes.split(separator: 10, omittingEmptySubsequences: false).filter { line in
                line.contains { ![32, 9, 13, 11, 12].contains($0) }
            }.count
            #expect(bytes.withUnsafeBufferPointer(SourceLineCounter.nonBlankLines(in:)) == expected, "\(bytes)")
        }
    }

    @Test func aTargetsLinesCountAtMostTheLargestWeight() throws {
        try withPackage([
            "Package.swift": """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "Huge"), .target(name: "Small")])
            """,
            "Sources/Huge/Generated.swift": String(repeating: "let x = 1\n", count: 1_000_001),
            "Sources/Small/A.swift": "let a = 1\n",
        ]) { workspace, graph in
            let weights = SourceLineCounter(files: workspace.targetFiles(for: graph)).weights(for: graph)
            var byName: [String: Double] = [:]
            for (vertex, target) in graph.targets.enumerated() { byName[target.name] = weights.values[vertex] }
            #expect(byName == ["Huge": WeightsFile.maximumWeight, "Small": 1])
            let huge = try #require(graph.targets.first { $0.name == "Huge" }).id
            #expect(weights.warnings == ["\(huge): 1000001 non-blank lines of source; counted as 1000000, the largest weight"])
        }
    }

    /// An app using one product of a remote package, with the checkout
    /// `swift package resolve` leaves behind.
    private static let appWithCheckout = [
        "Package.swift": """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "App",
            dependencies: [.package(url: "https://github.com/example/parser-kit.git", from: "1.0.0")],
            targets: [.target(name: "App", dependencies: [.product(name: "Parser", package: "parser-kit")]), .target(name: "Util")])
        """,
        "Sources/App/App.swift": "let app = 1\n",
        "Sources/Util/Util.swift": "let util = 1\nlet more = 2\nlet most = 3\n",
        ".build/checkouts/parser-kit/Package.swift": """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "parser-kit", products: [.library(name: "Parser", targets: ["Parser"])],
            targets: [.target(name: "Parser", dependencies: ["Lexer"]), .target(name: "Lexer")])
        """,
        ".build/checkouts/parser-kit/Sources/Parser/Parser.swift": String(repeating: "let p = 1\n", count: 40),
        ".build/checkouts/parser-kit/Sources/Lexer/Lexer.swift": String(repeating: "let l = 1\n", count: 25),
    ]

    /// With `--externals expand`, a remote package's targets are read from its
    /// checkout and counted like the workspace's own.
    @Test func remotePackagesExpandedFromCheckoutsCountTheirRealLines() throws {
        try withPackage(Self.appWithCheckout, externals: .expand) { workspace, graph in
            let weights = SourceLineCounter(files: workspace.targetFiles(for: graph)).weights(for: graph)
            var byID: [String: Double] = [:]
            for (vertex, target) in graph.targets.enumerated() { byID[target.id.description] = weights.values[vertex] }
            let app = try #require(graph.targets.first { $0.name == "App" }).package.rawValue
            #expect(byID == ["\(app)/App": 1, "\(app)/Util": 3, "parser-kit/Parser": 40, "parser-kit/Lexer": 25])
            #expect(weights.defaulted.isEmpty)
            #expect(weights.warnings.isEmpty)
        }
    }

    /// Without it, the product is one node with no sources here: it gets the
    /// median, and the warning says how to count the real lines.
    @Test func anExternalProductGetsTheMedianAndTheWarningSaysHowToCountIt() throws {
        try withPackage(Self.appWithCheckout) { workspace, graph in
            let weights = SourceLineCounter(files: workspace.targetFiles(for: graph)).weights(for: graph)
            #expect(weights.defaulted.map(\.description) == ["parser-kit/Parser"])
            #expect(weights.defaultValue == 2)
            #expect(
                weights.warnings == [
                    "sources: no weight for 1 target (parser-kit/Parser); each counts as the median of the others, 2 lines; "
                        + "`--externals expand` counts external products' sources (after `swift package resolve`)"
                ])
        }
    }
}
