import Foundation
import Testing
import ModGraphCore
@testable import ModGraphManifest

private func manifest(_ name: String, tools: String = "5.9", dependencies: String = "", targets: String, products: String = "") -> String {
    """
    // swift-tools-version: \(tools)
    import PackageDescription
    let package = Package(
        name: "\(name)",
        products: [\(products)],
        dependencies: [\(dependencies)],
        targets: [\(targets)]
    )
    """
}

private func load(_ directory: String, externals: ExternalsMode = .products) throws -> (Workspace, ModuleGraph) {
    let workspace = try WorkspaceLoader(provider: dumper, externals: externals).load(directory: directory)
    return (workspace, try GraphBuilder(externals: externals).build(workspace))
}

private func edgeList(_ graph: ModuleGraph) -> [String] {
    graph.edges.map { "\($0.from) -> \($0.to)" }
}

@Suite("workspace loading")
struct WorkspaceLoaderTests {
    @Test func followsPathDependenciesRecursivelyOncePerPackage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.package(
            "Core",
            manifest: manifest(
                "Core", targets: #".target(name: "Prelude")"#,
                products: #".library(name: "Prelude", targets: ["Prelude"])"#),
            sources: ["Sources/Prelude"])
        try folder.package(
            "Feature",
            manifest: manifest(
                "Feature", dependencies: #".package(path: "../Core")"#,
                targets: #".target(name: "Feature", dependencies: [.product(name: "Prelude", package: "Core")])"#,
                products: #".library(name: "Feature", targets: ["Feature"])"#),
            sources: ["Sources/Feature"])
        // The root reaches Core twice: directly, and through Feature by another relative path.
        let root = try folder.package(
            "App",
            manifest: manifest(
                "App",
                dependencies: #".package(path: "../Feature"), .package(path: "../App/../Core")"#,
                targets:
                    #".executableTarget(name: "App", dependencies: [.product(name: "Feature", package: "Feature"), .product(name: "Prelude", package: "core")])"#
            ),
            sources: ["Sources/App"])
        let (workspace, graph) = try load(root)
        #expect(workspace.packages.keys.map(\.rawValue).sorted() == ["app", "core", "feature"])
        #expect(graph.packages.map { "\($0.identity):\($0.path ?? "-")" } == ["app:.", "core:../Core", "feature:../Feature"])
        #expect(edgeList(graph) == ["app/App -> core/Prelude", "app/App -> feature/Feature", "feature/Feature -> core/Prelude"])
    }

    @Test func mutualPathDependenciesAndSymlinksDoNotLoop() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.package(
            "A",
            manifest: manifest(
                "A", dependencies: #".package(path: "../B")"#, targets: #".target(name: "A")"#,
                products: #".library(name: "A", targets: ["A"])"#))
        try folder.package(
            "B",
            manifest: manifest(
                "B", dependencies: #".package(path: "../LinkToA")"#, targets: #".target(name: "B")"#,
                products: #".library(name: "B", targets: ["B"])"#))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/LinkToA", withDestinationPath: folder.path + "/A")
        // SwiftPM itself rejects this cycle when building; loading must still end.
        let workspace = try WorkspaceLoader(provider: dumper).load(directory: folder.path + "/A")
        #expect(workspace.packages.keys.map(\.rawValue).sorted() == ["a", "b"])
    }

    @Test func twoFoldersWithOneIdentityAreAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.package("one/Shared", manifest: manifest("Shared", targets: ""))
        try folder.package("two/Shared", manifest: manifest("Shared", targets: ""))
        try folder.package("Mid", manifest: manifest("Mid", dependencies: #".package(path: "../two/Shared")"#, targets: ""))
        let root = try folder.package(
            "Root", manifest: manifest("Root", dependencies: #".package(path: "../one/Shared"), .package(path: "../Mid")"#, targets: ""))
        #expect {
            try WorkspaceLoader(provider: dumper).load(directory: root)
        } throws: { error in
            guard case let LoadError.identityClash(identity, _, _)? = error as? LoadError else { return false }
            return identity == "shared"
        }
    }

    @Test func aFolderWithoutManifestIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: LoadError.noManifest(directory: folder.path)) {
            try WorkspaceLoader(provider: dumper).load(directory: folder.path)
        }
    }

    @Test func aManifestThatFailsToCompileReportsSwiftsDiagnostics() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try folder.package(
            "Broken",
            manifest:
                "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Broken\", targets: [.target(nam: \"X\")])\n"
        )
        let error = try #require(throws: LoadError.self) {
            try WorkspaceLoader(provider: dumper).load(directory: root)
        }
        guard case let .manifestFailed(path, diagnostics) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(path == root + "/Package.swift")
        #expect(diagnostics.contains { $0.contains("Package.swift:3:") })
        #expect(!diagnostics.contains { $0.contains("invalid manifests at") })
    }

    @Test func remotePackagesBecomeExternalProductsOrDisappear() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try folder.package(
            "Tool",
            manifest: manifest(
                "Tool",
                dependencies:
                    #".package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"), .package(url: "https://github.com/jpsim/Yams.git", from: "5.0.0")"#,
                targets:
                    #".executableTarget(name: "Tool", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser"), "Yams"])"#
            ),
            sources: ["Sources/Tool"])
        let (_, products) = try load(root, externals: .products)
        #expect(edgeList(products) == ["tool/Tool -> swift-argument-parser/ArgumentParser", "tool/Tool -> yams/Yams"])
        #expect(products.targets.filter { $0.type == .externalProduct }.count == 2)
        #expect(products.packages.map(\.identity.rawValue) == ["swift-argument-parser", "tool", "yams"])
        let (_, none) = try load(root, externals: .none)
        #expect(none.edges.isEmpty)
        #expect(none.packages.map(\.identity.rawValue) == ["tool"])
    }

    @Test func expandLoadsCheckoutsAndKeepsOnlyWhatIsUsed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try folder.package(
            "Tool",
            manifest: manifest(
                "Tool",
                dependencies:
                    #".package(url: "https://github.com/example/parser-kit.git", from: "1.0.0"), .package(url: "https://github.com/example/absent.git", from: "1.0.0")"#,
                targets:
                    #".executableTarget(name: "Tool", dependencies: [.product(name: "Parser", package: "parser-kit"), .product(name: "Gone", package: "absent")])"#
            ),
            sources: ["Sources/Tool"])
        // What `swift package resolve` leaves behind, with one more remote level below.
        try folder.package(
            "Tool/.build/checkouts/parser-kit",
            manifest: manifest(
                "parser-kit",
                dependencies: #".package(url: "https://github.com/example/text-utils", from: "1.0.0")"#,
                targets:
                    #".target(name: "Parser", dependencies: ["ParserCore"]), .target(name: "ParserCore", dependencies: [.product(name: "Text", package: "text-utils")]), .target(name: "Unused"), .testTarget(name: "ParserTests", dependencies: ["Parser"])"#,
                products: #".library(name: "Parser", targets: ["Parser"]), .library(name: "Unused", targets: ["Unused"])"#))
        try folder.package(
            "Tool/.build/checkouts/text-utils",
            manifest: manifest(
                "TextUtils",
                targets: #".target(name: "Text")"#, products: #".library(name: "Text", targets: ["Text"])"#), sources: ["Sources/Text"])
        let (workspace, graph) = try load(root, externals: .expand)
        #expect(
            edgeList(graph) == [
                "parser-kit/Parser -> parser-kit/ParserCore",
                "parser-kit/ParserCore -> text-utils/Text",
                "tool/Tool -> absent/Gone",
                "tool/Tool -> parser-kit/Parser",
            ])
        #expect(
            graph.targets.map(\.id.description) == [
                "absent/Gone", "parser-kit/Parser", "parser-kit/ParserCore", "text-utils/Text", "tool/Tool",
            ])
        #expect(graph.package(PackageIdentity("parser-kit"))?.path == ".build/checkouts/parser-kit")
        // Products go with their targets: `Unused` vends only a target nothing reaches.
        #expect(
            graph.products.map { "\($0.package)/\($0.name) \($0.targets.map(\.description))" } == [
                "parser-kit/Parser [\"parser-kit/Parser\"]", "text-utils/Text [\"text-utils/Text\"]",
            ])
        #expect(workspace.warnings.count == 1)
        #expect(workspace.warnings.first?.message.contains("no checkout of 'absent'") == true)
        #expect(workspace.warnings.first?.package == PackageIdentity("absent"))
    }
}

@Suite("target types as SwiftPM builds them")
struct EffectiveTypeTests {
    /// A `.target` with `main.swift` is built as an executable (Ink's InkCLI, Rainbow's playground);
    /// `main.x.swift` does not count, nor does an excluded folder.
    @Test func aRegularTargetWithAMainFileIsAnExecutable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try folder.package(
            "Tools",
            manifest: """
                // swift-tools-version:5.2
                import PackageDescription
                let package = Package(name: "Tools", targets: [
                    .target(name: "CLI"), .target(name: "Lib"), .target(name: "Nested"), .target(name: "Hidden", exclude: ["Old"]),
                ])
                """, sources: ["Sources/Lib", "Sources/Hidden"])
        try folder.write("Tools/Sources/CLI/main.swift", "print(1)\n")
        try folder.write("Tools/Sources/Lib/main.helpers.swift", "let x = 1\n")
        try folder.write("Tools/Sources/Nested/Deep/Main.c", "int main(void) { return 0; }\n")
        try folder.write("Tools/Sources/Hidden/Old/main.swift", "print(2)\n")
        let workspace = try WorkspaceLoader(provider: dumper).load(directory: root)
        let graph = try GraphBuilder().build(workspace)
        #expect(
            graph.targets.map { "\($0.name):\($0.type.rawValue)" } == [
                "CLI:executable", "Hidden:regular", "Lib:regular", "Nested:executable",
            ])
    }
}
