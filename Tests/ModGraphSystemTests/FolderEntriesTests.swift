import Foundation
import ModGraphSystem
import Testing

/// A folder's entries with the kinds it records, and stamps that change with every write.
@Suite("folder entries and stamps")
struct FolderEntriesTests {
    private func scratch() throws -> String {
        try FileCreation.privateFolder(in: FileManager.default.temporaryDirectory.path, prefix: "modgraph-entries-")
    }

    @Test func eachEntryComesWithItsKindAndALinkIsEnteredOnlyWhenAsked() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/Sub", withIntermediateDirectories: false)
        try "x".write(toFile: base + "/A.swift", atomically: false, encoding: .utf8)
        try "y".write(toFile: base + "/Sub/B.swift", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: base + "/Link", withDestinationPath: base + "/Sub")
        let entries = try #require(FolderEntries.list(base, followingLink: false)).sorted { $0.name < $1.name }
        // A file system that records no kinds leaves them nil; this machine's records them.
        #expect(entries.map(\.name) == ["A.swift", "Link", "Sub"])
        #expect(entries.map(\.kind) == [.regularFile, .symbolicLink, .folder])
        #expect(FolderEntries.list(base + "/Link", followingLink: false) == nil)
        #expect(FolderEntries.list(base + "/Link", followingLink: true)?.map(\.name) == ["B.swift"])
        #expect(FolderEntries.list(base + "/A.swift", followingLink: true) == nil)
        #expect(FolderEntries.list(base + "/Absent", followingLink: true) == nil)
    }

    @Test func aWriteChangesTheStampAndANewStampIsNotSettled() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let path = base + "/A.swift"
        try "one".write(toFile: path, atomically: false, encoding: .utf8)
        let stamp = { () -> FileStamp? in
            guard case let .known(stamp) = ConfinedFiles.read(path: path, limit: 1 << 20, unless: { _ in true }) else { return nil }
            return stamp
        }
        let first = try #require(stamp())
        #expect(first.size == 3 && !first.settled(before: FileStamp.now))
        #expect(first.settled(before: FileStamp.now + 3 * FileStamp.coarsestTick))
        // The same size written again within the clock's tick may keep the stamp: why only settled ones are kept.
        try "two".write(toFile: path, atomically: false, encoding: .utf8)
        let second = try #require(stamp())
        #expect(second.inode == first.inode && second.size == first.size && second.changed >= first.changed)
        // Not read when the stamp is known; read, with the stamp, when it is not.
        guard case let .read(.bytes(bytes), taken) = ConfinedFiles.read(path: path, limit: 1 << 20, unless: { _ in false }) else {
            Issue.record("the file was not read")
            return
        }
        #expect(bytes == Array("two".utf8) && taken == second)
        #expect(ConfinedFiles.read(path: base, limit: 1 << 20, unless: { _ in true }) == .read(.notAFile, nil))
    }
}
