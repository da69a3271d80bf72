import ModGraphCore

/// The one edit that resolves a finding, when there is one, as data: what
/// `modgraph fix` applies to the file that declares the target. The finding's
/// message says the same edit in words for every other format.
public enum DependencyFix: Hashable, Sendable {
    /// Declare `dependency` (a target, or an external product) for `target`.
    case add(target: TargetID, dependency: TargetID)
    /// Remove `target`'s declaration of `dependency`, written `written` (a product's
    /// name for a product dependency, else the target's).
    case remove(target: TargetID, dependency: TargetID, written: String)

    /// The target whose declaration changes.
    public var target: TargetID {
        switch self {
        case let .add(target, _), let .remove(target, _, _): target
        }
    }
}
