import Foundation
import ModGraphKit
import ModGraphTestSupport
import Testing

/// Files an Xcode target's build settings name belong to it though no phase lists them:
/// its `Info.plist` and entitlements in any configuration, the `.xcconfig` files its
/// configurations (or the project's) are based on and what they include. A file deleted
/// or renamed away belongs to whoever built it at the base.
@Suite("affected: Xcode settings files, deleted and renamed files")
struct AffectedXcodeSettingsTests {
    /// App (App.swift; Info.plist, entitlements, App.xcconfig in Release, Debug-Info.plist in Debug)
    /// and Other (Other.swift; an Info.plist under a build folder, which is not a file of the checkout);
    /// the project's own configuration is based on Project.xcconfig. `files` lists Other's sources.
    static func project(otherFiles: [String] = ["Other.swift"], appFile: String = "App.swift") -> String {
        let references = otherFiles.enumerated().map { "\t\tF5\($0.offset) = {isa = PBXFileReference; path = \($0.element); sourceTree = \"<group>\"; };" }
        let buildFiles = otherFiles.indices.map { "\t\tB5\($0) = {isa = PBXBuildFile; fileRef = F5\($0); };" }
        let ids = otherFiles.indices.map { "F5\($0)" }.joined(separator: ", ")
        let builds = otherFiles.indices.map { "B5\($0)" }.joined(separator: ", ")
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2); };
            \t\tG0 = {isa = PBXGroup; children = (F1, X1, X2, \(ids)); sourceTree = "<group>"; };
            \t\tF1 = {isa = PBXFileReference; path = \(appFile); sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
            \t\tX2 = {isa = PBXFileReference; path = Project.xcconfig; sourceTree = "<group>"; };
            \(references.joined(separator: "\n"))
            \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
            \(buildFiles.joined(separator: "\n"))
            \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1); };
            \t\tS2 = {isa = PBXSourcesBuildPhase; files = (\(builds)); };
            \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1); name = App; productType = "com.apple.product-type.application"; };
            \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (S2); name = Other; productType = "com.apple.product-type.framework"; };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); defaultConfigurationName = Release; };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, D1); defaultConfigurationName = Release; };
            \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2); defaultConfigurationName = Release; };
            \t\tC0 = {isa = XCBuildConfiguration; baseConfigurationReference = X2; buildSettings = {}; name = Release; };
            \t\tC1 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {INFOPLIST_FILE = App/Info.plist; CODE_SIGN_ENTITLEMENTS = "$(SRCROOT)/App/App.entitlements"; }; name = Release; };
            \t\tD1 = {isa = XCBuildConfiguration; buildSettings = {"INFOPLIST_FILE[sdk=iphoneos*]" = "App/Debug-Info.plist"; }; name = Debug; };
            \t\tC2 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(BUILD_DIR)/Other-Info.plist"; }; name = Release; };
            \t};
            \trootObject = P0;
            }
            """
    }

    /// A folder with the project and every file it names; App.xcconfig includes Shared/Base.xcconfig, which includes it back.
    private func scene() throws -> URL {
        let folder = try ModGraphRunner.scratchFolder("modgraph-affected-settings")
        let files = [
            "Demo.xcodeproj/project.pbxproj": Self.project(),
            "App.swift": "let app = 1\n", "Other.swift": "let other = 1\n",
            "App/Info.plist": "<plist/>\n", "App/Debug-Info.plist": "<plist/>\n", "App/App.entitlements": "<plist/>\n",
            "App.xcconfig": "#include \"Shared/Base.xcconfig\"\nSWIFT_VERSION = 5\n",
            "Shared/Base.xcconfig": "  #include? \"../App.xcconfig\"\n#include \"/etc/passwd\"\n#include \"../../outside.xcconfig\"\n",
            "Project.xcconfig": "// nothing\n", "README.md": "hello\n",
        ]
        try ModGraphRunner.write(files, in: folder)
        return folder
    }

    private func selected(_ result: ModGraphRunner.Result) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.errors)")
        return (json["targets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test(arguments: [
        ("App/Info.plist", ["demo/App"]),
        ("App/Debug-Info.plist", ["demo/App"]),
        ("App/App.entitlements", ["demo/App"]),
        ("App.xcconfig", ["demo/App"]),
        ("Shared/Base.xcconfig", ["demo/App"]),
        ("Project.xcconfig", ["demo/App", "demo/Other"]),
        // A file none of them names is in the project's folder, in no target's: every target, as before.
        ("README.md", ["demo/App", "demo/Other"]),
    ])
    func aFileTheSettingsNameSelectsItsTargets(_ changed: String, _ expected: [String]) throws {
        let folder = try scene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ModGraphRunner.run(
            ["affected", folder.appendingPathComponent("Demo.xcodeproj").path, "--changed-files", "-", "--format", "json"],
            input: Data((changed + "\n").utf8), in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result) == expected, "\(result.output)")
    }

    /// An include that is a link is not followed out of the repository.
    @Test func anIncludeThatIsALinkIsNotRead() throws {
        let folder = try scene()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = try ModGraphRunner.scratchFolder("modgraph-affected-settings-outside")
        defer { try? FileManager.default.removeItem(at: outside) }
        try "#include \"Secret.xcconfig\"\n".write(to: outside.appendingPathComponent("Linked.xcconfig"), atomically: true, encoding: .utf8)
        try "#include \"Linked.xcconfig\"\n".write(to: folder.appendingPathComponent("App.xcconfig"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Linked.xcconfig").path, withDestinationPath: outside.appendingPathComponent("Linked.xcconfig").path)
        // Secret.xcconfig would be App's only through the link's contents.
        try "x\n".write(to: folder.appendingPathComponent("Secret.xcconfig"), atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(
            ["affected", folder.appendingPathComponent("Demo.xcodeproj").path, "--changed-files", "-", "--format", "json"],
            input: Data("Secret.xcconfig\nLinked.xcconfig\n".utf8), in: folder)
        #expect(result.status == 0, "\(result.errors)")
        // Linked.xcconfig is named by App.xcconfig (App's); Secret.xcconfig is in no target's: the project folder's rule.
        #expect(try selected(result) == ["demo/App", "demo/Other"], "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let files = try #require(json["changedFiles"] as? [[String: Any]])
        let verdicts = Dictionary(uniqueKeysWithValues: files.compactMap { file in
            (file["path"] as? String).map { ($0, file["verdict"] as? String ?? "") }
        })
        #expect(verdicts == ["Linked.xcconfig": "owned", "Secret.xcconfig": "package-folder"], "\(files)")
    }

    /// Committed, then `change` applied and committed; what `affected --base base` selects.
    private func afterCommit(_ change: (URL) throws -> Void) throws -> (selected: [String], output: String) {
        let folder = try scene()
        defer { try? FileManager.default.removeItem(at: folder) }
        try runGit(["init", "-q", "-b", "main"], in: folder)
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", "base"], in: folder)
        try runGit(["tag", "base"], in: folder)
        try change(folder)
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", "change"], in: folder)
        let result = try ModGraphRunner.run(
            ["affected", folder.appendingPathComponent("Demo.xcodeproj").path, "--base", "base", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        return (try selected(result), result.output)
    }

    /// Before: the deleted file was in no target's files at the head, so it selected every target of the project.
    @Test func aDeletedFileSelectsTheTargetThatBuiltItAtTheBase() throws {
        let (selected, output) = try afterCommit { folder in
            try FileManager.default.removeItem(at: folder.appendingPathComponent("Other.swift"))
            try Self.project(otherFiles: []).write(
                to: folder.appendingPathComponent("Demo.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        }
        #expect(selected == ["demo/Other"], "\(output)")
    }

    /// Both ends of a rename: the new path at the head, the old one at the base.
    @Test func aRenamedFileSelectsItsTargetAtBothEnds() throws {
        let (selected, output) = try afterCommit { folder in
            try FileManager.default.moveItem(
                at: folder.appendingPathComponent("App.swift"), to: folder.appendingPathComponent("Main.swift"))
            try Self.project(appFile: "Main.swift").write(
                to: folder.appendingPathComponent("Demo.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        }
        #expect(selected == ["demo/App"], "\(output)")
    }
}
