/// How bad a finding is: errors fail the check, warnings are only reported, and
/// notes say something worth knowing that is not wrong (an optional import).
public enum Severity: String, Hashable, Sendable, Comparable {
    case error, warning, note

    /// Errors first, so reports lead with what fails the check; notes last.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }
}
