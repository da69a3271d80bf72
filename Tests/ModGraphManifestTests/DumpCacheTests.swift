import Foundation
import ModGraphCore
import ModGraphSystem
import Testing
@testable import ModGraphManifest

/// A package folder `name` with a `Package.swift`, and a cache folder beside it.
private func scene(_ folder: TemporaryFolder, _ name: String = "Pkg") throws -> (package: String, cache: String) {
    try folder.write("\(name)/Package.swift", "// swift-tools-version: 5.9\n// \(name)\n")
    let package = try #require(Paths.canonical(folder.path + "/\(name)"))
    return (package, folder.path + "/cache")
}

private func entries(in cache: String) -> [String] {
    let dumps = cache + "/dumps"
    let all = FileManager.default.enumerator(atPath: dumps)?.allObjects as? [String] ?? []
    return all.filter { $0.hasSuffix(".json") }.map { dumps + "/" + $0 }.sorted()
}

@Suite("dump cache")
struct DumpCacheTests {
    @Test func aSecondLoadIsAnsweredByTheCacheWithTheSameManifest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (package, cache) = try scene(folder)
        let source = CannedDumpSource()
        let first = try CachingManifestProvider(base: source, folder: cache).manifest(forPackageAt: package)
        #expect(source.dumps == 1)
        // A new provider stands for a new process.
        let second = try CachingManifestProvider(base: source, folder: cache).manifest(forPackageAt: package)
        #expect(source.dumps == 1)
        #expect(second == first)
        #expect(entries(in: cache).count == 1)
    }

    @Test func everythingTheKeyCoversMakesANewEntry() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (package, cache) = try scene(folder)
        let source = CannedDumpSource()
        func load() throws { _ = try CachingManifestProvider(base: source, folder: cache).manifest(forPackageAt: package) }
        try load()
        #expect(source.dumps == 1)

        // Files that are not manifests do not count.
        try folder.write("Pkg/Sources/A/A.swift", "let a = 1\n")
        try folder.write("Pkg/README.md", "hello\n")
        try load()
        #expect(source.dumps == 1)

        try folder.write("Pkg/Package.swift", "// swift-tools-version: 5.9\n// changed\n")
        try load()
        #expect(source.dumps == 2)

        try folder.write("Pkg/Package@swift-6.0.swift", "// swift-tools-version: 6.0\n")
        try load()
        #expect(source.dumps == 3)
        try folder.write("Pkg/Package@swift-6.0.swift", "// swift-tools-version: 6.0\n// changed\n")
        try load()
        #expect(source.dumps == 4)

        source.version = "Swift version 10.0 (canned)"
        try load()
        #expect(source.dumps == 5)

        // The same manifests in another folder: dumps contain the folder.
        try folder.write("Other/Package.swift", try String(contentsOfFile: package + "/Package.swift", encoding: .utf8))
        try folder.write("Other/Package@swift-6.0.swift", "// swift-tools-version: 6.0\n// changed\n")
        _ = try CachingManifestProvider(base: source, folder: cache).manifest(
            forPackageAt: try #require(Paths.canonical(folder.path + "/Other")))
        #expect(source.dumps == 6)

        // Back to an earlier state: its entry is still there.
        source.version = "Swift version 9.9 (canned)"
        try load()
        #expect(source.dumps == 6)
        #expect(entries(in: cache).count == 6)
    }

    @Test func theKeyIsStableAndSeparatesEveryPart() {
        let files: [(name: String, contents: Data)] = [("Package.swift", Data("a".utf8)), ("Package@swift-6.0.swift", Data("b".utf8))]
        let key = DumpCacheKey(folder: "/p", manifestFiles: files, toolchain: "t", host: "h")
        // The order the files were listed in does not matter.
        #expect(key == DumpCacheKey(folder: "/p", manifestFiles: files.reversed(), toolchain: "t", host: "h"))
        #expect(key != DumpCacheKey(folder: "/q", manifestFiles: files, toolchain: "t", host: "h"))
        #expect(key != DumpCacheKey(folder: "/p", manifestFiles: files, toolchain: "u", host: "h"))
        #expect(key != DumpCacheKey(folder: "/p", manifestFiles: files, toolchain: "t", host: "i"))
        // Moving a byte from one field to the next changes the key: fields are length-prefixed.
        #expect(
            DumpCacheKey(folder: "/p", manifestFiles: [], toolchain: "ab", host: "c")
                != DumpCacheKey(folder: "/p", manifestFiles: [], toolchain: "a", host: "bc"))
        #expect(key.hex.count == 64)
    }

    /// Hand-worked: the manifest reads `A` by name; `B` it does not read; the
    /// second manifest reads the whole dictionary (every variable counts).
    @Test func theValuesOfTheVariablesAManifestReadsAreInItsKey() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (package, cache) = try scene(folder)
        try folder.write("Pkg/Package.swift", "// swift-tools-version: 5.9\n// reads A\n")
        let source = CannedDumpSource()
        let readsA = { @Sendable (contents: Data) -> ManifestEnvironment.Reads in
            String(decoding: contents, as: UTF8.self).contains("reads A") ? .names(["A"]) : .nothing
        }
        func load(_ values: [String: String]) throws {
            let environment = ManifestEnvironment(values: values, reads: readsA)
            _ = try CachingManifestProvider(base: source, folder: cache, environment: environment).manifest(forPackageAt: package)
        }
        try load([:])
        try load(["B": "1"])
        #expect(source.dumps == 1)
        try load(["A": "1"])
        #expect(source.dumps == 2)
        // Set to nothing is not unset.
        try load(["A": ""])
        #expect(source.dumps == 3)
        try load(["A": "1", "B": "2"])
        try load([:])
        #expect(source.dumps == 3)

        let files: [(name: String, contents: Data)] = [("Package.swift", Data("x".utf8))]
        let everything = ManifestEnvironment(values: ["A": "1", "B": "2"]) { _ in .everything }
        #expect(everything.keyed(files).map(\.name) == ["A", "B"])
        let none = ManifestEnvironment(values: ["A": "1"]) { _ in .nothing }
        #expect(none.keyed(files).isEmpty)
        // A manifest that reads nothing keeps the key it had before variables were part of it.
        #expect(
            DumpCacheKey(folder: "/p", manifestFiles: files, toolchain: "t", host: "h", environment: none.keyed(files))
                == DumpCacheKey(folder: "/p", manifestFiles: files, toolchain: "t", host: "h"))
        // Without a syntax tree, a manifest that mentions the environment counts every variable.
        let conservative = ManifestEnvironment.conservative(values: ["A": "1", "B": "2"])
        #expect(conservative.keyed([("Package.swift", Data("let ci = Context.environment[\"CI\"]".utf8))]).count == 2)
        #expect(conservative.keyed(files).isEmpty)
    }

    @Test(arguments: [
        "truncated", "body byte changed", "checksum changed", "empty", "not our format", "valid header, not a dump", "a folder",
    ])
    func aDamagedEntryIsDumpedAgainAndReplaced(_ damage: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (package, cache) = try scene(folder)
        let source = CannedDumpSource()
        let expected = try CachingManifestProvider(base: source, folder: cache).manifest(forPackageAt: package)
        let entry = try #require(entries(in: cache).first)
        let good = try Data(contentsOf: URL(fileURLWithPath: entry))
        var bad = good
        switch damage {
        case "truncated": bad = good.prefix(good.count / 2)
        case "body byte changed": bad[bad.count - 3] ^= 0x01
        case "checksum changed":
            let newline = try #require(good.firstIndex(of: UInt8(ascii: "\n")))
            bad[newline - 1] = bad[newline - 1] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        case "empty": bad = Data()
        case "not our format": bad = Data("{\"name\": \"Evil\", \"targets\": []}".utf8)
        case "valid header, not a dump":
            let body = Data("[1, 2, 3]".utf8)
            bad = Data("modgraph-cache 1 \(body.count) \(SHA256.hex(body))\n".utf8) + body
        default: break
        }
        if damage == "a folder" {
            // Not even a file: the entry cannot be read, nor replaced; loading still works.
            try FileManager.default.removeItem(atPath: entry)
            try FileManager.default.createDirectory(atPath: entry + "/x", withIntermediateDirectories: true)
        } else {
            try bad.write(to: URL(fileURLWithPath: entry))
        }
        let manifest = try CachingManifestProvider(base: source, folder: cache).manifest(forPackageAt: package)
        #expect(manifest == expected)
        #expect(source.dumps == 2)
        if damage != "a folder" {
            #expect(try Data(contentsOf: URL(fileURLWithPath: entry)) == good)
            _ = try CachingManifestProvider(base: source, folder: cache).manifest(forPackageAt: package)
            #expect(source.dumps == 2)
        }
    }

    @Test func failedDumpsAreNotStored() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (package, cache) = try scene(folder)
        let source = CannedDumpSource()
        source.failing = [package]
        #expect(throws: LoadError.manifestFailed(manifest: package + "/Package.swift", diagnostics: ["canned failure"])) {
            try CachingManifestProvider(base: source, folder: cache).manifest(forPackageAt: package)
        }
        #expect(entries(in: cache).isEmpty)
    }

    @Test func aCacheThatCannotBeWrittenOnlyCostsTime() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (package, _) = try scene(folder)
        let blocker = try folder.write("file-not-folder", "")
        let source = CannedDumpSource()
        let provider = CachingManifestProvider(base: source, folder: blocker)
        #expect(try provider.manifest(forPackageAt: package).name == "Pkg")
        #expect(try provider.manifest(forPackageAt: package).name == "Pkg")
        #expect(source.dumps == 2)
        #expect(throws: (any Error).self) { try CacheLocation.prepare(blocker) }
    }

    @Test func withoutAToolchainVersionNothingIsCached() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (package, cache) = try scene(folder)
        let source = CannedDumpSource()
        source.version = nil
        let provider = CachingManifestProvider(base: source, folder: cache)
        _ = try provider.manifest(forPackageAt: package)
        _ = try provider.manifest(forPackageAt: package)
        #expect(source.dumps == 2)
        #expect(entries(in: cache).isEmpty)
        // Asked once per provider, not once per manifest.
        #expect(source.versionQueries == 1)
    }

    @Test func concurrentWritersAndReadersNeverSeeADamagedEntry() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/dumps/ab/entry.json"
        let bodies = (0..<8).map { writer in Data(String(repeating: "writer \(writer) ", count: 300 + writer * 97).utf8) }
        let bad = BadReads()
        DispatchQueue.concurrentPerform(iterations: 16) { worker in
            for round in 0..<40 {
                if worker < 8 {
                    try? CacheFile.write(bodies[worker], to: path, under: folder.path)
                } else if let raw = FileManager.default.contents(atPath: path) {
                    // Once the entry exists, every read must find one writer's whole body.
                    if let body = CacheFile.body(of: raw) {
                        if !bodies.contains(body) { bad.record("round \(round): a body no writer wrote, \(body.count) bytes") }
                    } else {
                        bad.record("round \(round): a damaged entry of \(raw.count) bytes")
                    }
                }
            }
        }
        let problems = bad.all
        #expect(problems.count == 0, "first of them: \(problems.first ?? "")")
        let final = try #require(CacheFile.read(path, under: folder.path))
        #expect(bodies.contains(final))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/dumps/ab")
        #expect(leftovers == ["entry.json"])
    }

    @Test func theToolchainVersionIsRememberedUntilItsFilesChange() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let driver = try folder.write("toolchain/swift", "#!/bin/sh\n")
        let source = CannedDumpSource()
        source.files = [driver]
        let cache = ToolchainVersionCache(folder: folder.path + "/cache")
        #expect(cache.version(of: source, environment: [:]) == "Swift version 9.9 (canned)")
        #expect(cache.version(of: source, environment: [:]) == "Swift version 9.9 (canned)")
        #expect(source.versionQueries == 1)
        // A new install: another modification time.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: driver)
        source.version = "Swift version 10.0 (canned)"
        #expect(cache.version(of: source, environment: [:]) == "Swift version 10.0 (canned)")
        #expect(source.versionQueries == 2)
        // Choosing another toolchain through the environment (macOS's TOOLCHAINS).
        #expect(cache.version(of: source, environment: ["TOOLCHAINS": "swift-nightly"]) == "Swift version 10.0 (canned)")
        #expect(source.versionQueries == 3)
        #expect(cache.version(of: source, environment: [:]) == "Swift version 10.0 (canned)")
        #expect(source.versionQueries == 3)
    }

    @Test func theRealToolchainDescribesItself() throws {
        let version = try #require(dumper.toolchainVersion())
        #expect(version.contains("Swift version"))
        let files = dumper.toolchainFiles()
        #expect(files.contains { $0.hasSuffix("/swift") })
        #expect(files.contains { $0.hasSuffix("/swift-package") })
    }

    @Test func realDumpsComeBackFromTheCacheUnchanged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.package(
            "Core",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Core", products: [.library(name: "Prelude", targets: ["Prelude"])], targets: [.target(name: "Prelude")])
                """)
        let root = try folder.package(
            "App",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "App", dependencies: [.package(path: "../Core")],
                    targets: [.executableTarget(name: "App", dependencies: [.product(name: "Prelude", package: "Core")])])
                """)
        let cache = folder.path + "/cache"
        let cold = try WorkspaceLoader(provider: CachingManifestProvider(base: dumper, folder: cache)).load(directory: root)
        #expect(entries(in: cache).count == 2)
        // Only the cache can answer now: this source refuses to dump.
        let warm = try WorkspaceLoader(provider: CachingManifestProvider(base: RefusingSource(), folder: cache)).load(directory: root)
        #expect(warm == cold)
        #expect(try WorkspaceLoader(provider: dumper).load(directory: root) == cold)
    }
}

/// The real toolchain's identity, but no dumps.
private struct RefusingSource: DumpSource {
    func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        throw .manifestFailed(manifest: directory, diagnostics: ["should have come from the cache"])
    }
    func dump(forPackageAt directory: String) throws(LoadError) -> Data {
        throw .manifestFailed(manifest: directory, diagnostics: ["should have come from the cache"])
    }
    func toolchainVersion() -> String? { dumper.toolchainVersion() }
    func toolchainFiles() -> [String] { dumper.toolchainFiles() }
}

private final class BadReads: @unchecked Sendable {
    private let lock = NSLock()
    private var reads: [String] = []
    func record(_ text: String) { lock.withLock { reads.append(text) } }
    var all: [String] { lock.withLock { reads } }
}

/// Issue #46: a cache kept in the checkout can be planted by a pull request. Links committed for
/// `dumps/`, `toolchains/` or a folder below them made modgraph create files wherever they pointed;
/// now no link below the cache folder (nor the folder itself) is followed, for reading or writing.
@Suite("dump cache: planted links")
struct DumpCacheLinkTests {
    private func files(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    @Test(arguments: ["dumps", "toolchains"])
    func aLinkForACacheFolderIsNotFollowed(_ planted: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (package, cache) = try scene(folder)
        let outside = folder.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cache + "/" + planted, withDestinationPath: outside)
        let source = CannedDumpSource()
        let manifest = try CachingManifestProvider(base: source, folder: cache).manifest(forPackageAt: package)
        #expect(manifest.name == "Pkg")
        #expect(files(in: outside).isEmpty, "written through the link: \(files(in: outside))")
    }

    @Test func aLinkOneLevelDownIsNotFollowedAndAPlantedEntryBehindItIsNotRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (package, cache) = try scene(folder)
        let source = CannedDumpSource()
        let provider = CachingManifestProvider(base: source, folder: cache)
        let entry = try #require(provider.entryPath(for: package))
        let bucket = (entry as NSString).deletingLastPathComponent
        // The entry's own folder is a link to a folder holding a forged entry of the same name.
        let outside = folder.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let real = try CachingManifestProvider(base: source, folder: folder.path + "/real").manifest(forPackageAt: package)
        let forged = cannedDump("Forged", folder: package)
        try CacheFile.write(Data(forged.utf8), to: outside + "/" + (entry as NSString).lastPathComponent, under: outside)
        try FileManager.default.createDirectory(atPath: (bucket as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bucket, withDestinationPath: outside)
        let dumpsBefore = source.dumps
        let manifest = try provider.manifest(forPackageAt: package)
        #expect(manifest == real)
        #expect(source.dumps == dumpsBefore + 1, "the forged entry behind the link answered")
        #expect(files(in: outside).count == 1)
    }

    @Test func aCacheFolderThatIsALinkIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outside = folder.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/cache", withDestinationPath: outside)
        #expect(throws: POSIXError.self) { try CacheLocation.prepare(folder.path + "/cache") }
        #expect(files(in: outside).isEmpty)
    }
}
