import Foundation
import ModGraphSystem

/// A shelf of the ``ScanCache`` holding the last few bodies of a table kept beside an analysis's
/// answers (the digest of each file's facts, ``WiringMemo``, which keeps one), each under a key,
/// the latest first; the answers themselves are kept one a shelf (``ScanAnswers``). Input like
/// every shelf: one that does not decode is empty, and an entry is decoded by its reader, which
/// refuses what is not whole.
final class ScanAnalyses: Sendable {
    /// The most bodies kept unless told.
    static let maximumEntries = 4
    /// What an analyses body starts with, before its version.
    static let magic = Array("modgraph-analyses\n".utf8)

    /// The entries read, the latest first.
    private let previous: [(key: String, body: ArraySlice<UInt8>)]
    private let kept = Locked<(key: String, body: [UInt8])?>(nil)
    /// How many entries are kept (``maximumEntries`` unless told).
    private let limit: Int

    init(encoded: Data?, limit: Int = maximumEntries) {
        self.limit = limit
        previous = encoded.flatMap { Self.decode([UInt8]($0), limit: limit) } ?? []
    }

    /// Whether no answer was read or kept.
    var isEmpty: Bool { previous.isEmpty && kept.withLock { $0 == nil } }

    /// The body kept under `key`.
    func entry(_ key: String) -> ArraySlice<UInt8>? {
        if let kept = kept.withLock({ $0 }), kept.key == key { return kept.body[...] }
        return previous.first { $0.key == key }?.body
    }

    /// Every body: the one kept this run, then those read.
    var bodies: [ArraySlice<UInt8>] {
        (kept.withLock { $0 }.map { [$0.body[...]] } ?? []) + previous.map(\.body)
    }

    /// Keeps `body` under `key`, first.
    func keep(_ body: [UInt8], for key: String) {
        kept.withLock { $0 = (key, body) }
    }

    /// The entry kept this run, then the earlier ones up to the limit; nil when nothing was kept.
    func encoded() -> Data? {
        guard let kept = kept.withLock({ $0 }) else { return nil }
        let entries = [(kept.key, kept.body[...])] + previous.filter { $0.key != kept.key }.prefix(limit - 1)
        var writer = ScanWriter()
        writer.int(ScanCache.scannerVersion)
        writer.int(entries.count)
        for (key, body) in entries {
            writer.raw(key)
            writer.bytes(body)
        }
        return Data(magic: Self.magic, body: writer.bytes)
    }

    private static func decode(_ bytes: [UInt8], limit: Int) -> [(key: String, body: ArraySlice<UInt8>)]? {
        guard bytes.starts(with: magic) else { return nil }
        var reader = ScanReader(bytes, range: magic.count..<bytes.count)
        var entries: [(key: String, body: ArraySlice<UInt8>)] = []
        do {
            guard try reader.int() == ScanCache.scannerVersion else { return nil }
            let count = try reader.count()
            guard count <= limit else { return nil }
            for _ in 0..<count { entries.append((try reader.raw(), bytes[try reader.span()])) }
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
        return entries
    }
}
