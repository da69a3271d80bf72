import Foundation
import ModGraphSystem
import Testing

/// `diff` keeps the base's copy in the clone's git folder between runs and writes only what
/// changed; whatever happened to the copy since, what it loads is the base commit as committed.
@Suite("diff's kept base")
struct DiffKeptBaseTests {
    private func manifest(_ targets: [String]) -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Shop", targets: [
        \(targets.map { "    .target(name: \"\($0)\", dependencies: \($0 == "Core" ? "[]" : "[\"Core\"]")),\n" }.joined())])
        """
    }

    /// A package tagged `base` (Core, Feed; `Old.swift` in Feed) and `next` (Core, Feed, Profile; no
    /// `Old.swift`), with the working tree at `next` plus an uncommitted `Search` target.
    private func repository() throws -> URL {
        let folder = try ModGraphRunner.scratchFolder("modgraph-kept-base").appendingPathComponent("shop")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try runGit(["init", "-q", "-b", "main"], in: folder)
        try ModGraphRunner.write(
            [
                "Package.swift": manifest(["Core", "Feed"]), "Sources/Core/Core.swift": "let core = 1\n",
                "Sources/Feed/Feed.swift": "let feed = 1\n", "Sources/Feed/Old.swift": "let old = 1\n",
            ], in: folder)
        try runGit(["add", "-A"], in: folder)
        // A submodule (a gitlink; nothing of it is checked out, as in a clone without `--recursive`).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Vendor/Kit"), withIntermediateDirectories: true)
        try runGit(["update-index", "--add", "--cacheinfo", "160000,\(String(repeating: "1", count: 40)),Vendor/Kit"], in: folder)
        try runGit(["commit", "-q", "-m", "base"], in: folder)
        try runGit(["tag", "base"], in: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Sources/Feed/Old.swift"))
        try ModGraphRunner.write(
            ["Package.swift": manifest(["Core", "Feed", "Profile"]), "Sources/Profile/Profile.swift": "let profile = 1\n"],
            in: folder)
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", "next"], in: folder)
        try runGit(["tag", "next"], in: folder)
        try ModGraphRunner.write(
            ["Package.swift": manifest(["Core", "Feed", "Profile", "Search"]), "Sources/Search/Search.swift": "let search = 1\n"],
            in: folder)
        return folder
    }

    private func diff(_ folder: URL, base: String, _ extra: [String] = []) throws -> [String] {
        let result = try ModGraphRunner.run(["diff", ".", "--base", base, "--format", "json"] + extra, in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return try #require(json["addedTargets"] as? [String])
    }

    private func inode(_ path: String) -> UInt64? { FileStamp.of(path)?.inode }

    /// Two packages side by side, `App` depending on `../Lib` by path (as apps keep their modules in
    /// `Modules/`): the base's `App`, answered by the cache entry the head's load wrote, depends on the
    /// copy's `Lib`, not the working tree's, and the entry the base's load writes names the working
    /// tree's again. Before, the base's graph held both `Lib`s and the run failed on their identity.
    @Test func aPathDependencyOfTheBaseIsTheCopysSibling() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-base-siblings").appendingPathComponent("modules")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try runGit(["init", "-q", "-b", "main"], in: folder)
        func lib(_ targets: [String]) -> String {
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Lib", products: [.library(name: "Lib", targets: ["Lib"])], targets: [
            \(targets.map { "    .target(name: \"\($0)\"),\n" }.joined())])
            """
        }
        try ModGraphRunner.write(
            [
                "Lib/Package.swift": lib(["Lib"]), "Lib/Sources/Lib/Lib.swift": "let lib = 1\n",
                "App/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "App", dependencies: [.package(path: "../Lib")], targets: [
                    .target(name: "App", dependencies: [.product(name: "Lib", package: "Lib")]),
                ])
                """,
                "App/Sources/App/App.swift": "import Lib\n",
            ], in: folder)
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", "base"], in: folder)
        try ModGraphRunner.write(
            ["Lib/Package.swift": lib(["Lib", "Extra"]), "Lib/Sources/Extra/Extra.swift": "let extra = 1\n"], in: folder)
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", "next"], in: folder)
        for run in ["the copy written", "the copy kept", "a private copy"] {
            let added = try diff(folder, base: "HEAD~1", run == "a private copy" ? ["--no-cache"] : [])
            #expect(added == ["lib/Extra"], "\(run)")
        }
        // The head alone, after the base's loads wrote their entries, still reads the working tree's `Lib`.
        let head = try ModGraphRunner.run(["graph", ".", "--format", "json"], in: folder)
        #expect(head.status == 0, "\(head.errors)")
        #expect(!head.output.contains("modgraph-base"), "\(head.output)")
    }

    @Test func theCopyIsKeptAndAnythingChangedInItIsTheBaseAgain() throws {
        let folder = try repository()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let top = folder.path + "/.git/modgraph-base/tree/shop"
        #expect(try diff(folder, base: "base") == ["shop/Profile", "shop/Search"])
        // The manifest differs from the working tree's, so it was written; the core file is the working tree's, linked.
        let written = try #require(inode(top + "/Package.swift"))
        #expect(inode(top + "/Sources/Core/Core.swift") == inode(folder.path + "/Sources/Core/Core.swift"))
        #expect(FileManager.default.fileExists(atPath: top + "/Sources/Feed/Old.swift"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: top + "/Vendor/Kit").isEmpty)
        // Files written within the clock's coarsest tick are hashed again; after it, their stamps stand for them.
        Thread.sleep(forTimeInterval: Double(FileStamp.coarsestTick) / 1e9 + 0.2)
        #expect(try diff(folder, base: "base") == ["shop/Profile", "shop/Search"])
        #expect(inode(top + "/Package.swift") == written, "an unchanged copy is not written again")
        // Its record, now of settled stamps only, is not written again either.
        let record = FileStamp.of(folder.path + "/.git/modgraph-base/record")
        #expect(try diff(folder, base: "base") == ["shop/Profile", "shop/Search"])
        #expect(FileStamp.of(folder.path + "/.git/modgraph-base/record") == record)

        // Edited, planted and linked out: each is undone, and the base loads as committed.
        try ModGraphRunner.write(
            [
                "Package.swift": manifest(["Core", "Feed", "Profile"]), "Sources/Profile/Profile.swift": "let planted = 1\n",
                "Planted/Package.swift": manifest(["Planted"]),
            ], in: URL(fileURLWithPath: top))
        try FileManager.default.removeItem(atPath: top + "/Sources/Core/Core.swift")
        try FileManager.default.createSymbolicLink(atPath: top + "/Sources/Core/Core.swift", withDestinationPath: "/etc/hostname")
        #expect(try diff(folder, base: "base") == ["shop/Profile", "shop/Search"])
        #expect(try String(contentsOfFile: top + "/Package.swift", encoding: .utf8) == manifest(["Core", "Feed"]))
        #expect(!FileManager.default.fileExists(atPath: top + "/Sources/Profile"))
        #expect(!FileManager.default.fileExists(atPath: top + "/Planted"))
        #expect(FileStatus.notFollowing(top + "/Sources/Core/Core.swift")?.kind == .regularFile)

        // Another base: what it no longer holds is gone.
        #expect(try diff(folder, base: "next") == ["shop/Search"])
        #expect(!FileManager.default.fileExists(atPath: top + "/Sources/Feed/Old.swift"))
        #expect(FileManager.default.fileExists(atPath: top + "/Sources/Profile/Profile.swift"))
        // The working tree is as it was.
        #expect(try String(contentsOfFile: folder.path + "/Sources/Core/Core.swift", encoding: .utf8) == "let core = 1\n")
        #expect(try runGit(["status", "--porcelain"], in: folder) == " M Package.swift\n?? Sources/Search/\n")
    }

    @Test func aCopyInUseOrNoCacheMeansAPrivateCopy() throws {
        let folder = try repository()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        #expect(try diff(folder, base: "base", ["--no-cache"]) == ["shop/Profile", "shop/Search"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.git/modgraph-base"))
        try FileManager.default.createDirectory(atPath: folder.path + "/.git/modgraph-base", withIntermediateDirectories: false)
        let lock = try FileLock.tryLocking(folder.path + "/.git/modgraph-base/lock")
        #expect(lock != nil)
        #expect(try diff(folder, base: "base") == ["shop/Profile", "shop/Search"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.git/modgraph-base/tree"))
        withExtendedLifetime(lock) {}
    }
}
