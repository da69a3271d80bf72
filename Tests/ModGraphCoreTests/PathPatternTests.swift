import Testing
@testable import ModGraphCore

@Suite("path patterns")
struct PathPatternTests {
    @Test(arguments: [
        ("docs/**", "docs/a.md", true), ("docs/**", "docs/guide/a.md", true), ("docs/**", "src/docs/a.md", false),
        ("docs", "docs/a.md", true), ("docs", "docsx/a.md", false),
        ("*.md", "README.md", true), ("*.md", "Sources/A/notes.md", true), ("*.md", "README.mdx", false),
        ("/README.md", "README.md", true), ("/README.md", "a/README.md", false),
        (".github/**", ".github/workflows/ci.yml", true), (".github/*.yml", ".github/workflows/ci.yml", false),
        ("**/Fixtures/**", "Tests/A/Fixtures/x.json", true), ("**/Fixtures/**", "Fixtures/x.json", true),
        ("Sources/*/Resources", "Sources/App/Resources/a.png", true), ("a?c", "abc", true), ("a?c", "abbc", false),
        ("**", "anything/at/all", true), ("./docs/*.md", "docs/a.md", true),
    ])
    func matches(_ pattern: String, _ path: String, _ expected: Bool) throws {
        #expect(try PathPattern(pattern).matches(path) == expected)
    }

    @Test func refusesWhatCannotBeAPattern() {
        #expect(throws: PathPatternError.empty) { try PathPattern("") }
        #expect(throws: PathPatternError.empty) { try PathPattern("./") }
        #expect(throws: PathPatternError.leavesFolder) { try PathPattern("../x") }
        #expect(throws: PathPatternError.tooLong(PathPattern.maximumLength)) { try PathPattern(String(repeating: "a", count: 2_000)) }
        #expect(throws: PathPatternError.tooManyComponents(PathPattern.maximumComponents)) {
            try PathPattern(Array(repeating: "**", count: 100).joined(separator: "/"))
        }
    }

    /// Many `**` and `*` against a long path: the memo keeps it polynomial.
    @Test func hostilePatternsStayFast() throws {
        let pattern = try PathPattern(Array(repeating: "**/a*a*a*b", count: 30).joined(separator: "/"))
        let path = Array(repeating: "aaaaaaaaaaaaaaaaaaaaaaaa", count: 60).joined(separator: "/")
        #expect(!pattern.matches(path))
    }
}

/// `matchesWhole`: the path itself, not a folder above it (a walk has tried those on its way down).
@Suite("path patterns, whole paths")
struct PathPatternWholeTests {
    @Test(arguments: [
        ("/**/*.md", "a/b/README.md", true), ("/**/*.md", "README.md", true), ("/Generated", "Generated", true),
        ("/Generated", "Generated/x.swift", false), ("/zimCookieTests/**", "zimCookieTests/a.js", true),
        ("*.md", "docs/a.md", true), ("*.md", "docs", false), ("/a/*.swift", "a/b/c.swift", false),
    ])
    func wholePaths(_ pattern: String, _ path: String, _ expected: Bool) throws {
        #expect(try PathPattern(pattern).matchesWhole(path) == expected)
    }
}
