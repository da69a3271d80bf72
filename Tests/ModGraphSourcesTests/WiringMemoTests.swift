import Foundation
import ModGraphCore
import ModGraphRules
import ModGraphSystem
import ModGraphTestSupport
import Testing
@testable import ModGraphSources

/// The wiring analysis remembered across runs (issue #48): read back only for the same files and roles,
/// and the same answer as analysing them again.
@Suite("wiring memo")
struct WiringMemoTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-memo-\(UUID().uuidString)").path

    /// The fixture's modules, a folder and a file each, written below the test's folder.
    private func write(_ overrides: [String: String] = [:]) throws -> [TargetSources] {
        var texts = [
            "Interfaces": WiringFixture.interfaces, "Paywall": WiringFixture.paywall, "Home": WiringFixture.home,
            "Messaging": WiringFixture.messaging, "Records": WiringFixture.records, "App": WiringFixture.app,
            "HomeTests": WiringFixture.homeTests,
        ]
        for (name, text) in overrides { texts[name] = text }
        return try texts.keys.sorted().map { name in
            let directory = folder + "/" + name
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let file = directory + "/" + name + ".swift"
            if let text = texts[name], (try? String(contentsOfFile: file, encoding: .utf8)) != text {
                try text.write(toFile: file, atomically: false, encoding: .utf8)
            }
            return TargetSources(target: id(name), folder: directory, files: [file])
        }
    }

    private var roles: WiringRoles { WiringRoles.inferred(from: WiringFixture.graph, interfaces: [id("Interfaces")]) }

    /// A run that starts well after the files were written, so that their stamps are settled.
    private func cache(_ shelves: [ScanCache.Shelf: Data] = [:]) -> ScanCache {
        ScanCache(started: FileStamp.now + 3 * FileStamp.coarsestTick, encoded: shelves)
    }

    /// The cache folder after `runs`: each shelf as the last run that wrote it left it.
    private func folder(after runs: ScanCache...) -> [ScanCache.Shelf: Data] {
        runs.reduce(into: [:]) { shelves, run in shelves.merge(run.encoded()) { _, new in new } }
    }

    private func read(_ targets: [TargetSources], roles: WiringRoles? = nil, _ cache: ScanCache?) throws -> Wiring {
        try WiringReader.read(WiringFixture.graph, targets: targets, roles: roles ?? self.roles, cache: cache).wiring
    }

    /// The digests of an analysis's files, written from the files' keys in their order, are the table of the first
    /// digest of each key (a key twice: the same bytes in two files; none: a file without one), in the order of the keys.
    @Test func theDigestsOfTheFilesAreTheTableOfTheFirstOfEachKey() {
        var generator = SplitMix64(seed: 0x6469_6773)
        for _ in 0..<200 {
            let count = Int.random(in: 0..<40, using: &generator)
            let keys: [String?] = (0..<count).map { _ in
                Int.random(in: 0..<8, using: &generator) == 0 ? nil : "k\(Int.random(in: 0..<(count / 2 + 1), using: &generator))-w"
            }
            let digests = (0..<count).map { _ in (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) } }
            var first: [String: [UInt8]] = [:]
            for (key, digest) in zip(keys, digests) where first[key ?? ""] == nil { first[key ?? ""] = digest }
            #expect(WiringMemo.Kept.table(keys: keys, digests: digests) == WiringMemo.Kept.table(first))
            // Written by hand: the count, then each key (ASCII: the order of `<`) and its first digest.
            var writer = ScanWriter()
            writer.int(first.count)
            for key in first.keys.sorted() {
                writer.raw(key)
                writer.bytes(first[key] ?? [])
            }
            #expect(WiringMemo.Kept.table(keys: keys, digests: digests) == writer.bytes)
            #expect(WiringMemo.Kept.digests(WiringMemo.Kept.table(keys: keys, digests: digests)[...]) == first)
        }
    }

    @Test func theAnswerKeptIsTheAnswerAndIsReadBackForTheSameFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let targets = try write()
        let cold = try read(targets, nil)
        #expect(!cold.edges.isEmpty)
        let first = cache()
        #expect(try read(targets, first) == cold)
        let learnt = first.encoded()
        #expect(learnt[.analyses] != nil)
        // The next run reads the answer back: no file's entry is read, and nothing new is written.
        let second = cache(learnt)
        #expect(try read(targets, second) == cold)
        #expect(second.hits == 0 && second.misses == 0 && second.encoded().isEmpty)
        // Written and read back, the facts the checks judge are the same.
        let facts = try WiringMemo.facts(
            WiringFixture.graph, targets: targets, roles: roles, budget: .standard, runner: .sequential, cache: nil
        ).facts
        var writer = ScanWriter()
        facts.write(to: &writer)
        var reader = ScanReader(writer.bytes)
        let back = try WiringFacts(reading: &reader)
        #expect(reader.isAtEnd && back.wiring == facts.wiring && back.extensions.map(\.site) == facts.extensions.map(\.site))
        #expect(
            back.needs.map { "\($0.kind) \($0.label) \($0.needer) \($0.site) \($0.providers) \($0.wired)" }
                == facts.needs.map { "\($0.kind) \($0.label) \($0.needer) \($0.site) \($0.providers) \($0.wired)" })
    }

    /// Files written this instant have no settled stamp: their bytes are hashed, and the answer still read back.
    @Test func filesWithoutAStampAreHashedAndTheAnswerReadBack() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let targets = try write()
        let first = ScanCache(started: FileStamp.now)
        let cold = try read(targets, first)
        let learnt = first.encoded()
        #expect(learnt[.stamps] == nil && learnt[.analyses] != nil)
        let second = ScanCache(started: FileStamp.now, encoded: learnt)
        #expect(try read(targets, second) == cold)
        #expect(second.hits == 0 && second.misses == 0)
    }

    /// The same files in another folder (`diff`'s copy of a commit): the answer is named by paths within
    /// each module's folder, so the copy reads the answer the working tree kept.
    @Test func aCopyOfTheFilesElsewhereReadsTheAnswerBack() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        defer { try? FileManager.default.removeItem(atPath: folder + "-copy") }
        let targets = try write()
        let first = cache()
        let answer = try read(targets, first)
        try FileManager.default.copyItem(atPath: folder, toPath: folder + "-copy")
        let copied = targets.map { sources in
            TargetSources(
                target: sources.target, folder: sources.folder.replacingOccurrences(of: folder, with: folder + "-copy"),
                files: sources.files.map { $0.replacingOccurrences(of: folder, with: folder + "-copy") })
        }
        let copy = cache(first.encoded())
        #expect(try read(copied, copy) == answer)
        #expect(copy.hits == 0 && copy.misses == 0)
    }

    /// A file changed, or other roles: another key, so the answer is analysed again and is the cold one.
    @Test func anotherFileOrOtherRolesAreAnalysedAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let targets = try write()
        let first = cache()
        _ = try read(targets, first)
        let learnt = first.encoded()
        let before = try read(targets, nil)
        // Records also provides MessagingBuilding now: a change the answer must show.
        let records = WiringFixture.records + "\npublic struct RecordsInbox: MessagingBuilding {}\n"
        let changed = try write(["Records": records])
        let third = cache(learnt)
        let warm = try read(changed, third)
        #expect(warm == (try read(changed, nil)))
        #expect(warm != before)
        // The changed file parsed once, to learn that its facts changed (its previous scan read to compare);
        // the five others read from their shelf.
        #expect(third.hits == 6 && third.encoded()[.analyses] != nil)
        // Other words for builders: the same files, another answer.
        var vocabulary = WiringVocabulary.standard
        vocabulary.builderProtocols = ["Maker"]
        var other = roles
        other.vocabulary = vocabulary
        let otherWords = try read(changed, roles: other, cache(third.encoded()))
        #expect(otherWords == (try read(changed, roles: other, nil)))
        #expect(otherWords != warm)
    }

    /// An answer kept under the key of the files as they are is what a run reads, unanalysed: here a
    /// planted empty one, which only a cache written by someone else could hold.
    @Test func aKeptAnswerIsReadWithoutAnalysing() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let targets = try write()
        let first = cache()
        _ = try read(targets, first)
        let learnt = first.encoded()
        let analysed = targets.filter { $0.target.name != "HomeTests" }
        let keys = analysed.flatMap { sources in
            sources.files.map { path in
                ScanStamps(encoded: learnt[.stamps], started: 0).entries[path]?.keys[
                    ScanStamps.kind(SourceScanner.Request(path: path, readsWiring: true), budget: .standard)]
            }
        }
        let key = try #require(WiringMemo.key(layout: WiringMemo.Layout(roles: roles, targets: analysed), keys: keys))
        let planted = ScanAnswers(index: nil) { _ in nil }
        var writer = ScanWriter()
        WiringFacts(wiring: Wiring(), needs: [], extensions: []).write(to: &writer)
        planted.keep(WiringMemo.Kept.body(factsKey: "", facts: writer.bytes[...]), for: key, tag: "")
        let written = try #require(planted.encoded())
        let body = try #require(written.body)
        var shelves = learnt
        shelves[.analyses] = written.index
        shelves[.answer(written.slot)] = body
        #expect(try read(targets, cache(shelves)) == Wiring())
        // A damaged answer is analysed again.
        shelves[.answer(written.slot)] = Data(body.dropLast())
        #expect(try read(targets, cache(shelves)) == (try read(targets, nil)))
    }

    /// A file edited without changing what it declares and uses (a comment added at its end): only it is
    /// parsed, and the answer kept under the same facts is read back, then kept under the files' new keys.
    @Test func aChangeThatLeavesTheFactsReadsTheAnswerBack() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let targets = try write()
        let first = cache()
        let answer = try read(targets, first)
        let changed = try write(["Records": WiringFixture.records + "\n// Reviewed.\n"])
        let second = cache(first.encoded())
        #expect(try read(changed, second) == answer)
        // One file parsed without its shelf (no entry read; kept among the recent scans), and the answer kept under the new keys.
        #expect(second.misses == 0 && second.hits == 0)
        let written = second.encoded()
        #expect(written[.analyses] != nil && written[.whole] == nil && written[.recent] != nil)
        // The same facts, the same answer: the index names the file that holds it, which is not written again.
        #expect([ScanCache.Shelf.answer0, .answer1, .answer2, .answer3].allSatisfy { written[$0] == nil })
        let learnt = folder(after: first, second)
        let third = cache(learnt)
        #expect(try read(changed, third) == answer)
        #expect(third.hits == 0 && third.misses == 0 && third.encoded()[.analyses] == nil)
        // A line added above the declarations moves them: the answer's places in the file move with them,
        // the file's previous scan read from the recent scans (one hit), no other file's, and the cold answer.
        let moved = try write(["Records": "// Reviewed.\n" + WiringFixture.records])
        let fourth = cache(learnt)
        let analysed = try read(moved, fourth)
        #expect(analysed == (try read(moved, nil)))
        #expect(analysed != answer)
        #expect(fourth.hits == 1 && fourth.misses == 0 && fourth.encoded()[.analyses] != nil)
    }

    /// A body edited in the values it reads only (`filter` → `filter.lowercased()`), the commonest edit: no
    /// check matches values, so the facts are the same and the answer is read back unanalysed, as for a comment.
    @Test func aBodyEditOfTheValuesReadLeavesTheFacts() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let targets = try write()
        let first = cache()
        let answer = try read(targets, first)
        let edited = WiringFixture.records.replacingOccurrences(of: "Screen(title: filter)", with: "Screen(title: filter.lowercased())")
        #expect(edited != WiringFixture.records)
        let changed = try write(["Records": edited])
        let second = cache(first.encoded())
        #expect(try read(changed, second) == answer)
        let written = second.encoded()
        #expect(second.misses == 0 && second.hits == 0 && written[.analyses] != nil)
        #expect([ScanCache.Shelf.answer0, .answer1, .answer2, .answer3].allSatisfy { written[$0] == nil })
    }

    /// The app's file, where most places of the answer are, grown by lines and columns in several places:
    /// the answer read back with its places moved is the answer of analysing it cold.
    @Test func linesAddedInTheAppMoveTheAnswersPlaces() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let targets = try write()
        let first = cache()
        let answer = try read(targets, first)
        let grown = WiringFixture.app
            .replacingOccurrences(of: "import Paywall\n", with: "import Paywall\n\n// The app's wiring.\n")
            .replacingOccurrences(of: "struct PaywallDepsImpl", with: "/// Paywall's.\nstruct  PaywallDepsImpl")
            .replacingOccurrences(of: "{ Inbox() }", with: "{\n        Inbox()\n    }")
        let changed = try write(["App": grown])
        let second = cache(first.encoded())
        let moved = try read(changed, second)
        #expect(moved == (try read(changed, nil)))
        #expect(moved != answer)
        // The file's previous scan not among the recent scans (a miss), read from its shelf (a hit).
        #expect(second.hits == 1 && second.misses == 1)
        // Read back by the files' new keys on the next run, with nothing parsed.
        let third = cache(folder(after: first, second))
        #expect(try read(changed, third) == moved)
        #expect(third.hits == 0 && third.misses == 0)
        // A name changed besides: not a move, analysed again (the grown file's scan read from the recent
        // scans to compare, then the five other files from their shelf).
        let renamed = try write(["App": grown.replacingOccurrences(of: "Inbox()", with: "Mailbox()")])
        let fourth = cache(folder(after: first, second, third))
        #expect(try read(renamed, fourth) == (try read(renamed, nil)))
        #expect(fourth.hits == 6)
    }

    /// Places that change their order are not moved: two scans that say the same things, one with its
    /// lines swapped, give no map; lines added above give one that keeps the order.
    @Test func placesMoveOnlyInTheirOrder() throws {
        let before = SourceScanner.scan(text: "struct A {}\nstruct B {}\n", readsWiring: true)
        let below = SourceScanner.scan(text: "\n\nstruct A {}\n  struct B {}\n", readsWiring: true)
        let map = try #require(WiringMemo.moves(from: before, to: below))
        #expect(map[ScanPosition(line: 1, column: 1)] == ScanPosition(line: 3, column: 1))
        #expect(map[ScanPosition(line: 2, column: 1)] == ScanPosition(line: 4, column: 3))
        let swapped = SourceScanner.scan(text: "struct B {}\nstruct A {}\n", readsWiring: true)
        #expect(WiringMemo.moves(from: before, to: swapped) == nil)
        let more = SourceScanner.scan(text: "struct A {}\nstruct B {}\nstruct C {}\n", readsWiring: true)
        #expect(WiringMemo.moves(from: before, to: more) == nil)
    }

    /// The answer is found by its facts' key, not analysed: here a planted empty one, kept under the key of
    /// the facts the files have after a comment is added, with each file's facts digest.
    @Test func theAnswerIsFoundByTheFactsOfTheFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let targets = try write()
        let first = cache()
        _ = try read(targets, first)
        let learnt = first.encoded()
        let analysed = targets.filter { $0.target.name != "HomeTests" }
        let files = try SourceScanner.scan(
            requests: analysed.flatMap(\.files).map { SourceScanner.Request(path: $0, readsWiring: true) }, budget: .standard,
            runner: .sequential, cache: nil)
        let digests = files.map { WiringMemo.digest(of: $0) }
        let factsKey = WiringMemo.factsKey(layout: WiringMemo.Layout(roles: roles, targets: analysed), digests: digests)
        let stamps = ScanStamps(encoded: learnt[.stamps], started: 0)
        let table = Dictionary(
            uniqueKeysWithValues: zip(
                analysed.flatMap(\.files).map { path in
                    stamps.entries[path]?.keys[ScanStamps.kind(SourceScanner.Request(path: path, readsWiring: true), budget: .standard)]
                        ?? ""
                }, digests))
        var writer = ScanWriter()
        WiringFacts(wiring: Wiring(), needs: [], extensions: []).write(to: &writer)
        let planted = ScanAnswers(index: nil) { _ in nil }
        planted.keep(WiringMemo.Kept.body(factsKey: factsKey, facts: writer.bytes[...]), for: "another key", tag: factsKey)
        let answer = try #require(planted.encoded())
        let kept = ScanAnalyses(encoded: nil, limit: 1)
        kept.keep(WiringMemo.Kept.table(table), for: "digests")
        var shelves = learnt
        shelves[.analyses] = answer.index
        shelves[.answer(answer.slot)] = answer.body
        shelves[.digests] = kept.encoded()
        let changed = try write(["Records": WiringFixture.records + "\n// Reviewed.\n"])
        #expect(try read(changed, cache(shelves)) == Wiring())
        // Without the digests, the change is analysed.
        shelves[.digests] = nil
        #expect(try read(changed, cache(shelves)) == (try read(changed, nil)))
    }

    /// After a declaration is added the wiring is analysed again, and the digests kept are each file's scan's by
    /// its key, whether the latest analysis's table gave them or the file was hashed.
    @Test func theDigestsKeptAfterAnAnalysisAreThoseOfTheFilesScans() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = cache()
        _ = try read(try write(), first)
        let changed = try write(["Records": WiringFixture.records + "\npublic struct Added {}\n"])
        let second = cache(first.encoded())
        #expect(try read(changed, second) == (try read(changed, nil)))
        let learnt = folder(after: first, second)
        let table = try #require(ScanAnalyses(encoded: learnt[.digests], limit: 1).bodies.first.flatMap(WiringMemo.Kept.digests))
        let stamps = ScanStamps(encoded: learnt[.stamps], started: 0)
        let paths = changed.filter { $0.target.name != "HomeTests" }.flatMap(\.files)
        let files = try SourceScanner.scan(
            requests: paths.map { SourceScanner.Request(path: $0, readsWiring: true) }, budget: .standard, runner: .sequential, cache: nil)
        #expect(table.count == paths.count)
        for (path, file) in zip(paths, files) {
            let key = stamps.entries[path]?.keys[ScanStamps.kind(SourceScanner.Request(path: path, readsWiring: true), budget: .standard)]
            #expect(key.flatMap { table[$0] } == WiringMemo.digest(of: file), "\(path)")
        }
    }

    /// Records' folder with a generated file over `budget`'s parse (as element-x-ios commits its mocks) beside its own.
    private func withGenerated(_ targets: [TargetSources]) throws -> [TargetSources] {
        try targets.map { sources in
            guard sources.target.name == "Records" else { return sources }
            let file = sources.folder + "/Generated.swift"
            let text = "public enum Generated {\n" + (0..<200).map { "    public static let value\($0) = \($0)\n" }.joined() + "}\n"
            if (try? String(contentsOfFile: file, encoding: .utf8)) != text {
                try text.write(toFile: file, atomically: false, encoding: .utf8)
            }
            return TargetSources(target: sources.target, folder: sources.folder, files: sources.files + [file])
        }
    }

    /// A file over the parse budget is kept in the answer with what it exceeded (it kept any answer from being
    /// kept, so every warm run analysed again): read back warm, found by the files' facts after a comment
    /// elsewhere, and moved after lines added, the answer and the warning are a cold run's.
    @Test func aFileOverTheBudgetIsKeptInTheAnswerWithItsWarning() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let budget = SourceBudget(maximumParsedBytes: 2_000)
        func outcome(_ targets: [TargetSources], _ cache: ScanCache?) throws -> WiringReader.Outcome {
            try WiringReader.read(WiringFixture.graph, targets: targets, roles: roles, budget: budget, cache: cache)
        }
        let targets = try withGenerated(try write())
        let cold = try outcome(targets, nil)
        #expect(cold.skipped.map(\.path) == [folder + "/Records/Generated.swift"] && !cold.wiring.edges.isEmpty)
        let first = cache()
        #expect(try outcome(targets, first).skipped == cold.skipped)
        #expect(first.encoded()[.analyses] != nil)
        // Warm: the answer read back, no scan decoded.
        let second = cache(first.encoded())
        let warm = try outcome(targets, second)
        #expect(warm.wiring == cold.wiring && warm.skipped == cold.skipped)
        #expect(second.hits == 0 && second.misses == 0)
        // A comment in another module: found by the files' facts, no scan decoded.
        let learnt = folder(after: first, second)
        let commented = try withGenerated(try write(["Home": WiringFixture.home + "\n// Reviewed.\n"]))
        let third = cache(learnt)
        let found = try outcome(commented, third)
        let commentedCold = try outcome(commented, nil)
        #expect(found.wiring == commentedCold.wiring && found.skipped == commentedCold.skipped)
        #expect(third.hits == 0 && third.misses == 0)
        // A line added at the top of the app: the answer's places moved, the app's previous scan the one scan read
        // (from its shelf, after the recent scans, which do not hold it: one miss).
        let moved = try withGenerated(try write(["App": "// Reviewed.\n" + WiringFixture.app]))
        let fourth = cache(learnt)
        let movedAnswer = try outcome(moved, fourth)
        let movedCold = try outcome(moved, nil)
        #expect(movedAnswer.wiring == movedCold.wiring && movedAnswer.skipped == movedCold.skipped)
        #expect(movedAnswer.wiring != cold.wiring)
        #expect(fourth.hits == 1 && fourth.misses == 1)
    }

    /// A skipped file says nothing its scan knows: its digest names what it exceeded, so that it passes neither for
    /// an empty file nor for one skipped otherwise; and what it exceeded is kept and read back as it was.
    @Test func aSkippedFileIsToldFromAnEmptyOneAndWhatItExceededIsKept() throws {
        let excesses: [SourceBudget.Excess] = [
            .fileBytes(9, limit: 8), .parsedBytes(7, limit: 6), .nesting(limit: 5), .bracketNesting(limit: 4), .treeDepth(limit: 3),
            .stack(depth: 2),
        ]
        let files = [ScannedFile(path: "A.swift", imports: [])] + excesses.map { ScannedFile(path: "A.swift", imports: [], skipped: $0) }
        #expect(Set(files.map { WiringMemo.digest(of: $0) }).count == files.count)
        for excess in excesses {
            var writer = ScanWriter()
            excess.write(to: &writer)
            var reader = ScanReader(writer.bytes)
            #expect(try SourceBudget.Excess(reading: &reader) == excess && reader.isAtEnd)
        }
        #expect(excesses.filter(\.recurs).count == excesses.count - 1)
    }

    /// The shelf keeps the latest answers, the newest first, up to its bound; one that does not decode is empty.
    @Test func theShelfKeepsTheLatestAnswers() throws {
        var encoded: Data?
        for index in 0..<(ScanAnalyses.maximumEntries + 2) {
            let shelf = ScanAnalyses(encoded: encoded)
            shelf.keep([UInt8(index)], for: "key\(index)")
            encoded = shelf.encoded()
        }
        let read = ScanAnalyses(encoded: encoded)
        let last = ScanAnalyses.maximumEntries + 1
        #expect(read.entry("key\(last)") == [UInt8(last)][...])
        #expect(read.entry("key\(last - ScanAnalyses.maximumEntries + 1)") != nil)
        #expect(read.entry("key\(last - ScanAnalyses.maximumEntries)") == nil)
        #expect(read.encoded() == nil)
        let bytes = [UInt8](try #require(encoded))
        #expect(ScanAnalyses(encoded: Data(bytes.dropLast())).entry("key\(last)") == nil)
    }

    /// A layout's key is every part written in order, as before it was worked out once a run: the label, the versions,
    /// the roles (whose modules the places then name by index), then each module with its count of files, and each
    /// file's place within its module's folder followed by its value; modules without files, between others and last,
    /// written too. A value written before its place, or a place left out, gives another key.
    @Test func aLayoutsKeyIsEachFilesPlaceThenItsValueInOrder() {
        let roles = WiringRelevanceTests.roles
        let targets = [
            TargetSources(target: id("Home"), folder: "/r/Home", files: ["/r/Home/A.swift", "/r/Home/Sub/B.swift"]),
            TargetSources(target: id("Paywall"), folder: "/r/Paywall", files: []),
            TargetSources(target: id("Interfaces"), folder: "/r/Interfaces", files: ["/r/Interfaces/C.swift"]),
            TargetSources(target: id("Records"), folder: "/r/Records", files: []),
        ]
        let layout = WiringMemo.Layout(roles: roles, targets: targets)
        #expect(
            layout.places == [
                .init(target: id("Home"), file: "A.swift"), .init(target: id("Home"), file: "Sub/B.swift"),
                .init(target: id("Interfaces"), file: "C.swift"),
            ])
        let keys = ["k1", "k2", "k3"]
        var writer = ScanWriter()
        writer.raw("facts")
        writer.int(WiringMemo.analyserVersion)
        writer.int(ScanCache.scannerVersion)
        WiringMemo.write(roles, to: &writer)
        writer.int(4)
        for (module, files) in [("Home", ["A.swift", "Sub/B.swift"]), ("Paywall", []), ("Interfaces", ["C.swift"]), ("Records", [])] {
            id(module).write(to: &writer)
            writer.int(files.count)
            for file in files {
                writer.raw(file)
                writer.raw(keys[["A.swift", "Sub/B.swift", "C.swift"].firstIndex(of: file) ?? 0])
            }
        }
        #expect(WiringMemo.keyed(label: "facts", layout: layout) { $0.raw(keys[$1]) } == SHA256.hex(writer.bytes))
        #expect(WiringMemo.key(layout: layout, keys: keys) != WiringMemo.key(layout: layout, keys: ["k2", "k1", "k3"]))
        #expect(WiringMemo.key(layout: layout, keys: ["k1", nil, "k3"]) == nil)
    }
}
