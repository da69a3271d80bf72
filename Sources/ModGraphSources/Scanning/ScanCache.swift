import Foundation
import ModGraphCore

/// What the scanner found in each Swift file, remembered from one run to the
/// next by the file's content (issue #48): a warm `check`, `init`, `report` or
/// `graph --wiring` reads every file, but parses only those that changed.
///
/// An entry is keyed by the SHA-256 of the file's bytes, what was asked of it
/// (imports only, the interface audit, the wiring inventory), the budget and
/// ``scannerVersion``, so an entry answers only for the same text scanned the
/// same way; the path is not part of it (a file moved, or the same file in two
/// checkouts, is found again). A file skipped over a budget is never stored:
/// the stack it had may differ next time.
///
/// The cache is input like every other cache entry: it is read and written
/// through the manifest cache's files (a header with the body's length and
/// SHA-256, no link followed below the cache folder, written atomically), and
/// only where that cache is (never inside the checkout unless git ignores it);
/// one that does not decode is ignored. It keeps the entries of its last run's
/// files, and of earlier runs up to as many again (another command asks other
/// things of the same files: `graph --wiring` and `check` keep both), so it
/// never grows far past the repository.
public final class ScanCache: Sendable {
    /// Raised whenever the scanner's answer for a file may change: older entries are then not read.
    public static let scannerVersion = 1
    /// More files than any repository's own targets hold.
    public static let maximumEntries = 500_000

    private struct Stored: Codable {
        let version: Int
        let entries: [String: ScannedFile]
    }

    private let previous: [String: ScannedFile]
    /// What this run asked and learnt: the entries of its files, and how many were found.
    private struct Run {
        var used: [String: ScannedFile] = [:]
        var hits = 0
        var misses = 0
    }
    private let run = Locked(Run())

    /// A cache holding what `encoded` (a body ``encoded()`` wrote) says; empty when it is nil or does not decode.
    public init(encoded: Data?) {
        guard let encoded, let stored = try? JSONDecoder().decode(Stored.self, from: encoded), stored.version == Self.scannerVersion,
            stored.entries.count <= Self.maximumEntries
        else {
            previous = [:]
            return
        }
        previous = stored.entries
    }

    /// The key of the `parsed` part of a file, followed by trivia only or not (`trailer`), scanned for
    /// `request` within `budget`: an import-only scan hashes only the part that holds the imports.
    static func key(
        _ parsed: UnsafeBufferPointer<UInt8>, trailer: Bool, _ request: SourceScanner.Request, budget: SourceBudget
    ) -> String {
        let asked = (request.auditInterface ? "i" : "") + (request.readsWiring ? "w" : "") + (trailer ? "t" : "")
        return "\(SHA256.hex(parsed))-\(asked)-\(budget.fingerprint)"
    }

    /// The file scanned earlier with this key, named `path`.
    func file(for key: String, path: String) -> ScannedFile? {
        let found = run.withLock { run -> ScannedFile? in
            guard let found = previous[key] ?? run.used[key] else {
                run.misses += 1
                return nil
            }
            run.hits += 1
            run.used[key] = found
            return found
        }
        return found?.named(path)
    }

    /// Remembers `file`, scanned for `key`, unless it was skipped over a budget.
    func store(_ file: ScannedFile, for key: String) {
        guard file.skipped == nil else { return }
        run.withLock { $0.used[key] = file.named("") }
    }

    /// The files found in the cache and those scanned, in this run.
    public var hits: Int { run.withLock { $0.hits } }
    public var misses: Int { run.withLock { $0.misses } }

    /// What to keep for the next run, or nil when nothing changed: this run's files, and earlier entries
    /// up to as many again (at least 10,000, at most ``maximumEntries`` in all).
    public func encoded() -> Data? {
        var entries = run.withLock { $0.used }
        guard entries.keys.contains(where: { previous[$0] == nil }) else { return nil }
        let room = min(Self.maximumEntries, max(2 * entries.count, 10_000))
        for key in previous.keys.sorted() where entries.count < room && entries[key] == nil { entries[key] = previous[key] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try? encoder.encode(Stored(version: Self.scannerVersion, entries: entries))
    }
}

extension ScannedFile {
    /// This file, named `path`.
    func named(_ path: String) -> ScannedFile {
        ScannedFile(
            path: path, imports: imports, interface: interface, wiring: wiring, skipped: skipped, declaresNothing: declaresNothing)
    }
}
