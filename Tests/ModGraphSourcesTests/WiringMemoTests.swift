import Foundation
import ModGraphCore
import ModGraphRules
import ModGraphSystem
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

    private func read(_ targets: [TargetSources], roles: WiringRoles? = nil, _ cache: ScanCache?) throws -> Wiring {
        try WiringReader.read(WiringFixture.graph, targets: targets, roles: roles ?? self.roles, cache: cache).wiring
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
        #expect(third.misses == 1 && third.encoded()[.analyses] != nil)
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
        let key = try #require(WiringMemo.key(roles: roles, targets: analysed, keys: keys))
        let planted = ScanAnalyses(encoded: nil)
        var writer = ScanWriter()
        WiringFacts(wiring: Wiring(), needs: [], extensions: []).write(to: &writer)
        planted.keep(writer.bytes, for: key)
        var shelves = learnt
        shelves[.analyses] = planted.encoded()
        #expect(try read(targets, cache(shelves)) == Wiring())
        // A damaged answer is analysed again.
        shelves[.analyses] = Data(Array(planted.encoded() ?? Data()).dropLast())
        #expect(try read(targets, cache(shelves)) == (try read(targets, nil)))
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
}
