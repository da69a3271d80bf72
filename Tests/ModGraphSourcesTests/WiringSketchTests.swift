import Foundation
import ModGraphCore
import ModGraphRules
import ModGraphSystem
import ModGraphTestSupport
import Testing
@testable import ModGraphSources

/// Files known by their bytes alone (issue #48's cold runs): what a sketch holds is what a parse could give, and an
/// analysis that leaves the sketched files out gives the answer of every file.
@Suite("wiring sketches")
struct WiringSketchTests {
    private static let vocabulary = WiringVocabulary()

    static func sketch(_ text: String) -> WiringSketch? {
        var text = text
        return text.withUTF8 { bytes in
            guard var sketch = WiringSketch(bytes, vocabulary: vocabulary) else { return nil }
            guard sketch.mentionsExtension else { return sketch }
            var reader = WiringSketch.ExtensionReader(bytes)
            guard SourceBudget.standard.measure(parsing: bytes, observer: &reader).excess == nil,
                let extensions = reader.extensions(in: bytes)
            else { return nil }
            sketch.add(extensions)
            return sketch
        }
    }

    private static func hashes(_ pieces: [String]) -> [UInt32] {
        pieces.map { piece in
            var piece = piece
            return piece.withUTF8 { WiringSketch.hash($0) }
        }
    }

    /// Names Swift holds equal have the same pieces, and a piece starting with a digit is none.
    @Test func piecesAreTheRunsOfTheCanonicalDecomposition() throws {
        #expect(WiringSketch.pieces(of: "Core.World<Int>") == Self.hashes(["Core", "World", "Int"]))
        #expect(WiringSketch.pieces(of: "\u{212A}eyStore") == WiringSketch.pieces(of: "KeyStore"))
        #expect(WiringSketch.pieces(of: "Caf\u{E9}") == WiringSketch.pieces(of: "Cafe\u{301}"))
        #expect(WiringSketch.pieces(of: "`Row`.a1") == Self.hashes(["Row", "a1"]))
        #expect(WiringSketch.pieces(of: "0").isEmpty && WiringSketch.pieces(of: "").isEmpty)
        // A file's text decomposed too: a use of the Kelvin sign's name holds the piece of the ASCII one.
        let kelvin = try #require(Self.sketch("let store = \u{212A}eyStore()\n"))
        #expect(Self.hashes(["KeyStore", "store", "let"]).allSatisfy(kelvin.contains))
        // A name with no piece may be anywhere: every sketch holds it.
        let names = WiringSketch.Names(["Missing", ""])
        #expect(names.anyIn(WiringSketch(pieces: [], declared: [])))
        #expect(!WiringSketch.Names(["Missing"]).anyIn(WiringSketch(pieces: Self.hashes(["Present"]).sorted(), declared: [])))
        #expect(WiringSketch.Names(["Core.Missing"]).anyIn(WiringSketch(pieces: Self.hashes(["Core", "Missing"]).sorted(), declared: [])))
        #expect(!WiringSketch.Names(["Core.Missing"]).anyIn(WiringSketch(pieces: Self.hashes(["Core"]), declared: [])))
    }

    /// Names are in a sketch when each of a name's pieces is: on thousands of names, whose first pieces share the words
    /// of the filter that passes most pieces over, the same answer as asking every name.
    @Test func aNameIsInASketchWhenAllItsPiecesAre() {
        var generator = SplitMix64(seed: 0x616e_7969)
        let words = (0..<3_000).map { "Word\($0)" }
        for _ in 0..<20 {
            let names = (0..<Int.random(in: 1...2_000, using: &generator)).map { _ in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                    .joined(separator: ".")
            }
            let index = WiringSketch.Names(names)
            for _ in 0..<50 {
                let held = (0..<Int.random(in: 0...40, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                let sketch = WiringSketch(pieces: Array(Set(Self.hashes(held))).sorted(), declared: [])
                let expected = names.contains { WiringSketch.pieces(of: $0).allSatisfy(sketch.contains) }
                #expect(index.anyIn(sketch) == expected)
            }
        }
    }

    /// What only a parse can weigh refuses a sketch; what a sketch reads of its extensions is where the parse puts them.
    @Test(arguments: [
        ("protocol Local {}", false), ("func s() { x.scoped { _ in } }", false), ("struct RowBuilder {}", false),
        ("let b: HomeBuildable? = nil", false), ("struct /* named */ Row {}", false), ("// a class, which\nstruct Row {}", false),
        ("struct Row {}\nextension Row {\n    struct Inner {}\n}", false), ("struct Holder {\n    extension Inner {}\n}", false),
        ("let x = 1 +\nextension Row {}", false), ("extension Row Other {}", false), ("extension Row. {}", false),
        ("let s = \"open\nextension Row {}", false), ("extension Row {", false), ("}\nextension Row {}", false),
        ("struct \u{E9}Row {}", false), ("final\nextension Row {}", false), ("struct Row {}\nextension Row: Equatable {}", true),
        ("let x = 1; extension Row {}", true),
        ("/* extension Hidden {} */\nstruct Shown {}", true), ("enum Mode { case a }\nfunc helper() -> Int { 1 }", true),
    ])
    func whatASketchRefuses(_ text: String, _ accepted: Bool) {
        #expect((Self.sketch(text) != nil) == accepted, "\(text)")
    }

    @Test func aSketchRefusesTextThatIsNotUTF8() {
        let bytes: [UInt8] = Array("struct Row {}\nlet s = \"".utf8) + [0xC0, 0xAF] + Array("\"\n".utf8)
        #expect(bytes.withUnsafeBufferPointer { WiringSketch($0, vocabulary: Self.vocabulary) } == nil)
        #expect(Self.sketch("struct Row {}\nlet s = \"\u{2FFF}\u{3042}\"\n") != nil)
    }

    /// A file whose facts a parse keeps truncated (more names than ``WiringFile/nameLimit``) is refused: a phase reads it.
    @Test func aFileTooLargeForWholeFactsIsRefused() throws {
        let uses = (0...WiringFile.nameLimit).map { "    _ = Name\($0).self" }.joined(separator: "\n")
        let text = "func uses() {\n" + uses + "\n}\n"
        #expect(try #require(SourceScanner.scan(text: text, readsWiring: true).wiring).isTruncated)
        #expect(Self.sketch(text) == nil)
        #expect(Self.sketch("func uses() {\n" + uses.prefix(2_000) + "\n}\n") != nil)
    }

    /// Declarations a parse lists and a sketch reads the same way: every kind of extension a sketch accepts.
    private static let corpus = [
        "@available(iOS 15, *)\npublic extension Row# {\n    var upper: String { title }\n}",
        "extension Array where Element == Row# {\n    func titles() -> [String] { map(\\.title) }\n}",
        "private extension Mode# { static let all: [Mode#] = [] }", "extension Core.World<Int>: Hashable {}",
        "#if DEBUG\nextension Row#: CustomStringConvertible {\n    var description: String { \"row \\(1)\" }\n}\n#endif",
        "@MainActor\nfinal class Store# {\n    @Published var rows: [Row#] = []\n}", "struct Caf\u{E9}# { let \u{212A}ey = 1 }",
        "enum `Mode#x` { case a }", "let made# = { () -> Int in 1 }()\nextension Int { var twice: Int { self * 2 } }",
        "/* extension Hidden {} */\nstruct Shown# {}", "let x# = 1; extension Row# {}", "func f#() {}\nextension Row#: Equatable {}\n",
        "extension [Row#] {\n    var count2: Int { count }\n}", "extension Optional where Wrapped == Row# {}",
        "extension Row# : Local, Hashable {}", "@objc(Row#) extension Row# {}", "extension Row#.Kind? {}",
        "struct Row# {\n    let title: String\n    struct Inner { let row: Row# }\n}", "final class Model#: NSObject, Codable {}",
        "actor Store#b {\n    var count = 0\n}", "extension Row# {\n    static func make() -> Row# { Row#(title: \"\") }\n}",
        "extension Dictionary<String, [Row#]> where Value: Collection {}", "public  extension /* the row */ Row# {}",
        "#if os(iOS)\n@available(iOS 13, *)\nextension Row# {}\n#elseif canImport(AppKit)\nextension Mode# {}\n#endif",
        "nonisolated extension Row# {}", "extension Row# { enum Kind {} }", "let s# = \"\"\"\nextension Text {}\n\"\"\"\n",
    ]

    /// The property: for files of the corpus, alone and in twos, what a sketch holds is what their parse gives: each
    /// piece of every name the facts hold is among its pieces, every part of a declaration's name among the names it
    /// declares, and its extensions are those the facts list, each type as written and at the same place.
    @Test func aSketchHoldsEveryNameAParseGives() throws {
        var generator = SplitMix64(seed: 50)
        var sketched = 0
        var extensions = 0
        for round in 0..<300 {
            let text = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                (Self.corpus.randomElement(using: &generator) ?? "").replacingOccurrences(
                    of: "#", with: String(Int.random(in: 0..<4, using: &generator)))
            }.joined(separator: Bool.random(using: &generator) ? "\n" : "\n\n// between\n")
            guard let sketch = Self.sketch(text) else { continue }
            sketched += 1
            let wiring = try #require(SourceScanner.scan(text: text, readsWiring: true).wiring)
            var names: [String] = wiring.mentions.map(\.name) + wiring.references.map(\.name) + wiring.paths.map(\.name)
            names += wiring.constructions.flatMap { [$0.type] + $0.arguments.flatMap(\.references) }
            for declaration in wiring.declarations {
                names += [declaration.name] + declaration.inherited.flatMap(\.baseAndNames)
                names += declaration.members.flatMap { ($0.type?.baseAndNames ?? []) + $0.references }
                for part in WiringName.parts(of: declaration.name) where declaration.kind != .file {
                    #expect(sketch.declared.contains(part), "round \(round): \(part) not declared in\n\(text)")
                }
            }
            for name in names {
                for part in WiringName.parts(of: name) {
                    for piece in WiringSketch.pieces(of: part) where !sketch.contains(piece) {
                        Issue.record("round \(round): a piece of \(part) is not in the sketch of\n\(text)")
                    }
                }
            }
            let listed = wiring.declarations.filter { $0.kind == .extension }.map {
                WiringRelevance.Inert.Extension(type: $0.name, line: $0.line, column: $0.column)
            }
            #expect(sketch.extensions == listed, "round \(round):\n\(text)")
            extensions += listed.count
        }
        #expect(sketched >= 150 && extensions >= 150, "sketched \(sketched), extensions \(extensions)")
    }
}

/// A cold analysis leaves the sketched files out (``WiringMemo/whole(_:requests:targets:roles:budget:runner:cache:)``).
@Suite("wiring sketches, analysed")
struct WiringSketchedAnalysisTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-sketch-\(UUID().uuidString)").path

    /// Each module's files (the fixture's and `extra`), written to a folder of its own.
    private func write(_ extra: [(module: String, text: String)], replacing: [String: String] = [:]) throws -> [TargetSources] {
        try WiringRelevanceTests.modules.map { module in
            let directory = folder + "/" + module
            try? FileManager.default.removeItem(atPath: directory)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let texts = [replacing[module] ?? WiringRelevanceTests.texts[module] ?? ""] + extra.filter { $0.module == module }.map(\.text)
            var files: [String] = []
            for (index, text) in texts.enumerated() {
                files.append(directory + "/File\(index).swift")
                try text.write(toFile: files[index], atomically: false, encoding: .utf8)
            }
            return TargetSources(target: id(module), folder: directory, files: files)
        }
    }

    private static func whole(_ targets: [TargetSources], cache: ScanCache? = nil) throws -> WiringMemo.Whole {
        let requests = targets.flatMap { $0.files.map { SourceScanner.Request(path: $0, readsWiring: true) } }
        return try WiringMemo.whole(
            WiringFixture.graph, requests: requests, layout: WiringMemo.Layout(roles: WiringRelevanceTests.roles, targets: targets),
            budget: .standard, runner: .sequential, cache: cache)
    }

    /// Every file parsed and analysed, as before sketches.
    private static func analyzed(_ targets: [TargetSources]) throws -> WiringFacts {
        var scanned: [TargetID: [ScannedFile]] = [:]
        for sources in targets {
            scanned[sources.target] = try SourceScanner.scan(requests: sources.files.map { .init(path: $0, readsWiring: true) })
        }
        return WiringAnalyzer(roles: WiringRelevanceTests.roles).analyze(
            scanned: scanned, folders: Dictionary(uniqueKeysWithValues: targets.map { ($0.target, $0.folder) }), graph: WiringFixture.graph)
    }

    private static func bytes(_ facts: WiringFacts) -> [UInt8] {
        var writer = ScanWriter()
        facts.write(to: &writer)
        return writer.bytes
    }

    /// The property: apps of the fixture and random files (plain ones, and ones a phase reads or whose names the
    /// analysis matches by), analysed cold with their plain files sketched, give the answer of every file parsed,
    /// byte for byte, with every name it declares (and perhaps more). Some sketched files turn out to matter
    /// beside the others' analysis, and are parsed.
    @Test func leavingTheSketchedFilesOutGivesTheFullAnswer() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SplitMix64(seed: 51)
        var sketched = 0
        var parsedAfterAll = 0
        for round in 0..<120 {
            let extra = (0..<Int.random(in: 2...8, using: &generator)).map { _ in
                (
                    WiringRelevanceTests.modules.randomElement(using: &generator) ?? "Home",
                    WiringRelevanceTests.randomFile(using: &generator)
                )
            }
            let targets = try write(extra)
            let whole = try Self.whole(targets)
            let full = try Self.analyzed(targets)
            #expect(Self.bytes(whole.facts) == Self.bytes(full), "round \(round): \(extra)")
            #expect(whole.facts.useNames == full.useNames && whole.facts.names.isSuperset(of: full.names), "round \(round)")
            sketched += whole.sketched.count
            let texts = targets.flatMap(\.files).map { try? String(contentsOfFile: $0, encoding: .utf8) }
            parsedAfterAll +=
                texts.indices.filter { index in
                    whole.sketched[index] == nil && !Self.isReadFirst(index, targets)
                        && texts[index].flatMap(WiringSketchTests.sketch) != nil
                }.count
        }
        #expect(sketched >= 200 && parsedAfterAll >= 5, "sketched \(sketched), parsed after all \(parsedAfterAll)")
    }

    /// A run that starts well after the files were written, so that their stamps are settled.
    private func cache(_ shelves: [ScanCache.Shelf: Data] = [:]) -> ScanCache {
        ScanCache(started: FileStamp.now + 3 * FileStamp.coarsestTick, encoded: shelves)
    }

    /// The answer's bytes: the inventory, the needs and the extensions.
    private func read(_ targets: [TargetSources], _ cache: ScanCache?) throws -> [UInt8] {
        let outcome = try WiringMemo.facts(
            WiringFixture.graph, targets: targets, roles: WiringRelevanceTests.roles, budget: .standard, runner: .sequential, cache: cache)
        return Self.bytes(outcome.facts)
    }

    /// A sketched file edited (a comment above its extension, which moves it; a type, a member or a conformance added)
    /// keeps the answer, its extensions where they are now, without analysing the files again: no scan is read from
    /// the shelf. An edit that makes it matter (a builder named, a name the interfaces declare) is analysed again. The
    /// answer is the cold one each time.
    @Test func anEditOfASketchedFileKeepsTheAnswer() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = "struct HomeRow {\n    let title: String\n}\n"
        let extended = plain + "\nextension HomeRow {\n    var upper: String { title }\n}\n"
        // A later module's extension: the answer lists Home's before it.
        let records = ("Records", "struct RecordsCell {}\nextension RecordsCell {}\n")
        let first = cache()
        _ = try read(try write([("Home", plain), records]), first)
        var shelves = first.encoded()
        for (edit, kept) in [
            (extended, true), ("// above\n\n" + extended, true), (extended + "struct HomeFooter {}\n", true),
            (extended.replacingOccurrences(of: "{ title }", with: "{ title.uppercased() }"), true),
            (extended + "extension HomeRow: Equatable {}\n", true), ("extension HomeRow: Hashable {}\n" + extended, true),
            (extended + "struct Inbox {}\n", false), (extended + "func make() { _ = RowsBuilder() }\n", false),
        ] {
            let targets = try write([("Home", edit), records])
            let run = cache(shelves)
            let answer = try read(targets, run)
            #expect(answer == (try read(targets, nil)), "\(edit)")
            #expect((run.hits == 0) == kept, "\(edit): hits \(run.hits)")
            shelves.merge(run.encoded()) { _, new in new }
        }
    }

    /// An interface module's top-level functions and variables (a declaration named `""`) and its extensions of types
    /// every file uses (`String`) do not make every file matter: no index a use outside the app is looked up in holds
    /// them. The plain files are still left out, and the answer is every file's.
    @Test func anInterfaceModulesTopLevelFunctionsLeaveThePlainFilesOut() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let interfaces =
            (WiringRelevanceTests.texts["Interfaces"] ?? "")
            + "\npublic func interfacesHelper() -> Int { 1 }\nextension String {\n    public var shouted: String { self }\n}\n"
        let targets = try write([("Home", "struct HomeRow {\n    let title: String\n}\n")], replacing: ["Interfaces": interfaces])
        let whole = try Self.whole(targets)
        #expect(whole.sketched.count == 1)
        #expect(Self.bytes(whole.facts) == Self.bytes(try Self.analyzed(targets)))
    }

    /// A file the analysis read (Records' fixture file: a provider) that is edited into a plain one is analysed again,
    /// not taken for a file left out: what it gave the answer goes with it.
    @Test func aFileAnalysedIsNotTakenForOneLeftOut() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = [("Home", "struct HomeRow {\n    let title: String\n}\n")]
        let first = cache()
        let before = try read(try write(plain), first)
        let targets = try write(plain, replacing: ["Records": "struct RecordsRow {}\n"])
        let after = try read(targets, cache(first.encoded()))
        #expect(after == (try read(targets, nil)) && after != before)
    }

    /// Whether the file at `index` is one the analysis reads whatever the others say: an interface module's or the app's.
    private static func isReadFirst(_ index: Int, _ targets: [TargetSources]) -> Bool {
        let places = WiringMemo.Layout(roles: WiringRelevanceTests.roles, targets: targets).places
        let roles = WiringRelevanceTests.roles
        return roles.interfaces.contains(places[index].target) || roles.app.contains(places[index].target)
    }
}
