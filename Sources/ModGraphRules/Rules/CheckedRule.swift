/// A rule as the reports list it: what `modgraph check` ran, and how severe
/// the configuration made it (SARIF's `defaultConfiguration.level`, JUnit's
/// test cases, JSON's `rules`, the text's headings).
public struct CheckedRule: Hashable, Sendable {
    public let id: RuleKind
    public let summary: String
    /// The severity of the rule's findings unless a finding says otherwise
    /// (`interface-content` reports protocol extensions at their own level).
    public let severity: Severity

    public init(id: RuleKind, summary: String, severity: Severity) {
        self.id = id
        self.summary = summary
        self.severity = severity
    }

    /// `rule`, run at `severity`.
    init(_ rule: any Rule, severity: Severity) {
        self.init(id: rule.id, summary: rule.summary, severity: severity)
    }
}
