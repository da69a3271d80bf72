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
    static let analyserVersion = 1

    /// What ``facts(_:targets:roles:budget:runner:cache:)`` found, and the files it did not parse.
    struct Outcome {
        let facts: WiringFacts
        let skipped: [ScannedFile]
    }

    /// The facts of `targets`' files, test targets left out (they build against what they test,
    /// and a double they declare is not a provider), analysed with `roles`.
    static func facts(
        _ graph: ModuleGraph, targets: [TargetSources], roles: WiringRoles, budget: SourceBudget, runner: any UnitRunner, cache: ScanCache?
    ) throws(SourceScanError) -> Outcome {
        let analysed = targets.filter { sources in graph.index(of: sources.target).map { !graph.targets[$0].type.isTest } ?? true }
        let requests = analysed.flatMap { sources in sources.files.map { SourceScanner.Request(path: $0, readsWiring: true) } }
        var key: String?
        // Without an answer kept, the keys are not looked for: the scan below finds them, each file read once.
        if let cache, cache.keepsAnalyses {
            let keys = SourceScanner.knownKeys(requests, budget: budget, runner: runner, cache: cache)
            key = Self.key(roles: roles, targets: analysed, keys: keys)
            if let key, let body = cache.analysis(key) {
                var reader = ScanReader(Array(body))
                if let facts = try? WiringFacts(reading: &reader), reader.isAtEnd { return Outcome(facts: facts, skipped: []) }
            }
        }
        let scanned = try SourceScanner.scan(requests: requests, budget: budget, runner: runner, cache: cache)
        let folders = Dictionary(analysed.map { ($0.target, $0.folder) }, uniquingKeysWith: { first, _ in first })
        let facts = WiringAnalyzer(roles: roles).analyze(
            scanned: TargetSources.grouped(scanned, of: analysed), folders: folders, graph: graph)
        let skipped = scanned.filter { $0.skipped != nil }
        if let cache, skipped.isEmpty,
            let key = key ?? Self.key(roles: roles, targets: analysed, keys: requests.map { cache.key($0, budget: budget) })
        {
            var writer = ScanWriter()
            facts.write(to: &writer)
            cache.keep(analysis: writer.bytes, for: key)
        }
        return Outcome(facts: facts, skipped: skipped)
    }

    /// The key of an analysis: the version, the roles, and each module's files, named as the answer names
    /// them (relative to the module's folder), with their keys, in the order of `targets`; nil when a
    /// file's key is unknown. No absolute path is part of it: `diff`'s copy of a commit finds the answer
    /// a `check` of that commit kept in the working tree.
    static func key(roles: WiringRoles, targets: [TargetSources], keys: [String?]) -> String? {
        guard !keys.contains(nil) else { return nil }
        var writer = ScanWriter()
        writer.int(analyserVersion)
        writer.int(ScanCache.scannerVersion)
        write(roles, to: &writer)
        var next = keys.makeIterator()
        writer.int(targets.count)
        for sources in targets {
            sources.target.write(to: &writer)
            writer.int(sources.files.count)
            for file in sources.files {
                writer.raw(InterfaceRule.relative(file, to: sources.folder))
                writer.raw(next.next().flatMap { $0 } ?? "")
            }
        }
        return SHA256.hex(writer.bytes)
    }

    /// Every part of `roles`, sets and maps in order. A field added to ``WiringRoles`` or
    /// ``WiringVocabulary`` is written here, or two configurations could share an answer.
    private static func write(_ roles: WiringRoles, to writer: inout ScanWriter) {
        for set in [roles.interfaces, roles.app] {
            writer.int(set.count)
            for target in set.sorted() { target.write(to: &writer) }
        }
        writer.int(roles.verticals.count)
        for (target, feature) in roles.verticals.sorted(by: { $0.key < $1.key }) {
            target.write(to: &writer)
            writer.raw(feature)
        }
        let vocabulary = roles.vocabulary
        for words in [
            vocabulary.builderProtocols, vocabulary.builderTypes, vocabulary.builderNamespaces, vocabulary.moduleParts,
            vocabulary.interfaceModules,
        ] {
            writer.int(words.count)
            for word in words { writer.raw(word) }
        }
        writer.int(vocabulary.moduleProtocols.count)
        for (name, kind) in vocabulary.moduleProtocols.sorted(by: { $0.key < $1.key }) {
            writer.raw(name)
            writer.raw(kind)
        }
    }
}
