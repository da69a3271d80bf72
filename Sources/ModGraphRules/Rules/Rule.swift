/// One rule of `modgraph check`, after swift-format's `Rule`: its id, what it
/// asks, how severe its findings are, whether the configuration turns it on,
/// and how to find its violations. Every output format reads the rules that
/// ran (``CheckResult/rules``), so this is the one place their metadata lives.
public protocol Rule: Sendable {
    /// The stable id, used in outputs, baselines and `exceptions[].rule`.
    var id: RuleKind { get }
    /// One line for rule listings (SARIF, JUnit, text headings).
    var summary: String { get }
    /// The level when the configuration turns the rule on without naming one.
    var defaultLevel: RuleLevel { get }
    /// Whether an exception in the configuration may accept its findings.
    var acceptsExceptions: Bool { get }
    /// The level `config` gives the rule; `.ignore` when the rule does not run.
    func level(in config: CheckConfig) -> RuleLevel
    /// The rule's violations in `context.graph`, each located when it is
    /// created, with the severity the configuration gives the rule.
    func findings(in context: RuleContext, severity: Severity) -> [Finding]
    /// Whether `exception`'s `from` and `to` patterns name `finding`, one of
    /// this rule's (the checker has already matched `exception.rule`).
    func covers(_ exception: CheckConfig.Exception, _ finding: Finding, in context: RuleContext) -> Bool
}

extension Rule {
    public var acceptsExceptions: Bool { true }

    /// By the chain's two ends: `from` matches the first target, `to` (with
    /// `from`'s captures) the last.
    public func covers(_ exception: CheckConfig.Exception, _ finding: Finding, in context: RuleContext) -> Bool {
        guard let first = finding.chain.first, let last = finding.chain.last else { return false }
        return context.exception(exception, names: first, last)
    }
}

/// A rule whose findings `ModGraphSources` produces, because finding them
/// means parsing Swift files with swift-syntax, which this module must not
/// depend on. The checker receives those findings
/// (``Checker/check(_:sourceFindings:manifestLines:)``); the rule itself only
/// describes them.
public protocol SourceRule: Rule {}

extension SourceRule {
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] { [] }
}
