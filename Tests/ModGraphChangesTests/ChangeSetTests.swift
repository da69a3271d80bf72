import Testing
@testable import ModGraphChanges

@Suite("change lists")
struct ChangeSetTests {
    @Test func linesAreReadAsGitPrintsThem() throws {
        let set = try ChangeSet.parse(lines: "Sources/A/a.swift\r\n\n./docs/x.md\n  \nSources/A/a.swift\nb//c/\n")
        #expect(set.files.map(\.path) == ["Sources/A/a.swift", "b/c", "docs/x.md"])
    }

    @Test func hostileLinesAreRefusedWithTheirLine() {
        #expect(throws: ChangeSetError.absolutePath(line: 2, path: "/etc/passwd")) { try ChangeSet.parse(lines: "a\n/etc/passwd\n") }
        #expect(throws: ChangeSetError.leavesFolder(line: 1, path: "a/../../b")) { try ChangeSet.parse(lines: "a/../../b") }
        #expect(throws: ChangeSetError.pathTooLong(line: 1, limit: ChangeSet.maximumPathLength)) {
            try ChangeSet.parse(lines: String(repeating: "a", count: 5_000))
        }
        #expect(throws: ChangeSetError.emptyPath(line: 1)) { try ChangeSet.parse(lines: "./.\n") }
    }

    @Test func aRenameTouchesBothPlaces() {
        #expect(ChangedFile(path: "b", status: .renamed(from: "a")).paths == ["a", "b"])
        #expect(ChangedFile(path: "b", status: .deleted).paths == ["b"])
    }
}
