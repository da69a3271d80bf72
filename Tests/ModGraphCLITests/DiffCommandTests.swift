import Foundation
import ModGraphKit
import ModGraphTestSupport
import Testing

/// `modgraph diff` on git repositories the tests make.
@Suite("diff")
struct DiffCommandTests {
    private func repository() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-diff-\(UUID().uuidString)/shop")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func git(_ folder: URL, _ arguments: String...) throws {
        try runGit(arguments, in: folder)
    }

    private func write(_ folder: URL, _ relative: String, _ text: String) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    private func manifest(profile: String) -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Shop", targets: [
            .target(name: "Core"),
            .target(name: "Feed", dependencies: ["Core"]),
            .target(name: "Profile", dependencies: \(profile)),
            .executableTarget(name: "App", dependencies: ["Feed", "Profile"]),
        ])
        """
    }

    @Test func aNewVerticalEdgeIsANewFindingAndExceedsTheBudgets() throws {
        let folder = try repository()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try git(folder, "init", "-q", "-b", "main")
        try write(folder, "Package.swift", manifest(profile: #"["Core"]"#))
        for target in ["Core", "Feed", "Profile", "App"] { try write(folder, "Sources/\(target)/\(target).swift", "let x = 1\n") }
        try write(
            folder, ".modgraph.yml",
            """
            layers:
              - {name: app, targets: [App]}
              - {name: features, targets: [Feed, Profile], isolated: true}
              - {name: core, targets: [Core]}
            budgets:
              depthGrowth: 0
              criticalPathGrowth: 50%

            """)
        try git(folder, "add", "-A")
        try git(folder, "commit", "-q", "-m", "base")
        try git(folder, "tag", "base")
        try write(folder, "Package.swift", manifest(profile: #"["Core", "Feed"]"#))

        let result = try ModGraphRunner.run(["diff", folder.path, "--base", "base", "--format", "json"], in: folder)
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.errors == "error: budget depthGrowth exceeded: allowed 0, the change made it +1\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let added = try #require(json["addedDependencies"] as? [[String: String]])
        #expect(added == [["from": "shop/Profile", "to": "shop/Feed"]])
        let new = try #require(json["newFindings"] as? [[String: Any]])
        #expect(new.map { $0["rule"] as? String } == ["isolation"])
        #expect((json["before"] as? [String: Any])?["depth"] as? Int == 2)
        #expect((json["after"] as? [String: Any])?["depth"] as? Int == 3)
        // The base was checked out in a private folder that is gone.
        #expect(!result.output.contains(FileManager.default.temporaryDirectory.path + "/modgraph-"))

        // Compared with itself through --base-path, nothing changed and no budget is exceeded.
        let same = try ModGraphRunner.run(["diff", folder.path, "--base-path", folder.path], in: folder)
        #expect(same.status == 0, "\(same.errors)")
        #expect(same.output.contains("the graph did not change\n"))
        #expect(same.output.contains("findings (.modgraph.yml): 0 new, 0 fixed, 1 unchanged\n"))
    }
}
