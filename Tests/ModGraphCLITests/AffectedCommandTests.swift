import Foundation
import ModGraphKit
import ModGraphTestSupport
import Testing

/// `modgraph affected` on git repositories the tests make and commit to.
@Suite("affected")
struct AffectedCommandTests {
    /// A repository with one package: Core ← Feed, Profile ← App, tests of Core and Feed.
    private final class Repository {
        let folder: URL
        var path: String { folder.path }

        init() throws {
            // The folder's name is the package's identity.
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-affected-\(UUID().uuidString)/shop")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try git("init", "-q", "-b", "main")
            try write("Package.swift", Self.manifest())
            for target in ["Core", "Feed", "Profile", "App"] {
                try write("Sources/\(target)/\(target).swift", "public let \(target.lowercased()) = 1\n")
            }
            for target in ["CoreTests", "FeedTests"] { try write("Tests/\(target)/\(target).swift", "import XCTest\n") }
            try write("Sources/Feed/Other.swift", "let other = 1\n")
            try commit("base")
            try git("tag", "base")
        }

        static func manifest(
            profile: String = #".target(name: "Profile", dependencies: ["Core"]),"#, app: String = #"["Feed", "Profile"]"#,
            extra: String = ""
        ) -> String {
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Shop", \(extra)targets: [
                .target(name: "Core"),
                .target(name: "Feed", dependencies: ["Core"]),
                \(profile)
                .executableTarget(name: "App", dependencies: \(app)),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
                .testTarget(name: "FeedTests", dependencies: ["Feed"]),
            ])
            """
        }

        func write(_ relative: String, _ text: String) throws {
            let file = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }

        func commit(_ message: String) throws {
            try git("add", "-A")
            try git("commit", "-q", "-m", message)
        }

        @discardableResult
        func git(_ arguments: String...) throws -> String {
            try runGit(arguments, in: folder)
        }

        func affected(_ arguments: [String], input: Data? = nil) throws -> ModGraphRunner.Result {
            try ModGraphRunner.run(["affected", path] + arguments, input: input, in: folder)
        }

        deinit { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    /// The selected targets' names, from the JSON output.
    private func selected(_ result: ModGraphRunner.Result) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        return targets.compactMap { ($0["id"] as? String)?.split(separator: "/").last.map(String.init) }
    }

    @Test func aCoreChangeSelectsItsTransitiveDependentsAndTheirTests() throws {
        let repository = try Repository()
        try repository.write("Sources/Core/Core.swift", "public let core = 2\n")
        try repository.commit("core")
        let result = try repository.affected(["--base", "base", "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result) == ["App", "Core", "CoreTests", "Feed", "FeedTests", "Profile"])
        let filter = try repository.affected(["--base", "base", "--format", "swift-test"])
        #expect(filter.output == "^(CoreTests|FeedTests)\\.\n")
    }

    @Test func aVerticalChangeSelectsOnlyTheVerticalTheAppAndItsTests() throws {
        let repository = try Repository()
        try repository.write("Sources/Feed/Feed.swift", "public let feed = 2\n")
        // Uncommitted and untracked files count when no head is given.
        try repository.write("Sources/Feed/New.swift", "let new = 1\n")
        let result = try repository.affected(["--base", "base"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("affected: 3 of 6 targets and 1 of 2 test targets, from 2 changed files against base\n"))
        #expect(result.output.contains("shop/FeedTests  depends on shop/Feed\n"))
        #expect(result.output.contains("test targets to run (1): shop/FeedTests\n"))
    }

    @Test func nothingSelectedIsAValidAnswer() throws {
        let repository = try Repository()
        try repository.write(".modgraph.yml", "affected:\n  ignore: [\"docs/**\", \"*.md\"]\n")
        try repository.write("docs/guide.md", "words\n")
        try repository.commit("docs")
        let result = try repository.affected(["--base", "base", "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        // The configuration is new: under the base's (none), docs/guide.md, in the package's folder and in no target's, selects the package.
        #expect(try selected(result).count == 6)
        let listed = try repository.affected(["--changed-files", "-", "--format", "json"], input: Data("docs/guide.md\nREADME.md\n".utf8))
        #expect(try selected(listed).isEmpty)
        let none = try repository.affected(["--changed-files", "-", "--format", "swift-test"], input: Data("docs/guide.md\n".utf8))
        #expect(none.status == 0 && none.output.isEmpty)
    }

    /// Patterns are relative to the folder loaded, whichever file --config names.
    @Test func aConfigurationElsewhereMatchesTheFolderLoaded() throws {
        let repository = try Repository()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-affected-config-\(UUID().uuidString).yml")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try "affected:\n  ignore: [\"docs/**\"]\n".write(to: elsewhere, atomically: true, encoding: .utf8)
        let result = try repository.affected(
            ["--changed-files", "-", "--config", elsewhere.path, "--format", "json"],
            input: Data("docs/guide.md\n".utf8))
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result).isEmpty)
    }

    /// A package nested in the folder, which nothing loaded depends on, is
    /// left out of the package around it, as SwiftPM leaves it out.
    @Test func aNestedPackageNotLoadedAffectsNothing() throws {
        let repository = try Repository()
        try repository.write(
            "Tools/Package.swift", "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Tools\")\n")
        try repository.write("Tools/Sources/Lint/main.swift", "print(1)\n")
        try repository.commit("tools")
        let result = try repository.affected(["--base", "base", "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result).isEmpty)
        #expect(result.output.contains("\"verdict\": \"not-loaded\""))
        #expect(result.output.contains("\"folder\": \"Tools\""))
    }

    /// Fixtures tests read, which no target builds (here a nested package
    /// SwiftPM leaves out): `affected.triggers` says which targets a change to them affects.
    @Test func triggersMapFilesTestsReadToTheirTargets() throws {
        let repository = try Repository()
        try repository.write(
            "Tests/Fixtures/Sample/Package.swift",
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Sample\")\n")
        try repository.write(
            ".modgraph.yml",
            "affected:\n  triggers:\n    - paths: [\"Tests/Fixtures/**\"]\n      targets: [CoreTests]\n    - {paths: [Tests/Fixtures/Sample], targets: [Ghost]}\n"
        )
        try repository.commit("fixtures")
        try repository.git("tag", "-f", "base")
        try repository.write("Tests/Fixtures/Sample/Sources/Sample/Sample.swift", "let sample = 2\n")
        try repository.commit("fixture changed")
        let result = try repository.affected(["--base", "base", "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result) == ["CoreTests"])
        #expect(result.output.contains("\"verdict\": \"triggered\""))
        #expect(result.output.contains("\"kind\": \"trigger\""))
        #expect(result.errors.contains("affected.triggers: no target matches 'Ghost'"), "\(result.errors)")
        let text = try repository.affected(["--base", "base"])
        #expect(
            text.output.contains(
                "shop/CoreTests  triggered by Tests/Fixtures/Sample/Sources/Sample/Sample.swift (affected.triggers: Tests/Fixtures/**, Tests/Fixtures/Sample)"
            ), "\(text.output)")
    }

    @Test func aManifestEditSelectsTheTargetsWhoseDeclarationChanged() throws {
        let repository = try Repository()
        try repository.write(
            "Package.swift", Repository.manifest(profile: #".target(name: "Profile", dependencies: ["Core"], exclude: ["Old"]),"#))
        try repository.commit("manifest")
        let result = try repository.affected(["--base", "base", "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result) == ["App", "Profile"])
        #expect(result.output.contains("the declaration of target 'Profile' changed"))
        // A package-level change selects the whole package.
        try repository.write("Package.swift", Repository.manifest(extra: "platforms: [.macOS(.v13)], "))
        let platforms = try repository.affected(["--base", "base", "--format", "json"])
        #expect(try selected(platforms).count == 6)
        #expect(platforms.output.contains("the package's platforms changed"))
    }

    /// The base's manifest is read as the head's: evaluated from its syntax
    /// tree where it can be, else from the cache of dumps, filed under the
    /// folder its private copy stands for. A `swift` that can only say its
    /// version proves no `dump-package` ran for either side.
    @Test func theBaseManifestIsReadThroughTheEvaluatorAndTheCache() throws {
        let repository = try Repository()
        let scratch = try ModGraphRunner.scratchFolder("modgraph-affected-cache")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = ["MODGRAPH_CACHE_DIR": scratch.appendingPathComponent("cache").path]
        let versionOnly = scratch.appendingPathComponent("swift")
        try "#!/bin/sh\nif [ \"$1\" = --version ]; then exec /usr/bin/env swift --version; fi\nexit 1\n".write(
            to: versionOnly, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: versionOnly.path)
        // Both sides' dumps cached by loads of each commit, as earlier runs on them leave them.
        #expect(try ModGraphRunner.run(["graph", repository.path, "--dump-manifests"], environment: cache).status == 0)
        try repository.write(
            "Package.swift", Repository.manifest(profile: #".target(name: "Profile", dependencies: ["Core"], exclude: ["Old"]),"#))
        try repository.commit("manifest")
        #expect(try ModGraphRunner.run(["graph", repository.path, "--dump-manifests"], environment: cache).status == 0)

        for mode in [[], ["--dump-manifests"]] {
            let result = try ModGraphRunner.run(
                ["affected", repository.path, "--base", "base", "--format", "json", "--swift-executable", versionOnly.path] + mode,
                environment: cache)
            #expect(result.status == 0, "\(mode): \(result.errors)")
            #expect(try selected(result) == ["App", "Profile"], "\(mode)")
        }
        // diff loads the base's copy the same way.
        let diff = try ModGraphRunner.run(
            ["diff", repository.path, "--base", "base", "--dump-manifests", "--swift-executable", versionOnly.path], environment: cache)
        #expect(diff.status == 0, "\(diff.errors)")
    }

    /// A manifest that reads the environment may declare another package where
    /// it is set otherwise: the output says so, and which variables it reads.
    @Test func manifestsThatReadTheEnvironmentAreNamedWithTheirVariables() throws {
        let repository = try Repository()
        try repository.write(
            "Package.swift",
            Repository.manifest(extra: #"dependencies: ProcessInfo.processInfo.environment["SHOP_LOCAL"] == nil ? [] : [], "#)
                .replacingOccurrences(
                    of: "import PackageDescription",
                    with: "import PackageDescription\nimport Foundation\nlet ci = Context.environment[\"CI\"]"))
        try repository.commit("environment")
        try repository.write("Sources/Core/Core.swift", "public let core = 3\n")
        let result = try repository.affected(["--base", "base", "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let environment = try #require(json["environment"] as? [[String: Any]])
        #expect(environment.count == 1)
        #expect(environment.first?["manifest"] as? String == "Package.swift")
        #expect(environment.first?["variables"] as? [String] == ["CI", "SHOP_LOCAL"])
        #expect(environment.first?["readsOthers"] as? Bool == false)
        let text = try repository.affected(["--base", "base"])
        #expect(text.output.contains("  the answer depends on the environment: Package.swift reads CI, SHOP_LOCAL\n"), "\(text.output)")
        // A manifest that reads none says nothing of it.
        let plain = try Repository()
        try plain.write("Sources/Core/Core.swift", "public let core = 3\n")
        let quiet = try plain.affected(["--base", "base", "--format", "json"])
        #expect(quiet.output.contains("\"environment\": [\n\n  ]") || quiet.output.contains("\"environment\": []"), "\(quiet.output)")
    }

    /// A manifest's cached dump answers only for the values of the variables it
    /// reads: CI keeps the cache between jobs, and a job that sets the variable
    /// must not be answered with the package the other value declared.
    @Test func aCachedDumpAnswersOnlyForTheValuesTheManifestRead() throws {
        let repository = try Repository()
        let scratch = try ModGraphRunner.scratchFolder("modgraph-affected-environment")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = ["MODGRAPH_CACHE_DIR": scratch.appendingPathComponent("cache").path]
        try repository.write(
            "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            import Foundation
            let withTests = ProcessInfo.processInfo.environment["SHOP_WITH_TESTS"] != nil
            let package = Package(name: "Shop", targets: [
                .target(name: "Core"),
                .target(name: "Feed", dependencies: ["Core"]),
            ] + (withTests ? [.testTarget(name: "CoreTests", dependencies: ["Core"])] : []))
            """)
        try repository.commit("tests only when asked")
        try repository.git("tag", "-f", "base")
        try repository.write("Sources/Core/Core.swift", "public let core = 2\n")
        func affected(_ environment: [String: String], swift: [String] = []) throws -> [String] {
            let result = try ModGraphRunner.run(
                ["affected", repository.path, "--base", "base", "--format", "json"] + swift, in: repository.folder,
                environment: cache.merging(environment) { $1 })
            #expect(result.status == 0, "\(result.errors)")
            return try selected(result)
        }
        #expect(try affected([:]) == ["Core", "Feed"])
        #expect(try affected(["SHOP_WITH_TESTS": "1"]) == ["Core", "CoreTests", "Feed"])
        // Each answer is kept: a swift that can only say its version proves both come from the cache.
        let versionOnly = scratch.appendingPathComponent("swift")
        try "#!/bin/sh\nif [ \"$1\" = --version ]; then exec /usr/bin/env swift --version; fi\nexit 1\n".write(
            to: versionOnly, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: versionOnly.path)
        let swift = ["--swift-executable", versionOnly.path]
        #expect(try affected([:], swift: swift) == ["Core", "Feed"])
        #expect(try affected(["SHOP_WITH_TESTS": "1"], swift: swift) == ["Core", "CoreTests", "Feed"])
        // A variable the manifest does not read leaves its entry warm.
        #expect(try affected(["SHOP_UNRELATED": "1"], swift: swift) == ["Core", "Feed"])
    }

    /// The configuration builds nothing: a change outside `affected:` selects
    /// nothing; a change to `affected:` selects what the change selects under
    /// the base's section and under the head's.
    @Test func aConfigurationChangeSelectsByItsAffectedSection() throws {
        let repository = try Repository()
        let layers = "layers:\n  - {name: all, targets: [\"*\"]}\n"
        try repository.write(".modgraph.yml", layers + "affected:\n  ignore: [\"*.md\"]\n")
        try repository.commit("configuration")
        try repository.git("tag", "-f", "base")
        try repository.write(".modgraph.yml", layers + "unassigned: error\naffected:\n  ignore: [\"*.md\"]\n")
        try repository.commit("rules only")
        let rules = try repository.affected(["--base", "base", "--format", "json"])
        #expect(rules.status == 0, "\(rules.errors)")
        #expect(try selected(rules).isEmpty)
        #expect(rules.output.contains("\"verdict\": \"configuration\""))
        #expect(rules.output.contains("\"affectedChanged\": false"))

        // A note the head ignores, which the base's section did not: selected, as the base would select it.
        try repository.write(".modgraph.yml", layers + "affected:\n  ignore: [\"*.md\", \"Sources/Feed/*.txt\"]\n")
        try repository.write("Sources/Feed/notes.txt", "words\n")
        try repository.commit("affected section")
        let section = try repository.affected(["--base", "base", "--format", "json"])
        #expect(section.status == 0, "\(section.errors)")
        #expect(try selected(section) == ["App", "Feed", "FeedTests"])
        #expect(section.output.contains("\"affectedChanged\": true"))
        // Under the head's section alone, nothing: the same change without the section's edit.
        try repository.git("checkout", "-q", "-b", "only-notes", "base")
        try repository.write(".modgraph.yml", layers + "affected:\n  ignore: [\"*.md\", \"Sources/Feed/*.txt\"]\n")
        try repository.commit("section first")
        try repository.git("tag", "-f", "base2")
        try repository.write("Sources/Feed/notes.txt", "words\n")
        try repository.commit("notes")
        #expect(try selected(repository.affected(["--base", "base2", "--format", "json"])).isEmpty)
    }

    @Test func aRenamedFileSelectsBothItsOwners() throws {
        let repository = try Repository()
        try repository.git("mv", "Sources/Feed/Feed.swift", "Sources/Profile/Moved.swift")
        try repository.commit("move")
        let result = try repository.affected(["--base", "base", "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result) == ["App", "Feed", "FeedTests", "Profile"])
        #expect(result.output.contains("\"status\": \"renamed\""))
    }

    @Test func aDeletedTargetSelectsWhatDependedOnIt() throws {
        let repository = try Repository()
        try repository.git("rm", "-q", "-r", "Sources/Profile")
        try repository.write("Package.swift", Repository.manifest(profile: "", app: #"["Feed"]"#))
        try repository.commit("drop Profile")
        let result = try repository.affected(["--base", "base", "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result) == ["App"])
    }

    @Test func aPinThatMovedSelectsTheUsersOfItsPackage() throws {
        let repository = try Repository()
        let manifest = Repository.manifest(app: #"["Feed", "Profile", .product(name: "Yams", package: "Yams")]"#)
            .replacingOccurrences(
                of: "let package = Package(name: \"Shop\", ",
                with:
                    "let package = Package(name: \"Shop\", dependencies: [.package(url: \"https://github.com/jpsim/Yams.git\", from: \"5.0.0\")], "
            )
        func pins(_ version: String) -> String {
            #"{"pins": [{"identity": "yams", "kind": "remoteSourceControl", "location": "https://github.com/jpsim/Yams.git", "state": {"revision": "r\#(version)", "version": "\#(version)"}}], "version": 2}"#
        }
        try repository.write("Package.swift", manifest)
        try repository.write("Package.resolved", pins("5.0.1"))
        // Some machines ignore Package.resolved everywhere; this repository keeps it.
        try repository.git("add", "-f", "Package.resolved")
        try repository.commit("yams")
        try repository.git("tag", "-f", "base")
        try repository.write("Package.resolved", pins("5.0.6"))
        try repository.commit("bump")
        let result = try repository.affected(["--base", "base", "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result) == ["App", "Yams"])
        #expect(result.output.contains("\"packages\": [\n        \"yams\"\n      ]"))
    }

    /// A requirement moved in `Package.swift` moves its package as a moved pin
    /// in `Package.resolved` does: what uses it, and what uses any remote
    /// package that may depend on it (none has a checkout here, so any may).
    @Test func aRequirementMovedInTheManifestSelectsWhatAMovedPinSelects() throws {
        let repository = try Repository()
        func manifest(_ version: String) -> String {
            Repository.manifest(
                profile: #".target(name: "Profile", dependencies: ["Core", .product(name: "Yams", package: "Yams")]),"#,
                app: #"["Feed", "Profile", .product(name: "ArgumentParser", package: "swift-argument-parser")]"#,
                extra: #"dependencies: [.package(url: "https://github.com/apple/swift-argument-parser", from: "\#(version)"), "#
                    + #".package(url: "https://github.com/jpsim/Yams", from: "5.0.0")], "#)
        }
        func pins(_ version: String) -> String {
            #"{"pins": [{"identity": "swift-argument-parser", "location": "https://github.com/apple/swift-argument-parser", "state": {"version": "\#(version)"}}, "#
                + #"{"identity": "yams", "location": "https://github.com/jpsim/Yams", "state": {"version": "5.0.1"}}], "version": 2}"#
        }
        try repository.write("Package.swift", manifest("1.6.1"))
        try repository.write("Package.resolved", pins("1.6.1"))
        try repository.git("add", "-f", "Package.resolved")
        try repository.commit("dependencies")
        try repository.git("tag", "-f", "base")
        try repository.write("Package.swift", manifest("1.8.2"))
        try repository.commit("requirement")
        let requirement = try repository.affected(["--base", "base", "--format", "json"])
        #expect(requirement.status == 0, "\(requirement.errors)")
        #expect(requirement.output.contains("package dependency swift-argument-parser moved"))

        try repository.git("checkout", "-q", "-b", "pin", "base")
        try repository.write("Package.resolved", pins("1.8.2"))
        try repository.commit("pin")
        let pin = try repository.affected(["--base", "base", "--format", "json"])
        #expect(pin.status == 0, "\(pin.errors)")
        #expect(try selected(pin) == ["App", "Profile", "ArgumentParser", "Yams"], "\(pin.output)")
        #expect(try selected(requirement) == selected(pin))
    }

    @Test func aFileNoTargetOwnsSelectsEverythingAndSaysWhy() throws {
        let repository = try Repository()
        // The package in a folder of its own, so that a file at the top is in no package.
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-affected-top-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: top) }
        try FileManager.default.createDirectory(at: top, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: repository.folder.appendingPathComponent(".git"), to: top.appendingPathComponent(".git"))
        try FileManager.default.moveItem(at: repository.folder, to: top.appendingPathComponent("Shop"))
        try FileManager.default.createDirectory(at: repository.folder, withIntermediateDirectories: true)
        try runGit(["add", "-A"], in: top)
        try runGit(["commit", "-q", "-m", "move"], in: top)
        try runGit(["tag", "-f", "moved"], in: top)
        try "echo build\n".write(to: top.appendingPathComponent("build.sh"), atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["affected", top.path, "--base", "moved"], in: top)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("affected: everything, 6 targets and 2 test targets, from 1 changed file against moved\n"))
        #expect(result.output.contains("build.sh is owned by no target"))
        // A configuration the base already had: build.sh is judged under it alone.
        try "affected:\n  everything: []\n  unowned: ignore\n".write(
            to: top.appendingPathComponent(".modgraph.yml"), atomically: true, encoding: .utf8)
        try runGit(["add", ".modgraph.yml"], in: top)
        try runGit(["commit", "-q", "-m", "configuration"], in: top)
        let ignored = try ModGraphRunner.run(["affected", top.path, "--base", "HEAD"], in: top)
        #expect(ignored.output.hasPrefix("affected: 0 of 6 targets"), "\(ignored.output)")
    }

    @Test func aShallowCloneWithoutTheBaseSaysHowToFetchIt() throws {
        let repository = try Repository()
        try repository.write("Sources/Core/Core.swift", "public let core = 2\n")
        try repository.commit("core")
        let base = try repository.git("rev-parse", "base").trimmingCharacters(in: .whitespacesAndNewlines)
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-affected-shallow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: clone) }
        try runGit(["clone", "-q", "--depth", "1", "file://" + repository.path, clone.path])
        let result = try ModGraphRunner.run(["affected", clone.path, "--base", base], in: clone)
        #expect(result.status == 2)
        #expect(result.errors.contains("which is shallow: fetch it first"), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1)
        let badRef = try ModGraphRunner.run(["affected", clone.path, "--base", "--output=/tmp/x"], in: clone)
        #expect(badRef.status == 2)
    }

    /// The shape GitHub documents for `strategy.matrix` from `fromJSON`: an
    /// object whose `include` is a list of objects of strings, numbers and lists of strings.
    @Test func theMatrixIsWhatAWorkflowReads() throws {
        let repository = try Repository()
        try repository.write("Sources/Core/Core.swift", "public let core = 2\n")
        let result = try repository.affected(["--base", "base", "--format", "github-matrix", "--shards", "2", "--weights", "uniform"])
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Array(json.keys) == ["include"])
        let entries = try #require(json["include"] as? [[String: Any]])
        #expect(entries.count == 2)
        for entry in entries {
            #expect(Set(entry.keys) == ["shard", "of", "targets", "filter", "onlyTesting", "predicted"])
            for value in entry.values {
                #expect(value is String || value is NSNumber || value is [String])
            }
        }
        #expect(Set(entries.flatMap { $0["targets"] as? [String] ?? [] }) == ["shop/CoreTests", "shop/FeedTests"])
        let text = try repository.affected(["--base", "base", "--shards", "2", "--weights", "uniform"])
        #expect(text.output.contains("shards: 2 of 2 asked for, the slowest predicted at 3 units (no split can beat 3 units)\n"))
        // Nothing selected: an empty list, which a workflow guards against.
        let none = try repository.affected(["--changed-files", "-", "--format", "github-matrix"], input: Data())
        #expect(none.output == "{\n  \"include\": []\n}\n")
        #expect(try repository.affected(["--base", "base", "--shards", "0"]).status == 2)
    }

    /// A test target's name is one argument for xcodebuild, as declared: NUL-terminated for
    /// `xargs -0`, and a JSON array in the matrix; never split at a space, never read as an option.
    @Test func xcodebuildGetsOneArgumentPerTest() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-affected-xcodebuild")
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["App UI Tests", "T -resultBundlePath x"]
        try """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Shop", targets: [
            .target(name: "Core"),
            .testTarget(name: "\(names[0])", dependencies: ["Core"]),
            .testTarget(name: "\(names[1])", dependencies: ["Core"]),
        ])
        """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for (target, kind) in [("Core", "Sources"), (names[0], "Tests"), (names[1], "Tests")] {
            let sources = folder.appendingPathComponent("\(kind)/\(target)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try "let x = 1\n".write(to: sources.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        }
        let changed = Data("Sources/Core/A.swift\n".utf8)
        let xcodebuild = try ModGraphRunner.run(
            ["affected", folder.path, "--changed-files", "-", "--format", "xcodebuild"], input: changed, in: folder)
        #expect(xcodebuild.status == 0, "\(xcodebuild.errors)")
        #expect(xcodebuild.output == names.map { "-only-testing:\($0)\u{0}" }.joined())
        let matrix = try ModGraphRunner.run(
            ["affected", folder.path, "--changed-files", "-", "--format", "github-matrix"], input: changed, in: folder)
        #expect(matrix.status == 0, "\(matrix.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(matrix.output.utf8)) as? [String: Any])
        let entry = try #require((json["include"] as? [[String: Any]])?.first)
        #expect(entry["onlyTesting"] as? [String] == names.map { "-only-testing:\($0)" })
    }

    @Test func optionsAreChecked() throws {
        let repository = try Repository()
        #expect(try repository.affected([]).status == 2)
        #expect(try repository.affected(["--base", "base", "--changed-files", "-"]).status == 2)
        let absolute = try repository.affected(["--changed-files", "-"], input: Data("/etc/passwd\n".utf8))
        #expect(absolute.status == 2)
        #expect(
            absolute.errors
                == "error: --changed-files: line 1: '/etc/passwd' is absolute; list paths relative to the repository's top folder, as git prints them\n"
        )
    }
}
