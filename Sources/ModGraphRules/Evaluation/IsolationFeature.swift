import ModGraphCore

/// What the isolation rule keeps apart: the members of an isolated layer that
/// capture the same values (`{feature}UI` and `{feature}Domain` with
/// `feature = Maps`), or one member on its own when its pattern captures
/// nothing. A violation is one feature reaching another, so its identity
/// (``Finding/identity``) is the two features' names, not the members the
/// shortest chain happens to join: a partial fix that moves the chain to
/// another member leaves the violation, and its baseline entry, as it was.
enum IsolationFeature: Hashable, Comparable {
    /// A member whose pattern captures nothing.
    case member(TargetID)
    /// Members whose pattern captured these values, by capture name.
    case captures([String: String])

    /// `Maps` for one capture; `feature=Maps,variant=Pro` (by capture name)
    /// for several; the target id (`app/Maps`) for a member on its own, which
    /// is also what the fingerprint said before features were the key.
    var name: String {
        switch self {
        case let .member(id):
            return id.description
        case let .captures(values) where values.count == 1:
            return values.first?.value ?? ""
        case let .captures(values):
            return values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        }
    }

    /// Whether a pattern captured it: it may have several members.
    var isCaptured: Bool {
        if case .captures = self { return true }
        return false
    }

    /// `Maps->Cart`: the identity of `from`'s violation of `to`, after
    /// `isolation:` in the fingerprint.
    static func identity(from: String, to: String) -> String {
        "\(from)->\(to)"
    }

    /// By name, so findings and reports come out in a stable order.
    static func < (lhs: IsolationFeature, rhs: IsolationFeature) -> Bool {
        lhs.name < rhs.name
    }
}
