/// What the configuration makes of a rule: its findings are errors or
/// warnings, or the rule does not run. The raw values are the YAML spellings
/// (`unassigned: ignore`).
public enum RuleLevel: String, Hashable, Sendable, CaseIterable {
    case error, warning, ignore

    /// The severity of the rule's findings; `nil` when the rule does not run.
    public var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .ignore: nil
        }
    }
}
