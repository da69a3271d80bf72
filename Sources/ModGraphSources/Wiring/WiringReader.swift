import ModGraphCore

/// The wiring inventory and graph of a workspace's own modules (docs/wiring.md), read
/// from their sources: what `modgraph graph --wiring` draws.
public enum WiringReader {
    /// What ``read(_:targets:roles:budget:runner:)`` found, and the files it did not parse.
    public struct Outcome: Sendable {
        public let wiring: Wiring
        /// Files over the budget: nothing is known of what they declare or use.
        public let skipped: [SkippedSource]
    }

    /// Scans every file of `targets` whole (a unit of `runner` each) and reads the wiring between them.
    ///
    /// - Complexity: O(total size of the files) to scan, then O(D + R·D + P·F) for D declarations,
    ///   R builder requirements, P member chains used and F namespaced builder functions.
    public static func read(
        _ graph: ModuleGraph, targets: [TargetSources], roles: WiringRoles, budget: SourceBudget = .standard,
        runner: any UnitRunner = .sequential, cache: ScanCache? = nil
    ) throws(SourceScanError) -> Outcome {
        let outcome = try WiringMemo.facts(graph, targets: targets, roles: roles, budget: budget, runner: runner, cache: cache)
        let skipped = outcome.skipped.compactMap { file in file.skipped.map { SkippedSource(path: file.path, excess: $0) } }
        let facts = outcome.facts
        return Outcome(wiring: facts.wiring, skipped: skipped)
    }
}
