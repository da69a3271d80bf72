import Foundation
import ModGraphSystem
import Testing
@testable import ModGraphSources

/// The wiring's answers kept one a shelf behind an index (issue #48): a run reads the answer it asks for
/// and no other, writes only the answer it keeps (none when a slot holds the answer of the same facts),
/// and a slot that is not the answer the index names gives none.
@Suite("scan answers")
struct ScanAnswersTests {
    /// A cache folder's shelves of answers, the slots each run read, and those written.
    private final class Folder: Sendable {
        let shelves = Locked([ScanCache.Shelf: Data]())
        let reads = Locked([Int]())
        let writes = Locked([Int]())

        func answers() -> ScanAnswers {
            ScanAnswers(index: shelves.withLock { $0[.analyses] }) { [shelves, reads] slot in
                reads.withLock { $0.append(slot) }
                return shelves.withLock { $0[.answer(slot)] }
            }
        }

        /// Writes what `answers` kept; the slot its answer is in.
        @discardableResult
        func save(_ answers: ScanAnswers) -> Int? {
            guard let written = answers.encoded() else { return nil }
            shelves.withLock { shelves in
                shelves[.analyses] = written.index
                if let body = written.body { shelves[.answer(written.slot)] = body }
            }
            if written.body != nil { writes.withLock { $0.append(written.slot) } }
            return written.slot
        }

        /// Keeps answers 0 to `count - 1` (`key0`, …), one run each, each with the tag `tag` gives it.
        func keep(_ count: Int, tag: (Int) -> String = { "tag\($0)" }) {
            for index in 0..<count {
                let answers = answers()
                answers.keep(ScanAnswersTests.body(index), for: "key\(index)", tag: tag(index))
                save(answers)
            }
        }
    }

    private static func body(_ index: Int) -> [UInt8] { Array("answer \(index)".utf8) }
    private func body(_ index: Int) -> [UInt8] { Self.body(index) }

    @Test func theLatestAnswersAreKeptEachInASlotAndTheOldestSlotIsReused() throws {
        let folder = Folder()
        var slots: [Int] = []
        for index in 0..<(ScanAnswers.maximumEntries + 2) {
            let answers = folder.answers()
            answers.keep(body(index), for: "key\(index)", tag: "tag\(index)")
            slots.append(try #require(folder.save(answers)))
        }
        // Four slots filled in turn, then the oldest answer's slot taken by each new one.
        #expect(slots == [0, 1, 2, 3, 0, 1])
        let last = ScanAnswers.maximumEntries + 1
        let read = folder.answers()
        #expect(read.entry("key\(last)") == body(last)[...])
        #expect(read.entry("key\(last - 3)") == body(last - 3)[...])
        #expect(read.entry("key\(last - 4)") == nil)
        #expect(read.entry("key0") == nil)
        #expect(read.encoded() == nil)
    }

    @Test func aRunReadsOnlyTheAnswerItAsksFor() throws {
        let folder = Folder()
        folder.keep(ScanAnswers.maximumEntries)
        folder.reads.withLock { $0 = [] }
        let answers = folder.answers()
        #expect(!answers.isEmpty)
        #expect(folder.reads.withLock { $0 }.isEmpty)
        #expect(answers.entry("key2") == body(2)[...])
        #expect(answers.entry("key2") == body(2)[...])
        #expect(answers.entry(tagged: "tag1")?.key == "key1")
        #expect(answers.entry(tagged: "tag1")?.body == body(1)[...])
        #expect(answers.entry("key9") == nil && answers.entry(tagged: "tag9") == nil)
        // Each slot read once, only those asked for.
        #expect(folder.reads.withLock { $0 } == [2, 1])
    }

    /// The same facts give the same answer: kept again under new keys (a comment added), it names the slot
    /// that holds it, and only the index is written.
    @Test func anAnswerOfTheSameFactsNamesTheSlotThatHoldsIt() throws {
        let folder = Folder()
        folder.keep(2)
        let again = folder.answers()
        again.keep(body(0), for: "key0 commented", tag: "tag0")
        #expect(folder.save(again) == 0)
        #expect(folder.writes.withLock { $0 } == [0, 1])
        let read = folder.answers()
        #expect(read.entry("key0 commented") == body(0)[...] && read.entry("key0") == body(0)[...])
        #expect(read.entry("key1") == body(1)[...])
        // Another answer takes a slot none of those kept uses: the shared one stays.
        let another = folder.answers()
        another.keep(body(2), for: "key2", tag: "tag2")
        #expect(folder.save(another) == 2)
        #expect(folder.answers().entry("key0") == body(0)[...])
    }

    @Test func anAnswerKeptAgainComesFirst() throws {
        let folder = Folder()
        folder.keep(3)
        let again = folder.answers()
        again.keep(body(9), for: "key0", tag: "tag9")
        #expect(folder.save(again) == 0)
        let read = folder.answers()
        #expect(read.entry("key0") == body(9)[...] && read.entry(tagged: "tag0") == nil)
        #expect(read.entry(tagged: "tag9")?.key == "key0")
        #expect(read.entry("key1") == body(1)[...] && read.entry("key2") == body(2)[...])
        // The answer kept this run is found before any read.
        let run = folder.answers()
        run.keep(body(7), for: "key7", tag: "tag1")
        #expect(run.entry(tagged: "tag1")?.key == "key7" && run.entry("key7") == body(7)[...])
    }

    @Test func aSlotThatIsNotTheAnswerTheIndexNamesGivesNone() throws {
        let folder = Folder()
        folder.keep(2)
        // Another run's answer in slot 0 (two runs writing at once): the index still names key0 there.
        folder.shelves.withLock { $0[.answer(0)] = $0[.answer(1)] }
        let swapped = folder.answers()
        #expect(swapped.entry("key0") == nil && swapped.entry(tagged: "tag0") == nil)
        #expect(swapped.entry("key1") == body(1)[...])
        // A slot cut short, and an index cut short, give nothing.
        folder.shelves.withLock { $0[.answer(1)] = Data(($0[.answer(1)] ?? Data()).dropLast()) }
        #expect(folder.answers().entry("key1") == nil)
        let index = try #require(folder.shelves.withLock { $0[.analyses] })
        folder.shelves.withLock { $0[.analyses] = Data(index.dropLast()) }
        #expect(folder.answers().isEmpty)
    }

    /// Two answers of other facts in one slot, a slot out of range, or a key twice: the index is not read.
    @Test func anIndexNamingASlotForTwoAnswersOrOutOfRangeIsEmpty() throws {
        for entries in [
            [("key0", "tag0", 0), ("key1", "tag1", 0)], [("key0", "tag0", 0), ("key1", "tag1", 4)], [("key0", "tag0", -1)],
            [("key0", "tag0", 0), ("key0", "tag0", 1)],
        ] {
            var writer = ScanWriter()
            writer.int(ScanCache.scannerVersion)
            writer.int(entries.count)
            for (key, tag, slot) in entries {
                writer.raw(key)
                writer.raw(tag)
                writer.int(slot)
            }
            let answers = ScanAnswers(index: Data(ScanAnswers.magic + writer.bytes)) { _ in nil }
            #expect(answers.isEmpty)
        }
        #expect(ScanCache.Shelf.answer(ScanAnswers.maximumEntries - 1) == .answer3)
        #expect(ScanCache.Shelf.partition(ScanAnswers.maximumEntries - 1) == .partition3)
    }
}
