import ModGraphCore
import ModGraphOutput

/// A violation an exception in the configuration accepts.
public struct ExcusedFinding: Hashable, Sendable {
    public let finding: Finding
    public let reason: String
    public let exception: ConfigLocation
}

/// Everything `modgraph check` found, before any baseline is applied.
public struct CheckResult: Sendable {
    /// Findings that stand, sorted.
    public var findings: [Finding]
    /// Findings an exception accepts, sorted.
    public var excused: [ExcusedFinding]
    /// Layer name per target id, for diagrams and reports.
    public var layers: [TargetID: String]
    /// Isolation feature name per member of an isolated layer, so that a
    /// baseline keyed by members (``Baseline/apply(to:)``) finds its features.
    public var isolationFeatures: [TargetID: String] = [:]
    /// Findings a baseline accepts (filled by ``Baseline/apply(to:)``).
    public var baselined: [Finding] = []
    /// Baseline entries that no longer occur.
    public var fixed: [String] = []
    /// Every rule that ran, in report order, at the level the configuration
    /// gave it; every format lists rules from here.
    public var rules: [CheckedRule]

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
    public var noteCount: Int { findings.filter { $0.severity == .note }.count }

    /// `1 error, 2 warnings` (`, 3 notes` when there are some): the counts of every
    /// format's verdict line, in words that agree with their numbers.
    public var countsText: String {
        Counted.text(errorCount, "error") + ", " + Counted.text(warningCount, "warning")
            + (noteCount > 0 ? ", " + Counted.text(noteCount, "note") : "")
    }

    /// The ids of the rules that ran.
    public var rulesChecked: [RuleKind] { rules.map(\.id) }

    /// `id` as it ran, else as its rule describes itself at its default
    /// level (a source finding of a rule the configuration left off).
    public func rule(_ id: RuleKind) -> CheckedRule {
        rules.first { $0.id == id }
            ?? CheckedRule(id.rule, severity: id.rule.defaultLevel.severity ?? .warning)
    }
}
