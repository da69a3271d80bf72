import Foundation
import ModGraphKit
import ModGraphTestSupport
import Testing

/// `affected` on the Xcode sample: files map to targets by build phases and synchronised folders.
@Suite("affected in Xcode projects")
struct AffectedXcodeTests {
    @Test func projectFilesSelectTheirTargetsAndWhatDependsOnThem() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-affected-xcode-\(UUID().uuidString)")
        let folder = top.appendingPathComponent("XcodeApp")
        defer { try? FileManager.default.removeItem(at: top) }
        try FileManager.default.createDirectory(at: top, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ModGraphRunner.samples.appendingPathComponent("XcodeApp"), to: folder)
        func git(_ arguments: String...) throws {
            try runGit(arguments, in: folder)
        }
        try git("init", "-q", "-b", "main")
        try git("add", "-A")
        try git("commit", "-q", "-m", "base")
        func selected(_ changed: String) throws -> [String] {
            let result = try ModGraphRunner.run(
                ["affected", folder.path, "--changed-files", "-", "--format", "json"],
                input: Data((changed + "\n").utf8), in: folder)
            #expect(result.status == 0, "\(result.errors)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            return (json["targets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        // In Feed's synchronised folder.
        #expect(
            try selected("Features/Feed/FeedBuilder.swift") == ["app/XcodeApp", "app/XcodeAppTests", "features/Feed", "features/FeedTests"])
        // An exception of that folder builds in no target: every target of its project.
        #expect(
            try selected("Features/Feed/Previews/FeedPreviews.swift")
                == ["app/XcodeApp", "app/XcodeAppTests", "features/Checkout", "features/Feed", "features/FeedTests", "features/Profile"])
        // In App.xcodeproj's Compile Sources phase, under the interfaces every feature uses.
        #expect(
            try selected("App/VerticalInterfaces/FeedInterface.swift")
                == [
                    "app/VerticalInterfaces", "app/XcodeApp", "app/XcodeAppTests", "features/Checkout", "features/Feed",
                    "features/FeedTests", "features/Profile",
                ])
        // The project file without a base to compare with: every target of the project, and what depends on them.
        #expect(
            try selected("Features/Features.xcodeproj/project.pbxproj")
                == ["app/XcodeApp", "app/XcodeAppTests", "features/Checkout", "features/Feed", "features/FeedTests", "features/Profile"])
        // With one, the targets whose objects changed: Profile's bundle identifier.
        let project = folder.appendingPathComponent("Features/Features.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: project, encoding: .utf8)
        try text.replacingOccurrences(of: "org.modgraph.Profile;", with: "org.modgraph.Profile2;").write(
            to: project, atomically: true, encoding: .utf8)
        let changed = try ModGraphRunner.run(["affected", folder.path, "--base", "HEAD", "--format", "json"], in: folder)
        #expect(changed.status == 0, "\(changed.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(changed.output.utf8)) as? [String: Any])
        #expect(
            (json["targets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } == [
                "app/XcodeApp", "app/XcodeAppTests", "features/Profile",
            ])
        #expect(changed.output.contains("\"detail\": \"'Profile' changed\""), "\(changed.output)")
        // A local package's file: its target and the Xcode targets that link its product.
        #expect(
            try selected("Packages/DesignSystem/Sources/DesignSystem/Theme.swift")
                == [
                    "app/XcodeApp", "app/XcodeAppTests", "designsystem/DesignSystem", "designsystem/DesignSystemTests", "features/Checkout",
                ])
    }
}

/// Resources belong to their targets: files of *Copy Bundle Resources*, what is
/// in an asset catalog, each localisation of a localised file.
@Suite("affected: Xcode resources")
struct AffectedXcodeResourceTests {
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2); };
        \t\tG0 = {isa = PBXGroup; children = (F1, F2, V1, F5, G1); sourceTree = "<group>"; };
        \t\tG1 = {isa = PBXGroup; children = (V2, F8); path = Intents; sourceTree = "<group>"; };
        \t\tF8 = {isa = PBXFileReference; path = Helper.swift; sourceTree = "<group>"; };
        \t\tB8 = {isa = PBXBuildFile; fileRef = F8; };
        \t\tF1 = {isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; };
        \t\tF2 = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
        \t\tV1 = {isa = PBXVariantGroup; children = (F3, F4); name = Localizable.strings; sourceTree = "<group>"; };
        \t\tF3 = {isa = PBXFileReference; name = en; path = en.lproj/Localizable.strings; sourceTree = "<group>"; };
        \t\tF4 = {isa = PBXFileReference; name = fr; path = fr.lproj/Localizable.strings; sourceTree = "<group>"; };
        \t\tF5 = {isa = PBXFileReference; path = Other.swift; sourceTree = "<group>"; };
        \t\tV2 = {isa = PBXVariantGroup; children = (F6, F7); name = Intents.intentdefinition; sourceTree = "<group>"; };
        \t\tF6 = {isa = PBXFileReference; name = Base; path = Base.lproj/Intents.intentdefinition; sourceTree = "<group>"; };
        \t\tF7 = {isa = PBXFileReference; name = en; path = en.lproj/Intents.strings; sourceTree = "<group>"; };
        \t\tB6 = {isa = PBXBuildFile; fileRef = V2; };
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
        \t\tB2 = {isa = PBXBuildFile; fileRef = F2; };
        \t\tB3 = {isa = PBXBuildFile; fileRef = V1; };
        \t\tB5 = {isa = PBXBuildFile; fileRef = F5; };
        \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1, B8); };
        \t\tR1 = {isa = PBXResourcesBuildPhase; files = (B2, B3); };
        \t\tS2 = {isa = PBXSourcesBuildPhase; files = (B5, B6); };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1, R1); name = App; productType = "com.apple.product-type.application"; };
        \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (S2); name = Other; productType = "com.apple.product-type.framework"; };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); defaultConfigurationName = Release; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); defaultConfigurationName = Release; };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2); defaultConfigurationName = Release; };
        \t\tC0 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
        \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
        \t\tC2 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
        \t};
        \trootObject = P0;
        }
        """

    /// Other compiles a localised intent definition (a variant group in *Compile Sources*): its
    /// localisations are Other's, not the folder they are in (which holds App's Helper.swift:
    /// before, every file of the folder selected Other too).
    @Test(arguments: [
        ("Assets.xcassets/AppIcon.appiconset/Contents.json", "demo/App"), ("fr.lproj/Localizable.strings", "demo/App"),
        ("en.lproj/Localizable.strings", "demo/App"), ("Intents/Helper.swift", "demo/App"),
        ("Intents/Base.lproj/Intents.intentdefinition", "demo/Other"), ("Intents/en.lproj/Intents.strings", "demo/Other"),
    ])
    func aResourceSelectsItsTarget(_ changed: String, _ owner: String) throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-affected-resources")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Demo.xcodeproj")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Self.project.write(to: bundle.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        for file in ["App.swift", "Other.swift", "Intents/Helper.swift", changed] {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "x\n".write(to: url, atomically: true, encoding: .utf8)
        }
        let result = try ModGraphRunner.run(
            ["affected", bundle.path, "--changed-files", "-", "--format", "json"], input: Data((changed + "\n").utf8), in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect((json["targets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } == [owner], "\(result.output)")
    }
}
