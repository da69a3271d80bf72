import Foundation
import ModGraphCore
import ModGraphSystem

/// The key each file's scan had, by the file's stamp (``FileStamp``), as git's index keeps a blob id
/// by a file's status: a warm run opens each file and asks its status, and reads and hashes only the
/// files whose stamp changed (issue #48: on a generated app of 5,000 files, reading and hashing every
/// file whole was a third of a warm `check` with `sources.wiring`).
///
/// A stamp is remembered only once it is settled (``FileStamp/settled(before:)`` the start of the run
/// that read the file): a file written again within its file system's time granularity of being read
/// could otherwise keep its stamp with other bytes. Any later write changes the stamp's status time,
/// which nothing can set back, so the bytes a remembered stamp stands for are the bytes that were
/// hashed. An entry names the file by its path, and holds a key for each thing asked of it
/// (``SourceScanner/Request``, the budget), since an import-only scan hashes a part of the file.
///
/// A shelf of the ``ScanCache``, input like the others: bounded at ``ScanCache/maximumEntries``; one
/// that does not decode is empty, and a key it gives that the cache does not hold is a miss.
final class ScanStamps: Sendable {
    /// A file's stamp, and the key of each scan of it by what was asked (``kind(_:budget:)``).
    struct Entry: Equatable {
        let stamp: FileStamp
        var keys: [String: String]
    }

    /// When this run started, on the clock file times are kept by.
    private let started: Int64
    private let previous: [String: Entry]
    /// The body read, and each entry's path, bytes in it and strings it added to the table, in order: entries a run
    /// leaves as they were are written again as those bytes (``encoded()``).
    private let body: [UInt8]
    private let spans: [Span]
    private struct Span {
        let path: String
        let bytes: Range<Int>
        let introduced: [String]
    }
    /// What this run confirmed or learnt, by path, and whether it learnt anything.
    private struct Run {
        var used: [String: Entry] = [:]
        var changed = false
    }
    private let run = Locked(Run())

    /// The stamps `encoded` (a body ``encoded()`` wrote) holds, for a run that started at `started`.
    init(encoded: Data?, started: Int64) {
        self.started = started
        let bytes = encoded.map { [UInt8]($0) } ?? []
        let decoded = Self.decode(bytes)
        (previous, spans) = decoded ?? ([:], [])
        body = decoded == nil ? [] : bytes
    }

    /// The entries read, by path.
    var entries: [String: Entry] { previous }

    /// What was asked of a file, within which budget: an import-only scan hashes a part of it.
    static func kind(_ request: SourceScanner.Request, budget: SourceBudget) -> String {
        let asked =
            switch (request.auditInterface, request.readsWiring) {
            case (false, false): "-"
            case (true, false): "i-"
            case (false, true): "w-"
            case (true, true): "iw-"
            }
        return asked + budget.fingerprint
    }

    /// The key of the scan `kind` of the file at `path` when its stamp is still `stamp`.
    func key(_ path: String, kind: String, stamp: FileStamp) -> String? {
        guard let entry = previous[path], entry.stamp == stamp, let key = entry.keys[kind] else { return nil }
        run.withLock { run in
            if run.used[path] == nil { run.used[path] = entry }
        }
        return key
    }

    /// Remembers that the file at `path`, stamped `stamp` before it was read, scanned `kind` with `key`, when the stamp is settled.
    func remember(_ path: String, kind: String, stamp: FileStamp, key: String) {
        guard stamp.settled(before: started) else { return }
        run.withLock { run in
            var entry = run.used[path] ?? previous[path] ?? Entry(stamp: stamp, keys: [:])
            if entry.stamp != stamp { entry = Entry(stamp: stamp, keys: [:]) }
            entry.keys[kind] = key
            if previous[path] != entry { run.changed = true }
            run.used[path] = entry
        }
    }

    /// What to keep for the next run, or nil when nothing was learnt: this run's entries, and earlier
    /// ones up to as many again (at least 10,000, at most ``ScanCache/maximumEntries``), by path.
    func encoded() -> Data? {
        let used = run.withLock { $0.changed ? $0.used : nil }
        guard var kept = used else { return nil }
        let room = min(ScanCache.maximumEntries, max(2 * kept.count, 10_000))
        // Only the earlier entries this run did not use are sorted (by path, so that those kept are the same in
        // every run): most runs use every file's, and sorting every path twice was half of writing the stamps.
        for path in previous.keys.filter({ kept[$0] == nil }).sorted() where kept.count < room { kept[path] = previous[path] }
        return Data(magic: Self.magic, body: reusing(kept) ?? Self.written(kept))
    }

    /// The body of `kept`, every entry written.
    static func written(_ kept: [String: Entry]) -> [UInt8] {
        var writer = ScanWriter()
        writer.int(ScanCache.scannerVersion)
        writer.int(kept.count)
        var previousPath: [UInt8] = []
        for path in kept.keys.sorted() {
            guard let entry = kept[path] else { continue }
            let bytes = Array(path.utf8)
            write(entry, path: bytes, after: previousPath, to: &writer)
            previousPath = bytes
        }
        return writer.bytes
    }

    /// The body of `kept` when it holds the paths read: each entry as it was is its bytes as read (it shares its path's
    /// start with the same path before it, and its strings are where they were in the table), the others written
    /// again. An edit changes a file's stamp and key, not the paths; writing every entry (each key's 64 digits read
    /// back into bytes, the paths sorted) was a twentieth of re-checking an edit. Nil when the paths differ, or when
    /// an entry written again adds other strings to the table than it did (a kind or a budget new to it): the
    /// entries after it would name theirs by other indices.
    func reusing(_ kept: [String: Entry]) -> [UInt8]? {
        // As many entries as spans, each span's path among them (looked up once, below): the same paths.
        guard !spans.isEmpty, kept.count == spans.count else { return nil }
        var writer = ScanWriter()
        writer.int(ScanCache.scannerVersion)
        writer.int(kept.count)
        for (index, span) in spans.enumerated() {
            guard let entry = kept[span.path] else { return nil }
            if entry == previous[span.path] {
                writer.append(body[span.bytes], introducing: span.introduced)
                continue
            }
            let before = writer.stringCount
            let after = index == 0 ? [] : Array(spans[index - 1].path.utf8)
            Self.write(entry, path: Array(span.path.utf8), after: after, to: &writer)
            guard writer.stringCount - before == span.introduced.count,
                span.introduced.enumerated().allSatisfy({ writer.index(of: $0.element) == before + $0.offset })
            else { return nil }
        }
        return writer.bytes
    }

    /// One entry: its path as what it shares with the one before and the rest, its stamp, and its keys by kind.
    private static func write(_ entry: Entry, path: [UInt8], after previousPath: [UInt8], to writer: inout ScanWriter) {
        // Sorted paths share long starts: each is written as what it shares with the one before, and the rest.
        let shared = zip(path, previousPath).prefix { $0 == $1 }.count
        writer.int(shared)
        writer.bytes(path[shared...])
        writer.int(Int(bitPattern: UInt(entry.stamp.device)))
        writer.int(Int(bitPattern: UInt(entry.stamp.inode)))
        writer.int(entry.stamp.size)
        writer.int(Int(entry.stamp.modified))
        writer.int(Int(entry.stamp.changed))
        writer.int(entry.keys.count)
        // Most entries hold one kind: sorted only when there are more.
        for (kind, key) in entry.keys.count < 2 ? Array(entry.keys) : entry.keys.sorted(by: { $0.key < $1.key }) {
            writer.string(kind)
            write(key, to: &writer)
        }
    }

    /// What a stamps body starts with, before its version (`-2`: paths and keys written compactly).
    static let magic = Array("modgraph-stamps-2\n".utf8)

    /// A scan key (``ScanCache/key(_:trailer:exportsNothing:_:budget:)``: 64 hexadecimal digits, then
    /// what was asked and the budget) as its digest's 32 bytes and its tail, which few files differ in
    /// (kept once in the writer's table): the stamps of 5,000 files took 1.3 MB of hexadecimal and
    /// repeated tails, read and checked whole on every warm run. Any other key is written as it is.
    private static func write(_ key: String, to writer: inout ScanWriter) {
        let utf8 = Array(key.utf8)
        guard utf8.count >= 64, let digest = Self.digest(hex: utf8[..<64]) else {
            writer.bool(false)
            writer.raw(key)
            return
        }
        writer.bool(true)
        writer.bytes(digest)
        writer.string(String(decoding: utf8[64...], as: UTF8.self))
    }

    private static func readKey(_ reader: inout ScanReader) throws(ScanCodecError) -> String {
        guard try reader.bool() else { return try reader.raw() }
        let digest = try reader.byteRun()
        guard digest.count == 32 else { throw ScanCodecError() }
        return SHA256.hex(digest: digest) + (try reader.string())
    }

    /// The 32 bytes 64 lower-case hexadecimal digits stand for; nil for anything else.
    private static func digest(hex: ArraySlice<UInt8>) -> [UInt8]? {
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var index = hex.startIndex
        while index < hex.endIndex {
            guard let high = value(hex[index]), let low = value(hex[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func decode(_ bytes: [UInt8]) -> (entries: [String: Entry], spans: [Span])? {
        guard bytes.starts(with: magic) else { return nil }
        var reader = ScanReader(bytes, range: magic.count..<bytes.count)
        var entries: [String: Entry] = [:]
        var spans: [Span] = []
        do {
            guard try reader.int() == ScanCache.scannerVersion else { return nil }
            let count = try reader.count()
            guard count <= ScanCache.maximumEntries else { return nil }
            entries.reserveCapacity(count)
            spans.reserveCapacity(count)
            var previousPath: [UInt8] = []
            for _ in 0..<count {
                let (start, strings) = (reader.position, reader.stringCount)
                let shared = try reader.int()
                guard shared >= 0, shared <= previousPath.count else { return nil }
                let pathBytes = Array(previousPath[..<shared]) + (try reader.byteRun())
                guard let path = String(validating: pathBytes, as: UTF8.self) else { return nil }
                previousPath = pathBytes
                let device = UInt64(UInt(bitPattern: try reader.int()))
                let inode = UInt64(UInt(bitPattern: try reader.int()))
                let size = try reader.int()
                let modified = Int64(try reader.int())
                let changed = Int64(try reader.int())
                var keys: [String: String] = [:]
                for _ in 0..<(try reader.count()) { keys[try reader.string()] = try Self.readKey(&reader) }
                entries[path] = Entry(
                    stamp: FileStamp(device: device, inode: inode, size: size, modified: modified, changed: changed), keys: keys)
                spans.append(Span(path: path, bytes: start..<reader.position, introduced: Array(reader.strings(since: strings))))
            }
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
        // Entries are reused (``reusing(_:)``) only from a body as ``written(_:)`` writes one: each path once, in order,
        // and each string added to the table once, so that the writer's indices are the reader's.
        let introduced = spans.flatMap(\.introduced)
        guard zip(spans, spans.dropFirst()).allSatisfy({ $0.path < $1.path }), Set(introduced).count == introduced.count else {
            return (entries, [])
        }
        return (entries, spans)
    }
}
