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
    /// when the partition kept is for other roles, when no file is left out, when a file left out has no digest
    /// kept, or when one would no longer be inert.
    static func relevantFacts(
        _ graph: ModuleGraph, requests: [SourceScanner.Request], keys: [String?], known: [String: [UInt8]], targets: [TargetSources],
        roles: WiringRoles, budget: SourceBudget, runner: any UnitRunner, cache: ScanCache, key: String
    ) throws(SourceScanError) -> Outcome? {
        let rolesKey = Self.rolesKey(roles)
        guard let body = cache.partition(rolesKey), let partition = WiringRelevance.Partition(body) else { return nil }
        let places = places(of: targets)
        var inert: [Int: (place: String, file: WiringRelevance.Inert)] = [:]
        for index in requests.indices {
            guard let key = keys[index], known[key] != nil else { continue }
            let place = WiringRelevance.place(places[index], key: key)
            if let file = partition.inert[place] { inert[index] = (place, file) }
        }
        guard !inert.isEmpty else { return nil }
        let analysed = requests.indices.filter { inert[$0] == nil }
        let scanned = try scan(analysed.map { requests[$0] }, keys: analysed.map { keys[$0] }, budget: budget, runner: runner, cache: cache)
        var byTarget: [TargetID: [ScannedFile]] = [:]
        var byIndex: [Int: ScannedFile] = [:]
        for (index, file) in zip(analysed, scanned) {
            byTarget[places[index].target, default: []].append(file)
            byIndex[index] = file
        }
        let folders = Dictionary(targets.map { ($0.target, $0.folder) }, uniquingKeysWith: { first, _ in first })
        var facts = WiringAnalyzer(roles: roles).analyze(scanned: byTarget, folders: folders, graph: graph)
        var judge = WiringRelevance.Judge(
            facts: facts, lookedUp: WiringRelevance.lookedUp(facts, declaredIn: scanned.map(\.wiring)), roles: roles)
        guard inert.values.allSatisfy({ judge.isInert($0.file) }) else { return nil }
        // The files left out give the answer their extensions, in the order of every file's, and their declarations' names.
        facts = WiringRelevance.whole(
            facts, files: requests.indices.map { (places[$0], inert[$0].map { .inert($0.file) } ?? .read(byIndex[$0]?.wiring)) })
        let skipped = scanned.filter { $0.skipped != nil }
        guard skipped.allSatisfy({ $0.skipped?.recurs ?? true }) else { return Outcome(facts: facts, skipped: skipped) }
        var allKeys = keys
        var digests = keys.map { $0.flatMap { known[$0] } ?? [] }
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
        keep(facts, skips: skips, keys: allKeys, digests: digests, targets: targets, roles: roles, cache: cache, key: key, names: weights)
        // Most edits leave the same files out: the partition (one entry per file of the app) is then not written again.
        if kept != partition.inert {
            cache.keep(partition: WiringRelevance.Partition(inert: kept).encoded(), for: rolesKey)
        }
        return Outcome(facts: facts, skipped: skipped)
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

    /// Keeps `facts`, the answer for files whose scans' keys are `keys` and whose facts' digests are `digests`
    /// (in the order of `targets`' files), under `key` and the key of those digests, with the files it
    /// `skips` by their index; and keeps the digests as the latest analysis's.
    /// `names`: what the answer keeps beside it (``Kept/Names``); by default its names and use names alone.
    static func keep(
        _ facts: WiringFacts, skips: [(index: Int, excess: SourceBudget.Excess)], keys: [String?], digests: [[UInt8]],
        targets: [TargetSources], roles: WiringRoles, cache: ScanCache, key: String, names: Kept.Names? = nil
    ) {
        var writer = ScanWriter()
        facts.write(to: &writer)
        let factsKey = factsKey(roles: roles, targets: targets, digests: digests)
        let names = names ?? Kept.Names(names: facts.names, uses: facts.useNames)
        cache.keep(
            analysis: Kept.body(factsKey: factsKey, facts: writer.bytes[...], skipped: skips, names: names.encoded()[...]),
            for: key, factsKey: factsKey)
        cache.keep(factsDigests: Kept.table(keys: keys, digests: digests))
    }

    /// The key a partition is kept for: the versions and the roles its files were judged under.
    static func rolesKey(_ roles: WiringRoles) -> String {
        keyed(roles: roles, targets: [], label: "relevance") { _, _ in }
    }
}
