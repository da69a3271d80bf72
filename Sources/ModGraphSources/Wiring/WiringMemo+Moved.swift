import ModGraphCore
import ModGraphRules

extension WiringMemo {
    /// The answer for these files when those changed since the previous analysis differ from their
    /// previous versions only in where things are (lines added or removed above a declaration, a
    /// function's body grown): the answer kept for the previous versions, each place it names in those
    /// files moved to where the same thing is now. Most edits move lines; without this, each was
    /// analysed again, every file's facts decoded.
    ///
    /// The previous versions are those the files' stamps last stood for (``ScanCache/previousKey(_:budget:)``),
    /// their scans read from the recent scans or the shelf. A changed file may also add what the analysis cannot
    /// see (``WiringAdditions``: a type no name of the answer matches), which is left out before its places are
    /// compared. A changed file whose scan is not kept, that says anything else (a name, a declaration that
    /// matters), or whose places do not keep their order, gives no answer, and neither does a place of the
    /// answer that its file no longer has.
    static func movedFacts(
        _ requests: [SourceScanner.Request], keys: [String?], changes: Changes, known: [String: [UInt8]], layout: Layout,
        budget: SourceBudget, runner: any UnitRunner, cache: ScanCache, key: String
    ) throws(SourceScanError) -> Outcome? {
        let (changed, previousKeys) = (changes.changed, changes.previousKeys)
        // The changed files first: most that say something else (a declaration added) stop here, before the
        // previous answer (whose key ``changes(_:keys:layout:budget:cache:)`` worked out) is read and decoded.
        let (places, roles) = (layout.places, layout.roles)
        let now = try SourceScanner.scan(
            requests: changed.map { requests[$0] }, budget: budget, runner: runner, cache: cache, shelving: false)
        var moved: [Place: [ScanPosition: ScanPosition]] = [:]
        // Files that say more than before: what they add is weighed against the previous answer's names.
        var grown: [(place: Place, before: ScannedFile, after: ScannedFile)] = []
        for (file, index) in zip(now, changed) {
            guard file.skipped == nil, let previous = previousKeys[index],
                let before = cache.previousFile(for: previous, requests[index], path: requests[index].path)
            else { return nil }
            if let map = moves(from: before, to: file) {
                moved[places[index]] = map
            } else {
                grown.append((places[index], before, file))
            }
        }
        guard let previousKey = changes.previousKey, let body = cache.analysis(previousKey), let parts = Kept.parts(body),
            let skippedFiles = Kept.files(parts.skipped, requests: requests)
        else { return nil }
        var names = parts.names
        if !grown.isEmpty {
            guard var kept = Kept.Names(parts.names) else { return nil }
            var known = kept.names
            let uses = kept.uses
            for file in grown {
                guard
                    let seen = WiringAdditions.comparable(
                        file.after, before: file.before,
                        in: .init(
                            names: known, useNames: uses, inInterfaceModule: roles.interfaces.contains(file.place.target),
                            inApp: roles.app.contains(file.place.target), vocabulary: roles.vocabulary)),
                    let map = moves(from: seen.before, to: seen.after)
                else { return nil }
                moved[file.place] = map
                known.formUnion(seen.declared)
            }
            kept.names = known
            names = kept.encoded()[...]
        }
        var reader = ScanReader(Array(parts.facts))
        reader.moved = { target, file, position in
            guard let map = moved[Place(target: target, file: file)] else { return position }
            return map[position]
        }
        guard let facts = try? WiringFacts(reading: &reader), reader.isAtEnd else { return nil }
        // The files changed were all parsed; those skipped are unchanged, and skipped as before.
        let digests = digests(
            keys, known: known, changed: Dictionary(zip(changed, now.map { digest(of: $0) }), uniquingKeysWith: { first, _ in first }))
        keep(
            facts, skips: parts.skipped, keys: keys, digests: digests, layout: layout, cache: cache, key: key,
            names: names)
        return Outcome(facts: facts, skipped: skippedFiles)
    }

    /// The files changed since the previous analysis, and the key of the answer kept for their previous versions.
    struct Changes {
        /// By their index among the files analysed: at most ``maximumRescanned``, at least one.
        let changed: [Int]
        /// The keys of every file's previous version (those their stamps last stood for; a file unchanged, its key).
        let previousKeys: [String?]
        /// The key of the previous answer (``key(layout:keys:)`` of `previousKeys`).
        let previousKey: String?
    }

    /// The files changed since the previous analysis (``Changes``), worked out once for every way of reading the previous
    /// answer; nil when none changed, too many did, or a changed file's previous version is unknown.
    static func changes(
        _ requests: [SourceScanner.Request], keys: [String?], layout: Layout, budget: SourceBudget,
        cache: ScanCache
    ) -> Changes? {
        var previousKeys = keys
        var changed: [Int] = []
        for index in requests.indices where keys[index] != nil {
            let previous = cache.previousKey(requests[index], budget: budget)
            guard previous != keys[index] else { continue }
            guard let previous else { return nil }
            previousKeys[index] = previous
            changed.append(index)
        }
        guard !changed.isEmpty, changed.count <= maximumRescanned else { return nil }
        return Changes(
            changed: changed, previousKeys: previousKeys, previousKey: Self.key(layout: layout, keys: previousKeys))
    }

    /// Where each place of `before` is in `after`, when the two scans say the same things at other places
    /// and keep their order; nil otherwise.
    static func moves(from before: ScannedFile, to after: ScannedFile) -> [ScanPosition: ScanPosition]? {
        func written(_ file: ScannedFile) -> ScanWriter {
            var writer = ScanWriter()
            writer.omitsPositions = true
            writer.positions = []
            // The file's top-level functions and variables, which no phase reads, are at 1:1, where its first
            // import may be too: a line added above would move one place to two.
            WiringAdditions.withoutFileScope(file).named("").write(to: &writer)
            return writer
        }
        let old = written(before)
        let new = written(after)
        guard old.bytes == new.bytes, let from = old.positions, let to = new.positions, from.count == to.count else { return nil }
        var map: [ScanPosition: ScanPosition] = [:]
        for (was, now) in zip(from, to) {
            if let seen = map[was], seen != now { return nil }
            map[was] = now
        }
        // In the same order, so that what the answer sorts by place is sorted the same.
        let pairs = map.sorted { $0.key < $1.key }
        for (first, second) in zip(pairs, pairs.dropFirst()) where !(first.value < second.value) { return nil }
        // A construction on a `.scoped` call's line is that wiring, not another (``WiringPass``): lines split
        // or joined must leave each on its call's line or off it, as it was.
        guard onScopedLines(before) == onScopedLines(after) else { return nil }
        return map
    }

    /// For each construction of `file`, whether it is on the line of a `.scoped` call.
    private static func onScopedLines(_ file: ScannedFile) -> [Bool] {
        guard let wiring = file.wiring else { return [] }
        let lines = Set(wiring.scopedCalls.map(\.line))
        return wiring.constructions.map { lines.contains($0.line) }
    }

    /// The digest of each file's facts (`keys`, in order): those of the files changed now (`changed`, by their index),
    /// the others the latest analysis's (`known`), nil where neither gives one.
    static func digests(_ keys: [String?], known: [String: [UInt8]], changed: [Int: [UInt8]]) -> [[UInt8]?] {
        keys.indices.map { index in changed[index] ?? keys[index].flatMap { known[$0] } }
    }
}
