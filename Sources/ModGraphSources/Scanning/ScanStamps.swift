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
    /// What this run confirmed or learnt, by path, and whether it learnt anything.
    private struct Run {
        var used: [String: Entry] = [:]
        var changed = false
    }
    private let run = Locked(Run())

    /// The stamps `encoded` (a body ``encoded()`` wrote) holds, for a run that started at `started`.
    init(encoded: Data?, started: Int64) {
        self.started = started
        previous = encoded.flatMap { Self.decode([UInt8]($0)) } ?? [:]
    }

    /// The entries read, by path.
    var entries: [String: Entry] { previous }

    /// What was asked of a file, within which budget: an import-only scan hashes a part of it.
    static func kind(_ request: SourceScanner.Request, budget: SourceBudget) -> String {
        (request.auditInterface ? "i" : "") + (request.readsWiring ? "w" : "") + "-\(budget.fingerprint)"
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
        for path in previous.keys.sorted() where kept.count < room && kept[path] == nil { kept[path] = previous[path] }
        var writer = ScanWriter()
        writer.int(ScanCache.scannerVersion)
        writer.int(kept.count)
        for path in kept.keys.sorted() {
            guard let entry = kept[path] else { continue }
            writer.raw(path)
            for number in [
                Int(bitPattern: UInt(entry.stamp.device)), Int(bitPattern: UInt(entry.stamp.inode)), entry.stamp.size,
                Int(entry.stamp.modified), Int(entry.stamp.changed),
            ] {
                writer.int(number)
            }
            writer.int(entry.keys.count)
            for (kind, key) in entry.keys.sorted(by: { $0.key < $1.key }) {
                writer.string(kind)
                writer.raw(key)
            }
        }
        return Data(Self.magic + writer.bytes)
    }

    /// What a stamps body starts with, before its version.
    static let magic = Array("modgraph-stamps\n".utf8)

    private static func decode(_ bytes: [UInt8]) -> [String: Entry]? {
        guard bytes.starts(with: magic) else { return nil }
        var reader = ScanReader(bytes, range: magic.count..<bytes.count)
        var entries: [String: Entry] = [:]
        do {
            guard try reader.int() == ScanCache.scannerVersion else { return nil }
            let count = try reader.count()
            guard count <= ScanCache.maximumEntries else { return nil }
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.raw()
                let device = UInt64(UInt(bitPattern: try reader.int()))
                let inode = UInt64(UInt(bitPattern: try reader.int()))
                let size = try reader.int()
                let modified = Int64(try reader.int())
                let changed = Int64(try reader.int())
                var keys: [String: String] = [:]
                for _ in 0..<(try reader.count()) { keys[try reader.string()] = try reader.raw() }
                entries[path] = Entry(
                    stamp: FileStamp(device: device, inode: inode, size: size, modified: modified, changed: changed), keys: keys)
            }
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
        return entries
    }
}
