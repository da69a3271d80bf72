import ModGraphCore

/// The rules `modgraph check` enforces. The raw values are the rule ids used
/// in every output format, in baselines and in `exceptions[].rule`.
public enum RuleKind: String, Hashable, Sendable, CaseIterable, Comparable {
    case cycle
    case layering
    case isolation
    case forbidden
    case externals
    case unassigned
    case depth
    case fanIn = "fan-in"
    case fanOut = "fan-out"
    /// A declaration an interface module may not hold (`sources.interfaces`).
    case interfaceContent = "interface-content"
    /// A module a target imports without declaring it as a dependency.
    case undeclaredImport = "undeclared-import"
    /// A dependency a target declares but none of its files imports.
    case unusedDependency = "unused-dependency"
    /// A configuration entry that no longer does anything: a pattern matching no target, an exception matching no violation.
    case staleConfig = "stale-config"

    /// One line for rule listings (SARIF, JUnit, text headings).
    public var summary: String {
        switch self {
        case .cycle: "Module dependencies must not form cycles."
        case .layering: "A target may depend only on its own layer or the layers below it."
        case .isolation: "Members of an isolated layer must not depend on one another, directly or through a chain."
        case .forbidden: "Dependencies the configuration forbids."
        case .externals: "A layer may use only the external products it lists."
        case .unassigned: "Every target belongs to a layer."
        case .depth: "The longest dependency chain stays within the limit."
        case .fanIn: "No module has more dependents than the limit."
        case .fanOut: "No module has more dependencies than the limit."
        case .interfaceContent: "Interface modules hold only protocols, DTO structs and enums, and typealiases."
        case .undeclaredImport: "Every module a target imports is one of its declared dependencies."
        case .unusedDependency: "Every declared dependency is imported by at least one of the target's files."
        case .staleConfig: "Every pattern and exception in the configuration still matches something."
        }
    }

    public static func < (lhs: RuleKind, rhs: RuleKind) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// One thing `modgraph check` reports.
public struct Finding: Hashable, Sendable {
    public let rule: RuleKind
    public let severity: Severity
    /// The dependency chain at fault, first target to last (a closed walk for
    /// cycles, a single target for per-module findings, empty for configuration findings).
    public let chain: [TargetID]
    /// What is wrong, in a sentence.
    public let message: String
    /// The configuration entry that forbids it, when there is one.
    public let source: ConfigLocation?
    /// The line (and column) of a source file at fault, for source-level findings;
    /// reports use it instead of the manifest line.
    public let sourcePosition: SourcePosition?
    /// What in the target is at fault, for rules that report several things per
    /// target (`Screen.swift: class ScreenCache`); part of the fingerprint, so
    /// it names the declaration, not its line, which moves as the file changes.
    public let subject: String?

    public init(rule: RuleKind, severity: Severity, chain: [TargetID], message: String, source: ConfigLocation?,
                sourcePosition: SourcePosition? = nil, subject: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.chain = chain
        self.message = message
        self.source = source
        self.sourcePosition = sourcePosition
        self.subject = subject
    }

    /// Identifies the finding across runs, for baselines: the rule and the two
    /// ends of the chain, not its middle, which may change as the graph does.
    public var fingerprint: String {
        switch rule {
        case .cycle:
            // A cycle is the same cycle whichever member it is printed from.
            return "cycle:" + Set(chain.map(\.description)).sorted().joined(separator: ",")
        case .staleConfig:
            return "stale-config:" + message
        default:
            let ends = [chain.first, chain.last].compactMap { $0?.description }
            return "\(rule.rawValue):" + ends.joined(separator: "->") + (subject.map { "#" + $0 } ?? "")
        }
    }

    /// `A → B → C`.
    public var chainText: String {
        chain.map(\.description).joined(separator: " → ")
    }
}

/// Sorted by severity, rule, then chain, so output is stable.
extension Finding: Comparable {
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if lhs.chain != rhs.chain { return lhs.chain.lexicographicallyPrecedes(rhs.chain) }
        if lhs.sourcePosition != rhs.sourcePosition {
            guard let left = lhs.sourcePosition else { return true }
            guard let right = rhs.sourcePosition else { return false }
            return left < right
        }
        return lhs.message < rhs.message
    }
}
