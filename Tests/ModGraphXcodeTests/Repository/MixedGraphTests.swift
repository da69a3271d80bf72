import Foundation
import ModGraphCore
import ModGraphManifest
import Testing
@testable import ModGraphRepository
@testable import ModGraphXcode

/// Xcode projects joined into one module graph: nodes, kinds and every form of dependency.
@Suite("The graph of Xcode projects")
struct MixedGraphTests {
    /// A project whose framework target makes `Analytics.framework`, which App links as a built product.
    static let kit = projectText(
        objectVersion: 60, rootObject: "B10000000000000000000001",
        objects: """
            /* Begin PBXFileReference section */
            \t\tB30000000000000000000001 /* Analytics.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Analytics.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            /* End PBXFileReference section */

            /* Begin PBXNativeTarget section */
            \t\tB40000000000000000000001 /* Analytics */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tname = Analytics;
            \t\t\tproductName = Analytics;
            \t\t\tproductReference = B30000000000000000000001 /* Analytics.framework */;
            \t\t\tproductType = "com.apple.product-type.framework";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tB10000000000000000000001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tmainGroup = B90000000000000000000001;
            \t\t\ttargets = (
            \t\t\t\tB40000000000000000000001 /* Analytics */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */
            """)

    private func load(_ folder: TemporaryFolder, _ path: String = "") throws -> Repository {
        let loader = WorkspaceLoader(provider: DumpPackageRunner(swiftExecutable: DumpPackageRunner.defaultExecutable))
        // The folder is a checkout: what a project names beside it (../Packages) is inside the folder loaded.
        try folder.folder(".git")
        return try RepositoryLoader(loader: loader).load(InputDiscovery.inputs(for: [folder.path + "/" + path]))
    }

    @Test func dependenciesAcrossProjectsBecomeEdges() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/App.xcodeproj/project.pbxproj", CrossProjectTests.app)
        try folder.write("Core/Core.xcodeproj/project.pbxproj", CrossProjectTests.core)
        try folder.write("Kit/Kit.xcodeproj/project.pbxproj", Self.kit)
        let repository = try load(folder)
        let graph = repository.graph
        // Network.xcodeproj is missing: App's dependency on its target is still there, to an external product (issue #34);
        // so is its prebuilt Vendor.xcframework (issue #49).
        #expect(graph.packages.map(\.identity.rawValue) == ["app", "app-prebuilt", "core", "kit", "network"])
        #expect(
            graph.packages.map(\.path) == [
                "App/App.xcodeproj", "App", "Core/Core.xcodeproj", "Kit/Kit.xcodeproj", "App/Modules/Network/Network.xcodeproj",
            ])
        #expect(graph.packages.map { $0.origin == .project && $0.isLoaded } == [true, false, true, true, false])
        #expect(
            graph.targets.map { "\($0.id) \($0.type.rawValue)" } == [
                "app/App application", "app-prebuilt/Vendor external-product", "core/Core framework", "kit/Analytics framework",
                "network/Network external-product",
            ])
        // Core is a target dependency and a linked product of the subproject: one edge, unconditional, through
        // its product (another project's target, as another package's: kind product).
        // Analytics.framework is found by file name in the workspace, for iOS and Mac Catalyst only.
        #expect(
            graph.edges.map { "\($0.from) → \($0.to) \($0.kind.rawValue) \($0.condition?.description ?? "always")" } == [
                "app/App → app-prebuilt/Vendor product always",
                "app/App → core/Core product always",
                "app/App → kit/Analytics product platforms: ios, maccatalyst",
                "app/App → network/Network product always",
            ])
        // Network.xcodeproj is not there: said once, and the graph still loads.
        #expect(repository.warnings.map(\.message).filter { $0.contains("Network.xcodeproj") }.count == 1)
        #expect(repository.summary == "found 3 projects (3 targets)")
        #expect(repository.name == XcodePath.lastComponent(folder.path))
    }

    @Test func aProjectNamedLikeAPackageOrAnotherProjectGetsItsOwnIdentity() throws {
        func project(_ path: String) throws -> XcodeProject {
            try decodeProject(CrossProjectTests.core, at: path)
        }
        let identities = ProjectIdentities(
            projects: [try project("B/App.xcodeproj"), try project("A/App.xcodeproj"), try project("Core.xcodeproj")],
            taken: [PackageIdentity("core")])
        #expect(identities.byPath["A/App.xcodeproj"]?.rawValue == "app")
        #expect(identities.byPath["B/App.xcodeproj"]?.rawValue == "app.xcodeproj")
        #expect(identities.byPath["Core.xcodeproj"]?.rawValue == "core.xcodeproj")
    }

    @Test func everyKindHasAGraphType() {
        #expect(XcodeTargetKind.appClip.targetType == .application)
        #expect(XcodeTargetKind.watch2Extension.targetType == .appExtension)
        #expect(XcodeTargetKind.staticFramework.targetType == .framework)
        #expect(XcodeTargetKind.uiTestBundle.targetType == .uiTests)
        #expect(XcodeTargetKind.commandLineTool.targetType == .executable)
        #expect(XcodeTargetKind.legacy.targetType == .aggregate)
        #expect(XcodeTargetKind.other("com.example.thing").targetType == .bundle)
        #expect(TargetType.uiTests.isTest && TargetType.unitTests.isTest && !TargetType.framework.isTest)
        #expect(TargetType.application.isEntryPoint && !TargetType.framework.isEntryPoint)
    }

    /// A local package the project links by product is loaded (by the real `swift`), and its
    /// product leads to its targets; a remote one becomes an external product node.
    @Test func packageProductsLeadToThePackagesTargets() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Shop/App.xcodeproj/project.pbxproj", Xcode16ProjectTests.text)
        try folder.write(
            "Packages/Feature/Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Feature", products: [.library(name: "Feature", targets: ["FeatureUI", "FeatureCore"])],
                                  targets: [.target(name: "FeatureUI", dependencies: ["FeatureCore"]), .target(name: "FeatureCore")])
            """)
        try folder.write("Packages/Feature/Sources/FeatureUI/UI.swift")
        try folder.write("Packages/Feature/Sources/FeatureCore/Core.swift")
        // Only the project is named: the package comes in as its local package.
        let repository = try load(folder, "Shop/App.xcodeproj")
        let edges = repository.graph.edges.filter {
            $0.from == TargetID(package: PackageIdentity("app"), name: "App") && $0.kind == .product
        }
        #expect(
            edges.map { "\($0.to) via \($0.product ?? "")" } == [
                "feature/FeatureCore via Feature", "feature/FeatureUI via Feature", "swift-collections/Collections via Collections",
            ])
        #expect(repository.graph.package(PackageIdentity("feature"))?.origin == .local)
        #expect(
            repository.graph.package(PackageIdentity("swift-collections"))?.location == "https://github.com/apple/swift-collections.git")
    }

    /// Home Assistant: the search finds the app's packages and a server package whose own `path:` dependency
    /// has the identity of one of them. They are never built together: the server, which no project uses, is
    /// left out, with a note saying how to load it apart, and the rest is loaded. Two packages of one identity
    /// that the search found side by side still stop the load, saying what to name.
    @Test func anIdentityClashInWhatTheSearchFoundLeavesOutThePackageHoldingIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Shop/App.xcodeproj/project.pbxproj", UnnamedPackageProductTests.app())
        let manifest = { (name: String, dependencies: String) in
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "\(name)", dependencies: [\(dependencies)], targets: [.target(name: "\(name)Code")])
            """
        }
        try folder.write("Sources/Shared/Package.swift", manifest("Shared", ""))
        try folder.write("Sources/Shared/Sources/SharedCode/A.swift")
        try folder.write("Sources/Server/Package.swift", manifest("Server", ".package(path: \"Shared\")"))
        try folder.write("Sources/Server/Sources/ServerCode/A.swift")
        try folder.write("Sources/Server/Shared/Package.swift", manifest("Shared", ""))
        try folder.write("Sources/Server/Shared/Sources/SharedCode/A.swift")
        let repository = try load(folder)
        #expect(repository.graph.packages.map(\.identity.rawValue).sorted() == ["app", "shared"])
        #expect(repository.graph.package(PackageIdentity("shared"))?.path == "Sources/Shared")
        #expect(
            repository.warnings.filter(\.isNote).map(\.description) == [
                "not loaded: \(folder.path)/Sources/Server, a package no project uses, whose package \(folder.path)/Sources/Server/Shared"
                    + " has the identity 'shared' of \(folder.path)/Sources/Shared; name it as a PATH to load it apart"
            ])
        // Named, the server loads with its own Shared.
        #expect(try load(folder, "Sources/Server").graph.packages.map(\.identity.rawValue).sorted() == ["server", "shared"])
        // Beside the other, not inside a package: the search cannot tell which is meant.
        try folder.write("Other/Shared/Package.swift", manifest("Shared", ""))
        try folder.write("Other/Shared/Sources/SharedCode/A.swift")
        #expect {
            try load(folder)
        } throws: { error in
            guard case let .identityClashInSearch(identity, _, _, example) = error as? RepositoryError else { return false }
            return identity == "shared" && example == "Shop/App.xcodeproj"
                && (error as? RepositoryError)?.description.contains("name the projects and packages that are built together as PATHs")
                    == true
        }
        // Named, the project loads with its own packages only.
        #expect(try load(folder, "Shop/App.xcodeproj").graph.packages.map(\.identity.rawValue) == ["app"])
    }

    /// ruuvi's station app: an XcodeGen project beside `Package.swift` files it does not use, some no longer
    /// loading. What the search found loads without each broken one, with a warning naming it and what is
    /// wrong; one a project uses, one named as a PATH, and one found with no project beside it still stop the load.
    @Test func aBrokenPackageNoProjectUsesIsLeftOutOfWhatTheSearchFound() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manifest = { (name: String, body: String) in
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"\(name)\", \(body))\n"
        }
        try folder.write("Packages/Good/Package.swift", manifest("Good", "targets: [.target(name: \"GoodCode\")]"))
        try folder.write("Packages/Good/Sources/GoodCode/A.swift")
        // Names a product no dependency vends: the graph cannot be built (GraphBuilder).
        try folder.write(
            "Packages/Stale/Package.swift", manifest("Stale", "targets: [.target(name: \"StaleCode\", dependencies: [\"Gone\"])]"))
        try folder.write("Packages/Stale/Sources/StaleCode/A.swift")
        // Does not compile: the manifest is not read (the workspace's load).
        try folder.write("Packages/Old/Package.swift", manifest("Old", "dependencies: [], products: [], targets: []"))
        // Found with no project beside them, both stop the search's load.
        #expect {
            try load(folder)
        } throws: { error in
            (error as? LoadError)?.brokenManifest?.hasSuffix("/Package.swift") == true
        }
        try folder.write("Shop/App.xcodeproj/project.pbxproj", UnnamedPackageProductTests.app())
        let repository = try load(folder)
        #expect(repository.graph.packages.map(\.identity.rawValue).sorted() == ["app", "good"])
        let left = repository.warnings.filter { $0.description.contains(": not loaded: ") }
        #expect(
            left.map(\.description).sorted() == [
                "\(folder.path)/Packages/Old/Package.swift: not loaded: the manifest failed to load (loading its folder alone shows the"
                    + " compiler's diagnostics); no project the search found uses this package, so the rest was loaded without it:"
                    + " fix the manifest, or leave \(folder.path)/Packages/Old out with exclude: in .modgraph.yml",
                "\(folder.path)/Packages/Stale/Package.swift: not loaded: target 'StaleCode' depends on 'Gone', which is neither a"
                    + " target of this package nor a product of its dependencies; no project the search found uses this package, so the"
                    + " rest was loaded without it: fix the manifest, or leave \(folder.path)/Packages/Stale out with exclude: in .modgraph.yml",
            ])
        #expect(left.allSatisfy { !$0.isNote })
        // Named as a PATH, it is what was asked for.
        #expect(throws: LoadError.self) { try load(folder, "Packages/Stale") }
        // Used by the project, it is built: the load stops.
        try folder.write("Shop/App.xcodeproj/project.pbxproj", UnnamedPackageProductTests.app(localPackage: "../Packages/Stale"))
        #expect {
            try load(folder)
        } throws: { error in
            guard case let .unresolvedDependency(manifest, _, dependency)? = error as? LoadError else { return false }
            return manifest.hasSuffix("/Packages/Stale/Package.swift") && dependency == "Gone"
        }
    }

    /// A product that names no package, in a project whose local package folder is gone:
    /// one warning, and the rest of the graph (this once crashed on an exclusive-access conflict).
    @Test func aProductOfNoPackageIsOneWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/XcodeApp/App/App.xcodeproj/project.pbxproj")
        try folder.write("App/App.xcodeproj/project.pbxproj", try String(contentsOf: sample, encoding: .utf8))
        let repository = try load(folder, "App")
        #expect(repository.warnings.map(\.message).filter { $0.contains("uses product 'DesignSystem', which names no package") }.count == 1)
        // The frameworks of the Features project, not loaded, are external products (with a note each).
        #expect(
            repository.graph.targets.map(\.name) == ["Core", "VerticalInterfaces", "XcodeApp", "XcodeAppTests", "Checkout", "Feed", "Profile"])
    }
}
