import Foundation
import ModGraphTestSupport
import Testing

/// SwiftPM makes an executable product for each executable target of a root package
/// that no executable product holds; a tool dependency on it by product name resolves
/// to that target (issue #49: the edge was dropped, with a warning that suggested a
/// remote package). A package reached only through `path:` is no root: no product.
@Suite("root packages' executable targets")
struct RootExecutableTests {
    private func scene() throws -> URL {
        let folder = try ModGraphRunner.scratchFolder("modgraph-root-executable")
        let files = [
            "App/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(
                    name: "App",
                    dependencies: [.package(path: "../Tools")],
                    targets: [
                        .target(name: "App", plugins: ["GenPlugin"]),
                        .plugin(name: "GenPlugin", capability: .buildTool(), dependencies: [.product(name: "gen", package: "Tools")]),
                    ])

                """,
            "App/Sources/App/App.swift": "let app = 1\n",
            "App/Plugins/GenPlugin/Plugin.swift": "import PackagePlugin\n",
            "Tools/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Tools", targets: [.executableTarget(name: "gen")])

                """,
            "Tools/Sources/gen/main.swift": "print(1)\n",
            // A repository: `../Tools` is inside the folder loaded.
            ".git/HEAD": "ref: refs/heads/main\n",
        ]
        try ModGraphRunner.write(files, in: folder)
        return folder
    }

    @Test func aToolByProductNameIsTheRootPackagesExecutableTarget() throws {
        let folder = try scene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ModGraphRunner.run(["graph", "App", "Tools", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("warning"), "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let edges = (json["edges"] as? [[String: Any]] ?? []).map { "\($0["from"] ?? "") -> \($0["to"] ?? "")" }
        #expect(edges.contains("app/GenPlugin -> tools/gen"), "\(edges)")
    }

    @Test func aPackageReachedThroughPathIsNoRoot() throws {
        let folder = try scene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ModGraphRunner.run(["graph", "App", "--format", "json"], in: folder)
        // As SwiftPM: the product is unknown.
        #expect(result.status != 0)
        #expect(result.errors.contains("gen"), "\(result.errors)")
    }

    /// A regular target holding a `main` file anywhere in its folder is an executable, as SwiftPM
    /// reads it, unless the folder that holds it is excluded; a header named `main` compiles nothing.
    @Test func aRegularTargetWithAMainFileIsAnExecutable() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-main-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ModGraphRunner.write(
            [
                "Tools/Package.swift": """
                    // swift-tools-version: 5.9
                    import PackageDescription
                    let package = Package(
                        name: "Tools",
                        targets: [
                            .target(name: "Tool"), .target(name: "Lib", exclude: ["cli"]), .target(name: "Headers"),
                        ])

                    """,
                "Tools/Sources/Tool/Entry/Main.swift": "print(1)\n",
                "Tools/Sources/Lib/Lib.swift": "let lib = 1\n",
                "Tools/Sources/Lib/cli/main.swift": "print(2)\n",
                "Tools/Sources/Headers/Headers.swift": "let h = 1\n",
                "Tools/Sources/Headers/include/main.h": "int h;\n",
            ], in: folder)
        let result = try ModGraphRunner.run(["graph", "Tools", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        var types: [String: String] = [:]
        for target in json["targets"] as? [[String: Any]] ?? [] {
            if let id = target["id"] as? String, let type = target["type"] as? String { types[id] = type }
        }
        #expect(types == ["tools/Tool": "executable", "tools/Lib": "regular", "tools/Headers": "regular"], "\(types)")
    }
}
