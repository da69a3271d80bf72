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

    /// The shop at its base, committed and tagged `base`: each target's one file holds `source`, and
    /// `.modgraph.yml` the layers and then `config`.
    private func commitBase(_ folder: URL, source: String, config: String) throws {
        try git(folder, "init", "-q", "-b", "main")
        try write(folder, "Package.swift", manifest(profile: #"["Core"]"#))
        for target in ["Core", "Feed", "Profile", "App"] { try write(folder, "Sources/\(target)/\(target).swift", source) }
        try write(
            folder, ".modgraph.yml",
            """
            layers:
              - {name: app, targets: [App]}
              - {name: features, targets: [Feed, Profile], isolated: true}
              - {name: core, targets: [Core]}
            \(config)

            """)
        try git(folder, "add", "-A")
        try git(folder, "commit", "-q", "-m", "base")
        try git(folder, "tag", "base")
    }

    @Test func aNewVerticalEdgeIsANewFindingAndExceedsTheBudgets() throws {
        let folder = try repository()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try commitBase(
            folder, source: "let x = 1\n",
            config: """
                budgets:
                  depthGrowth: 0
                  criticalPathGrowth: 50%
                """)
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
    /// The base's copy keeps its scans as the repository's: a `diff` adds no cache entries of its own
    /// (each run's copy is a new folder), and finds the scans of the files it shares with the working tree.
    @Test func theBaseCopysScansAreKeptAsTheRepositorys() throws {
        let folder = try repository()
        let cache = folder.deletingLastPathComponent().appendingPathComponent("cache")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try commitBase(
            folder, source: "import Foundation\n",
            config: """
                sources:
                  undeclaredImports: error
                  wiring: {}
                """)
        try write(folder, "Sources/Feed/Feed.swift", "import Foundation\nimport Core\n")
        let environment = ["MODGRAPH_CACHE_DIR": cache.path]
        let entries = { () -> Set<String> in
            Set(((try? FileManager.default.contentsOfDirectory(atPath: cache.path + "/source-scans")) ?? []).map { String($0.prefix(32)) })
        }
        let check = try ModGraphRunner.run(["check", folder.path], in: folder, environment: environment)
        #expect(check.status == 0, "\(check.errors)")
        let owners = entries()
        #expect(owners.count == 1)
        for _ in 0..<2 {
            let diff = try ModGraphRunner.run(["diff", folder.path, "--base", "base"], in: folder, environment: environment)
            #expect(diff.status == 0, "\(diff.errors)")
            #expect(diff.output.contains("findings (.modgraph.yml): 0 new, 1 fixed, 3 unchanged\n"), "\(diff.output)")
        }
        #expect(entries() == owners)
    }
}
