import Foundation
import Testing
@testable import ModGraphXcode

/// Which targets a change to a `project.pbxproj` touches, from its objects:
/// the sample's Features project (Feed, FeedTests, Profile, Checkout), edited.
@Suite("project file changes")
struct ProjectChangeTests {
    static let sample: String = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/XcodeApp/Features/Features.xcodeproj/project.pbxproj")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()

    private func change(_ edit: (String) -> String) throws -> ProjectChange {
        let edited = edit(Self.sample)
        #expect(edited != Self.sample, "the edit changed nothing")
        return try ProjectChange.compare(base: Array(Self.sample.utf8), head: Array(edited.utf8))
    }

    @Test func aTargetsBuildSettingTouchesThatTargetOnly() throws {
        let result = try change {
            $0.replacingOccurrences(
                of: "PRODUCT_BUNDLE_IDENTIFIER = org.modgraph.Profile;\n\t\t\t};\n\t\t\tname = Debug;",
                with: "PRODUCT_BUNDLE_IDENTIFIER = org.modgraph.Profile2;\n\t\t\t};\n\t\t\tname = Debug;")
        }
        #expect(result == ProjectChange(targets: ["Profile"], everyTarget: nil))
    }

    @Test func aLinkedFrameworkTouchesItsTarget() throws {
        // Feed (frameworks phase 691F…) stops linking Collections.
        let result = try change {
            $0.replacingOccurrences(of: "\t\t\t\tAE9A48DE97E23053489A4239 /* Collections in Frameworks */,\n", with: "")
        }
        #expect(result.targets == ["Feed"])
    }

    @Test func aSynchronisedFolderExceptionTouchesItsTarget() throws {
        let result = try change { $0.replacingOccurrences(of: "\t\t\t\tInfo.plist,\n", with: "") }
        #expect(result.targets == ["Feed"])
    }

    @Test func theProjectsOwnSettingsTouchEveryTarget() throws {
        let result = try change {
            $0.replacingOccurrences(
                of: "SDKROOT = iphoneos;\n\t\t\t};\n\t\t\tname = Release;", with: "SDKROOT = macosx;\n\t\t\t};\n\t\t\tname = Release;")
        }
        #expect(result.everyTarget == "the project's build settings changed")
    }

    @Test func bookkeepingAndNewEmptyGroupsTouchNothing() throws {
        let upgrade = try change { $0.replacingOccurrences(of: "LastUpgradeCheck = 1600;", with: "LastUpgradeCheck = 1620;") }
        #expect(upgrade == ProjectChange(targets: [], everyTarget: nil))
        // A file added to the Products group, in no target: the group's children alone changed.
        let added = try change {
            $0.replacingOccurrences(
                of: "\t\t\t\t9AE5AAD48016471F22D17C8E /* FeedTests.xctest */,\n",
                with: "\t\t\t\t9AE5AAD48016471F22D17C8E /* FeedTests.xctest */,\n\t\t\t\tAAAAAAAAAAAAAAAAAAAAAAAA /* notes.txt */,\n"
            )
            .replacingOccurrences(
                of: "/* End PBXFileReference section */",
                with:
                    "\t\tAAAAAAAAAAAAAAAAAAAAAAAA /* notes.txt */ = {isa = PBXFileReference; path = notes.txt; sourceTree = \"<group>\"; };\n/* End PBXFileReference section */"
            )
        }
        #expect(added == ProjectChange(targets: [], everyTarget: nil))
    }

    @Test func aGroupMovedTouchesTheTargetsOfItsFiles() throws {
        // Profile's synchronised folder moves: its path is Profile's.
        let result = try change { $0.replacingOccurrences(of: "path = Profile;\n", with: "path = ProfileMoved;\n") }
        #expect(result.targets == ["Profile"])
    }

    @Test func anUnreadableSideIsAnError() {
        #expect(throws: PropertyListError.self) {
            try ProjectChange.compare(base: Array(Self.sample.utf8), head: Array("{ objects = (".utf8))
        }
    }
}
