import Foundation
import Testing
@testable import ModGraphRepository

/// Projects a workspace lists that are not there, said once and at the level they deserve (issue #49).
@Suite("missing projects a workspace lists")
struct MissingProjectTests {
    private func workspace(_ projects: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace version = "1.0">
        \(projects.map { "   <FileRef location = \"group:\($0)\"></FileRef>" }.joined(separator: "\n"))
        </Workspace>
        """
    }

    /// `Pods/Pods.xcodeproj` is missing in every fresh clone of a CocoaPods app (before `pod install`),
    /// and modgraph never loads it: passed over, with no warning on every command.
    @Test func podsProjectNotInstalledIsPassedOverNotWarned() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App.xcworkspace/contents.xcworkspacedata", workspace(["App.xcodeproj", "Pods/Pods.xcodeproj"]))
        try folder.write("App.xcodeproj/project.pbxproj")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.warnings.isEmpty, "\(inputs.warnings)")
        #expect(inputs.passedOver.contains { $0.hasSuffix("Pods/Pods.xcodeproj: not there, and inside Pods, which modgraph does not load") })
    }

    /// A project two workspaces list, missing from the checkout: one warning, not two.
    @Test func aMissingProjectTwoWorkspacesListIsSaidOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App.xcworkspace/contents.xcworkspacedata", workspace(["App.xcodeproj", "Kit/Kit.xcodeproj"]))
        try folder.write("Tools.xcworkspace/contents.xcworkspacedata", workspace(["Kit/Kit.xcodeproj"]))
        try folder.write("App.xcodeproj/project.pbxproj")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.warnings.filter { $0.contains("Kit/Kit.xcodeproj, which does not exist") }.count == 1, "\(inputs.warnings)")
    }
}
