import Foundation
import ModGraphChanges
import ModGraphCore
import ModGraphManifest
import ModGraphSystem

/// The `affected.triggers` `modgraph init` proposes: folders that tests read
/// but no target builds (`Fixtures`, `Inputs` or `Resources`, at a package's
/// top or under its `Tests/`), each with the test targets that read it, and
/// how that was told (``Basis``). Without them a change to a fixture selects no
/// test (docs/affected.md).
///
/// Tests seldom name the folder itself: SwiftPM's tests call a helper with
/// `fixture(name: "Miscellaneous/Simple")`, and only the helper says `Fixtures`.
/// So a test reads the folder when its sources name the folder or begin a string
/// literal with the name of something in it (`"Miscellaneous/…"`).
struct StarterTriggers {
    /// How a trigger's tests were found, said above it in the configuration.
    enum Basis: Equatable {
        /// The folder is under `Tests/NAME/`: NAME's.
        case testFolder
        /// The tests whose sources name the folder or what is in it.
        case named
        /// None names it: every test of the package.
        case everyTest
    }

    struct Trigger: Equatable {
        /// Relative to the folder the configuration is written in.
        let path: String
        /// Target patterns, each matching one target exactly.
        let targets: [String]
        let basis: Basis
    }

    let triggers: [Trigger]

    static let folderNames = ["Fixtures", "Inputs", "Resources"]
    /// The most Swift files read, and bytes read of each, to find the tests that name a folder.
    static let maximumFiles = 2_000
    static let maximumFileBytes = 256 << 10
    /// The most entries of a folder looked for in the tests' sources.
    static let maximumEntries = 1_000

    init(loaded: LoadedGraph, folder: String) {
        let base = Paths.canonical(folder) ?? folder
        let owners = FileOwners(loaded.targetFiles)
        var triggers: [Trigger] = []
        var reader = SourceWords(loaded: loaded)
        let packages = loaded.workspace.packages.values.filter(\.origin.isOwn).sorted { $0.identity.rawValue < $1.identity.rawValue }
        for package in packages {
            guard let directory = package.directory, let inside = ChangeJudge.relative(directory, to: base) else { continue }
            let tests = loaded.graph.targets.filter { $0.package == package.identity && $0.type == .test }
            guard !tests.isEmpty else { continue }
            for candidate in Self.candidates(in: directory) where owners.owners(of: candidate + "/-").isEmpty {
                let name = (candidate as NSString).lastPathComponent
                let relative = ChangeJudge.relative(candidate, to: directory) ?? name
                let parts = relative.split(separator: "/").map(String.init)
                var readers = tests.filter { parts.count >= 3 && parts[0] == "Tests" && $0.name == parts[1] }
                var basis = Basis.testFolder
                if readers.isEmpty {
                    let entries = Self.entries(of: candidate)
                    readers = tests.filter { reader.names(name, orAnyOf: entries, in: $0.id) }
                    basis = .named
                }
                if readers.isEmpty {
                    readers = tests
                    basis = .everyTest
                }
                let path = (inside == "." ? "" : inside + "/") + relative + "/**"
                triggers.append(Trigger(path: path, targets: readers.map { StarterConfiguration.literal($0.id) }.sorted(), basis: basis))
            }
        }
        self.triggers = triggers
    }

    /// The names in `folder` a test would begin a path with (no hidden ones, none shorter than 3 characters), sorted.
    static func entries(of folder: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Set(names.sorted().filter { !$0.hasPrefix(".") && $0.count >= 3 }.prefix(maximumEntries))
    }

    /// What each test target's Swift files say, read once while the budget of files lasts: the
    /// whole text, to look for a folder's name, and the start of every string literal (up to a
    /// `/` or its end), to look for what is in it.
    struct SourceWords {
        let loaded: LoadedGraph
        var read: [TargetID: (texts: [String], literalHeads: Set<Substring>)] = [:]
        var filesRead = 0

        /// Whether `target`'s sources name `folder` or begin a string literal with one of `entries`.
        mutating func names(_ folder: String, orAnyOf entries: Set<String>, in target: TargetID) -> Bool {
            if read[target] == nil {
                let texts = StarterTriggers.sources(of: target, in: loaded, budget: &filesRead).map(StarterTriggers.text)
                read[target] = (texts, Set(texts.flatMap(StarterTriggers.literalHeads)))
            }
            guard let words = read[target] else { return false }
            return words.texts.contains { $0.contains(folder) } || entries.contains { words.literalHeads.contains(Substring($0)) }
        }
    }

    /// The start of each one-line string literal in `text`: its characters up to the first `/`
    /// (or its end, at most 200); a literal ends at its closing quote (escapes skipped) or the line's end.
    ///
    /// - Complexity: O(n).
    static func literalHeads(_ text: String) -> [Substring] {
        var heads: [Substring] = []
        let bytes = Array(text.utf8)
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        let newline = UInt8(ascii: "\n")
        let slash = UInt8(ascii: "/")
        var index = 0
        while index < bytes.count {
            guard bytes[index] == quote else {
                index += 1
                continue
            }
            var end = index + 1
            var headEnd: Int?
            while end < bytes.count, bytes[end] != quote, bytes[end] != newline {
                if bytes[end] == slash, headEnd == nil { headEnd = end }
                end += bytes[end] == backslash ? 2 : 1
            }
            let last = min(headEnd ?? end, bytes.count, index + 1 + 200)
            if last > index + 1, let head = String(bytes: bytes[(index + 1)..<last], encoding: .utf8) { heads.append(Substring(head)) }
            index = end + 1
        }
        return heads
    }

    /// `Fixtures` (and the like) at the package's top, under `Tests/`, and under `Tests/NAME/`.
    static func candidates(in directory: String) -> [String] {
        var folders: [String] = []
        for name in folderNames {
            folders.append(directory + "/" + name)
            folders.append(directory + "/Tests/" + name)
        }
        let tests = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/Tests")) ?? []
        for test in tests.sorted() where !folderNames.contains(test) {
            for name in folderNames { folders.append(directory + "/Tests/" + test + "/" + name) }
        }
        return folders.filter { FileStatus.isFolder($0) }
    }

    /// The Swift files of a test target's folder, while the budget lasts.
    static func sources(of target: TargetID, in loaded: LoadedGraph, budget: inout Int) -> [String] {
        guard case let .folder(folder, _, _)? = loaded.targetFiles[target],
            let enumerator = FileManager.default.enumerator(atPath: folder)
        else { return [] }
        var files: [String] = []
        while let next = enumerator.nextObject() as? String, budget < maximumFiles {
            guard next.hasSuffix(".swift") else { continue }
            budget += 1
            files.append(folder + "/" + next)
        }
        return files
    }

    /// The first bytes of a file, as text.
    static func text(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        return String(decoding: handle.readData(ofLength: maximumFileBytes), as: UTF8.self)
    }
}
