import Foundation
import Testing
@testable import ModGraphFix

@Suite("fix: unified diffs")
struct UnifiedDiffTests {
    @Test func aChangeWithItsContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\nline 5b\n")
        #expect(
            UnifiedDiff.of(old: old, new: new, path: "Package.swift") == """
                --- a/Package.swift
                +++ b/Package.swift
                @@ -2,7 +2,8 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                +line 5b
                 line 6
                 line 7
                 line 8

                """)
    }

    /// Changes more than twice the context apart are two hunks; the same text is no diff.
    @Test func farApartChangesAreTwoHunks() {
        let old = (1...20).map { "l\($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "l2\n", with: "").replacingOccurrences(of: "l19\n", with: "l19\nnew\n")
        let diff = UnifiedDiff.of(old: old, new: new, path: "P.swift")
        #expect(diff.components(separatedBy: "\n@@ ").count == 3)
        #expect(diff.contains("@@ -1,5 +1,4 @@\n l1\n-l2\n l3\n"))
        // As `diff -u` writes it.
        #expect(diff.contains("@@ -17,4 +16,5 @@\n l17\n l18\n l19\n+new\n l20\n"))
        #expect(UnifiedDiff.of(old: old, new: old, path: "P.swift") == "")
    }

    @Test func aLastLineWithoutNewlineIsSaid() {
        #expect(
            UnifiedDiff.of(old: "a\nb", new: "a\nc", path: "f") == "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
    }
}

/// Seeded random edits of a text: `patch` (the tool people apply diffs with) applied to the old
/// text with our diff gives the new text, every time.
@Suite("fix: diffs that patch applies")
struct UnifiedDiffPatchTests {
    @Test func patchMakesTheNewTextFromTheOld() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else { return }
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-diff-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for round in 0..<60 {
            var lines = (0..<(5 + next(40))).map { "line \($0 % 7)" }
            let old = lines.joined(separator: "\n") + "\n"
            for _ in 0..<(1 + next(6)) {
                switch next(3) {
                case 0 where !lines.isEmpty: lines.remove(at: next(lines.count))
                case 1: lines.insert("new \(next(100))", at: next(lines.count + 1))
                default: if !lines.isEmpty { lines[next(lines.count)] = "changed \(next(100))" }
                }
            }
            let new = lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
            let file = folder.appendingPathComponent("f.txt")
            try old.write(to: file, atomically: true, encoding: .utf8)
            let diff = UnifiedDiff.of(old: old, new: new, path: "f.txt")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
            process.arguments = ["--quiet", "--force", "-p1", "-d", folder.path]
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data(diff.utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "round \(round): \(diff)")
            #expect(try String(contentsOf: file, encoding: .utf8) == new, "round \(round): \(diff)")
        }
    }
}
