import Foundation
import Testing

/// The `.xcconfig` files a project's configurations are based on are read (issue #49): NetNewsWire sets
/// its iOS app's module name there, UTM its compilation conditions. Below the folder loaded only.
@Suite("xcconfig files")
struct XcconfigTests {
    /// App-iOS, a framework (module set by App.xcconfig, which includes Shared.xcconfig), and AppTests,
    /// which depends on it and imports it by that module name.
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2); };
        \t\tG0 = {isa = PBXGroup; children = (F1, F2, X1); sourceTree = "<group>"; };
        \t\tF1 = {isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; };
        \t\tF2 = {isa = PBXFileReference; path = AppTests.swift; sourceTree = "<group>"; };
        \t\tX1 = {isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = "<group>"; };
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
        \t\tB2 = {isa = PBXBuildFile; fileRef = F2; };
        \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1); };
        \t\tS2 = {isa = PBXSourcesBuildPhase; files = (B2); };
        \t\tD1 = {isa = PBXTargetDependency; target = T1; };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1); name = "App-iOS"; productType = "com.apple.product-type.framework"; };
        \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (S2); dependencies = (D1); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); defaultConfigurationName = Release; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); defaultConfigurationName = Release; };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2); defaultConfigurationName = Release; };
        \t\tC0 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
        \t\tC1 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {}; name = Release; };
        \t\tC2 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
        \t};
        \trootObject = P0;
        }
        """

    private func check(shared: String?, sharedLink: String? = nil) throws -> ModGraphRunner.Result {
        let folder = try ModGraphRunner.scratchFolder("modgraph-xcconfig")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = [
            "App.xcodeproj/project.pbxproj": Self.project,
            "Config/App.xcconfig": "#include \"Shared.xcconfig\"\n",
            "App.swift": "let app = 1\n", "AppTests.swift": "@testable import App\n",
            ".modgraph.yml": "layers:\n  - {name: all, targets: [\"*\"]}\ntests: exempt\nsources:\n  undeclaredImports: error\n  unusedDependencies: error\n",
        ]
        files["Config/Shared.xcconfig"] = shared
        try ModGraphRunner.write(files, in: folder)
        if let sharedLink {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("Config/Shared.xcconfig").path, withDestinationPath: sharedLink)
        }
        return try ModGraphRunner.run(["check", "App.xcodeproj"], in: folder)
    }

    /// Read, the module is `App`, which AppTests imports: its dependency is used (before: unused, the module being `App_iOS`).
    @Test func aModuleNameAnIncludedXcconfigSetsIsTheTargetsModule() throws {
        let result = try check(shared: "// shared settings\nPRODUCT_MODULE_NAME = App\n")
        #expect(result.status == 0, "\(result.output)\(result.errors)")
    }

    /// A file outside the folder loaded, through a link, is not read: the module is the target's own name's,
    /// `App_iOS`, which AppTests does not import (so its dependency reads as unused).
    @Test func anIncludeOutsideTheFolderLoadedIsNotRead() throws {
        let outside = try ModGraphRunner.scratchFolder("modgraph-xcconfig-outside")
        defer { try? FileManager.default.removeItem(at: outside) }
        let planted = outside.appendingPathComponent("Shared.xcconfig")
        try "PRODUCT_MODULE_NAME = App\n".write(to: planted, atomically: true, encoding: .utf8)
        let result = try check(shared: nil, sharedLink: planted.path)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("AppTests declares App-iOS"), "\(result.output)")
    }
}
