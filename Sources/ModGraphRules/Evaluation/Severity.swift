/// How bad a finding is: errors fail the check, warnings are only reported.
public enum Severity: String, Hashable, Sendable, Comparable {
    case error, warning

    /// Errors first, so reports lead with what fails the check.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
}
