import Foundation
import ModGraphKit
import ModGraphTestSupport
import Testing

/// `--format xctestplan` and `--test-plan`: the selection as the test plan `xcodebuild -testPlan` runs.
@Suite("affected: test plans")
struct AffectedTestPlanTests {
    private func sample() throws -> (top: URL, folder: URL) {
        let top = try ModGraphRunner.scratchFolder("modgraph-affected-plan")
        let folder = top.appendingPathComponent("XcodeApp")
        try FileManager.default.copyItem(at: ModGraphRunner.samples.appendingPathComponent("XcodeApp"), to: folder)
        return (top, folder)
    }

    private func targets(_ plan: String) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(plan.utf8)) as? [String: Any])
        return try #require(json["testTargets"] as? [[String: Any]])
    }

    @Test func theSelectedTestTargetsAsATestPlan() throws {
        let (top, folder) = try sample()
        defer { try? FileManager.default.removeItem(at: top) }
        let result = try ModGraphRunner.run(
            ["affected", folder.path, "--changed-files", "-", "--format", "xctestplan"],
            input: Data("Features/Feed/FeedBuilder.swift\n".utf8),
            in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let entries = try targets(result.output).compactMap { $0["target"] as? [String: String] }
        #expect(
            entries == [
                ["containerPath": "container:App/App.xcodeproj", "identifier": "6B4F6DD2B9BF02D5D677E2D6", "name": "XcodeAppTests"],
                ["containerPath": "container:Features/Features.xcodeproj", "identifier": "27AE0699D65617F8EC0C90B8", "name": "FeedTests"],
            ])
        // The same selection, the same bytes.
        let again = try ModGraphRunner.run(
            ["affected", folder.path, "--changed-files", "-", "--format", "xctestplan"],
            input: Data("Features/Feed/FeedBuilder.swift\n".utf8),
            in: folder)
        #expect(again.output == result.output)
    }

    @Test func aTeamsPlanKeepsItsOptionsAndTurnsTheRestOff() throws {
        let (top, folder) = try sample()
        defer { try? FileManager.default.removeItem(at: top) }
        let plan = top.appendingPathComponent("All.xctestplan")
        try """
        {
          "configurations" : [ { "id" : "C0FFEE00-0000-0000-0000-000000000000", "name" : "CI", "options" : { "language" : "fr" } } ],
          "defaultOptions" : { "codeCoverage" : false },
          "testTargets" : [
            { "target" : { "containerPath" : "container:Features/Features.xcodeproj", "identifier" : "27AE0699D65617F8EC0C90B8", "name" : "FeedTests" } },
            { "parallelizable" : true, "target" : { "containerPath" : "container:Packages/DesignSystem", "identifier" : "DesignSystemTests", "name" : "DesignSystemTests" } }
          ],
          "version" : 1
        }
        """.write(to: plan, atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(
            ["affected", folder.path, "--changed-files", "-", "--test-plan", plan.path],
            input: Data("Features/Feed/FeedBuilder.swift\n".utf8),
            in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let entries = try targets(result.output)
        #expect(entries.map { ($0["target"] as? [String: String])?["name"] } == ["FeedTests", "DesignSystemTests"])
        #expect(entries.map { $0["enabled"] as? Bool } == [nil, false])
        #expect(entries.last?["parallelizable"] as? Bool == true)
        #expect(result.output.contains("\"language\" : \"fr\""))
        // Selected but not in the plan: said, so that the plan can be completed.
        #expect(result.errors.contains("warning: --test-plan: the selected test target 'XcodeAppTests' is not in"), "\(result.errors)")
        // A plan that is not one is refused, with what is wrong.
        try "[[[[".write(to: plan, atomically: true, encoding: .utf8)
        let broken = try ModGraphRunner.run(
            ["affected", folder.path, "--changed-files", "-", "--test-plan", plan.path],
            input: Data("Features/Feed/FeedBuilder.swift\n".utf8),
            in: folder)
        #expect(broken.status == 2)
        #expect(broken.errors.contains("is not a test plan"), "\(broken.errors)")
        #expect(
            try ModGraphRunner.run(["affected", folder.path, "--changed-files", "-", "--test-plan", plan.path, "--format", "json"]).status
                == 2)
    }

    /// `--format xcscheme`: the scheme `xcodebuild test -scheme` runs when the app's own
    /// scheme tests nothing; `--all` lists every test target the same way (a push to main).
    @Test func theSelectedTestTargetsAsAScheme() throws {
        let (top, folder) = try sample()
        defer { try? FileManager.default.removeItem(at: top) }
        let result = try ModGraphRunner.run(
            ["affected", folder.path, "--changed-files", "-", "--format", "xcscheme"],
            input: Data("Features/Feed/FeedBuilder.swift\n".utf8),
            in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let references = try SchemeReferences.read(result.output)
        #expect(
            references == [
                [
                    "BuildableIdentifier": "primary", "BlueprintIdentifier": "6B4F6DD2B9BF02D5D677E2D6",
                    "BuildableName": "XcodeAppTests.xctest",
                    "BlueprintName": "XcodeAppTests", "ReferencedContainer": "container:App/App.xcodeproj",
                ],
                [
                    "BuildableIdentifier": "primary", "BlueprintIdentifier": "27AE0699D65617F8EC0C90B8",
                    "BuildableName": "FeedTests.xctest",
                    "BlueprintName": "FeedTests", "ReferencedContainer": "container:Features/Features.xcodeproj",
                ],
            ])
        let all = try ModGraphRunner.run(["affected", folder.path, "--all", "--format", "xcscheme"], in: folder)
        #expect(all.status == 0, "\(all.errors)")
        #expect(
            try SchemeReferences.read(all.output).map { $0["BlueprintName"] } == ["XcodeAppTests", "DesignSystemTests", "FeedTests"])
        let text = try ModGraphRunner.run(["affected", folder.path, "--all"], in: folder)
        #expect(text.output.contains("why: every target, as asked (--all)"), "\(text.output)")
        // --all reads no change, so a change given with it is a mistake said at once.
        let both = try ModGraphRunner.run(["affected", folder.path, "--all", "--base", "main"], in: folder)
        #expect(both.status == 2 && both.errors.contains("--all reads no change"), "\(both.errors)")
    }
}
