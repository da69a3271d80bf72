import Foundation
import ModGraphKit
import ModGraphTestSupport
import Testing

/// `diff` reads both sides as committed: a pull request's `.gitattributes` can
/// neither hide a file from the gate (`export-ignore`) nor rewrite one
/// (`export-subst`, a filter, line endings) in what modgraph loads.
@Suite("diff reads commits as committed")
struct DiffAttributesTests {
    private func write(_ folder: URL, _ relative: String, _ text: String) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// A package whose base is tagged `base`; `pr` adds `hidden` to Profile with `attributes`, and main stays checked out.
    private func repository(hidden: String, attributes: String) throws -> URL {
        let folder = try ModGraphRunner.scratchFolder("modgraph-diff-attributes").appendingPathComponent("shop")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try runGit(["init", "-q", "-b", "main"], in: folder)
        try write(
            folder, "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [
                .target(name: "Core"),
                .target(name: "Feed", dependencies: ["Core"]),
                .target(name: "Profile", dependencies: ["Core"]),
            ])
            """)
        for target in ["Core", "Feed", "Profile"] { try write(folder, "Sources/\(target)/\(target).swift", "let x = 1\n") }
        try write(folder, ".modgraph.yml", "layers:\n  - {name: all, targets: ['*']}\nsources:\n  undeclaredImports: error\n")
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", "base"], in: folder)
        try runGit(["tag", "base"], in: folder)
        try runGit(["checkout", "-q", "-b", "pr"], in: folder)
        try write(folder, "Sources/Profile/Hidden.swift", hidden)
        try write(folder, ".gitattributes", attributes)
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", "head"], in: folder)
        try runGit(["checkout", "-q", "main"], in: folder)
        return folder
    }

    @Test(arguments: [
        // The whole file left out of `git archive`.
        ("import Feed\n", "Sources/Profile/Hidden.swift export-ignore\n"),
        // `git archive` writes `/*` and `*/` around the import.
        ("$Format:%x2F%x2A$\nimport Feed\n$Format:%x2A%x2F$\n", "Sources/Profile/Hidden.swift export-subst\n"),
    ])
    func theHeadsAttributesCannotHideAFinding(_ hidden: String, _ attributes: String) throws {
        let folder = try repository(hidden: hidden, attributes: attributes)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let result = try ModGraphRunner.run(["diff", folder.path, "--base", "base", "--head", "pr", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let new = try #require(json["newFindings"] as? [[String: Any]])
        #expect(new.map { $0["rule"] as? String } == ["undeclared-import"], "\(result.output)")
    }

    /// Every file of a commit checked out is its blob, byte for byte, whatever the
    /// attributes, a filter configured in the repository, or line-ending settings say.
    @Test func everyFileIsItsCommittedBlob() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-checkout-attributes")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("repository")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try runGit(["init", "-q", "-b", "main"], in: repository)
        try runGit(["config", "filter.upper.smudge", "tr a-z A-Z"], in: repository)
        try runGit(["config", "core.autocrlf", "true"], in: repository)
        let files = [
            "ignored.swift": "import Hidden\n", "subst.swift": "// $Format:%H$\n", "filtered.swift": "import lowercase\n",
            "crlf.swift": "line\nline\n", "ident.swift": "// $Id$\n", "nested/deep/file.swift": "let x = 1\n",
            "nested/.gitattributes": "*.swift export-ignore\n",
            ".gitattributes":
                "ignored.swift export-ignore\nsubst.swift export-subst\nfiltered.swift filter=upper\ncrlf.swift text eol=crlf\nident.swift ident\n",
        ]
        for (path, text) in files { try write(repository, path, text) }
        try runGit(["add", "-A"], in: repository)
        try runGit(["commit", "-q", "-m", "c"], in: repository)
        let git = try GitRepository(containing: repository.path)
        let commit = try git.commit("HEAD")
        let top = folder.appendingPathComponent("top")
        let scratch = folder.appendingPathComponent("scratch")
        for made in [top, scratch] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: false) }
        try git.checkOut(commit, into: top.path, scratch: scratch.path, executor: .sequential)
        for (path, text) in files where !path.hasSuffix(".gitattributes") {
            let written = try String(contentsOf: top.appendingPathComponent(path), encoding: .utf8)
            #expect(written == text, "\(path)")
        }
        // The attributes files themselves are left out: nothing modgraph loads reads them.
        #expect(!FileManager.default.fileExists(atPath: top.appendingPathComponent(".gitattributes").path))
        // The repository's own index and work tree are untouched.
        #expect(try runGit(["status", "--porcelain"], in: repository).isEmpty)
    }

    /// A file the working tree holds as exactly its committed blob is a hard link to it (nothing
    /// written); one edited and not committed, one git would call unchanged whose bytes differ (line
    /// endings under `core.autocrlf`), and one the working tree reaches through a folder link are
    /// written from the blob; a committed link stays a link. Removing the copy leaves the working tree.
    @Test func whatTheWorkingTreeHoldsAsCommittedIsLinked() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-checkout-links")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("repository")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try runGit(["init", "-q", "-b", "main"], in: repository)
        let files = [
            "same.swift": "let same = 1\n", "Sources/Deep/same.swift": "let deep = 1\n", "edited.swift": "let x = 1\n",
            "crlf.swift": "a\nb\n", "moved/inner.swift": "let inner = 1\n", ".build/state.json": "{}\n",
        ]
        for (path, text) in files { try write(repository, path, text) }
        try FileManager.default.createSymbolicLink(
            atPath: repository.appendingPathComponent("link.swift").path, withDestinationPath: "same.swift")
        try runGit(["add", "-A"], in: repository)
        try runGit(["commit", "-q", "-m", "c"], in: repository)
        // After the commit: an edit, the same lines with CRLF (git status stays clean), a folder made a link.
        try write(repository, "edited.swift", "let x = 2\n")
        try runGit(["config", "core.autocrlf", "true"], in: repository)
        try write(repository, "crlf.swift", "a\r\nb\r\n")
        let outside = folder.appendingPathComponent("outside")
        try FileManager.default.moveItem(at: repository.appendingPathComponent("moved"), to: outside)
        try FileManager.default.createSymbolicLink(at: repository.appendingPathComponent("moved"), withDestinationURL: outside)
        let git = try GitRepository(containing: repository.path)
        let top = folder.appendingPathComponent("top")
        let scratch = folder.appendingPathComponent("scratch")
        for made in [top, scratch] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: false) }
        try git.checkOut(try git.commit("HEAD"), into: top.path, scratch: scratch.path, executor: Executor(width: 2))
        func inode(_ url: URL) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        }
        for (path, text) in files {
            #expect(try String(contentsOf: top.appendingPathComponent(path), encoding: .utf8) == text, "\(path)")
        }
        for path in ["same.swift", "Sources/Deep/same.swift"] {
            #expect(try inode(top.appendingPathComponent(path)) == inode(repository.appendingPathComponent(path)), "\(path)")
        }
        // Edited, other bytes, and in a folder SwiftPM writes in.
        for path in ["edited.swift", "crlf.swift", ".build/state.json"] {
            #expect(try inode(top.appendingPathComponent(path)) != inode(repository.appendingPathComponent(path)), "\(path)")
        }
        #expect(try inode(top.appendingPathComponent("moved/inner.swift")) != inode(outside.appendingPathComponent("inner.swift")))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: top.appendingPathComponent("link.swift").path) == "same.swift")
        try FileManager.default.removeItem(at: top)
        #expect(try String(contentsOf: repository.appendingPathComponent("same.swift"), encoding: .utf8) == "let same = 1\n")
        #expect(try String(contentsOf: repository.appendingPathComponent("crlf.swift"), encoding: .utf8) == "a\r\nb\r\n")
    }

    /// Enough files for several `hash-object` chunks hashed at once, while the folders are made: each
    /// file the working tree holds as committed is linked, each edited one written from its blob, in
    /// every chunk, whatever the executor's width.
    @Test(arguments: [1, 2, 3])
    func manyFilesAreHashedInChunksAtOnce(width: Int) throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-checkout-chunks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("repository")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try runGit(["init", "-q", "-b", "main"], in: repository)
        let paths = (0..<900).map { "Sources/Module\($0 % 7)/Group\($0 % 13)/File\($0).swift" }
        for (number, path) in paths.enumerated() { try write(repository, path, "let value\(number) = \(number)\n") }
        try runGit(["add", "-A"], in: repository)
        try runGit(["commit", "-q", "-m", "c"], in: repository)
        let edited = Set(paths.enumerated().filter { $0.offset % 97 == 5 }.map(\.element))
        for path in edited { try write(repository, path, "let edited = true\n") }
        let git = try GitRepository(containing: repository.path)
        let top = folder.appendingPathComponent("top")
        let scratch = folder.appendingPathComponent("scratch")
        for made in [top, scratch] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: false) }
        try git.checkOut(try git.commit("HEAD"), into: top.path, scratch: scratch.path, executor: Executor(width: width))
        func inode(_ url: URL) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        }
        var linked = 0
        for (number, path) in paths.enumerated() {
            let copy = top.appendingPathComponent(path)
            #expect(try String(contentsOf: copy, encoding: .utf8) == "let value\(number) = \(number)\n", "\(path)")
            let same = try inode(copy) == inode(repository.appendingPathComponent(path))
            #expect(same == !edited.contains(path), "\(path)")
            if same { linked += 1 }
        }
        #expect(linked == paths.count - edited.count)
        #expect(edited.count == 10)
    }
}
