import Foundation
import ModGraphSystem
import SystemPackage
import Testing

/// Names made, removed and changed through ModGraphSystem, the one place the engine and the use
/// cases reach the C library for them.
@Suite("file names")
struct FileNamesTests {
    private func scratch() throws -> String {
        try FileCreation.privateFolder(in: FileManager.default.temporaryDirectory.path, prefix: "modgraph-names-")
    }

    @Test func aFolderIsMadeOnceAndALinkToOneIsNotTakenForIt() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileNames.makeFolder(base + "/made", permissions: .ownerReadWriteExecute)
        #expect(throws: Errno.fileExists) { try FileNames.makeFolder(base + "/made", permissions: .ownerReadWriteExecute) }
        #expect(FileNames.ensureFolder(base + "/made", permissions: .ownerReadWriteExecute))
        #expect(FileNames.ensureFolder(base + "/new", permissions: .ownerReadWriteExecute))
        #expect(FileStatus.isFolder(base + "/new", followingLinks: false))
        // A link planted where a folder is expected leads elsewhere: refused, and left as it is.
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/made")
        #expect(!FileNames.ensureFolder(base + "/link", permissions: .ownerReadWriteExecute))
        #expect(FileStatus.notFollowing(base + "/link")?.kind == .symbolicLink)
        try FileCreation.write(Array("x".utf8), toNew: base + "/file", permissions: .ownerReadWrite)
        #expect(!FileNames.ensureFolder(base + "/file", permissions: .ownerReadWriteExecute))
        #expect(!FileNames.ensureFolder(base + "/absent/below", permissions: .ownerReadWriteExecute))
    }

    @Test func removingALinkRemovesTheLinkNotWhatItLeadsTo() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileCreation.write(Array("kept".utf8), toNew: base + "/target", permissions: .ownerReadWrite)
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/target")
        #expect(FileNames.remove(base + "/link"))
        #expect(!FileStatus.exists(base + "/link"))
        #expect(try String(contentsOfFile: base + "/target", encoding: .utf8) == "kept")
        #expect(!FileNames.remove(base + "/link"))
        try FileNames.makeFolder(base + "/folder", permissions: .ownerReadWriteExecute)
        try FileCreation.write([], toNew: base + "/folder/inside", permissions: .ownerReadWrite)
        #expect(!FileNames.removeEmptyFolder(base + "/folder"))
        #expect(FileNames.remove(base + "/folder/inside"))
        #expect(FileNames.removeEmptyFolder(base + "/folder"))
    }

    @Test func aRenameReplacesAFileAndFailsWithTheSystemsReason() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileCreation.write(Array("new".utf8), toNew: base + "/new", permissions: .ownerReadWrite)
        try FileCreation.write(Array("old".utf8), toNew: base + "/old", permissions: .ownerReadWrite)
        try FileNames.rename(base + "/new", to: base + "/old")
        #expect(try String(contentsOfFile: base + "/old", encoding: .utf8) == "new")
        #expect(!FileStatus.exists(base + "/new"))
        #expect(throws: Errno.noSuchFileOrDirectory) { try FileNames.rename(base + "/new", to: base + "/old") }
    }

    @Test func aCanonicalPathHasNoLinksNorDots() throws {
        let base = try #require(FileNames.canonical(try scratch()))
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileNames.makeFolder(base + "/real", permissions: .ownerReadWriteExecute)
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: "real")
        #expect(FileNames.canonical(base + "/link/../link/.") == base + "/real")
        #expect(FileNames.canonical(base + "/absent") == nil)
    }

    @Test func thisProcessExistsAndAFinishedOneDoesNot() throws {
        #expect(ProcessIdentity.current == ProcessInfo.processInfo.processIdentifier)
        #expect(ProcessIdentity.exists(ProcessIdentity.current))
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        // Reaped: its identifier names no process until the system hands it out again.
        #expect(!ProcessIdentity.exists(child.processIdentifier))
    }

    /// The C library's file and process calls stay in ModGraphSystem: a call elsewhere is a
    /// platform port's blind spot and a second copy of its `errno` handling.
    @Test func noOtherModuleCallsTheCLibraryForFilesOrProcesses() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        let calls = try NSRegularExpression(
            pattern:
                #"(?<![.\w])(mkdir|mkdtemp|unlink|rmdir|rename|linkat|symlink|opendir|readdir|realpath|mmap|kill|getpid|stat|lstat|fstat|strerror)\(|(?<![.\w])errno\b"#
        )
        var found: [String] = []
        let walk = try #require(FileManager.default.enumerator(atPath: sources))
        for case let path as String in walk where path.hasSuffix(".swift") && !path.hasPrefix("ModGraphSystem/") {
            let text = try String(contentsOfFile: sources + "/" + path, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                let range = NSRange(code.startIndex..., in: code)
                if calls.firstMatch(in: code, range: range) != nil { found.append("\(path):\(number + 1): \(code)") }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
