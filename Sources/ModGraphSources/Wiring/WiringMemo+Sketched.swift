import ModGraphCore
import ModGraphSystem

extension WiringMemo {
    /// An analysis of every file, some of them known by their bytes alone.
    struct Whole {
        /// The answer every file gives.
        let facts: WiringFacts
        /// Each file's scan, in the order of the requests; nil for a file sketched.
        let scanned: [ScannedFile?]
        /// The files left unparsed, by their index among the requests: their sketches and the keys their scans would have.
        let sketched: [Int: (sketch: WiringSketch, key: String?)]
        /// The names the sketched files were weighed against (``WiringRelevance/Judge/weighed``); empty when none was.
        let weighed: Set<String>
    }

    /// The answer of every file of the layout (`requests`, in order), without parsing those whose bytes show them
    /// plain (``WiringSketch``, files of no interface module and not the app's) and inert beside the analysis
    /// of the others: on a cold run (no answer kept, no file's scan on its shelf), the parse and the walk over
    /// each tree were nine tenths of the time, and most files of an app give the answer only their names.
    ///
    /// The files not sketched are scanned and analysed; each sketched file is weighed beside that analysis
    /// (``WiringRelevance/Judge``), and those that may matter are scanned in turn and the analysis made again,
    /// until every file left is inert: their names are then put in the answer (``WiringRelevance/whole(_:files:)``),
    /// which is the one the analysis of every file gives.
    static func whole(
        _ graph: ModuleGraph, requests: [SourceScanner.Request], layout: Layout, budget: SourceBudget,
        runner: any UnitRunner, cache: ScanCache?
    ) throws(SourceScanError) -> Whole {
        let (places, roles) = (layout.places, layout.roles)
        let candidates = requests.indices.filter { !roles.interfaces.contains(places[$0].target) && !roles.app.contains(places[$0].target) }
        var sketched: [Int: (sketch: WiringSketch, key: String?)] = [:]
        let sketches = SourceScanner.sketch(
            candidates.map { requests[$0] }, vocabulary: roles.vocabulary, budget: budget, runner: runner, cache: cache)
        for (index, found) in zip(candidates, sketches) { sketched[index] = found }
        var scanned = [ScannedFile?](repeating: nil, count: requests.count)
        var pending = requests.indices.filter { sketched[$0] == nil }
        while true {
            let found = try SourceScanner.scan(requests: pending.map { requests[$0] }, budget: budget, runner: runner, cache: cache)
            for (index, file) in zip(pending, found) { scanned[index] = file }
            var (facts, judge) = analysis(of: scanned, layout: layout, graph: graph)
            if sketched.isEmpty { return Whole(facts: facts, scanned: scanned, sketched: [:], weighed: []) }
            pending = sketched.filter { !judge.isInert(.init(sketch: $0.value.sketch)) }.keys.sorted()
            for index in pending { sketched[index] = nil }
            guard pending.isEmpty else { continue }
            let parts = requests.indices.map { index -> (place: Place, part: WiringRelevance.Part) in
                (places[index], sketched[index].map { .inert(.init(sketch: $0.sketch)) } ?? .read(scanned[index]?.wiring))
            }
            return Whole(
                facts: WiringRelevance.whole(consume facts, files: parts), scanned: scanned, sketched: sketched, weighed: judge.weighed)
        }
    }

    /// Keeps the answer of an analysis of every file (`whole`, of the files `requests` name) under `key` (when
    /// unknown, worked out from the files' keys) and the key of its files' facts, with the files it left out and
    /// the names it weighed them against; and keeps the files a later analysis may leave out in the partition.
    /// `known`: the latest analysis's digests, when read already.
    static func keep(
        _ whole: Whole, requests: [SourceScanner.Request], key: String?, known: [String: [UInt8]]?, layout: Layout, budget: SourceBudget,
        cache: ScanCache
    ) {
        let (facts, scanned) = (whole.facts, whole.scanned)
        let keys = requests.map { cache.key($0, budget: budget) }
        guard let key = key ?? Self.key(layout: layout, keys: keys) else { return }
        // The digests the latest analysis kept are those of the same scans (a key names a file's bytes and
        // what was asked of them): only the files it did not read are hashed, not every file's scan again.
        let known = known ?? cache.factsDigests.flatMap(Kept.digests) ?? [:]
        let digests = zip(scanned, keys).map { file, key in
            file.map { digest(of: $0, key: key, known: known, cache: cache) } ?? digest(sketched: key)
        }
        let skips = scanned.indices.compactMap { index in scanned[index]?.skipped.map { (index, $0) } }
        let names = Kept.Names(names: facts.names, uses: facts.useNames, weighed: whole.weighed, leftOut: whole.sketched.keys.sorted())
        keep(
            facts, skips: skips, keys: keys, digests: digests, layout: layout, cache: cache, key: key,
            names: names.encoded()[...])
        // The files a later analysis may leave out, judged now that every file's facts are at hand, and those sketched.
        let (places, roles) = (layout.places, layout.roles)
        let files = requests.indices.compactMap { index in
            scanned[index].map { WiringRelevance.Analysed(place: places[index], key: keys[index], scanned: $0) }
        }
        var inert = WiringRelevance.inertFiles(files, facts: facts, roles: roles)
        // In the files' order, so that the placer writes each module once for the run of its files.
        var placer = WiringRelevance.Placer()
        for (index, file) in whole.sketched.sorted(by: { $0.key < $1.key }) {
            if let key = file.key { inert[placer.place(places[index], key: key)] = .init(sketch: file.sketch) }
        }
        cache.keep(partition: WiringRelevance.Partition(inert: inert).encoded(), for: rolesKey(roles))
    }

    /// The answer for these files when each one changed since the previous analysis was left out of it (sketched, or
    /// inert in the partition) and is sketched now, inert beside the names that analysis weighed the files it left
    /// out against (``Kept/Names``): the previous answer, with the extensions the changed files list now in place of
    /// theirs and the names they declare added. A file left out gives the answer nothing else, and the files analysed
    /// are the same. Most edits are to such files (a view, a model), and those sketched have no scan to compare
    /// (``movedFacts``); without this, each such edit was analysed again. Nil when a file changed was analysed, or is
    /// refused a sketch or matters now.
    static func sketchedFacts(
        _ requests: [SourceScanner.Request], keys: [String?], changes: Changes, known: [String: [UInt8]], layout: Layout,
        budget: SourceBudget, runner: any UnitRunner, cache: ScanCache, key: String
    ) -> Outcome? {
        let (changed, roles) = (changes.changed, layout.roles)
        guard let previousKey = changes.previousKey, let body = cache.analysis(previousKey), let parts = Kept.parts(body),
            var kept = Kept.Names(parts.names),
            Set(changed).isSubset(of: kept.leftOut), let skipped = Kept.files(parts.skipped, requests: requests)
        else { return nil }
        let sketches = SourceScanner.sketch(
            changed.map { requests[$0] }, vocabulary: roles.vocabulary, budget: budget, runner: runner, cache: cache)
        var judge = WiringRelevance.Judge(weighed: kept.weighed, roles: roles)
        var now: [Int: WiringSketch] = [:]
        let named = kept.names.count
        for (index, found) in zip(changed, sketches) {
            guard let sketch = found?.sketch, judge.isInert(.init(sketch: sketch)) else { return nil }
            now[index] = sketch
            kept.names.formUnion(sketch.declared)
        }
        var reader = ScanReader(Array(parts.facts))
        guard var facts = try? WiringFacts(reading: &reader), reader.isAtEnd else { return nil }
        facts.extensions = replacing(facts.extensions, with: now, places: layout.places)
        let digests = digests(
            keys, known: known, changed: Dictionary(uniqueKeysWithValues: changed.map { ($0, digest(sketched: keys[$0])) }))
        keep(
            facts, skips: parts.skipped, keys: keys, digests: digests, layout: layout, cache: cache, key: key,
            // Most edits declare no new name: the names are then kept as they were read, not sorted and written again.
            names: kept.names.count == named ? parts.names : kept.encoded()[...])
        return Outcome(facts: facts, skipped: skipped)
    }

    /// `extensions`, in the order of every file's (by module, then by file: ``WiringRelevance/whole(_:files:)``), with the
    /// extensions of the files `now` sketches (by index among `places`) in place of theirs.
    static func replacing(_ extensions: [WiringFacts.Extension], with now: [Int: WiringSketch], places: [Place]) -> [WiringFacts.Extension]
    {
        var result = extensions
        for (file, sketch) in now.sorted(by: { $0.key < $1.key }) {
            let place = places[file]
            // Only the files of its module are placed by their index: the others' extensions are before or after it by their
            // module alone (an index of every file's place was a fifth of re-checking an edit).
            let indices = Dictionary(
                places.indices.filter { places[$0].target == place.target }.map { (places[$0].file, $0) },
                uniquingKeysWith: { first, _ in first })
            func index(_ found: WiringFacts.Extension) -> Int {
                found.site.target == place.target ? indices[found.site.file] ?? .max : 0
            }
            result.removeAll { $0.site.target == place.target && indices[$0.site.file] == file }
            let at = result.firstIndex { (place.target, file) < ($0.site.target, index($0)) } ?? result.count
            result.insert(
                contentsOf: sketch.extensions.map {
                    WiringFacts.Extension(
                        type: $0.type, site: Wiring.Site(target: place.target, file: place.file, line: $0.line, column: $0.column))
                }, at: at)
        }
        return result
    }

    /// The digest a sketched file's facts are kept under: its scan's key stands for them, as the same bytes give the
    /// same facts, and no scan's digest (``digest(of:stored:)``) is the same.
    static func digest(sketched key: String?) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(Array("sketched:\(key ?? "")".utf8))
        return hasher.finalize()
    }
}
