import ModGraphCore

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
    /// Findings a baseline accepts (filled by ``Baseline/apply(to:)``).
    public var baselined: [Finding] = []
    /// Baseline entries that no longer occur.
    public var fixed: [String] = []

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }

    /// Every rule that ran, for formats that list passing rules too (JUnit, SARIF).
    public var rulesChecked: [RuleKind]
}
