import Foundation
import Testing
import ModGraphCore
@testable import ModGraphManifest

/// SwiftPM's rules for what a target dependency names, each checked on a
/// workspace of real dumps. Expected answers follow SwiftPM's documentation.
@Suite("dependency resolution")
struct DependencyResolutionTests {
    /// `Lib` vends products `Lib` and `Shared`; `Other` vends `Shared` too.
    private func workspace(rootTools: String, rootDependencies: String, rootTargets: String) throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        try folder.package(
            "Lib",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Lib",
                    products: [.library(name: "Lib", targets: ["LibCore", "LibExtras"]), .library(name: "Shared", targets: ["LibShared"])],
                    targets: [.target(name: "LibCore"), .target(name: "LibExtras"), .target(name: "LibShared")])
                """)
        try folder.package(
            "Other",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Other",
                    products: [.library(name: "Shared", targets: ["OtherShared"]), .library(name: "Tools", targets: ["OtherTools"])],
                    targets: [.target(name: "OtherShared"), .target(name: "OtherTools")])
                """)
        let root = try folder.package(
            "Root",
            manifest: """
                // swift-tools-version:\(rootTools)
                import PackageDescription
                let package = Package(name: "Root", dependencies: [\(rootDependencies)], targets: [\(rootTargets)])
                """, sources: ["Sources/App"])
        return (folder, root)
    }

    private func edges(_ root: String) throws -> [String] {
        let loaded = try WorkspaceLoader(provider: dumper).load(directory: root)
        return try GraphBuilder().build(loaded).edges.filter { $0.from.package.rawValue == "root" }
            .map { "\($0.from.name) -> \($0.to) [\($0.kind.rawValue)\($0.product.map { " " + $0 } ?? "")]" }
    }

    @Test func aTargetOfTheSamePackageWinsOverAProductOfTheSameName() throws {
        let (folder, root) = try workspace(
            rootTools: "5.9", rootDependencies: #".package(path: "../Lib")"#,
            rootTargets: #".target(name: "Lib"), .target(name: "App", dependencies: ["Lib"])"#)
        defer { folder.remove() }
        #expect(try edges(root) == ["App -> root/Lib [target]"])
    }

    @Test func aPlainStringProductNeedsAMatchingPackageFrom5_2() throws {
        let (folder, root) = try workspace(
            rootTools: "5.9", rootDependencies: #".package(path: "../Lib")"#,
            rootTargets: #".target(name: "App", dependencies: ["Lib"])"#)
        defer { folder.remove() }
        // A product stands for all its targets.
        #expect(try edges(root) == ["App -> lib/LibCore [product Lib]", "App -> lib/LibExtras [product Lib]"])

        let (other, otherRoot) = try workspace(
            rootTools: "5.9", rootDependencies: #".package(path: "../Other")"#,
            rootTargets: #".target(name: "App", dependencies: ["Tools"])"#)
        defer { other.remove() }
        #expect(throws: LoadError.unresolvedDependency(manifest: otherRoot + "/Package.swift", target: "App", dependency: "Tools")) {
            try edges(otherRoot)
        }
    }

    @Test func beforeToolsVersion5_2AnyDependencyMayVendAPlainStringProduct() throws {
        let (folder, root) = try workspace(
            rootTools: "5.1", rootDependencies: #".package(path: "../Other")"#,
            rootTargets: #".target(name: "App", dependencies: ["Tools"])"#)
        defer { folder.remove() }
        #expect(try edges(root) == ["App -> other/OtherTools [product Tools]"])
    }

    @Test func twoDependenciesVendingOneNameAreAmbiguous() throws {
        let (folder, root) = try workspace(
            rootTools: "5.1", rootDependencies: #".package(path: "../Lib"), .package(path: "../Other")"#,
            rootTargets: #".target(name: "App", dependencies: ["Shared"])"#)
        defer { folder.remove() }
        #expect(
            throws: LoadError.ambiguousDependency(
                manifest: root + "/Package.swift", target: "App", dependency: "Shared", candidates: ["lib", "other"])
        ) {
            try edges(root)
        }
    }

    @Test func productPackageMatchesIdentityExplicitNameOrManifestName() throws {
        let (folder, root) = try workspace(
            rootTools: "5.9", rootDependencies: #".package(name: "Renamed", path: "../Other"), .package(path: "../Lib")"#,
            rootTargets:
                #".target(name: "App", dependencies: [.product(name: "Tools", package: "Renamed"), .product(name: "Shared", package: "lib")])"#
        )
        defer { folder.remove() }
        #expect(try edges(root) == ["App -> lib/LibShared [product Shared]", "App -> other/OtherTools [product Tools]"])
    }

    @Test func unknownTargetsProductsAndPackagesAreErrorsNamingTheManifest() throws {
        let (folder, root) = try workspace(
            rootTools: "5.9", rootDependencies: #".package(path: "../Lib")"#,
            rootTargets: #".target(name: "App", dependencies: [.product(name: "Nope", package: "Lib")])"#)
        defer { folder.remove() }
        #expect(throws: LoadError.unknownProduct(manifest: root + "/Package.swift", target: "App", product: "Nope", package: "lib")) {
            try edges(root)
        }
    }

    /// SwiftPM takes a product by its name from whichever dependency vends it, without checking `package:`
    /// (swiyu's wallet: `.product(name: "BITCore", package: "BITAppAuth")` builds, `swift build` 6.3 agrees).
    /// Named nowhere, it is still an error.
    @Test func aProductTheNamedPackageDoesNotVendComesFromTheDependencyThatDoes() throws {
        let (folder, root) = try workspace(
            rootTools: "5.9", rootDependencies: #".package(path: "../Lib"), .package(path: "../Other")"#,
            rootTargets: #".target(name: "App", dependencies: [.product(name: "Tools", package: "Lib")])"#)
        defer { folder.remove() }
        #expect(try edges(root) == ["App -> other/OtherTools [product Tools]"])
        let (elsewhere, missing) = try workspace(
            rootTools: "5.9", rootDependencies: #".package(path: "../Lib"), .package(path: "../Other")"#,
            rootTargets: #".target(name: "App", dependencies: [.product(name: "Nope", package: "Lib")])"#)
        defer { elsewhere.remove() }
        #expect(throws: LoadError.unknownProduct(manifest: missing + "/Package.swift", target: "App", product: "Nope", package: "lib")) {
            try edges(missing)
        }
    }

    /// SwiftPM's fixture PluginCanBeReferencedByProductName: `plugins:` may
    /// name the package's own plugin product, which stands for its plugin target.
    @Test func aPluginMayBeNamedByItsOwnPackagesPluginProduct() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.package(
            "Lib",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Lib",
                    products: [.plugin(name: "LintProduct", targets: ["Lint"])],
                    targets: [.plugin(name: "Lint", capability: .buildTool())])
                """, sources: ["Plugins/Lint"])
        let root = try folder.package(
            "Root",
            manifest: """
                // swift-tools-version: 5.7
                import PackageDescription
                let package = Package(name: "Root",
                    products: [.plugin(name: "MyPluginProduct", targets: ["MyPlugin"])],
                    dependencies: [.package(path: "../Lib")],
                    targets: [
                        .target(name: "Root", plugins: ["MyPluginProduct", .plugin(name: "LintProduct", package: "Lib")]),
                        .executableTarget(name: "Exec"),
                        .plugin(name: "MyPlugin", capability: .buildTool(), dependencies: ["Exec"]),
                    ])
                """, sources: ["Plugins/MyPlugin"])
        #expect(
            try edges(root) == [
                "MyPlugin -> root/Exec [target]",
                "Root -> lib/Lint [plugin LintProduct]",
                "Root -> root/MyPlugin [plugin MyPluginProduct]",
            ])
    }

    /// An unresolvable plugin is a plugin, not a product of package `(any)`,
    /// and the message names the dependencies that were searched.
    @Test func anUnknownPluginIsReportedAsAPluginNamingTheDependenciesSearched() throws {
        let (folder, root) = try workspace(
            rootTools: "5.9", rootDependencies: #".package(path: "../Lib"), .package(name: "Renamed", path: "../Other")"#,
            rootTargets: #".target(name: "App", plugins: ["Gen"])"#)
        defer { folder.remove() }
        let manifest = root + "/Package.swift"
        let error = LoadError.unknownPlugin(manifest: manifest, target: "App", plugin: "Gen", package: nil, searched: ["lib", "other"])
        #expect(throws: error) { try edges(root) }
        #expect(
            error.description == "\(manifest): no plugin named 'Gen' for target 'App': this package has no target or plugin product "
                + "of that name, nor do its dependencies (lib, other)")

        let (named, namedRoot) = try workspace(
            rootTools: "5.9", rootDependencies: #".package(path: "../Lib")"#,
            rootTargets: #".target(name: "App", plugins: [.plugin(name: "Gen", package: "Lib")])"#)
        defer { named.remove() }
        let namedError = LoadError.unknownPlugin(
            manifest: namedRoot + "/Package.swift", target: "App", plugin: "Gen", package: "Lib", searched: ["lib"])
        #expect(throws: namedError) { try edges(namedRoot) }
        #expect(namedError.description.hasSuffix(": no plugin named 'Gen' for target 'App': package 'Lib' vends no product of that name"))

        let (alone, aloneRoot) = try workspace(
            rootTools: "5.9", rootDependencies: "", rootTargets: #".target(name: "App", plugins: ["Gen"])"#)
        defer { alone.remove() }
        #expect(
            throws: LoadError.unknownPlugin(
                manifest: aloneRoot + "/Package.swift", target: "App", plugin: "Gen", package: nil, searched: [])
        ) {
            try edges(aloneRoot)
        }
    }

    /// SwiftPM refuses such a manifest when dumping it today, but dumps made
    /// elsewhere (older toolchains, edited files) can still carry one.
    @Test func aPackageNameThatMatchesNoDependencyIsAnError() throws {
        let root = Manifest(
            name: "Root", toolsVersion: ToolsVersion(major: 5, minor: 9), packageDirectory: nil,
            targets: [ManifestTarget(name: "App", type: .regular, dependencies: [.product("Lib", package: "Elsewhere", condition: nil)])],
            products: [],
            dependencies: [
                PackageDependency(kind: .sourceControl, identity: PackageIdentity("lib"), location: "https://example.com/lib.git")
            ]
        )
        let workspace = Workspace(
            root: PackageIdentity("root"), rootDirectory: nil,
            packages: [
                PackageIdentity("root"): WorkspacePackage(
                    identity: PackageIdentity("root"), origin: .root, location: "root.json",
                    manifest: root, directory: nil, declaredName: "Root")
            ],
            warnings: []
        )
        #expect(throws: LoadError.unknownPackage(manifest: "root.json", target: "App", package: "Elsewhere")) {
            try GraphBuilder().build(workspace)
        }
    }
}
