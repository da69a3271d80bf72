import ModGraphCore

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
    /// The line (and column) of a source file at fault, for source-level findings.
    public let sourcePosition: SourcePosition?
    /// What in the target is at fault, for rules that report several things per
    /// target (`Screen.swift: class ScreenCache`); part of the fingerprint, so
    /// it names the declaration, not its line, which moves as the file changes.
    public let subject: String?
    /// Where the finding points in every report, decided when the checker
    /// creates or receives it: the source line, else the manifest line to
    /// change, else the configuration entry; `nil` when none is known.
    public let location: SourcePosition?
    /// What the finding is about when the chain's ends do not say it: for
    /// isolation, the two features (`Maps->Cart`), whichever of their members
    /// the shortest chain joins today. It replaces the ends in the
    /// fingerprint, so a partial fix that moves the chain keeps the finding.
    public let identity: String?
    /// The edit that resolves it, for the findings that have one obvious edit
    /// (`modgraph fix`); not part of the fingerprint.
    public let fix: DependencyFix?

    /// A finding at `location`; without one, at `sourcePosition`, as written.
    public init(
        rule: RuleKind, severity: Severity, chain: [TargetID], message: String, source: ConfigLocation?,
        sourcePosition: SourcePosition? = nil, subject: String? = nil, location: SourcePosition? = nil,
        identity: String? = nil, fix: DependencyFix? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.chain = chain
        self.message = message
        self.source = source
        self.sourcePosition = sourcePosition
        self.subject = subject
        self.location = location ?? sourcePosition
        self.identity = identity
        self.fix = fix
    }

    /// The same finding pointing at `location`.
    func located(at location: SourcePosition?) -> Finding {
        Finding(
            rule: rule, severity: severity, chain: chain, message: message, source: source,
            sourcePosition: sourcePosition, subject: subject, location: location, identity: identity, fix: fix)
    }

    /// Identifies the finding across runs, for baselines: the rule and the two
    /// ends of the chain, not its middle, which may change as the graph does
    /// (or the ``identity``, when the rule gives one: `isolation:Maps->Cart`).
    /// Never the location, which moves as files are edited.
    public var fingerprint: String {
        if let identity { return "\(rule.rawValue):\(identity)" }
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
