/// What the configuration makes of a rule: its findings are errors,
/// warnings or notes, or the rule does not run. The raw values are the YAML
/// spellings (`unassigned: ignore`).
public enum RuleLevel: String, Hashable, Sendable, CaseIterable {
    case error, warning, note, ignore

    /// The severity of the rule's findings; `nil` when the rule does not run.
    public var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .note: .note
        case .ignore: nil
        }
    }
}
