import Foundation
@testable import ModGraphSystem
import Testing

/// The platform's answers modgraph asks in one place: how many cores it may use,
/// and what a path names.
@Suite("system")
struct SystemTests {
    @Test func aContainersQuotaLimitsTheCores() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-cgroup-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "250000 100000\n".write(toFile: folder + "/cpu.max", atomically: true, encoding: .utf8)
        #expect(CoreCount.cgroupQuota(root: folder) == 3)
        try "max 100000\n".write(toFile: folder + "/cpu.max", atomically: true, encoding: .utf8)
        #expect(CoreCount.cgroupQuota(root: folder) == nil)
        try FileManager.default.removeItem(atPath: folder + "/cpu.max")
        try FileManager.default.createDirectory(atPath: folder + "/cpu", withIntermediateDirectories: true)
        try "50000\n".write(toFile: folder + "/cpu/cpu.cfs_quota_us", atomically: true, encoding: .utf8)
        try "100000\n".write(toFile: folder + "/cpu/cpu.cfs_period_us", atomically: true, encoding: .utf8)
        #expect(CoreCount.cgroupQuota(root: folder) == 1)
        try "-1\n".write(toFile: folder + "/cpu/cpu.cfs_quota_us", atomically: true, encoding: .utf8)
        #expect(CoreCount.cgroupQuota(root: folder) == nil)
        #expect(CoreCount.available >= 1)
    }

    @Test func aPathsKindIsToldWithAndWithoutFollowingLinks() throws {
        let folder = try FileCreation.privateFolder(in: FileManager.default.temporaryDirectory.path, prefix: "modgraph-status-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "four".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder + "/to-sub", withDestinationPath: "sub")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: "nothing")
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)

        #expect(FileStatus.following(folder + "/file") == FileStatus.notFollowing(folder + "/file"))
        #expect(FileStatus.following(folder + "/file")?.size == 4)
        #expect(FileStatus.isRegularFile(folder + "/file"))
        #expect(!FileStatus.isFolder(folder + "/file"))
        // A link to a folder is a folder when followed, a link when not.
        #expect(FileStatus.isFolder(folder + "/to-sub"))
        #expect(!FileStatus.isFolder(folder + "/to-sub", followingLinks: false))
        #expect(FileStatus.notFollowing(folder + "/to-sub")?.kind == .symbolicLink)
        // A dangling link exists itself, but names nothing when followed.
        #expect(FileStatus.exists(folder + "/dangling"))
        #expect(FileStatus.following(folder + "/dangling") == nil)
        #expect(FileStatus.following(folder + "/pipe")?.kind == .fifo)
        #expect(FileStatus.following(folder + "/missing") == nil)
        #expect(!FileStatus.exists(folder + "/missing"))
        #expect(FileStatus.following("/dev/null")?.kind == .device)
    }

    @Test func errnoIsDescribedInTheCLibrarysWords() {
        #expect(SystemError.description(ENOENT) == "No such file or directory")
        #expect(SystemError.description(EACCES) == "Permission denied")
    }

    #if os(Linux)
        /// A session's members are found by reading each process's /proc/PID/stat: the state and the session
        /// come after the name's last parenthesis, whatever the name holds.
        @Test func aProcessStatLineGivesItsStateAndSession() {
            func parsed(_ line: String) -> String? {
                Session.parseStat(ArraySlice(Array(line.utf8))).map { "\(Character(UnicodeScalar($0.state))) \($0.session)" }
            }
            #expect(parsed("4242 (git) S 1 4242 4242 0 -1 4194560 210 0") == "S 4242")
            #expect(parsed("77 (a) (b) x) Z 1 70 69 34817 -1 0") == "Z 69")
            #expect(parsed("12 (sp ace) R 1 2 3 4") == "R 3")
            // Cut before the field after the session: that session could be cut too.
            #expect(parsed("12 (git) S 1 2 345") == nil)
            #expect(parsed("12 git S 1 2 3 4") == nil)
            #expect(parsed("") == nil)
        }

        @Test func thisProcessIsAMemberOfItsOwnSession() {
            let session = getsid(0)
            #expect(Session.members(of: session).contains(ProcessInfo.processInfo.processIdentifier))
            #expect(Session.members(of: -7).isEmpty)
        }
    #endif
}
