import Foundation
import ModGraphSystem

/// The shelves of the ``ScanCache`` holding the last few answers of an analysis over many files (the
/// wiring's, ``WiringMemo``): an index of the answers kept (``ScanCache/Shelf/analyses``), and each
/// answer in a slot of its own (``ScanCache/Shelf/answer(_:)``), read only when a run asks for it.
///
/// The partitions of the files the wiring's analysis can leave out are kept the same way, one for each of the last
/// roles analysed under, each under its roles' key as key and tag (``ScanCache/Shelf/partitions``).
///
/// A warm run reads one answer: with every answer on one shelf, it read and checked all of them to use
/// one (each is the size of a repository's wiring), and a run that kept a new answer wrote them all
/// again. An answer is found by its key (the keys of the files it read) or by its tag (the key of
/// what those files say), both in the index, so a run looking for an answer by its files' facts reads
/// only the answer that has them.
///
/// An answer depends only on its tag (the roles and what each file says, in order), so the answer kept
/// again under new keys for the same facts (a comment added) names the slot that holds it: only the
/// index is written.
///
/// Input like every shelf: an index that does not decode is empty; a slot names the tag of what it
/// holds, and one that does not decode, or holds another answer than the index says (two runs that
/// wrote at once, a run stopped between its writes), gives none.
final class ScanAnswers: Sendable {
    /// Answers kept: the working tree's, a `diff` base's and a branch's or configuration's beside them.
    static let maximumEntries = 4
    /// What an index starts with, before its version.
    static let magic = Array("modgraph-answers\n".utf8)
    /// What a slot starts with, before its version (`-2`: a slot names the tag it holds, not a key).
    static let slotMagic = Array("modgraph-answer-2\n".utf8)

    /// An answer as the index names it.
    struct Entry: Equatable {
        let key: String
        let tag: String
        let slot: Int
    }

    /// The index read, the latest answer first.
    private let index: [Entry]
    private let readSlot: @Sendable (Int) -> Data?
    /// The slots read this run, each at most once (nil: missing or damaged).
    private let slots = Locked([Int: Slot?]())
    /// The answer kept this run.
    private let kept = Locked<(key: String, tag: String, body: [UInt8])?>(nil)

    private struct Slot {
        let tag: String
        let body: ArraySlice<UInt8>
    }

    /// The answers `index` (an index ``encoded()`` wrote) names, each read by `slot` when first asked for.
    init(index: Data?, slot: @escaping @Sendable (Int) -> Data?) {
        self.index = index.flatMap { Self.decode([UInt8]($0)) } ?? []
        readSlot = slot
    }

    /// Whether no answer was read or kept.
    var isEmpty: Bool { index.isEmpty && kept.withLock { $0 == nil } }

    /// The answer kept under `key`.
    func entry(_ key: String) -> ArraySlice<UInt8>? {
        if let kept = kept.withLock({ $0 }), kept.key == key { return kept.body[...] }
        guard let entry = index.first(where: { $0.key == key }), let slot = slot(entry.slot), slot.tag == entry.tag else { return nil }
        return slot.body
    }

    /// The latest answer kept with the tag `tag`, and its key.
    func entry(tagged tag: String) -> (key: String, body: ArraySlice<UInt8>)? {
        if let kept = kept.withLock({ $0 }), kept.tag == tag { return (kept.key, kept.body[...]) }
        for entry in index where entry.tag == tag {
            if let slot = slot(entry.slot), slot.tag == tag { return (entry.key, slot.body) }
        }
        return nil
    }

    /// Keeps `body` under `key`, tagged `tag`, first.
    func keep(_ body: [UInt8], for key: String, tag: String) {
        kept.withLock { $0 = (key, tag, body) }
    }

    /// What to write when an answer was kept this run: the index (that answer, then the earlier ones up
    /// to the bound) and the slot it is in, with the slot's bytes unless an earlier answer of the same
    /// tag already holds it there (else a slot none of the earlier answers kept uses is written); nil
    /// when nothing was kept.
    func encoded() -> (index: Data, slot: Int, body: Data?)? {
        guard let kept = kept.withLock({ $0 }) else { return nil }
        let others = index.filter { $0.key != kept.key }.prefix(Self.maximumEntries - 1)
        let shared = others.first { $0.tag == kept.tag }?.slot
        let slot = shared ?? (0..<Self.maximumEntries).first { slot in !others.contains { $0.slot == slot } } ?? 0
        var writer = ScanWriter()
        writer.int(ScanCache.scannerVersion)
        writer.int(others.count + 1)
        for entry in [Entry(key: kept.key, tag: kept.tag, slot: slot)] + others {
            writer.raw(entry.key)
            writer.raw(entry.tag)
            writer.int(entry.slot)
        }
        guard shared == nil else { return (Data(magic: Self.magic, body: writer.bytes), slot, nil) }
        var body = ScanWriter()
        body.int(ScanCache.scannerVersion)
        body.raw(kept.tag)
        body.bytes(kept.body[...])
        return (Data(magic: Self.magic, body: writer.bytes), slot, Data(magic: Self.slotMagic, body: body.bytes))
    }

    /// The slot `slot` as read, once.
    private func slot(_ slot: Int) -> Slot? {
        if let read = slots.withLock({ $0[slot] }) { return read }
        let read = readSlot(slot).flatMap { Self.decodeSlot([UInt8]($0)) }
        slots.withLock { $0[slot] = read }
        return read
    }

    private static func decode(_ bytes: [UInt8]) -> [Entry]? {
        guard bytes.starts(with: magic) else { return nil }
        var reader = ScanReader(bytes, range: magic.count..<bytes.count)
        var entries: [Entry] = []
        do {
            guard try reader.int() == ScanCache.scannerVersion else { return nil }
            let count = try reader.count()
            guard count <= maximumEntries else { return nil }
            for _ in 0..<count {
                let entry = Entry(key: try reader.raw(), tag: try reader.raw(), slot: try reader.int())
                // Each key once; entries share a slot only with the same tag, as they name one answer.
                guard (0..<maximumEntries).contains(entry.slot),
                    !entries.contains(where: { $0.key == entry.key || ($0.slot == entry.slot && $0.tag != entry.tag) })
                else { return nil }
                entries.append(entry)
            }
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
        return entries
    }

    private static func decodeSlot(_ bytes: [UInt8]) -> Slot? {
        guard bytes.starts(with: slotMagic) else { return nil }
        var reader = ScanReader(bytes, range: slotMagic.count..<bytes.count)
        guard (try? reader.int()) == ScanCache.scannerVersion, let tag = try? reader.raw(), let body = try? reader.span(), reader.isAtEnd
        else { return nil }
        return Slot(tag: tag, body: bytes[body])
    }
}
