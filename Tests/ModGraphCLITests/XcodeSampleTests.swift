import Foundation
import ModGraphTestSupport
import Testing

/// Samples/XcodeApp, an Xcode workspace of two projects (Xcode 11 and Xcode 16
/// formats) and a local package, through the real executable and the real
/// `swift package dump-package`, against reviewed golden files.
@Suite("the Xcode sample")
struct XcodeSampleTests {
    static let folder = ModGraphRunner.samples.appendingPathComponent("XcodeApp").path
    static let summary = "note: found 1 workspace (XcodeApp.xcworkspace), 2 projects (8 targets), 1 package (2 targets)\n"

    @Test(arguments: [
        (["graph", "--format", "text"], "XcodeApp.txt"),
        (["graph", "--format", "json"], "XcodeApp.json"),
        (["graph", "--format", "dot"], "XcodeApp.dot"),
        (["graph", "--format", "mermaid", "--no-tests"], "XcodeApp-notests.mmd"),
        (["check"], "XcodeApp-check.txt"),
        (["schedule", "--weights", "uniform", "--workers", "2"], "XcodeApp-schedule-uniform.txt"),
    ])
    func golden(_ arguments: [String], _ golden: String) throws {
        let result = try ModGraphRunner.run([arguments[0], Self.folder] + arguments.dropFirst(), in: ModGraphRunner.repository)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == Self.summary)
        try expectGolden(result.output, golden)
    }

    /// The folder, its workspace, and the projects and package named one by one are the same graph.
    @Test func everyWayOfNamingTheRepositoryGivesOneGraph() throws {
        let byFolder = try ModGraphRunner.run(["graph", Self.folder, "--format", "json"])
        let byWorkspace = try ModGraphRunner.run(["graph", Self.folder + "/XcodeApp.xcworkspace", "--format", "json"])
        let byParts = try ModGraphRunner.run([
            "graph", Self.folder + "/App/App.xcodeproj", Self.folder + "/Features/Features.xcodeproj",
            Self.folder + "/Packages/DesignSystem/Package.swift", "--format", "json",
        ])
        #expect(byFolder.status == 0 && byWorkspace.status == 0 && byParts.status == 0, "\(byParts.errors)")
        #expect(byWorkspace.output == byFolder.output)
        #expect(byParts.output == byFolder.output)
        // Named one by one, nothing was searched: no summary unless asked.
        #expect(byParts.errors == "note: found 2 projects (8 targets), 1 package (2 targets)\n")
    }

    /// Source checks read Xcode targets: a compiled file of a vertical that imports another
    /// vertical is found, and told how to fix it in the project; the file the synchronised
    /// folder's exception leaves out is not read.
    @Test func sourceChecksReadXcodeTargets() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-xcode-sample-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: Self.folder, toPath: copy)
        let file = copy + "/Features/Profile/ProfileBuilder.swift"
        try (try String(contentsOfFile: file, encoding: .utf8) + "import Checkout\n").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["check", copy, "--format", "json"])
        #expect(result.status == 1, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let messages = findings.compactMap { $0["message"] as? String }
        // Only the import is wrong: the project declares no edge between the verticals, so isolation holds.
        #expect(messages.count == 1)
        #expect(
            messages.first?.hasPrefix(
                "Profile imports Checkout without declaring it; nothing it depends on brings it in, so it builds only when Xcode happens to build Checkout first"
            ) == true)
        #expect(
            messages.first?.hasSuffix(
                "In Features.xcodeproj, add \"Checkout\" to target \"Profile\"'s Frameworks, Libraries, and Embedded Content") == true)
    }
}
