import Foundation
import ModGraphKit
import ModGraphTestSupport
import Testing

/// Schemes and test plans build nothing: a change to one selects the test targets it
/// runs (and, for a scheme whose build action changed, what it builds), not every
/// target of the project, as any file of the project did before.
@Suite("affected: schemes and test plans")
struct AffectedSchemeTests {
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2, T3, T4); };
        \t\tG0 = {isa = PBXGroup; children = (F1, F2, F3, F4); sourceTree = "<group>"; };
        \t\tF1 = {isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; };
        \t\tF2 = {isa = PBXFileReference; path = AppTests.swift; sourceTree = "<group>"; };
        \t\tF3 = {isa = PBXFileReference; path = Other.swift; sourceTree = "<group>"; };
        \t\tF4 = {isa = PBXFileReference; path = OtherTests.swift; sourceTree = "<group>"; };
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
        \t\tB2 = {isa = PBXBuildFile; fileRef = F2; };
        \t\tB3 = {isa = PBXBuildFile; fileRef = F3; };
        \t\tB4 = {isa = PBXBuildFile; fileRef = F4; };
        \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1); };
        \t\tS2 = {isa = PBXSourcesBuildPhase; files = (B2); };
        \t\tS3 = {isa = PBXSourcesBuildPhase; files = (B3); };
        \t\tS4 = {isa = PBXSourcesBuildPhase; files = (B4); };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (S1); name = App; productType = "com.apple.product-type.application"; };
        \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (S2); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
        \t\tT3 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (S3); name = Other; productType = "com.apple.product-type.framework"; };
        \t\tT4 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (S4); name = OtherTests; productType = "com.apple.product-type.bundle.unit-test"; };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); defaultConfigurationName = Release; };
        \t\tC0 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };
        \t};
        \trootObject = P0;
        }
        """

    /// A scheme's XML: `builds` in its build action, `tests` (id, name, container, skipped) in its test action, `plans` as its test plans.
    static func scheme(
        builds: [(String, String)] = [("T1", "App")], tests: [(String, String, String, Bool)] = [], plans: [String] = [],
        environment: String = ""
    ) -> String {
        func reference(_ id: String, _ name: String, _ container: String) -> String {
            """
                        <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "\(id)" BuildableName = "\(name)" BlueprintName = "\(name)" ReferencedContainer = "\(container)">
                        </BuildableReference>
            """
        }
        let entries = builds.map { "         <BuildActionEntry buildForTesting = \"YES\">\n\(reference($0.0, $0.1, "container:Demo.xcodeproj"))\n         </BuildActionEntry>" }
        let testables = tests.map {
            "         <TestableReference skipped = \"\($0.3 ? "YES" : "NO")\">\n\(reference($0.0, $0.1, $0.2))\n         </TestableReference>"
        }
        let planList = plans.map { "         <TestPlanReference reference = \"\($0)\" default = \"YES\"></TestPlanReference>" }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme LastUpgradeVersion = "1600" version = "1.7">
               <BuildAction parallelizeBuildables = "YES" buildImplicitDependencies = "YES">
                  <BuildActionEntries>
            \(entries.joined(separator: "\n"))
                  </BuildActionEntries>
               </BuildAction>
               <TestAction buildConfiguration = "Debug"\(environment)>
                  <TestPlans>
            \(planList.joined(separator: "\n"))
                  </TestPlans>
                  <Testables>
            \(testables.joined(separator: "\n"))
                  </Testables>
               </TestAction>
            </Scheme>

            """
    }

    static func plan(options: String = "") -> String {
        """
        {
          "configurations" : [{ "id" : "1", "name" : "Default", "options" : { \(options) } }],
          "testTargets" : [
            { "target" : { "containerPath" : "container:Demo.xcodeproj", "identifier" : "T4", "name" : "OtherTests" } },
            { "enabled" : false, "target" : { "containerPath" : "container:Demo.xcodeproj", "identifier" : "T2", "name" : "AppTests" } }
          ],
          "version" : 1
        }

        """
    }

    static let appScheme = "Demo.xcodeproj/xcshareddata/xcschemes/App.xcscheme"
    static let appTests: [(String, String, String, Bool)] = [
        ("T2", "AppTests", "container:Demo.xcodeproj", false), ("T4", "OtherTests", "container:Demo.xcodeproj", true),
        ("FeedTests", "FeedTests", "container:Packages/Feed", false),
    ]

    /// Committed as `base` with `files`, then `changes` written and committed; what `affected` selects, and its output.
    private func selected(after changes: [String: String]) throws -> (targets: [String], output: String) {
        let folder = try ModGraphRunner.scratchFolder("modgraph-affected-schemes")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = [
            "Demo.xcodeproj/project.pbxproj": Self.project,
            Self.appScheme: Self.scheme(tests: Self.appTests),
            "Demo.xcodeproj/xcshareddata/xcschemes/Plan.xcscheme": Self.scheme(plans: ["container:Demo.xctestplan"]),
            "Demo.xctestplan": Self.plan(),
            "Packages/Feed/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Feed", targets: [.target(name: "Feed"), .testTarget(name: "FeedTests", dependencies: ["Feed"])])

                """,
            "Packages/Feed/Sources/Feed/Feed.swift": "let feed = 1\n", "Packages/Feed/Tests/FeedTests/FeedTests.swift": "let t = 1\n",
        ]
        for name in ["App", "AppTests", "Other", "OtherTests"] { files["\(name).swift"] = "let x = 1\n" }
        try ModGraphRunner.write(files, in: folder)
        try runGit(["init", "-q", "-b", "main"], in: folder)
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", "base"], in: folder)
        try runGit(["tag", "base"], in: folder)
        try ModGraphRunner.write(changes, in: folder)
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", "change"], in: folder)
        let result = try ModGraphRunner.run(
            ["affected", "Demo.xcodeproj", "Packages/Feed", "--base", "base", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.errors)")
        return ((json["targets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }, result.output)
    }

    @Test func aSchemesTestActionSelectsTheTestsItRunsNotTheSkippedOnes() throws {
        let (targets, output) = try selected(after: [
            Self.appScheme: Self.scheme(tests: Self.appTests, environment: " shouldUseLaunchSchemeArgsEnv = \"NO\"")
        ])
        #expect(targets == ["demo/AppTests", "feed/FeedTests"], "\(output)")
        #expect(output.contains("\"verdict\": \"scheme\""), "\(output)")
    }

    @Test func aSchemesBuildActionThatChangedSelectsWhatItBuilds() throws {
        let (targets, output) = try selected(after: [
            Self.appScheme: Self.scheme(builds: [("T1", "App"), ("T3", "Other")], tests: Self.appTests)
        ])
        #expect(targets == ["demo/App", "demo/AppTests", "demo/Other", "feed/FeedTests"], "\(output)")
    }

    @Test func aTestPlanSelectsTheTestsItRunsAtEitherEnd() throws {
        let (targets, output) = try selected(after: ["Demo.xctestplan": Self.plan(options: "\"testTimeoutsEnabled\" : true")])
        #expect(targets == ["demo/OtherTests"], "\(output)")
        #expect(output.contains("\"verdict\": \"test-plan\""), "\(output)")
    }

    @Test func aSchemeThatRunsATestPlanSelectsThePlansTests() throws {
        let (targets, output) = try selected(after: [
            "Demo.xcodeproj/xcshareddata/xcschemes/Plan.xcscheme": Self.scheme(plans: ["container:Demo.xctestplan"], environment: " a = \"b\"")
        ])
        #expect(targets == ["demo/OtherTests"], "\(output)")
    }

    /// A scheme that cannot be read (here: a DOCTYPE, refused) is a file of the project, as before.
    @Test func anUnreadableSchemeIsAFileOfTheProject() throws {
        let (targets, output) = try selected(after: [Self.appScheme: "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY a \"b\">]>\n<Scheme/>\n"])
        #expect(targets == ["demo/App", "demo/AppTests", "demo/Other", "demo/OtherTests"], "\(output)")
    }
}
