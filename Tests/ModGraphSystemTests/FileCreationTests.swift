import Foundation
import ModGraphSystem
import SystemPackage
import Testing

/// Every file modgraph creates is new, reached through no link, and every
/// folder of its own has a name nobody can guess.
@Suite("file creation")
struct FileCreationTests {
    private func scratch() throws -> String {
        try FileCreation.privateFolder(in: FileManager.default.temporaryDirectory.path, prefix: "modgraph-creation-")
    }

    @Test func privateFoldersAreNewUnguessableAndOnlyTheUsers() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let first = try FileCreation.privateFolder(in: base, prefix: "run.")
        let second = try FileCreation.privateFolder(in: base + "/", prefix: "run.")
        #expect(first != second)
        #expect(first.hasPrefix(base + "/run.") && second.hasPrefix(base + "/run."))
        #expect(first.count == (base + "/run.").count + 6)
        let mode = try FileManager.default.attributesOfItem(atPath: first)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(throws: Errno.noSuchFileOrDirectory) { try FileCreation.privateFolder(in: base + "/absent", prefix: "x.") }
    }

    @Test func aFileIsNeverOneThatWasThereNorALinkFollowed() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let target = base + "/target"
        try FileCreation.write(Array("mine".utf8), toNew: target, permissions: .ownerReadWrite)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine")
        // Another write to the same path, or to a link to it, fails and changes nothing.
        #expect(throws: Errno.fileExists) { try FileCreation.write(Array("theirs".utf8), toNew: target, permissions: .ownerReadWrite) }
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: target)
        #expect(throws: Errno.fileExists) {
            try FileCreation.write(Array("theirs".utf8), toNew: base + "/link", permissions: .ownerReadWrite)
        }
        try FileManager.default.createSymbolicLink(atPath: base + "/dangling", withDestinationPath: base + "/nowhere")
        #expect(throws: Errno.fileExists) {
            try FileCreation.write(Array("theirs".utf8), toNew: base + "/dangling", permissions: .ownerReadWrite)
        }
        #expect(!FileManager.default.fileExists(atPath: base + "/nowhere"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine")
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
