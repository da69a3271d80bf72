import Foundation
import ModGraphCore
import ModGraphRules
import ModGraphSyntax
import ModGraphSystem
import SwiftParser
import SwiftSyntax

/// What one Swift file says, as far as the source checks care.
public struct ScannedFile: Hashable, Sendable, Codable {
    /// The path it was read from.
    public let path: String
    public let imports: [ImportStatement]
    /// Present when the file belongs to an interface module.
    public let interface: InterfaceAudit?
    /// Present when the wiring inventory was asked for (``SourceScanner/Request/readsWiring``).
    public let wiring: WiringFile?
    /// Set when the file was not parsed because it exceeded a ``SourceBudget``:
    /// then nothing is known of its imports or declarations.
    public let skipped: SourceBudget.Excess?
    /// Whether the file holds imports, `#if`s and comments only: what a wrapper target,
    /// there to bring other modules into a product, is made of (Passepartout's
    /// `PartoutLibrary`, whose one file is a licence).
    public let declaresNothing: Bool
    /// Whether the file surely gives its module's users nothing (``ImportRegion/mayExport(_:)``):
    /// no public declaration, nothing for the Objective-C runtime, no re-export.
    public let exportsNothing: Bool

    public init(
        path: String, imports: [ImportStatement], interface: InterfaceAudit? = nil, wiring: WiringFile? = nil,
        skipped: SourceBudget.Excess? = nil, declaresNothing: Bool = false, exportsNothing: Bool = false
    ) {
        self.path = path
        self.imports = imports
        self.interface = interface
        self.wiring = wiring
        self.skipped = skipped
        self.declaresNothing = declaresNothing
        self.exportsNothing = exportsNothing
    }
}

/// A file the source checks did not parse, and the budget it exceeded; for a warning.
public struct SkippedSource: Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let excess: SourceBudget.Excess

    public init(path: String, excess: SourceBudget.Excess) {
        self.path = path
        self.excess = excess
    }

    public var description: String {
        "\(path): not checked: \(excess) (a budget of the source checks, see docs/configuration.md); its imports and declarations are unknown"
    }
}

/// A file the scanner cannot read.
public struct SourceScanError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "\(path): cannot read the source file (\(reason))" }
}

/// Parses Swift files with swift-syntax.
public enum SourceScanner {
    /// What to read of one file: its imports always; its declarations for the
    /// interface rule (`auditInterface`); what it declares and uses for the
    /// wiring inventory (`readsWiring`). Either of the last two parses it whole.
    public struct Request: Hashable, Sendable {
        public let path: String
        public let auditInterface: Bool
        public let readsWiring: Bool

        public init(path: String, auditInterface: Bool = false, readsWiring: Bool = false) {
            self.path = path
            self.auditInterface = auditInterface
            self.readsWiring = readsWiring
        }

        /// Whether the whole file is parsed, not only the part that holds its imports.
        var parsesWhole: Bool { auditInterface || readsWiring }
    }

    /// Scans the text of one file. `path` only names it.
    ///
    /// - Complexity: O(n) in the length of the text, within `budget`.
    public static func scan(
        text: String, path: String = "<memory>", auditInterface: Bool = false, readsWiring: Bool = false, budget: SourceBudget = .standard
    ) -> ScannedFile {
        var text = text
        let request = Request(path: path, auditInterface: auditInterface, readsWiring: readsWiring)
        return text.withUTF8 { bytes in scan(bytes: bytes, request, budget: budget) }
    }

    /// Reads and scans each file, a unit of `runner` each; the result is in
    /// the order of `files`. A file over `budget` is returned unparsed, with
    /// ``ScannedFile/skipped`` set.
    ///
    /// - Complexity: O(total size of the files), within `budget`.
    public static func scan(
        files: [(path: String, auditInterface: Bool)], budget: SourceBudget = .standard, runner: any UnitRunner = .sequential
    ) throws(SourceScanError) -> [ScannedFile] {
        try scan(requests: files.map { Request(path: $0.path, auditInterface: $0.auditInterface) }, budget: budget, runner: runner)
    }

    /// The same for requests that may ask for the wiring inventory.
    /// With a `cache`, a file whose text was scanned the same way before is not parsed again (``ScanCache``).
    /// Without `shelving`, the files' scans are neither looked for on their shelf nor kept there, but among the
    /// recent scans (``ScanCache/Shelf/recent``; their stamps and keys as always): for a few changed files whose
    /// scans only decide whether a kept answer still holds, so that the shelf of every file's scan is neither read
    /// nor written again (``WiringMemo``).
    public static func scan(
        requests: [Request], budget: SourceBudget = .standard, runner: any UnitRunner = .sequential, cache: ScanCache? = nil,
        shelving: Bool = true
    ) throws(SourceScanError) -> [ScannedFile] {
        // What this run already answered, and the keys stamps give, are looked up here, in order, as
        // ``knownKeys(_:budget:runner:cache:)`` does; the units are the entries to decode and the files to read.
        let stamped = cache?.knowsStamps ?? false
        var results: [Result<ScannedFile, SourceScanError>?] = []
        var keys: [String?] = []
        for request in requests {
            let answered = cache?.answered(request)
            results.append(answered.map { .success($0) })
            keys.append(
                answered == nil && stamped ? cache.flatMap { stampedKey(request, budget: budget, cache: $0, holding: shelving) } : nil)
        }
        let pending = results.indices.filter { results[$0] == nil }
        let found = runner.map(pending.map { (requests[$0], keys[$0]) }) { request, key -> Result<ScannedFile, SourceScanError> in
            let result = read(request, budget: budget, cache: cache, shelving: shelving, key: key)
            if let cache, case let .success(file) = result { cache.answer(request, file) }
            return result
        }
        for (index, result) in zip(pending, found) { results[index] = result }
        return try results.map { result throws(SourceScanError) in
            guard let result else { preconditionFailure("every file was answered or scanned") }
            return try result.get()
        }
    }

    /// The sketch of each file `requests` name (``WiringSketch``), with the key its scan would have, or nil where the
    /// file is to be scanned: its scan is on its shelf (decoding it costs less than reading the file), the file
    /// cannot be read or is over the budget (its scan says so), or its bytes refuse a sketch. A file sketched is
    /// within the budget as its scan would measure it, so that its scan would not have skipped it: the file's
    /// key and stamp are noted, as a scan notes them.
    static func sketch(
        _ requests: [Request], vocabulary: WiringVocabulary, budget: SourceBudget, runner: any UnitRunner, cache: ScanCache?
    ) -> [(sketch: WiringSketch, key: String?)?] {
        runner.map(requests) { request -> (sketch: WiringSketch, key: String?)? in
            var stamp: FileStamp?
            let read: ConfinedFiles.Read
            if let cache {
                guard case let .read(found, seen) = lookUp(request, budget: budget, cache: cache, holding: true) else { return nil }
                (read, stamp) = (found, seen)
            } else {
                read = ConfinedFiles.read(path: request.path, limit: budget.maximumFileBytes)
            }
            guard case let .bytes(bytes) = read else { return nil }
            return bytes.withUnsafeBufferPointer { bytes -> (sketch: WiringSketch, key: String?)? in
                guard var sketch = WiringSketch(bytes, vocabulary: vocabulary) else { return nil }
                // The extensions read from the budget's own pass over the tokens, where the text has any.
                var reader = WiringSketch.ExtensionReader(bytes)
                let (depth, excess) =
                    sketch.mentionsExtension ? budget.measure(parsing: bytes, observer: &reader) : budget.measure(parsing: bytes)
                guard excess == nil, SyntaxStack.hasRoom(depth: depth) else { return nil }
                if sketch.mentionsExtension {
                    guard let extensions = reader.extensions(in: bytes) else { return nil }
                    sketch.add(extensions)
                }
                guard let cache else { return (sketch, nil) }
                let key = scanKey(of: bytes, request, budget: budget)
                cache.note(request, budget: budget, key: key)
                if let stamp { cache.remember(request, budget: budget, stamp: stamp, key: key) }
                return (sketch, key)
            }
        }
    }

    /// The key each file `requests` name would be scanned with, without parsing it or reading its entry:
    /// from this run, by a stamp the cache remembers (``ScanStamps``), else from its bytes, read and hashed
    /// (a file changed within the time granularity of the last run has no stamp to give, a changed one no
    /// entry); nil for a file over the budget's size or that cannot be read.
    ///
    /// A file the run or its stamp already answers for costs a status and a few lookups under the cache's
    /// locks: too little to share out, since threads taking those locks for every file of a repository
    /// spend their time waiting for one another. Those are answered here, in order; the executor's units
    /// are the files to read and hash.
    static func knownKeys(_ requests: [Request], budget: SourceBudget, runner: any UnitRunner, cache: ScanCache) -> [String?] {
        let stamped = cache.knowsStamps
        var keys = requests.map { request in
            cache.key(request, budget: budget) ?? (stamped ? stampedKey(request, budget: budget, cache: cache) : nil)
        }
        let unknown = keys.indices.filter { keys[$0] == nil }
        for (index, key) in zip(unknown, runner.map(unknown.map { requests[$0] }) { readKey($0, budget: budget, cache: cache) }) {
            keys[index] = key
        }
        return keys
    }

    /// The key the stamp of the file `request` names gives, from the stamp this run saw or one asked now (noted
    /// for the run's other requests of the file when it gives one), and, if `holding`, only where the key's entry
    /// is on its shelf; nil when it gives none.
    private static func stampedKey(_ request: Request, budget: SourceBudget, cache: ScanCache, holding: Bool = false) -> String? {
        if let stamp = cache.stamp(of: request.path) {
            return cache.key(request, budget: budget, stamp: stamp, holding: holding)
        }
        guard let stamp = ConfinedFiles.stamp(path: request.path, limit: budget.maximumFileBytes),
            let key = cache.key(request, budget: budget, stamp: stamp, holding: holding)
        else { return nil }
        cache.saw(request.path, stamp)
        return key
    }

    /// The key of the file `request` names, read and hashed when its stamp gives none (``knownKeys(_:budget:runner:cache:)``).
    private static func readKey(_ request: Request, budget: SourceBudget, cache: ScanCache) -> String? {
        switch lookUp(request, budget: budget, cache: cache, holding: false) {
        case let .key(key):
            return key
        case let .read(.bytes(bytes), stamp):
            let key = bytes.withUnsafeBufferPointer { scanKey(of: $0, request, budget: budget) }
            cache.note(request, budget: budget, key: key)
            // The version this run read, which a later run's changed file is compared with (``WiringMemo``).
            if let stamp { cache.remember(request, budget: budget, stamp: stamp, key: key) }
            return key
        case .read:
            return nil
        }
    }

    /// What the cache knows of the file `request` names by its stamp, or what reading it found.
    private enum Lookup {
        /// The key its stamp gives: the file was not read.
        case key(String)
        /// Its stamp gave none: what was read, with the stamp when it is a regular file.
        case read(ConfinedFiles.Read, FileStamp?)
    }

    /// The key of the file `request` names by its stamp (the stamp this run first saw of it, else one asked now),
    /// and, if `holding`, only where the key's entry is on its shelf; else the file, read. The stamp is noted for
    /// the run's other requests of the file.
    private static func lookUp(_ request: Request, budget: SourceBudget, cache: ScanCache, holding: Bool) -> Lookup {
        let path = request.path
        if let stamp = cache.stamp(of: path), let key = cache.key(request, budget: budget, stamp: stamp, holding: holding) {
            return .key(key)
        }
        var known: String?
        switch ConfinedFiles.read(
            path: path, limit: budget.maximumFileBytes,
            unless: { stamp in
                known = cache.key(request, budget: budget, stamp: stamp, holding: holding)
                return known != nil
            })
        {
        case let .known(stamp):
            cache.saw(path, stamp)
            return known.map(Lookup.key) ?? .read(ConfinedFiles.read(path: path, limit: budget.maximumFileBytes), nil)
        case let .read(read, stamp):
            if let stamp { cache.saw(path, stamp) }
            return .read(read, stamp)
        }
    }

    /// Reads and scans one file; with a `cache`, a file whose stamp it remembers is not read (``ScanStamps``).
    /// `key`, when its stamp already gave one (``stampedKey(_:budget:cache:holding:)``), is not looked up again.
    private static func read(
        _ request: Request, budget: SourceBudget, cache: ScanCache?, shelving: Bool = true, key: String? = nil
    ) -> Result<ScannedFile, SourceScanError> {
        let path = request.path
        guard let cache else { return scanned(ConfinedFiles.read(path: path, limit: budget.maximumFileBytes), request, budget: budget) }
        switch key.map(Lookup.key) ?? lookUp(request, budget: budget, cache: cache, holding: shelving) {
        case let .key(key):
            if shelving, let file = cache.file(for: key, request, path: path) { return .success(file) }
            // An entry that does not decode, or none looked for: the file is read and scanned again.
            return scanned(
                ConfinedFiles.read(path: path, limit: budget.maximumFileBytes), request, budget: budget, cache: cache, shelving: shelving)
        case let .read(read, stamp):
            return scanned(read, request, budget: budget, cache: cache, stamp: stamp, shelving: shelving)
        }
    }

    /// What `read` found of the file `request` names, scanned.
    private static func scanned(
        _ read: ConfinedFiles.Read, _ request: Request, budget: SourceBudget, cache: ScanCache? = nil, stamp: FileStamp? = nil,
        shelving: Bool = true
    ) -> Result<ScannedFile, SourceScanError> {
        let path = request.path
        switch read {
        case let .bytes(bytes):
            return .success(
                bytes.withUnsafeBufferPointer { scan(bytes: $0, request, budget: budget, cache: cache, stamp: stamp, shelving: shelving) })
        case let .tooLarge(size):
            return .success(ScannedFile(path: path, imports: [], skipped: .fileBytes(size, limit: budget.maximumFileBytes)))
        case .missing:
            return .failure(SourceScanError(path: path, reason: "no such file"))
        case .denied:
            return .failure(SourceScanError(path: path, reason: "permission denied"))
        case .notAFile:
            return .failure(SourceScanError(path: path, reason: "not a regular file"))
        }
    }

    /// An interface module's file, and any file read for the wiring, is parsed whole; any other only as far
    /// as its imports go (``ImportRegion``).
    /// The part parsed must fit the budget first; the parser itself stops at
    /// the budget's nesting, and a file it stopped in is skipped too, since
    /// what follows the stop was not read. The parse and the walks over its
    /// tree run only where their recursion has room (``SyntaxStack``).
    private static func scan(
        bytes: UnsafeBufferPointer<UInt8>, _ request: Request, budget: SourceBudget, cache: ScanCache? = nil, stamp: FileStamp? = nil,
        shelving: Bool = true
    ) -> ScannedFile {
        let path = request.path
        if bytes.count > budget.maximumFileBytes {
            return ScannedFile(path: path, imports: [], skipped: .fileBytes(bytes.count, limit: budget.maximumFileBytes))
        }
        let regionEnd = request.parsesWhole ? bytes.count : ImportRegion.end(in: bytes)
        let parsed = UnsafeBufferPointer(rebasing: bytes[0..<regionEnd])
        let exportsNothing = !ImportRegion.mayExport(bytes)
        let key = cache.map { _ in scanKey(of: bytes, regionEnd: regionEnd, exportsNothing: exportsNothing, request, budget: budget) }
        if let cache, let key { cache.note(request, budget: budget, key: key) }
        if let cache, let key, shelving, let known = cache.file(for: key, request, path: path) {
            if let stamp { cache.remember(request, budget: budget, stamp: stamp, key: key) }
            return known
        }
        let scanned = parse(bytes: bytes, parsed: parsed, regionEnd: regionEnd, exportsNothing: exportsNothing, request, budget: budget)
        if let cache, let key, scanned.skipped == nil {
            if shelving { cache.store(scanned, for: key, request) } else { cache.keepRecent(scanned, for: key) }
            if let stamp { cache.remember(request, budget: budget, stamp: stamp, key: key) }
        }
        return scanned
    }

    /// The key of a file of `bytes` within the budget's size, scanned for `request` (``ScanCache/key(_:trailer:exportsNothing:_:budget:)``):
    /// what decides the answer is the part parsed, whether only trivia follows it (a wrapper's file), and
    /// whether the file may export anything.
    private static func scanKey(
        of bytes: UnsafeBufferPointer<UInt8>, regionEnd: Int? = nil, exportsNothing: Bool? = nil, _ request: Request, budget: SourceBudget
    ) -> String {
        let regionEnd = regionEnd ?? (request.parsesWhole ? bytes.count : ImportRegion.end(in: bytes))
        return ScanCache.key(
            UnsafeBufferPointer(rebasing: bytes[0..<regionEnd]),
            trailer: regionEnd == bytes.count || ImportRegion.isTrivia(bytes, from: regionEnd),
            exportsNothing: exportsNothing ?? !ImportRegion.mayExport(bytes), request, budget: budget)
    }

    /// The parse and the walks of ``scan(bytes:_:budget:cache:stamp:shelving:)``, within the budget.
    private static func parse(
        bytes: UnsafeBufferPointer<UInt8>, parsed: UnsafeBufferPointer<UInt8>, regionEnd: Int, exportsNothing: Bool, _ request: Request,
        budget: SourceBudget
    ) -> ScannedFile {
        let path = request.path
        let (depth, excess) = budget.measure(parsing: parsed)
        if let excess {
            return ScannedFile(path: path, imports: [], skipped: excess)
        }
        let scanned = SyntaxStack.run(depth: depth) {
            let tree = Parser.parse(source: parsed, maximumNestingLevel: budget.maximumNesting)
            if tree.hasMaximumNestingLevelOverflow {
                return ScannedFile(path: path, imports: [], skipped: .nesting(limit: budget.maximumNesting))
            }
            let lines = LineTable(parsed)
            let imports = ImportCollector(lines: lines).imports(in: tree)
            let interface = request.auditInterface ? InterfaceAuditor(lines: lines).audit(tree) : nil
            let wiring = request.readsWiring ? WiringCollector(lines: lines).collect(tree) : nil
            let declaresNothing = ImportCollector.holdsOnlyImports(tree) && ImportRegion.isTrivia(bytes, from: regionEnd)
            return ScannedFile(
                path: path, imports: imports, interface: interface, wiring: wiring, declaresNothing: declaresNothing,
                exportsNothing: exportsNothing)
        }
        return scanned ?? ScannedFile(path: path, imports: [], skipped: .stack(depth: depth))
    }
}
