import Foundation
import ModGraphCore
import ModGraphManifest
import Testing
@testable import ModGraphRepository
@testable import ModGraphXcode

/// Forms met in real projects (docs/xcode.md, "Real projects"): package products that
/// name no package (`XCSwiftPackageProductDependency` without `package`), which Xcode
/// finds among the project's and the workspace's packages, and the localised resources
/// of synchronised folders' exceptions.
@Suite("Products that name no package")
struct UnnamedPackageProductTests {
    /// An app that links product `Feature`, naming no package, with `objects` and the
    /// main group's `children` besides, and `packageReferences`.
    /// ``app(objects:children:packageReferences:)`` referencing the local package at `path` (`XCLocalSwiftPackageReference`).
    static func app(localPackage path: String) -> String {
        app(
            objects: """
                /* Begin XCLocalSwiftPackageReference section */
                \t\tE80000000000000000000001 /* XCLocalSwiftPackageReference "\(path)" */ = {
                \t\t\tisa = XCLocalSwiftPackageReference;
                \t\t\trelativePath = \(path);
                \t\t};
                /* End XCLocalSwiftPackageReference section */
                """, packageReferences: ["E80000000000000000000001 /* XCLocalSwiftPackageReference \"\(path)\" */"])
    }

    static func app(objects: String = "", children: [String] = [], packageReferences: [String] = []) -> String {
        projectText(
            objectVersion: 77, rootObject: "E10000000000000000000001",
            objects: """
                /* Begin PBXBuildFile section */
                \t\tE20000000000000000000001 /* Feature in Frameworks */ = {isa = PBXBuildFile; productRef = E70000000000000000000001 /* Feature */; };
                /* End PBXBuildFile section */

                /* Begin PBXFileReference section */
                \t\tE30000000000000000000001 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
                /* End PBXFileReference section */

                /* Begin PBXFrameworksBuildPhase section */
                \t\tE40000000000000000000001 /* Frameworks */ = {isa = PBXFrameworksBuildPhase; buildActionMask = 2147483647; files = (E20000000000000000000001 /* Feature in Frameworks */, ); runOnlyForDeploymentPostprocessing = 0; };
                /* End PBXFrameworksBuildPhase section */

                /* Begin PBXGroup section */
                \t\tE90000000000000000000001 = {
                \t\t\tisa = PBXGroup;
                \t\t\tchildren = (
                \(children.map { "\t\t\t\t\($0),\n" }.joined())\t\t\t);
                \t\t\tsourceTree = "<group>";
                \t\t};
                /* End PBXGroup section */

                /* Begin PBXNativeTarget section */
                \t\tE50000000000000000000001 /* App */ = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildPhases = (
                \t\t\t\tE40000000000000000000001 /* Frameworks */,
                \t\t\t);
                \t\t\tdependencies = (
                \t\t\t);
                \t\t\tname = App;
                \t\t\tpackageProductDependencies = (
                \t\t\t\tE70000000000000000000001 /* Feature */,
                \t\t\t);
                \t\t\tproductName = App;
                \t\t\tproductReference = E30000000000000000000001 /* App.app */;
                \t\t\tproductType = "com.apple.product-type.application";
                \t\t};
                /* End PBXNativeTarget section */

                /* Begin PBXProject section */
                \t\tE10000000000000000000001 /* Project object */ = {
                \t\t\tisa = PBXProject;
                \t\t\tmainGroup = E90000000000000000000001;
                \t\t\tpackageReferences = (
                \(packageReferences.map { "\t\t\t\t\($0),\n" }.joined())\t\t\t);
                \t\t\ttargets = (
                \t\t\t\tE50000000000000000000001 /* App */,
                \t\t\t);
                \t\t};
                /* End PBXProject section */

                /* Begin XCSwiftPackageProductDependency section */
                \t\tE70000000000000000000001 /* Feature */ = {
                \t\t\tisa = XCSwiftPackageProductDependency;
                \t\t\tproductName = Feature;
                \t\t};
                /* End XCSwiftPackageProductDependency section */

                \(objects)
                """)
    }

    /// Writes a package `name` at `path` that vends a library product `Feature`.
    private func writePackage(_ folder: TemporaryFolder, _ path: String, name: String) throws {
        try folder.write(
            "\(path)/Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "\(name)", products: [.library(name: "Feature", targets: ["\(name)Feature"])],
                                  targets: [.target(name: "\(name)Feature")])
            """)
        try folder.write("\(path)/Sources/\(name)Feature/Feature.swift")
    }

    private func load(_ folder: TemporaryFolder, _ path: String) throws -> Repository {
        let loader = WorkspaceLoader(provider: DumpPackageRunner(swiftExecutable: DumpPackageRunner.defaultExecutable))
        // The folder is a checkout: what a project names beside it (../Packages) is inside the folder loaded.
        try folder.folder(".git")
        return try RepositoryLoader(loader: loader).load(InputDiscovery.inputs(for: [folder.path + "/" + path]))
    }

    private func appEdges(_ repository: Repository) -> [String] {
        repository.graph.edges.filter { $0.from == TargetID(package: PackageIdentity("app"), name: "App") }
            .map { "\($0.to) via \($0.product ?? "")" }
    }

    private func featureWarnings(_ repository: Repository) -> [String] {
        repository.warnings.map(\.message).filter { $0.contains("'Feature'") }
    }

    /// Home Assistant: the product names no package, but the project references the
    /// package that vends it (`XCLocalSwiftPackageReference`).
    @Test func aLocalPackageReferenceOfTheProjectVendsIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Shop/App.xcodeproj/project.pbxproj", Self.app(localPackage: "../Packages/Shared"))
        try writePackage(folder, "Packages/Shared", name: "Shared")
        let repository = try load(folder, "Shop/App.xcodeproj")
        #expect(appEdges(repository) == ["shared/SharedFeature via Feature"])
        #expect(featureWarnings(repository).isEmpty)
    }

    /// Pocket Casts: a package added before Xcode 15 as a file reference of type `text`.
    @Test func aPackageFolderReferencedAsTextIsALocalPackage() throws {
        let text = Self.app(
            objects: """
                /* Begin PBXFileReference section */
                \t\tE30000000000000000000002 /* Shared */ = {isa = PBXFileReference; lastKnownFileType = text; name = Shared; path = ../Packages/Shared; sourceTree = "<group>"; };
                \t\tE30000000000000000000003 /* README.md */ = {isa = PBXFileReference; lastKnownFileType = net.daringfireball.markdown; path = README.md; sourceTree = "<group>"; };
                /* End PBXFileReference section */
                """, children: ["E30000000000000000000002 /* Shared */", "E30000000000000000000003 /* README.md */"])
        #expect(try decodeProject(text, at: "Shop/App.xcodeproj").localPackageCandidates == ["../Packages/Shared"])

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Shop/App.xcodeproj/project.pbxproj", text)
        try writePackage(folder, "Packages/Shared", name: "Shared")
        let repository = try load(folder, "Shop/App.xcodeproj")
        #expect(appEdges(repository) == ["shared/SharedFeature via Feature"])
        #expect(featureWarnings(repository).isEmpty)
    }

    /// NetNewsWire: the packages are folders inside an Xcode 16 synchronised folder
    /// (`Modules/Account`) that no target builds from.
    @Test func packagesInsideASynchronisedFolderAreLocalPackages() throws {
        let text = Self.app(
            objects: """
                /* Begin PBXFileSystemSynchronizedRootGroup section */
                \t\tE60000000000000000000001 /* Modules */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Modules; sourceTree = "<group>"; };
                /* End PBXFileSystemSynchronizedRootGroup section */
                """, children: ["E60000000000000000000001 /* Modules */"])
        let decoded = try decodeProject(text, at: "Shop/App.xcodeproj")
        #expect(decoded.packageFolderParents == ["Modules"])

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Shop/App.xcodeproj/project.pbxproj", text)
        try writePackage(folder, "Shop/Modules/Shared", name: "Shared")
        try folder.write("Shop/Modules/Notes/README.md")
        try folder.write("Shop/Modules/.hidden/Package.swift", "// swift-tools-version: 5.9\n")
        #expect(try XcodeProject.load(at: folder.path + "/Shop/App.xcodeproj").localPackageCandidates == ["Modules/Shared"])
        let repository = try load(folder, "Shop/App.xcodeproj")
        #expect(appEdges(repository) == ["shared/SharedFeature via Feature"])
        #expect(featureWarnings(repository).isEmpty)
    }

    /// A package the project does not refer to, found by the search of the folder, vends it;
    /// when two do, which one is meant is not known: one warning, no edge.
    @Test func aPackageOfTheWorkspaceVendsIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Shop/App.xcodeproj/project.pbxproj", Self.app())
        try writePackage(folder, "Packages/Shared", name: "Shared")
        let repository = try load(folder, "")
        #expect(appEdges(repository) == ["shared/SharedFeature via Feature"])
        #expect(featureWarnings(repository).isEmpty)

        try writePackage(folder, "Packages/Other", name: "Other")
        let ambiguous = try load(folder, "")
        #expect(appEdges(ambiguous).isEmpty)
        #expect(featureWarnings(ambiguous).count == 1)
        #expect(featureWarnings(ambiguous).first?.contains("several packages vend ('other', 'shared')") == true)
    }

    /// Nothing loaded vends it (a remote package's product): one warning, no edge.
    @Test func aProductNoPackageVendsIsOneWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Shop/App.xcodeproj/project.pbxproj", Self.app())
        let repository = try load(folder, "Shop/App.xcodeproj")
        #expect(appEdges(repository).isEmpty)
        #expect(featureWarnings(repository).count == 1)
        #expect(featureWarnings(repository).first?.contains("which names no package and no package loaded vends") == true)
    }

    /// Two remote package references, `Feature` and `Other`, at `version` for Feature.
    static func remoteReferences(featureVersion: String = "1.0.0") -> (objects: String, references: [String]) {
        (
            """
            /* Begin XCRemoteSwiftPackageReference section */
            \t\tE80000000000000000000002 /* XCRemoteSwiftPackageReference "Other" */ = {
            \t\t\tisa = XCRemoteSwiftPackageReference;
            \t\t\trepositoryURL = "https://example.com/shop/Other";
            \t\t\trequirement = {kind = exactVersion; version = 2.0.0; };
            \t\t};
            \t\tE80000000000000000000003 /* XCRemoteSwiftPackageReference "Feature" */ = {
            \t\t\tisa = XCRemoteSwiftPackageReference;
            \t\t\trepositoryURL = "https://example.com/shop/Feature.git";
            \t\t\trequirement = {kind = exactVersion; version = \(featureVersion); };
            \t\t};
            /* End XCRemoteSwiftPackageReference section */
            """,
            [
                "E80000000000000000000002 /* XCRemoteSwiftPackageReference \"Other\" */",
                "E80000000000000000000003 /* XCRemoteSwiftPackageReference \"Feature\" */",
            ]
        )
    }

    /// CodeEdit: the product names no package, no package is checked out, and the project
    /// references remote packages: Xcode takes it from the one whose name is the product's.
    /// Before, no edge (and a warning), so a moved pin of that package selected nothing.
    @Test func aRemotePackageOfTheProjectVendsIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let remote = Self.remoteReferences()
        try folder.write("Shop/App.xcodeproj/project.pbxproj", Self.app(objects: remote.objects, packageReferences: remote.references))
        let repository = try load(folder, "Shop/App.xcodeproj")
        #expect(appEdges(repository) == ["feature/Feature via Feature"])
        #expect(featureWarnings(repository).isEmpty)
    }

    /// ProtonVPN: `plugin:SwiftLintPlugin` names no package and comes from none the project
    /// references; `swift-log` shares a run of letters with it (`swiftl`), which is no reason to
    /// take it from there. Here `feat-log` shares `feat` with `Feature`: one warning, no edge.
    @Test func aRemotePackageThatOnlySharesLettersDoesNotVendIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let remote = Self.remoteReferences()
        let objects = remote.objects.replacingOccurrences(of: "https://example.com/shop/Feature.git", with: "https://example.com/shop/feat-log.git")
        try folder.write("Shop/App.xcodeproj/project.pbxproj", Self.app(objects: objects, packageReferences: remote.references))
        let repository = try load(folder, "Shop/App.xcodeproj")
        #expect(appEdges(repository).isEmpty)
        #expect(featureWarnings(repository).count == 1)
    }

    /// 3dollar-in-my-pocket: `.package(product: "FirebaseAnalytics")` beside the project's `firebase-ios-sdk` and
    /// others; no name contains the other, but the two share the word `firebase`. A word that says what a
    /// package is for (`swift`) is no reason, nor a word shared with two packages (`kakao` and `auth`).
    @Test func aRemotePackageSharingAWordWithTheProductVendsIt() throws {
        let cases: [(product: String, feature: String, other: String, edges: [String])] = [
            ("FeatureAnalytics", "feature-ios-sdk", "Other", ["feature-ios-sdk/FeatureAnalytics via FeatureAnalytics"]),
            ("CameraPermission", "PermissionsKit", "Other", ["permissionskit/CameraPermission via CameraPermission"]),
            ("KakaoSDKAuth", "kakao-ios-sdk", "Other", ["kakao-ios-sdk/KakaoSDKAuth via KakaoSDKAuth"]),
            ("KakaoSDKAuth", "kakao-ios-sdk", "swift-auth-kit", []),
            ("SwiftLintPlugin", "swift-log", "Other", []),
            ("FeatureAnalytics", "feature-ios-sdk", "feature-extras", []),
        ]
        for (product, feature, other, edges) in cases {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let remote = Self.remoteReferences()
            let objects = remote.objects
                .replacingOccurrences(of: "https://example.com/shop/Feature.git", with: "https://example.com/shop/\(feature).git")
                .replacingOccurrences(of: "https://example.com/shop/Other", with: "https://example.com/shop/\(other)")
            let app = Self.app(objects: objects, packageReferences: remote.references)
                .replacingOccurrences(of: "productName = Feature;", with: "productName = \(product);")
            try folder.write("Shop/App.xcodeproj/project.pbxproj", app)
            let repository = try load(folder, "Shop/App.xcodeproj")
            #expect(appEdges(repository) == edges, "\(product) from \(feature), \(other)")
            let warnings = repository.warnings.map(\.message).filter { $0.contains("'\(product)'") }
            #expect(warnings.count == (edges.isEmpty ? 1 : 0), "\(product): \(warnings)")
        }
    }

    /// CodeEdit 445f338c: the requirement of the package a product that names no package comes
    /// from moved; no target's objects name that package, yet Xcode may take the product from it.
    @Test func aMovedRequirementTouchesTargetsWithUnnamedProducts() throws {
        let before = Self.remoteReferences(featureVersion: "0.13.1")
        let after = Self.remoteReferences(featureVersion: "0.13.2")
        let change = try ProjectChange.compare(
            base: Array(Self.app(objects: before.objects, packageReferences: before.references).utf8),
            head: Array(Self.app(objects: after.objects, packageReferences: after.references).utf8))
        #expect(change == ProjectChange(targets: ["App"], everyTarget: nil))
    }

    /// Home Assistant, NetNewsWire: Xcode names a localised resource of a synchronised
    /// folder `/Localized/PATH` (or `/Localized: PATH`). Not outside the folder, and never
    /// compiled: no warning, and not an exception; a path really outside is named once.
    @Test func localisedResourcesInExceptionsAreNotOutsideTheFolder() throws {
        let text = projectText(
            objectVersion: 77, rootObject: "F10000000000000000000001",
            objects: """
                /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
                \t\tF80000000000000000000001 /* Exceptions for "Sources" folder in "App" target */ = {
                \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
                \t\t\tmembershipExceptions = (
                \t\t\t\t/Localized/Resources/Main.storyboard,
                \t\t\t\t"/Localized: Resources/Localizable.strings",
                \t\t\t\t/Localized/Resources/Main.storyboard,
                \t\t\t\tInfo.plist,
                \t\t\t\t../Outside.swift,
                \t\t\t\t../Outside.swift,
                \t\t\t);
                \t\t\ttarget = F50000000000000000000001 /* App */;
                \t\t};
                /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

                /* Begin PBXFileSystemSynchronizedRootGroup section */
                \t\tF60000000000000000000001 /* Sources */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (F80000000000000000000001 /* Exceptions for "Sources" folder in "App" target */, ); explicitFileTypes = {}; explicitFolders = (); path = Sources; sourceTree = "<group>"; };
                /* End PBXFileSystemSynchronizedRootGroup section */

                /* Begin PBXGroup section */
                \t\tF90000000000000000000001 = {isa = PBXGroup; children = (F60000000000000000000001 /* Sources */, ); sourceTree = "<group>"; };
                /* End PBXGroup section */

                /* Begin PBXNativeTarget section */
                \t\tF50000000000000000000001 /* App */ = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildPhases = (
                \t\t\t);
                \t\t\tdependencies = (
                \t\t\t);
                \t\t\tfileSystemSynchronizedGroups = (
                \t\t\t\tF60000000000000000000001 /* Sources */,
                \t\t\t);
                \t\t\tname = App;
                \t\t\tproductName = App;
                \t\t\tproductType = "com.apple.product-type.application";
                \t\t};
                /* End PBXNativeTarget section */

                /* Begin PBXProject section */
                \t\tF10000000000000000000001 /* Project object */ = {
                \t\t\tisa = PBXProject;
                \t\t\tmainGroup = F90000000000000000000001;
                \t\t\ttargets = (
                \t\t\t\tF50000000000000000000001 /* App */,
                \t\t\t);
                \t\t};
                /* End PBXProject section */
                """)
        let project = try decodeProject(text)
        #expect(
            project.warnings.filter { $0.contains("synchronised folder") }
                == ["App.xcodeproj/project.pbxproj: the synchronised folder Sources names '../Outside.swift', outside itself; ignored"])
        #expect(try target("App", in: project).synchronizedFolders.map(\.membership) == [.all(except: ["Info.plist"])])
    }
}
