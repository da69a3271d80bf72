import ModGraphCore
import ModGraphRules
import ModGraphSystem

/// The wiring analysis of a workspace's modules, remembered across runs (issue #48): its answer
/// depends only on the roles and on what each file of each module declares and uses, which the
/// scan keys of the files stand for (their bytes' hash, what was asked, the budget). A warm run
/// finds every file's key by its stamp (``ScanStamps``), without reading a file or an entry, and
/// reads the answer back: on a generated app of 5,000 files, analysing and decoding the files'
/// facts were half of a warm `check` with `sources.wiring`.
///
/// Where any file's key is unknown (changed, new, over a budget), every file is scanned (from the
/// cache where it can) and analysed again, and the answer kept for the next run.
enum WiringMemo {
    /// Raised whenever the analysis's answer for the same files may change: older answers are then not read.
    /// (2: an answer is kept with the key of its files' facts and each file's facts digest; 3: with the files
    /// it skipped; 4: with the names it matches by, ``WiringFacts/names`` and ``WiringFacts/useNames``; 5: files
    /// sketched, not parsed, by the digest of their keys and in the partition by their pieces.)
    static let analyserVersion = 5

    /// The most files whose facts a run works out itself to find an answer kept under the same facts
    /// (files changed since the answer was kept); past it, the analysis runs again.
    static let maximumRescanned = 256

    /// What ``facts(_:targets:roles:budget:runner:cache:)`` found, and the files it did not parse.
    struct Outcome {
        let facts: WiringFacts
        let skipped: [ScannedFile]
    }

    /// The facts of `targets`' files, test targets left out (they build against what they test,
    /// and a double they declare is not a provider), analysed with `roles`.
    ///
    /// An answer is kept under two keys: the keys of the files' scans (their bytes), which a run whose
    /// files did not change finds by their stamps, reading no file; and the digests of what each file's
    /// scan found (``digest(of:stored:)``), which a run finds when the files that changed say the same
    /// things as before (an edit inside a function body, a comment): those few are parsed, the others'
    /// digests read from the digests shelf, and the answer read back instead of analysing every file
    /// again. Failing that, an answer whose files say the same things at other places is moved
    /// (``movedFacts(_:keys:changes:known:targets:roles:budget:runner:cache:key:)``).
    static func facts(
        _ graph: ModuleGraph, targets: [TargetSources], roles: WiringRoles, budget: SourceBudget, runner: any UnitRunner, cache: ScanCache?
    ) throws(SourceScanError) -> Outcome {
        let analysed = targets.filter { sources in graph.index(of: sources.target).map { !graph.targets[$0].type.isTest } ?? true }
        let layout = Layout(roles: roles, targets: analysed)
        let requests = analysed.flatMap { sources in sources.files.map { SourceScanner.Request(path: $0, readsWiring: true) } }
        var key: String?
        // The latest analysis's digests by scan key, decoded once: read only when the files' keys give no answer.
        var known: [String: [UInt8]]?
        // Without an answer kept, the keys are not looked for: the scan below finds them, each file read once.
        if let cache, cache.keepsAnalyses {
            let keys = SourceScanner.knownKeys(requests, budget: budget, runner: runner, cache: cache)
            key = Self.key(layout: layout, keys: keys)
            if let key, let body = cache.analysis(key), let parts = Kept.parts(body), let outcome = Kept.outcome(parts, requests: requests)
            {
                return outcome
            }
            let table = cache.factsDigests.flatMap(Kept.digests) ?? [:]
            known = table
            if let key,
                let outcome = try sameFacts(
                    requests, keys: keys, known: table, layout: layout, budget: budget, runner: runner, cache: cache,
                    key: key)
            {
                return outcome
            }
            let changes =
                key == nil ? nil : Self.changes(requests, keys: keys, layout: layout, budget: budget, cache: cache)
            if let key, let changes,
                let outcome = sketchedFacts(
                    requests, keys: keys, changes: changes, known: table, layout: layout, budget: budget,
                    runner: runner, cache: cache, key: key)
            {
                return outcome
            }
            if let key, let changes,
                let outcome = try movedFacts(
                    requests, keys: keys, changes: changes, known: table, layout: layout, budget: budget,
                    runner: runner, cache: cache, key: key)
            {
                return outcome
            }
            if let key,
                let outcome = try relevantFacts(
                    graph, requests: requests, keys: keys, known: table, layout: layout, budget: budget, runner: runner,
                    cache: cache, key: key)
            {
                return outcome
            }
        }
        let whole = try whole(graph, requests: requests, layout: layout, budget: budget, runner: runner, cache: cache)
        let skipped = whole.scanned.compactMap { $0 }.filter { $0.skipped != nil }
        // A file over the budget is kept in the answer with what it exceeded, unless that may differ next time.
        if let cache, skipped.allSatisfy({ $0.skipped?.recurs ?? true }) {
            keep(whole, requests: requests, key: key, known: known, layout: layout, budget: budget, cache: cache)
        }
        return Outcome(facts: whole.facts, skipped: skipped)
    }

    /// The answer kept for files that declare and use what these do, when at most ``maximumRescanned``
    /// of them are not in a kept answer's digests: those are scanned (parsed where their scans are not
    /// kept either), and the answer kept again under `key`, these files' keys.
    /// `known` is the latest analysis's digests: those of a file's scan do not depend on the roles it was analysed with.
    private static func sameFacts(
        _ requests: [SourceScanner.Request], keys: [String?], known: [String: [UInt8]], layout: Layout,
        budget: SourceBudget, runner: any UnitRunner, cache: ScanCache, key: String
    ) throws(SourceScanError) -> Outcome? {
        guard !known.isEmpty else { return nil }
        var digests = keys.map { $0.flatMap { known[$0] } }
        let unknown = digests.indices.filter { digests[$0] == nil }
        guard unknown.count <= maximumRescanned else { return nil }
        // Parsed without the shelf of every file's scan: neither read nor written again for a few files.
        let scanned = try SourceScanner.scan(
            requests: unknown.map { requests[$0] }, budget: budget, runner: runner, cache: cache, shelving: false)
        guard scanned.allSatisfy({ $0.skipped == nil }) else { return nil }
        for (index, file) in zip(unknown, scanned) { digests[index] = digest(of: file) }
        let complete = digests.compactMap { $0 }
        guard complete.count == digests.count else { return nil }
        let factsKey = Self.factsKey(layout: layout, digests: complete)
        guard let body = cache.analysis(factsKey: factsKey), let parts = Kept.parts(body), parts.factsKey == factsKey,
            let outcome = Kept.outcome(parts, requests: requests)
        else { return nil }
        // The same facts, the same answer and the same files skipped: kept again as it was.
        cache.keep(analysis: Array(body), for: key, factsKey: factsKey)
        if !unknown.isEmpty {
            cache.keep(factsDigests: Kept.table(keys: keys, digests: complete))
        }
        return outcome
    }

    /// The digest of what the scan of a file found (what it declares and uses, its imports), as the scan
    /// cache writes it (``ScannedFile/keptBytes``): of `stored`, its entry's bytes, when the cache has
    /// them. Two files that say the same things in other bytes (a comment, a function's body) have the
    /// same digest. A skipped file's digest also names what it exceeded: it says nothing its scan
    /// knows, and must not pass for an empty file or for one skipped otherwise.
    static func digest(of file: ScannedFile, stored: ArraySlice<UInt8>? = nil) -> [UInt8] {
        var hasher = SHA256()
        if let stored {
            hasher.update(stored)
        } else {
            hasher.update(file.keptBytes)
        }
        if let excess = file.skipped {
            var writer = ScanWriter()
            excess.write(to: &writer)
            hasher.update(writer.bytes)
        }
        return hasher.finalize()
    }

    /// The digest of `file`'s facts (``digest(of:stored:)``): the latest analysis's (`known`) for its scan's
    /// `key`, else worked out from the entry the cache holds for that key, else from the scan.
    static func digest(of file: ScannedFile, key: String?, known: [String: [UInt8]], cache: ScanCache) -> [UInt8] {
        key.flatMap { known[$0] } ?? digest(of: file, stored: key.flatMap { cache.stored($0, readsWiring: true) })
    }

    /// An answer as kept: the key of its files' facts, the facts, the files skipped over the budget (by
    /// their index among the files analysed, with what each exceeded), and the names it matches by
    /// (``WiringFacts/names``, read only to learn whether a file's additions leave it as it is); and apart
    /// from answers (read only when the files' keys give none), the digest of each file's facts by the key of its scan.
    enum Kept {
        static func body(
            factsKey: String, facts: ArraySlice<UInt8>, skipped: [(index: Int, excess: SourceBudget.Excess)] = [],
            names: ArraySlice<UInt8> = Names(names: [], uses: []).encoded()[...]
        ) -> [UInt8] {
            var writer = ScanWriter()
            writer.raw(factsKey)
            writer.bytes(facts)
            writer.int(skipped.count)
            for (index, excess) in skipped {
                writer.int(index)
                excess.write(to: &writer)
            }
            writer.bytes(names)
            return writer.bytes
        }

        /// What an answer keeps beside its facts, read only to weigh an edit against it: ``WiringFacts/names`` and
        /// ``WiringFacts/useNames`` (what a file's additions are weighed against, ``WiringAdditions``), and when the
        /// analysis left files out (sketched, or inert in the partition), those files by their index and the
        /// names they were weighed against (``WiringRelevance/Judge``): a file left out that changes and is still
        /// inert beside those names changes only the names and extensions it gives (``WiringMemo/sketchedFacts``).
        struct Names {
            var names: Set<String>
            var uses: Set<String>
            /// The names a lookup may ask for and those a use outside the app is matched by: what a sketch is weighed against.
            var weighed: Set<String> = []
            /// The files left out of the analysis, by their index among those analysed, in order.
            var leftOut: [Int] = []

            init(names: Set<String>, uses: Set<String>, weighed: Set<String> = [], leftOut: [Int] = []) {
                self.names = names
                self.uses = uses
                self.weighed = weighed
                self.leftOut = leftOut
            }

            /// The sets in order, then the indices.
            func encoded() -> [UInt8] {
                var writer = ScanWriter()
                for set in [names, uses, weighed] {
                    writer.int(set.count)
                    for name in set.sorted() { writer.raw(name) }
                }
                writer.int(leftOut.count)
                for index in leftOut { writer.int(index) }
                return writer.bytes
            }

            /// What ``encoded()`` wrote; nil when it does not decode.
            init?(_ bytes: ArraySlice<UInt8>) {
                var reader = ScanReader(Array(bytes))
                do {
                    var sets: [Set<String>] = []
                    for _ in 0..<3 {
                        // At least a byte each: never more than the bytes read.
                        let count = try reader.count()
                        var names: Set<String> = []
                        names.reserveCapacity(count)
                        for _ in 0..<count { names.insert(try reader.raw()) }
                        sets.append(names)
                    }
                    let count = try reader.count()
                    leftOut = try (0..<count).map { _ throws(ScanCodecError) in try reader.int() }
                    guard reader.isAtEnd else { return nil }
                    (names, uses, weighed) = (sets[0], sets[1], sets[2])
                } catch {
                    return nil
                }
            }
        }

        /// An answer's parts: the key of its files' facts, the facts' bytes, the files skipped, and the names' bytes.
        struct Parts {
            let factsKey: String
            let facts: ArraySlice<UInt8>
            let skipped: [(index: Int, excess: SourceBudget.Excess)]
            let names: ArraySlice<UInt8>
        }

        /// The parts of `body`, read once; nil when it does not decode.
        static func parts(_ body: ArraySlice<UInt8>) -> Parts? {
            var reader = ScanReader(Array(body))
            do {
                let factsKey = try reader.raw()
                let facts = try reader.span()
                let count = try reader.count()
                guard count <= ScanCache.maximumEntries else { return nil }
                var skipped: [(index: Int, excess: SourceBudget.Excess)] = []
                for _ in 0..<count { skipped.append((try reader.int(), try SourceBudget.Excess(reading: &reader))) }
                let names = try reader.span()
                guard reader.isAtEnd else { return nil }
                return Parts(
                    factsKey: factsKey, facts: body[(facts.lowerBound + body.startIndex)..<(facts.upperBound + body.startIndex)],
                    skipped: skipped, names: body[(names.lowerBound + body.startIndex)..<(names.upperBound + body.startIndex)])
            } catch {
                return nil
            }
        }

        /// The answer `parts` keep for the files `requests` name: the facts, and the skipped files named as the
        /// requests name them; nil when the facts do not decode or a skipped file is not among the requests.
        static func outcome(_ parts: Parts, requests: [SourceScanner.Request]) -> Outcome? {
            var reader = ScanReader(Array(parts.facts))
            guard let skipped = files(parts.skipped, requests: requests), let facts = try? WiringFacts(reading: &reader), reader.isAtEnd
            else { return nil }
            return Outcome(facts: facts, skipped: skipped)
        }

        /// The files `skipped` names, by their index among `requests`, as a scan that skipped them gives them;
        /// nil when one is not among them.
        static func files(_ skipped: [(index: Int, excess: SourceBudget.Excess)], requests: [SourceScanner.Request]) -> [ScannedFile]? {
            guard skipped.allSatisfy({ requests.indices.contains($0.index) }) else { return nil }
            return skipped.map { ScannedFile(path: requests[$0.index].path, imports: [], skipped: $0.excess) }
        }

        /// The digest of each file's facts (`digests`) by the key of its scan (`keys`, in the same order), the
        /// first of a key kept: what ``table(_:)`` writes of them, without a table made to write it (an edit the
        /// wiring sees writes the digests of every file of the app).
        static func table(keys: [String?], digests: [[UInt8]]) -> [UInt8] {
            let named = keys.prefix(min(keys.count, digests.count)).map { $0 ?? "" }
            let order = ByteOrder.sortedIndices(named)
            // The first index of each key, in the order of the keys.
            let firsts = order.indices.filter { $0 == 0 || named[order[$0]] != named[order[$0 - 1]] }.map { order[$0] }
            var writer = ScanWriter()
            writer.int(firsts.count)
            for index in firsts {
                writer.raw(named[index])
                writer.bytes(digests[index])
            }
            return writer.bytes
        }

        /// The digests of files' facts by the keys of their scans, in the order of the keys (``ByteOrder``).
        static func table(_ digests: [String: [UInt8]]) -> [UInt8] {
            // A dictionary's keys and values come in the same order.
            table(keys: Array(digests.keys), digests: Array(digests.values))
        }

        /// What ``table(_:)`` wrote; nil when it does not decode.
        static func digests(_ body: ArraySlice<UInt8>) -> [String: [UInt8]]? {
            var reader = ScanReader(Array(body))
            var read: [String: [UInt8]] = [:]
            do {
                let count = try reader.count()
                guard count <= ScanCache.maximumEntries else { return nil }
                read.reserveCapacity(count)
                for _ in 0..<count {
                    let key = try reader.raw()
                    let digest = Array(try reader.byteRun())
                    guard digest.count == 32 else { return nil }
                    read[key] = digest
                }
                guard reader.isAtEnd else { return nil }
            } catch {
                return nil
            }
            return read
        }
    }
}
