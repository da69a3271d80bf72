import Foundation
import Testing
import ModGraphCore
@testable import ModGraphManifest

/// SwiftPM leaves out a target for which it finds no sources, with a warning,
/// and modgraph does the same, with the same words: checked on real dumps of
/// packages written in the test (SwiftPM's behaviour checked with
/// `swift package describe` on the same layouts).
@Suite("targets without sources")
struct EmptyTargetTests {
    private struct Loaded {
        let graph: ModuleGraph
        let warnings: [String]
    }

    private func load(_ root: String) throws -> Loaded {
        let workspace = try WorkspaceLoader(provider: dumper).load(directory: root)
        var warnings: [LoadWarning] = []
        let graph = try GraphBuilder().build(workspace, warnings: &warnings)
        return Loaded(graph: graph, warnings: warnings.map(\.message))
    }

    @Test func aFolderWithoutSourcesIsLeftOutWithSwiftPMsWarningAndEdgesToItGo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try folder.package(
            "App",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "App", targets: [
                    .target(name: "Docs"),
                    .target(name: "App", dependencies: ["Docs", .target(name: "Docs")]),
                    .target(name: "Assets", resources: [.process("Media")]),
                    .systemLibrary(name: "CZlib"),
                ])
                """, sources: ["Sources/App"])
        try folder.write("App/Sources/Docs/README.md", "Only words.\n")
        try folder.write("App/Sources/Docs/.hidden.swift", "// hidden files are never sources\n")
        try folder.write("App/Sources/Assets/Media/logo.json", "{}\n")
        try folder.write("App/Sources/CZlib/README.md", "a system library target needs no sources\n")
        let loaded = try load(root)
        #expect(loaded.graph.targets.map(\.id.description) == ["app/App", "app/Assets", "app/CZlib"])
        #expect(loaded.graph.edges.isEmpty)
        #expect(
            loaded.warnings == [
                "\(root)/Package.swift: Source files for target Docs should be located under 'Sources/Docs', "
                    + "or a custom sources path can be set with the 'path' property in Package.swift "
                    + "(target 'Docs' has no source files, so it is left out, as SwiftPM leaves it out)"
            ])
    }

    /// From tools-version 5.9 the only target of its kind may use the whole
    /// predefined folder; when that has no sources (or does not exist), SwiftPM
    /// warns and leaves the target out instead of failing.
    @Test func theOnlyTargetOfItsKindMayTakeTheWholeFolderOrBeLeftOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let lib = try folder.package(
            "Lib",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Lib", targets: [
                    .target(name: "Lib"),
                    .plugin(name: "Gen", capability: .buildTool()),
                ])
                """)
        try folder.write("Lib/Sources/Lib.swift", "public let lib = 1\n")
        let loaded = try load(lib)
        #expect(loaded.graph.targets.map { "\($0.id) \($0.path ?? "-")" } == ["lib/Lib Sources"])
        #expect(
            loaded.warnings == [
                "\(lib)/Package.swift: Source files for target Gen should be located under 'Plugins/Gen', 'Plugins', "
                    + "or a custom sources path can be set with the 'path' property in Package.swift "
                    + "(target 'Gen' has no source files, so it is left out, as SwiftPM leaves it out)"
            ])

        // No Tests folder at all (nor Sources, which tests would fall back on).
        let core = try folder.package(
            "Core",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Core", targets: [
                    .target(name: "Core", path: "Code"),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                ])
                """, sources: ["Code"])
        let tested = try load(core)
        #expect(tested.graph.targets.map { "\($0.id) \($0.path ?? "-")" } == ["core/Core Code"])
        #expect(
            tested.warnings == [
                "\(core)/Package.swift: Source files for target CoreTests should be located under 'Tests/CoreTests', 'Tests', "
                    + "or a custom sources path can be set with the 'path' property in Package.swift "
                    + "(target 'CoreTests' has no source files, so it is left out, as SwiftPM leaves it out)"
            ])
    }

    @Test func aPluginWithoutSourcesIsNoPluginToUse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try folder.package(
            "App",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "App", targets: [
                    .target(name: "App", plugins: ["Gen"]),
                    .plugin(name: "Gen", capability: .buildTool()),
                ])
                """, sources: ["Sources/App"])
        try folder.write("App/Plugins/Gen/notes.txt", "no plugin code\n")
        #expect(
            throws: LoadError.unknownPlugin(manifest: root + "/Package.swift", target: "App", plugin: "Gen", package: nil, searched: [])
        ) {
            try load(root)
        }
    }

    /// SwiftPM fails when a product it builds names a target it left out: every
    /// product of a root package, and another package's products once used.
    @Test func aProductNamingATargetWithoutSourcesIsAnErrorOnceUsed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let lib = try folder.package(
            "Lib",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Lib",
                    products: [.library(name: "Lib", targets: ["Lib"]), .library(name: "Hollow", targets: ["Hollow"])],
                    targets: [.target(name: "Lib"), .target(name: "Hollow")])
                """, sources: ["Sources/Lib"])
        try folder.write("Lib/Sources/Hollow/README.md", "nothing to compile\n")
        let unused = try folder.package(
            "Unused",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Unused", dependencies: [.package(path: "../Lib")],
                    targets: [.target(name: "Unused", dependencies: [.product(name: "Lib", package: "Lib")])])
                """, sources: ["Sources/Unused"])
        #expect(try load(unused).graph.targets.map(\.id.description) == ["lib/Lib", "unused/Unused"])

        let user = try folder.package(
            "User",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "User", dependencies: [.package(path: "../Lib")],
                    targets: [.target(name: "User", dependencies: [.product(name: "Hollow", package: "Lib")])])
                """, sources: ["Sources/User"])
        let error = LoadError.emptyTargetInProduct(
            manifest: lib + "/Package.swift", target: "Hollow", product: "Hollow", folder: "Sources/Hollow")
        #expect(throws: error) { try load(user) }
        #expect(
            error.description == "\(lib)/Package.swift: target 'Hollow' referenced in product 'Hollow' is empty: "
                + "no source files under Sources/Hollow; add them, or take the target out of the product")
        // As a root, Lib's products are all built.
        #expect(throws: error) { try load(lib) }
    }

    /// A package of a thousand targets or more has its folders looked at in pieces on the
    /// cores: the same targets, types and warnings, in the manifest's order, as one
    /// by one. Every 97th target's folder holds no sources (left out, with a warning)
    /// and every 13th has a `main.swift` (built as an executable).
    @Test func aThousandTargetsArePlacedAsOneByOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let count = 1_200
        let names = (0..<count).map { "T" + String(repeating: "0", count: 4 - String($0).count) + String($0) }
        for (index, name) in names.enumerated() {
            let source = "\(folder.path)/P/Sources/\(name)"
            try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
            let file = index % 97 == 0 ? "README.md" : index % 13 == 0 ? "main.swift" : "\(name).swift"
            #expect(FileManager.default.createFile(atPath: "\(source)/\(file)", contents: Data("// \(name)\n".utf8)))
        }
        try folder.write("P/Package.swift", "// canned\n")
        let root = try #require(Paths.canonical(folder.path + "/P"))
        let targets = names.map { #"{"name": "\#($0)", "type": "regular"}"# }.joined(separator: ", ")
        let dump = #"{"name": "P", "toolsVersion": {"_version": "5.9.0"}, "packageKind": {"root": ["\#(root)"]}, "targets": [\#(targets)]}"#
        let workspace = try WorkspaceLoader(provider: CannedProvider([root: dump])).load(directory: root)
        var warnings: [LoadWarning] = []
        let graph = try GraphBuilder().build(workspace, warnings: &warnings)

        let kept = names.indices.filter { $0 % 97 != 0 }
        #expect(graph.targets.map(\.id.name) == kept.map { names[$0] })
        #expect(graph.targets.map(\.type) == kept.map { $0 % 13 == 0 ? .executable : .regular })
        #expect(graph.targets.map(\.path) == kept.map { "Sources/\(names[$0])" })
        let leftOut = names.indices.filter { $0 % 97 == 0 }.map { names[$0] }
        #expect(warnings.count == leftOut.count)
        #expect(
            warnings.map(\.message)
                == leftOut.map { name in
                    "\(root)/Package.swift: Source files for target \(name) should be located under 'Sources/\(name)', "
                        + "or a custom sources path can be set with the 'path' property in Package.swift "
                        + "(target '\(name)' has no source files, so it is left out, as SwiftPM leaves it out)"
                })
    }
}
