import Foundation
import ModGraphCore
import ModGraphSystem

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
///
/// Two more shelves spare a warm run the reading: each file's key by its stamp (``ScanStamps``), so
/// that an unchanged file is opened and asked its status but neither read nor hashed, and the wiring
/// analysis's answer by the keys of the files it read (``WiringMemo``).
public final class ScanCache: Sendable {
    /// Raised whenever the scanner's answer for a file, or the format it is kept in, may change:
    /// older entries are then not read. (2: the bytes of ``ScanWriter`` instead of JSON, on two shelves;
    /// 3: ``ScannedFile/exportsNothing``; 4: the wiring keeps no values read, only type names.)
    public static let scannerVersion = 4
    /// More files than any repository's own targets hold.
    public static let maximumEntries = 500_000
    /// What a cache file starts with, before its version.
    static let magic = Array("modgraph-scans\n".utf8)

    /// Where an entry is kept: the scans of import regions apart from those of whole files (the
    /// wiring, interface modules), each read only when a run first asks for one of its kind. An
    /// import-only `check` reads none of the wiring's facts: on a generated app of 5,000 files, with
    /// both on one shelf, a warm run without `sources.wiring` was slower than a cold one.
    public enum Shelf: String, CaseIterable, Sendable {
        /// Import regions; whole files read for the wiring; interface modules' files, whole.
        case imports, whole, interfaces
        /// The key of each file's scan by the file's stamp (``ScanStamps``): read on a run's first file.
        case stamps
        /// The index of the wiring analysis's last answers, by the keys of the files analysed and of what
        /// they say (``WiringMemo``, ``ScanAnswers``); each answer is on a shelf of its own, ``answer(_:)``.
        case analyses
        /// The answers the index names, one a shelf, read only when a run asks for that one.
        case answer0, answer1, answer2, answer3
        /// The digest of what each file's scan for the wiring found, by the scan's key: read only when the
        /// files' keys give no answer, to find one kept for files that say the same things (``WiringMemo``).
        case digests
        /// The index of the partitions kept, one for each of the last roles analysed under (``WiringRelevance``,
        /// ``ScanAnswers``); each partition is on a shelf of its own, ``partition(_:)``.
        case partitions
        /// The partitions the index names, one a shelf: the files the latest analysis under some roles could leave
        /// out and what each gives its answer, read only when neither the files' keys nor their digests give an
        /// answer. `check` and `graph --wiring` may read the files under other roles: with both partitions on one
        /// shelf, each run read and checked the other's too (megabytes on an app of 4,000 files).
        case partition0, partition1, partition2, partition3
        /// The scans of the few files parsed to find a kept answer, apart from every file's (which is then
        /// neither read nor written): the previous versions a later edit's places are moved from (``WiringMemo``).
        case recent

        /// An interface module's files apart from the wiring's: a warm `check` that reads the wiring's
        /// answer back (``WiringMemo``) then reads only the small shelves.
        init(_ request: SourceScanner.Request) {
            self = request.readsWiring ? .whole : request.auditInterface ? .interfaces : .imports
        }

        /// The shelf of the answer in slot `slot` (``ScanAnswers``), one of as many as it keeps.
        static func answer(_ slot: Int) -> Shelf {
            [Shelf.answer0, .answer1, .answer2, .answer3][slot]
        }

        /// The shelf of the partition in slot `slot` (``ScanAnswers``), one of as many as it keeps.
        static func partition(_ slot: Int) -> Shelf {
            [Shelf.partition0, .partition1, .partition2, .partition3][slot]
        }
    }

    private let read: @Sendable (Shelf) -> Data?
    private let shelves = Locked([Shelf: ScanShelf]())
    /// When this run started: a file's stamp is remembered only once settled before it (``ScanStamps``).
    private let started: Int64
    private let stampShelf = Locked<ScanStamps?>(nil)
    private let analysisShelf = Locked<ScanAnswers?>(nil)
    private let digestShelf = Locked<ScanAnalyses?>(nil)
    private let partitionShelf = Locked<ScanAnswers?>(nil)
    /// The key of each file's scan this run, by what was asked (``ScanStamps/kind(_:budget:)``) and path.
    private let keys = Locked([Asked: String]())
    /// What was asked of a file: the kind of scan and the file.
    private struct Asked: Hashable {
        let kind: String
        let path: String
    }
    /// Each file's stamp when this run first opened it.
    private let seen = Locked([String: FileStamp]())

    /// A cache whose shelves `read` gives, each asked at most once, when first needed, for a run that
    /// started at `started` (nanoseconds since 1970, ``FileStamp/now``).
    public init(started: Int64 = FileStamp.now, reading read: @escaping @Sendable (Shelf) -> Data?) {
        self.read = read
        self.started = started
    }

    /// A cache holding what `encoded` (bodies ``encoded()`` gave) says; a shelf missing or that does not decode is empty.
    public convenience init(started: Int64 = FileStamp.now, encoded: [Shelf: Data] = [:]) {
        self.init(started: started) { encoded[$0] }
    }

    private func shelf(_ kind: Shelf) -> ScanShelf {
        shelves.withLock { shelves in
            if let shelf = shelves[kind] { return shelf }
            let shelf = ScanShelf(encoded: read(kind), room: kind == .recent ? Self.recentEntries : 10_000)
            shelves[kind] = shelf
            return shelf
        }
    }

    /// The key of the `parsed` part of a file, followed by trivia only or not (`trailer`), exporting nothing
    /// or perhaps something, scanned for `request` within `budget`: an import-only scan hashes only the part
    /// that holds the imports.
    static func key(
        _ parsed: UnsafeBufferPointer<UInt8>, trailer: Bool, exportsNothing: Bool, _ request: SourceScanner.Request, budget: SourceBudget
    ) -> String {
        let asked =
            (request.auditInterface ? "i" : "") + (request.readsWiring ? "w" : "") + (trailer ? "t" : "") + (exportsNothing ? "x" : "")
        return "\(SHA256.hex(parsed))-\(asked)-\(budget.fingerprint)"
    }

    private var stamps: ScanStamps { Self.once(stampShelf) { ScanStamps(encoded: read(.stamps), started: started) } }
    private var analyses: ScanAnswers {
        Self.once(analysisShelf) { [read] in ScanAnswers(index: read(.analyses)) { read(.answer($0)) } }
    }
    private var digests: ScanAnalyses { Self.once(digestShelf) { ScanAnalyses(encoded: read(.digests), limit: 1) } }
    /// A partition for each of the last roles: `check` and `graph --wiring` may judge the files under other roles, one
    /// after the other. Each is kept under its roles' key, which is also its tag.
    private var partitions: ScanAnswers {
        Self.once(partitionShelf) { [read] in ScanAnswers(index: read(.partitions)) { read(.partition($0)) } }
    }

    /// What `slot` holds, made by `make` the first time it is asked.
    private static func once<Value>(_ slot: Locked<Value?>, _ make: () -> Value) -> Value {
        slot.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }

    /// Whether a wiring answer is kept at all: a run without one (the first) has none to look up, and
    /// finds its files' keys by scanning them.
    var keepsAnalyses: Bool { !analyses.isEmpty }

    /// Whether earlier runs left stamps to look files up by: a cold run's files are all read.
    var knowsStamps: Bool { !stamps.entries.isEmpty }

    /// The key of the scan of the file `request` reads within `budget`, when the file's stamp is still `stamp`
    /// and, if `holding`, the entry of that key is on its shelf: the file need not be read.
    func key(_ request: SourceScanner.Request, budget: SourceBudget, stamp: FileStamp, holding: Bool = true) -> String? {
        let kind = ScanStamps.kind(request, budget: budget)
        guard let key = stamps.key(request.path, kind: kind, stamp: stamp), !holding || shelf(Shelf(request)).holds(key) else {
            return nil
        }
        keys.withLock { $0[Asked(kind: kind, path: request.path)] = key }
        return key
    }

    /// The key the file `request` reads had when its stamp was last remembered, whatever its stamp is now.
    func previousKey(_ request: SourceScanner.Request, budget: SourceBudget) -> String? {
        stamps.entries[request.path]?.keys[ScanStamps.kind(request, budget: budget)]
    }

    /// Remembers that the file `request` reads, stamped `stamp` when it was read, scanned with `key`.
    func remember(_ request: SourceScanner.Request, budget: SourceBudget, stamp: FileStamp, key: String) {
        stamps.remember(request.path, kind: ScanStamps.kind(request, budget: budget), stamp: stamp, key: key)
    }

    /// Notes that the file `request` reads had `key` this run.
    func note(_ request: SourceScanner.Request, budget: SourceBudget, key: String) {
        keys.withLock { $0[Asked(kind: ScanStamps.kind(request, budget: budget), path: request.path)] = key }
    }

    /// The key the file `request` reads had this run, if it was read, hashed or stamped.
    func key(_ request: SourceScanner.Request, budget: SourceBudget) -> String? {
        keys.withLock { $0[Asked(kind: ScanStamps.kind(request, budget: budget), path: request.path)] }
    }

    /// The stamp the file at `path` had when this run first opened it: asked once per run, whatever is asked of the file.
    func stamp(of path: String) -> FileStamp? { seen.withLock { $0[path] } }

    /// Notes the stamp the file at `path` had when this run opened it.
    func saw(_ path: String, _ stamp: FileStamp) { seen.withLock { $0[path] = stamp } }

    /// The analysis kept under `key`, as bytes to decode.
    func analysis(_ key: String) -> ArraySlice<UInt8>? { analyses.entry(key) }

    /// The latest analysis kept for files that say what `factsKey` stands for, as bytes to decode.
    func analysis(factsKey: String) -> ArraySlice<UInt8>? { analyses.entry(tagged: factsKey)?.body }

    /// The digests of the files of the latest analysis, as bytes to decode (``WiringMemo``).
    var factsDigests: ArraySlice<UInt8>? { digests.bodies.first }

    /// Keeps `body` as the digests of the latest analysis's files.
    func keep(factsDigests body: [UInt8]) { digests.keep(body, for: "digests") }

    /// The files the latest analysis under the roles `rolesKey` names could leave out (``WiringRelevance/Partition``),
    /// as bytes to decode.
    func partition(_ rolesKey: String) -> ArraySlice<UInt8>? { partitions.entry(rolesKey) }

    /// Keeps `body` as the partition of the latest analysis's files under the roles `rolesKey` names.
    func keep(partition body: [UInt8], for rolesKey: String) { partitions.keep(body, for: rolesKey, tag: rolesKey) }

    /// Keeps `body` as the analysis of `key`, for files that say what `factsKey` stands for.
    func keep(analysis body: [UInt8], for key: String, factsKey: String) { analyses.keep(body, for: key, tag: factsKey) }

    /// The file scanned earlier for `request` with this key, named `path`.
    func file(for key: String, _ request: SourceScanner.Request, path: String) -> ScannedFile? {
        shelf(Shelf(request)).file(for: key, path: path)
    }

    /// The bytes of the entry `key` as its shelf read them or this run wrote them, for the kind of scan
    /// `readsWiring` says; nil for one neither read nor scanned.
    func stored(_ key: String, readsWiring: Bool) -> ArraySlice<UInt8>? {
        shelf(readsWiring ? .whole : .imports).stored(key)
    }

    /// Remembers `file`, scanned for `request` with `key`, unless it was skipped over a budget.
    func store(_ file: ScannedFile, for key: String, _ request: SourceScanner.Request) {
        shelf(Shelf(request)).store(file, for: key)
    }

    /// How many scans of files parsed apart from their shelf are kept.
    static let recentEntries = 512

    /// Remembers `file`, scanned with `key` apart from its shelf (``Shelf/recent``).
    func keepRecent(_ file: ScannedFile, for key: String) {
        shelf(.recent).store(file, for: key)
    }

    /// The file scanned earlier with this key, named `path`: from the recent scans, else from the shelf of `request`'s kind.
    func previousFile(for key: String, _ request: SourceScanner.Request, path: String) -> ScannedFile? {
        shelf(.recent).file(for: key, path: path) ?? file(for: key, request, path: path)
    }

    /// What this process read of each file, by request: a command that runs the checks several times
    /// (`init` checks each proposal it makes) reads and hashes each file once. A command reads the
    /// checkout as it was when it started; one that writes to it (`fix --write`) checks with a new cache.
    private let answers = Locked([SourceScanner.Request: ScannedFile]())

    /// The file this run already scanned for `request`.
    func answered(_ request: SourceScanner.Request) -> ScannedFile? {
        answers.withLock { $0[request] }
    }

    /// Remembers what `request` found, for the rest of the run.
    func answer(_ request: SourceScanner.Request, _ file: ScannedFile) {
        answers.withLock { $0[request] = file }
    }

    /// The files found in the cache and those scanned, in this run.
    public var hits: Int { shelves.withLock { $0.values.reduce(0) { $0 + $1.hits } } }
    public var misses: Int { shelves.withLock { $0.values.reduce(0) { $0 + $1.misses } } }

    /// What to keep of each shelf this run changed (``ScanShelf/encoded()``); empty when nothing changed.
    public func encoded() -> [Shelf: Data] {
        var encoded = shelves.withLock { $0 }.compactMapValues { $0.encoded() }
        encoded[.stamps] = stampShelf.withLock { $0 }?.encoded()
        Self.add(analysisShelf.withLock { $0 }, index: .analyses, slot: Shelf.answer, to: &encoded)
        encoded[.digests] = digestShelf.withLock { $0 }?.encoded()
        Self.add(partitionShelf.withLock { $0 }, index: .partitions, slot: Shelf.partition, to: &encoded)
        return encoded
    }

    /// What `answers` (a ``ScanAnswers``) has to write, when it kept something: its index on `index`, and the slot's
    /// bytes, when written, on the shelf `slot` names.
    private static func add(_ answers: ScanAnswers?, index: Shelf, slot: (Int) -> Shelf, to encoded: inout [Shelf: Data]) {
        guard let written = answers?.encoded() else { return }
        encoded[index] = written.index
        if let body = written.body { encoded[slot(written.slot)] = body }
    }
}

/// One shelf of a ``ScanCache``: the entries of one kind of scan, read from one body.
final class ScanShelf: Sendable {

    /// The bytes read, and where each entry's body is in them: an entry is decoded only when a run asks for it.
    private let stored: [UInt8]
    private let previous: [String: Range<Int>]
    /// An entry this run used: its file, and where its bytes are in ``stored`` when it came from there,
    /// else the bytes it is kept as, written once by the thread that scanned it.
    private struct Used {
        let file: ScannedFile
        let bytes: Range<Int>?
        var body: [UInt8] = []
    }
    /// What this run asked and learnt: the entries of its files, and how many were found.
    private struct Run {
        var used: [String: Used] = [:]
        var hits = 0
        var misses = 0
    }
    private let run = Locked(Run())

    /// The fewest entries kept, this run's and earlier ones (``encoded()``).
    private let room: Int

    /// A shelf holding what `encoded` (a body ``encoded()`` wrote) says; empty when it is nil or does not decode.
    init(encoded: Data?, room: Int = 10_000) {
        self.room = room
        let bytes = encoded.map { [UInt8]($0) } ?? []
        guard let index = Self.index(bytes) else {
            stored = []
            previous = [:]
            return
        }
        stored = bytes
        previous = index
    }

    /// Where each entry's body is in `bytes`: the magic, the version, the count, then each entry's key and body.
    private static func index(_ bytes: [UInt8]) -> [String: Range<Int>]? {
        guard bytes.starts(with: ScanCache.magic) else { return nil }
        var reader = ScanReader(bytes, range: ScanCache.magic.count..<bytes.count)
        var index: [String: Range<Int>] = [:]
        do {
            guard try reader.int() == ScanCache.scannerVersion else { return nil }
            let count = try reader.count()
            guard count <= ScanCache.maximumEntries else { return nil }
            index.reserveCapacity(count)
            for _ in 0..<count {
                let key = try reader.raw()
                index[key] = try reader.span()
            }
            guard reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
        return index
    }

    /// The file scanned earlier with this key, named `path`; nil (a miss) when there is none or its entry does not decode.
    func file(for key: String, path: String) -> ScannedFile? {
        if let used = run.withLock({ run -> Used? in
            let used = run.used[key]
            if used != nil { run.hits += 1 }
            return used
        }) {
            return used.file.named(path)
        }
        // Decoded outside the lock: the files of a run are scanned in parallel.
        guard let bytes = previous[key], let file = Self.decode(stored, bytes) else {
            run.withLock { $0.misses += 1 }
            return nil
        }
        run.withLock { run in
            run.hits += 1
            run.used[key] = Used(file: file, bytes: bytes)
        }
        return file.named(path)
    }

    private static func decode(_ stored: [UInt8], _ bytes: Range<Int>) -> ScannedFile? {
        var reader = ScanReader(stored, range: bytes)
        guard let file = try? ScannedFile(reading: &reader), reader.isAtEnd else { return nil }
        return file
    }

    /// The bytes an entry of this key was read from, or, for one this run scanned, the bytes it is kept as.
    func stored(_ key: String) -> ArraySlice<UInt8>? {
        if let range = previous[key] { return stored[range] }
        return run.withLock { run in run.used[key].flatMap { $0.bytes == nil ? $0.body[...] : nil } }
    }

    /// Whether an entry of this key was read or learnt (its body may still not decode).
    func holds(_ key: String) -> Bool {
        previous[key] != nil || run.withLock { $0.used[key] != nil }
    }

    /// Remembers `file`, scanned for `key`, unless it was skipped over a budget. Its bytes are written
    /// here, once, on the thread that scanned it: the shelf keeps them and the wiring's digests hash them,
    /// where each used to write them again, one file after another, at the end of the run.
    func store(_ file: ScannedFile, for key: String) {
        guard file.skipped == nil else { return }
        let unnamed = file.named("")
        let body = unnamed.keptBytes
        run.withLock { $0.used[key] = Used(file: unnamed, bytes: nil, body: body) }
    }

    /// The files found in the cache and those scanned, in this run.
    var hits: Int { run.withLock { $0.hits } }
    var misses: Int { run.withLock { $0.misses } }

    /// What to keep for the next run, or nil when nothing changed: this run's files, and earlier entries
    /// up to as many again (at least its room, 10,000 unless told, at most ``ScanCache/maximumEntries`` in all), in the order of their keys.
    /// An entry read from the cache is kept as the bytes it was read from.
    func encoded() -> Data? {
        let used = run.withLock { $0.used }
        guard used.values.contains(where: { $0.bytes == nil }) else { return nil }
        var kept: [String: Range<Int>] = [:]
        var fresh: [String: [UInt8]] = [:]
        for (key, entry) in used {
            if let bytes = entry.bytes { kept[key] = bytes } else { fresh[key] = entry.body }
        }
        let room = min(ScanCache.maximumEntries, max(2 * used.count, room))
        for key in previous.keys.sorted() where kept.count + fresh.count < room && used[key] == nil { kept[key] = previous[key] }
        var writer = ScanWriter()
        writer.int(ScanCache.scannerVersion)
        writer.int(kept.count + fresh.count)
        for key in (Array(kept.keys) + Array(fresh.keys)).sorted() {
            writer.raw(key)
            if let bytes = kept[key] {
                writer.bytes(stored[bytes])
            } else if let body = fresh[key] {
                writer.bytes(body)
            }
        }
        return Data(magic: ScanCache.magic, body: writer.bytes)
    }
}

extension ScannedFile {
    /// This file, named `path`.
    func named(_ path: String) -> ScannedFile {
        ScannedFile(
            path: path, imports: imports, interface: interface, wiring: wiring, skipped: skipped, declaresNothing: declaresNothing,
            exportsNothing: exportsNothing)
    }

    /// The bytes a shelf keeps this scan as: written without its path, since an entry is found by its key
    /// and named by the request that asks for it. The wiring's digests hash these same bytes
    /// (``WiringMemo/digest(of:stored:)``), whether read from a shelf or written here.
    var keptBytes: [UInt8] {
        var writer = ScanWriter()
        named("").write(to: &writer)
        return writer.bytes
    }
}
