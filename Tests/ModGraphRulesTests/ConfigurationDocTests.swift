import ModGraphCore
import Foundation
import Testing
@testable import ModGraphRules

/// What docs/configuration.md promises about the configuration, checked
/// against the code, so the reference cannot drift from what `check` does.
@Suite("docs/configuration.md")
struct ConfigurationDocTests {
    static let text: String = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/configuration.md").standardizedFileURL
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()

    /// The row of the rules table for `id`.
    static func row(_ id: String) -> String {
        text.split(separator: "\n").first { $0.hasPrefix("| `\(id)`") }.map(String.init) ?? ""
    }

    @Test func theExternalsRuleSaysALayerWithoutTheListMayUseAnyExternalProduct() throws {
        #expect(Self.row("externals").contains("a layer without `externals:` may use any external product"))
        // And it is so: App's layer lists none, Prelude's lists an empty one.
        let result = try check(
            graphWithExternal(), "layers:\n  - name: app\n    targets: [App]\n  - name: core\n    targets: [Prelude]\n    externals: []\n")
        #expect(result.findings.map(\.fingerprint) == ["externals:app/Prelude->swift-nio/NIO"])
    }

    @Test func theFullExampleReadsWithItsExclusion() throws {
        let start = try #require(Self.text.range(of: "## A full example\n\n```yaml\n"))
        let end = try #require(Self.text[start.upperBound...].range(of: "```\n"))
        let parsed = try config(String(Self.text[start.upperBound..<end.lowerBound]))
        #expect(parsed.layers.flatMap(\.targets).filter(\.isExclusion).map(\.written) == ["!AppFeature"])
        // The exclusion keeps AppFeature in the app layer only.
        let result = try Checker(config: parsed).check(graph("App -> AppFeature, AppFeature -> MapsFeature"))
        #expect(result.layers[TargetID(package: PackageIdentity("app"), name: "AppFeature")] == "app")
    }
}

/// App and Prelude (root package `app`), both using the remote product swift-nio/NIO.
func graphWithExternal() -> ModuleGraph {
    let package = PackageIdentity("app")
    let remote = PackageIdentity("swift-nio")
    let prelude = TargetID(package: package, name: "Prelude")
    let app = TargetID(package: package, name: "App")
    let nio = TargetID(package: remote, name: "NIO")
    return ModuleGraph(
        packages: [
            Package(identity: package, name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
            Package(
                identity: remote, name: "swift-nio", path: nil, origin: .remote, location: "https://github.com/apple/swift-nio",
                isLoaded: false),
        ],
        targets: [
            Target(id: prelude, type: .regular, path: nil), Target(id: app, type: .executable, path: nil),
            Target(id: nio, type: .externalProduct, path: nil),
        ],
        products: [],
        edges: [Edge(from: prelude, to: nio, kind: .product, product: "NIO"), Edge(from: app, to: nio, kind: .product, product: "NIO")]
    )
}
