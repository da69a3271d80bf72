import Testing
import ModGraphCore
@testable import ModGraphManifest

/// Which traits a build enables, and so which trait-gated dependencies
/// exist, worked out by hand on a three-package workspace of real dumps:
///
///     App   traits Fast; default: none
///           Engine with [Turbo when App has Fast, defaults]; Log with []
///           App → Engine; App → Log when Fast
///     Engine traits Turbo (enables Simd), Simd, Metrics; default: Metrics
///           Log with its defaults
///           Engine → Log when Metrics; Engine → SimdKernels when Simd
///     Log   traits Verbose; default: Verbose
///           Log → LogVerbose when Verbose
@Suite("trait resolution")
struct TraitResolutionTests {
    private func workspace() throws -> (TemporaryFolder, Workspace) {
        let folder = try TemporaryFolder()
        try folder.package(
            "Log",
            manifest: """
                // swift-tools-version: 6.1
                import PackageDescription
                let package = Package(name: "Log", products: [.library(name: "Log", targets: ["Log"])],
                    traits: ["Verbose", .default(enabledTraits: ["Verbose"])],
                    targets: [.target(name: "Log", dependencies: [.target(name: "LogVerbose", condition: .when(traits: ["Verbose"]))]),
                              .target(name: "LogVerbose")])
                """)
        try folder.package(
            "Engine",
            manifest: """
                // swift-tools-version: 6.1
                import PackageDescription
                let package = Package(name: "Engine", products: [.library(name: "Engine", targets: ["Engine"])],
                    traits: [.trait(name: "Turbo", enabledTraits: ["Simd"]), "Simd", "Metrics", .default(enabledTraits: ["Metrics"])],
                    dependencies: [.package(path: "../Log")],
                    targets: [.target(name: "Engine", dependencies: [
                                  .product(name: "Log", package: "Log", condition: .when(traits: ["Metrics"])),
                                  .target(name: "SimdKernels", condition: .when(traits: ["Simd"]))]),
                              .target(name: "SimdKernels")])
                """)
        let root = try folder.package(
            "App",
            manifest: """
                // swift-tools-version: 6.1
                import PackageDescription
                let package = Package(name: "App", traits: ["Fast", .default(enabledTraits: [])],
                    dependencies: [
                        .package(path: "../Engine", traits: [.trait(name: "Turbo", condition: .when(traits: ["Fast"])), .defaults]),
                        .package(path: "../Log", traits: []),
                    ],
                    targets: [.executableTarget(name: "App", dependencies: [
                        .product(name: "Engine", package: "Engine"),
                        .product(name: "Log", package: "Log", condition: .when(traits: ["Fast"]))])])
                """, sources: ["Sources/App"])
        return (folder, try WorkspaceLoader(provider: dumper).load(directory: root))
    }

    private func enabled(_ selection: TraitSelection, in workspace: Workspace) throws -> [String: [String]] {
        let resolved = try EnabledTraits(resolving: selection, in: workspace)
        return Dictionary(uniqueKeysWithValues: resolved.byPackage.map { ($0.key.rawValue, $0.value.sorted()) })
    }

    private func edges(_ selection: TraitSelection, in workspace: Workspace) throws -> [String] {
        let graph = try GraphBuilder().build(workspace)
        return try graph.restricted(toTraits: EnabledTraits(resolving: selection, in: workspace).byPackage)
            .edges.map { "\($0.from) -> \($0.to)" }
    }

    @Test func defaultsFollowWhatEachDependentAsksFor() throws {
        let (folder, workspace) = try workspace()
        defer { folder.remove() }
        // Engine: App asks for its defaults only (Turbo needs App's Fast).
        // Log: App turns its defaults off, but Engine asks for them.
        #expect(try enabled(.defaults, in: workspace) == ["app": [], "engine": ["Metrics"], "log": ["Verbose"]])
        #expect(
            try edges(.defaults, in: workspace) == [
                "app/App -> engine/Engine", "engine/Engine -> log/Log", "log/Log -> log/LogVerbose",
            ])
    }

    @Test func aRootTraitEnablesConditionalTraitsDownstream() throws {
        let (folder, workspace) = try workspace()
        defer { folder.remove() }
        // Fast turns on Engine's Turbo, which enables Simd.
        let expected = ["app": ["Fast"], "engine": ["Metrics", "Simd", "Turbo"], "log": ["Verbose"]]
        #expect(try enabled(.listed(["Fast"]), in: workspace) == expected)
        #expect(try enabled(.all, in: workspace) == expected)
        #expect(
            try edges(.all, in: workspace) == [
                "app/App -> engine/Engine", "app/App -> log/Log", "engine/Engine -> engine/SimdKernels",
                "engine/Engine -> log/Log", "log/Log -> log/LogVerbose",
            ])
    }

    @Test func anEmptyListEnablesNothingAtTheRoot() throws {
        let (folder, workspace) = try workspace()
        defer { folder.remove() }
        #expect(try enabled(.listed([]), in: workspace) == ["app": [], "engine": ["Metrics"], "log": ["Verbose"]])
    }

    @Test func anUndeclaredRootTraitIsAnError() throws {
        let (folder, workspace) = try workspace()
        defer { folder.remove() }
        let manifest = try #require(workspace.packages[workspace.root]?.manifestPath)
        #expect(throws: LoadError.unknownTrait(manifest: manifest, trait: "Turbo", declared: ["Fast"])) {
            try EnabledTraits(resolving: .listed(["default", "Turbo"]), in: workspace)
        }
        #expect(
            LoadError.unknownTrait(manifest: "P/Package.swift", trait: "Turbo", declared: ["Fast"]).description
                == "P/Package.swift: the package declares no trait 'Turbo' (its traits: Fast)")
    }

    @Test func optionTextsParse() {
        #expect(TraitSelection(argument: "default") == .defaults)
        #expect(TraitSelection(argument: "all") == .all)
        #expect(TraitSelection(argument: "Fast, default") == .listed(["Fast", "default"]))
        #expect(TraitSelection(argument: "") == .listed([]))
    }
}
