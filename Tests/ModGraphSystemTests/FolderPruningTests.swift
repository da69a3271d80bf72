import Foundation
import ModGraphSystem
import Testing

/// Pruning a kept folder removes what is not kept, folders left empty, and never anything a link
/// leads to; a lock is held by one holder at a time.
@Suite("folder pruning and file locks")
struct FolderPruningTests {
    private func scratch() throws -> String {
        try FileCreation.privateFolder(in: FileManager.default.temporaryDirectory.path, prefix: "modgraph-prune-")
    }

    private func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test func whatIsNotKeptGoesAndALinkIsRemovedNotFollowed() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let root = base + "/root"
        for path in ["keep.txt", "drop.txt", "Sub/keep.txt", "Sub/Deep/drop.txt", "Gone/drop.txt"] {
            try write(root + "/" + path, path)
        }
        try FileManager.default.createDirectory(atPath: root + "/Empty", withIntermediateDirectories: false)
        try write(base + "/outside/secret.txt", "secret")
        try FileManager.default.createSymbolicLink(atPath: root + "/Out", withDestinationPath: base + "/outside")
        try FileManager.default.createSymbolicLink(atPath: root + "/Sub/Out", withDestinationPath: base + "/outside/secret.txt")
        var asked: [String: FileStamp] = [:]
        let pruned = FolderPruning.prune(root) { path, stamp in
            asked[path] = stamp
            return path.hasPrefix("keep") || path == "Sub/keep.txt"
        }
        #expect(pruned)
        // Every entry but folders is asked, links as themselves.
        #expect(asked.keys.sorted() == ["Gone/drop.txt", "Out", "Sub/Deep/drop.txt", "Sub/Out", "Sub/keep.txt", "drop.txt", "keep.txt"])
        #expect(asked["keep.txt"] == FileStamp.of(root + "/keep.txt"))
        #expect(asked["Out"]?.size == (base + "/outside").utf8.count)
        let left = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
        #expect(left == ["Sub", "Sub/keep.txt", "keep.txt"])
        // The links went; what they led to stays.
        #expect(try String(contentsOfFile: base + "/outside/secret.txt", encoding: .utf8) == "secret")
    }

    @Test func aTreeDeeperThanTheBoundIsRefusedAndARootLinkIsNotEntered() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let deep = base + "/deep" + String(repeating: "/d", count: FolderPruning.maximumDepth + 1)
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        #expect(!FolderPruning.prune(base + "/deep") { _, _ in false })
        try write(base + "/real/file.txt", "x")
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/real")
        #expect(!FolderPruning.prune(base + "/link") { _, _ in false })
        #expect(FileManager.default.fileExists(atPath: base + "/real/file.txt"))
    }

    @Test func aLockHasOneHolderAtATimeAndIsNeverTakenThroughALink() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        var first = try FileLock.tryLocking(base + "/lock")
        #expect(first != nil)
        #expect(try FileLock.tryLocking(base + "/lock") == nil)
        first = nil
        #expect(try FileLock.tryLocking(base + "/lock") != nil)
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/lock")
        #expect(throws: (any Error).self) { try FileLock.tryLocking(base + "/link") }
    }
}
