import Foundation
import ModGraphTestSupport
import Testing

/// `--jobs`, `--traits`, the cache options and the progress bar, through the built executable.
@Suite("loading options")
struct LoadingOptionTests {
    @Test func oneJobOrManyGiveTheSameGraph() throws {
        let path = ModGraphRunner.samples.appendingPathComponent("Workspace/App").path
        for jobs in ["1", "3"] {
            let result = try ModGraphRunner.run(["graph", path, "--format", "json", "--jobs", jobs])
            #expect(result.status == 0, "\(result.errors)")
            try expectGolden(result.output, "Workspace.json")
        }
    }

    /// App → Extra exists only with the root's trait Extras, which is not a default trait.
    static let traitGatedDump = Data(
        """
        {"name": "P", "toolsVersion": {"_version": "6.1.0"},
         "traits": [{"name": "Extras", "enabledTraits": []}, {"name": "default", "enabledTraits": []}],
         "dependencies": [], "products": [],
         "targets": [
           {"name": "App", "type": "regular", "dependencies": [
              {"target": ["Core", null]}, {"target": ["Extra", {"platformNames": [], "traits": ["Extras"]}]}]},
           {"name": "Core", "type": "regular", "dependencies": []},
           {"name": "Extra", "type": "regular", "dependencies": []}]}
        """.utf8)

    @Test(arguments: [(nil, true), ("default", false), ("Extras", true), ("all", true), ("", false)])
    func traitsKeepOnlyTheDependenciesTheyEnable(traits: String?, keepsExtra: Bool) throws {
        let result = try ModGraphRunner.run(["graph", "-"] + (traits.map { ["--traits", $0] } ?? []), input: Self.traitGatedDump)
        #expect(result.status == 0, "\(result.errors)")
        let appLine = result.output.split(separator: "\n").first { $0.contains("App [regular]") }
        #expect(appLine == (keepsExtra ? "  App [regular] → Core, Extra" : "  App [regular] → Core"))
    }

    @Test func anUndeclaredTraitIsAnInputError() throws {
        let result = try ModGraphRunner.run(["graph", "-", "--traits", "default,Nope"], input: Self.traitGatedDump)
        #expect(result.status == 2)
        // The dump names no folder: the error names where it came from, not the package as if it were a file.
        #expect(result.errors == "error: <stdin>: the package declares no trait 'Nope' (its traits: Extras)\n")
        #expect(result.output.isEmpty)
    }

    @Test func jobsMustBePositive() throws {
        let result = try ModGraphRunner.run(["graph", "--jobs", "0"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--jobs must be from 1 to 256, not 0"))
        #expect(result.output.isEmpty)
    }
}

/// The cache of dumps, as users meet it: same output with it, without it, and
/// when it is damaged or shared by two processes at once.
@Suite("dump cache from the command line")
struct DumpCacheCommandTests {
    private func scratch() throws -> String {
        try ModGraphRunner.scratchFolder("modgraph-cli").path
    }

    private func entries(_ cache: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: cache + "/dumps")?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(".json") }.map { cache + "/dumps/" + $0 }.sorted()
    }

    @Test func cachedAndUncachedLoadsPrintTheSameGraph() throws {
        let cache = try scratch()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let path = ModGraphRunner.samples.appendingPathComponent("Workspace/App").path
        let arguments = ["graph", path, "--format", "json", "--cache-dir", cache]
        let cold = try ModGraphRunner.run(arguments)
        #expect(cold.status == 0, "\(cold.errors)")
        // Eight packages, one entry each, and the folder says what it is.
        #expect(entries(cache).count == 8)
        #expect(FileManager.default.fileExists(atPath: cache + "/CACHEDIR.TAG"))
        let warm = try ModGraphRunner.run(arguments)
        try expectGolden(cold.output, "Workspace.json")
        try expectGolden(warm.output, "Workspace.json")
        #expect(warm.errors.isEmpty)
    }

    @Test func noCacheNeitherReadsNorWrites() throws {
        let cache = try scratch() + "/never"
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let result = try ModGraphRunner.run(["graph", path, "--format", "json", "--no-cache"], environment: ["MODGRAPH_CACHE_DIR": cache])
        #expect(result.status == 0, "\(result.errors)")
        try expectGolden(result.output, "VerticalApp.json")
        #expect(!FileManager.default.fileExists(atPath: cache))
    }

    @Test func damagedEntriesAreReplacedAndTheOutputIsUnchanged() throws {
        let cache = try scratch()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let path = ModGraphRunner.samples.appendingPathComponent("Workspace/App").path
        let arguments = ["graph", path, "--format", "json"]
        #expect(try ModGraphRunner.run(arguments, environment: ["MODGRAPH_CACHE_DIR": cache]).status == 0)
        let all = entries(cache)
        for (index, entry) in all.enumerated() {
            let data = try Data(contentsOf: URL(fileURLWithPath: entry))
            // Every other entry truncated, the rest with one byte changed near the end.
            var damaged = index % 2 == 0 ? data.prefix(data.count - 40) : data
            if index % 2 == 1 { damaged[damaged.count - 10] ^= 0x20 }
            try damaged.write(to: URL(fileURLWithPath: entry))
        }
        let result = try ModGraphRunner.run(arguments, environment: ["MODGRAPH_CACHE_DIR": cache])
        #expect(result.status == 0, "\(result.errors)")
        try expectGolden(result.output, "Workspace.json")
        for entry in all {
            let header = try String(contentsOfFile: entry, encoding: .utf8).prefix { $0 != "\n" }.split(separator: " ")
            let size = (try FileManager.default.attributesOfItem(atPath: entry)[.size] as? Int) ?? 0
            // Rewritten whole: the header's length is the rest of the file's.
            #expect(header.count == 4 && Int(header[2]).map { $0 + header.joined(separator: " ").utf8.count + 1 } == size)
        }
    }

    @Test func twoProcessesFillingOneCacheAtOnceAgree() throws {
        let cache = try scratch()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let path = ModGraphRunner.samples.appendingPathComponent("Workspace/App").path
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            results.add(try? ModGraphRunner.run(["graph", path, "--format", "json"], environment: ["MODGRAPH_CACHE_DIR": cache]))
        }
        let both = results.all
        #expect(both.count == 2)
        for result in both {
            #expect(result.status == 0, "\(result.errors)")
            try expectGolden(result.output, "Workspace.json")
        }
        #expect(entries(cache).count == 8)
        let leftovers = (FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        let warm = try ModGraphRunner.run(["graph", path, "--format", "json"], environment: ["MODGRAPH_CACHE_DIR": cache])
        try expectGolden(warm.output, "Workspace.json")
    }

    @Test func anUnusableCacheFolderIsAWarningNotAnError() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blocker = folder + "/a-file"
        try Data().write(to: URL(fileURLWithPath: blocker))
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let result = try ModGraphRunner.run(["graph", path, "--format", "json", "--cache-dir", blocker])
        #expect(result.status == 0)
        try expectGolden(result.output, "VerticalApp.json")
        #expect(result.errors.hasPrefix("warning: \(blocker): cannot use the manifest cache ("))
        #expect(result.errors.hasSuffix("); loading without it\n"))
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [ModGraphRunner.Result] = []
    func add(_ result: ModGraphRunner.Result?) { lock.withLock { if let result { results.append(result) } } }
    var all: [ModGraphRunner.Result] { lock.withLock { results } }
}

@Suite("Platform names")
struct PlatformNameTests {
    @Test func anUnknownPlatformIsAnInputError() throws {
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let result = try ModGraphRunner.run(["graph", path, "--platform", "foo"])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("error: --platform: 'foo' is not a platform SwiftPM knows; use one of macos, maccatalyst, ios"))
        #expect(result.output.isEmpty)
    }

    @Test(arguments: ["linux", "macOS", "iOS", "visionOS"])
    func knownPlatformsInAnyCaseAreAccepted(_ platform: String) throws {
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let result = try ModGraphRunner.run(["graph", path, "--platform", platform])
        #expect(result.status == 0, "\(result.errors)")
    }
}

/// Issue #46: a cache folder inside the repository read, where a pull request could commit entries or
/// links into it, is not used unless git ignores it and it holds nothing committed.
@Suite("dump cache inside the checkout")
struct CheckoutCacheTests {
    private func repository(ignoring: Bool, committing: Bool) throws -> URL {
        let folder = try ModGraphRunner.scratchFolder("modgraph-checkout-cache")
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A")])
            """
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/A"), withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public struct A {}\n".write(to: folder.appendingPathComponent("Sources/A/A.swift"), atomically: true, encoding: .utf8)
        if ignoring { try ".cache/\n".write(to: folder.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8) }
        try runGit(["init", "-q", "-b", "main"], in: folder)
        if committing {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(".cache/dumps"), withIntermediateDirectories: true)
            try "planted\n".write(to: folder.appendingPathComponent(".cache/dumps/planted.json"), atomically: true, encoding: .utf8)
            try runGit(["add", "-f", ".cache/dumps/planted.json"], in: folder)
        }
        try runGit(["add", "."], in: folder)
        try runGit(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "c"], in: folder)
        return folder
    }

    private func entries(_ cache: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: cache + "/dumps")?.allObjects as? [String] ?? []
        return all.filter { $0.hasSuffix(".json") && !$0.hasSuffix("planted.json") }
    }

    @Test(arguments: [(false, false), (true, true)])
    func aCacheAPullRequestCouldPlantIsNotUsed(ignoring: Bool, committing: Bool) throws {
        let folder = try repository(ignoring: ignoring, committing: committing)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent(".cache").path
        let result = try ModGraphRunner.run(["graph", folder.path, "--format", "json"], environment: ["MODGRAPH_CACHE_DIR": cache])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("not used as the manifest cache"), "\(result.errors)")
        #expect(entries(cache).isEmpty)
    }

    @Test func anIgnoredCacheWithNothingCommittedIsUsed() throws {
        let folder = try repository(ignoring: true, committing: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent(".cache").path
        let result = try ModGraphRunner.run(["graph", folder.path, "--format", "json"], environment: ["MODGRAPH_CACHE_DIR": cache])
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("not used as the manifest cache"), "\(result.errors)")
        #expect(entries(cache).count == 1)
    }
}
