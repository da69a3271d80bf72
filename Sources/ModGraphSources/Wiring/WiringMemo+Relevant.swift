import ModGraphCore
import ModGraphRules
import ModGraphSystem

extension WiringMemo {
    /// The answer for these files, analysed without the files the latest analysis found inert
    /// (``WiringRelevance``) that have not changed since: an edit the wiring sees (a conformance, a builder's
    /// member, a service newly used) decodes and analyses the files that may matter and those changed, not
    /// every file of the app. The files left out must still be inert beside the new analysis (none of their
    /// names declared by a file analysed or derived, none a use is matched by); then the answer is the one
    /// every file would give, with their extensions and the names they declare put back in, and is kept as
    /// the full analysis keeps it. Each file left out is weighed beside this analysis, not the one that found it
    /// inert: there, a name it shares with a builder or a screen module of another module matched nothing. Nil
    /// when the partition kept is for other roles, when no file is left out, or when one would no longer be inert. A file
    /// left out is one the partition holds by its place and key, whose digest the latest analysis kept or, sketched, its
    /// key gives (``digest(sketched:)``): a sketched file whose earlier bytes come back is left out again.
    static func relevantFacts(
        _ graph: ModuleGraph, requests: [SourceScanner.Request], keys: [String?], known: [String: [UInt8]], layout: Layout,
        budget: SourceBudget, runner: any UnitRunner, cache: ScanCache, key: String
    ) throws(SourceScanError) -> Outcome? {
        let (places, roles, rolesKey) = (layout.places, layout.roles, Self.rolesKey(layout.roles))
        guard let body = cache.partition(rolesKey), let partition = WiringRelevance.Partition(body) else { return nil }
        var inert: [Int: (place: String, file: WiringRelevance.Inert)] = [:]
        var placer = WiringRelevance.Placer()
        for index in requests.indices {
            guard let key = keys[index] else { continue }
            let place = placer.place(places[index], key: key)
            // A file left out needs its facts' digest: the latest analysis's, or a sketch's, which its key gives.
            if let file = partition.inert[place], known[key] != nil || file.pieces != nil { inert[index] = (place, file) }
        }
        guard !inert.isEmpty else { return nil }
        let analysed = requests.indices.filter { inert[$0] == nil }
        let scanned = try scan(analysed.map { requests[$0] }, keys: analysed.map { keys[$0] }, budget: budget, runner: runner, cache: cache)
        var read = [ScannedFile?](repeating: nil, count: requests.count)
        for (index, file) in zip(analysed, scanned) { read[index] = file }
        var (facts, judge) = analysis(of: read, layout: layout, graph: graph)
        guard inert.values.allSatisfy({ judge.isInert($0.file) }) else { return nil }
        // The files left out give the answer their extensions, in the order of every file's, and their declarations' names.
        facts = WiringRelevance.whole(
            consume facts, files: requests.indices.map { (places[$0], inert[$0].map { .inert($0.file) } ?? .read(read[$0]?.wiring)) })
        let skipped = scanned.filter { $0.skipped != nil }
        guard skipped.allSatisfy({ $0.skipped?.recurs ?? true }) else { return Outcome(facts: facts, skipped: skipped) }
        var allKeys = keys
        var digests: [[UInt8]?] = keys.indices.map { index in
            keys[index].flatMap { known[$0] ?? (inert[index] == nil ? nil : digest(sketched: $0)) }
        }
        var skips: [(index: Int, excess: SourceBudget.Excess)] = []
        var judged: [WiringRelevance.Analysed] = []
        for (index, file) in zip(analysed, scanned) {
            let key = cache.key(requests[index], budget: budget)
            allKeys[index] = key
            digests[index] = digest(of: file, key: key, known: known, cache: cache)
            if let excess = file.skipped { skips.append((index, excess)) }
            judged.append(.init(place: places[index], key: key, scanned: file))
        }
        var kept = WiringRelevance.inertFiles(judged, facts: facts, roles: roles)
        for (_, left) in inert { kept[left.place] = left.file }
        let weights = Kept.Names(
            names: facts.names, uses: facts.useNames, weighed: judge.weighed, leftOut: inert.keys.sorted())
        keep(
            facts, skips: skips, keys: allKeys, digests: digests, layout: layout, cache: cache, key: key,
            names: weights.encoded()[...])
        if partition.isOutgrown(by: kept) {
            cache.keep(partition: WiringRelevance.Partition(inert: kept).encoded(), for: rolesKey)
        }
        return Outcome(facts: facts, skipped: skipped)
    }

    /// The analysis of the files read (`scanned`, by their index among the layout's files; nil for a file left out),
    /// and a judge of the files left out beside it.
    static func analysis(of scanned: [ScannedFile?], layout: Layout, graph: ModuleGraph) -> (
        facts: WiringFacts, judge: WiringRelevance.Judge
    ) {
        let roles = layout.roles
        var byTarget: [TargetID: [ScannedFile]] = [:]
        for (place, file) in zip(layout.places, scanned) {
            if let file { byTarget[place.target, default: []].append(file) }
        }
        let folders = Dictionary(layout.targets.map { ($0.target, $0.folder) }, uniquingKeysWith: { first, _ in first })
        let facts = WiringAnalyzer(roles: roles).analyze(scanned: byTarget, folders: folders, graph: graph)
        let lookedUp = WiringRelevance.lookedUp(facts, declaredIn: scanned.map { $0?.wiring })
        return (facts, WiringRelevance.Judge(facts: facts, lookedUp: lookedUp, roles: roles))
    }

    /// Scans `requests`: those whose scans (keyed `keys`) are on the shelf of every file's scan from there, the others
    /// (changed since) among the recent scans, as ``movedFacts`` scans them, so that the shelf of every file's scan
    /// (megabytes) is not written again for a few files.
    private static func scan(
        _ requests: [SourceScanner.Request], keys: [String?], budget: SourceBudget, runner: any UnitRunner, cache: ScanCache
    ) throws(SourceScanError) -> [ScannedFile] {
        let isShelved = requests.indices.map { keys[$0].map { cache.stored($0, readsWiring: true) != nil } ?? false }
        var files = [ScannedFile?](repeating: nil, count: requests.count)
        for shelving in [true, false] {
            let indices = requests.indices.filter { isShelved[$0] == shelving }
            let scanned = try SourceScanner.scan(
                requests: indices.map { requests[$0] }, budget: budget, runner: runner, cache: cache, shelving: shelving)
            for (index, file) in zip(indices, scanned) { files[index] = file }
        }
        return files.compactMap { $0 }
    }

    /// Keeps `facts`, the answer for files whose scans' keys are `keys` (in the order of the layout's files), under
    /// `key`, with the files it `skips` by their index and `names` beside it (``Kept/Names``); and when `digests`
    /// gives every file's facts' digest, under the key of those digests too, which are kept as the latest analysis's.
    static func keep(
        _ facts: WiringFacts, skips: [(index: Int, excess: SourceBudget.Excess)], keys: [String?], digests: [[UInt8]?],
        layout: Layout, cache: ScanCache, key: String, names: ArraySlice<UInt8>
    ) {
        var writer = ScanWriter()
        facts.write(to: &writer)
        let complete = digests.compactMap { $0 }
        let isComplete = complete.count == digests.count
        let factsKey = isComplete ? factsKey(layout: layout, digests: complete) : ""
        cache.keep(
            analysis: Kept.body(factsKey: factsKey, facts: writer.bytes[...], skipped: skips, names: names), for: key, factsKey: factsKey)
        if isComplete { cache.keep(factsDigests: Kept.table(keys: keys, digests: complete)) }
    }

}
