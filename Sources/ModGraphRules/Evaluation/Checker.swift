import ModGraphCore

/// Evaluates a ``CheckConfig`` against a ``ModuleGraph``: runs every rule the
/// configuration turns on (one type per rule, listed by ``RuleKind``), adds
/// the source-level findings, and sets aside what exceptions accept.
///
/// Rules and their cost, for V targets, E dependencies and G isolation groups:
/// - cycles: every strongly connected component, O(V + E);
/// - layering and forbidden edges: each direct dependency once, O(E·P) for P forbidden rules;
/// - isolation: one breadth-first search per group that stops at other groups' members,
///   so each violation is reported once, with its shortest chain, O(G·(V + E));
/// - externals, unassigned targets, fan-in and fan-out: O(V + E); depth: O(V + E).
/// Locating findings indexes the dependencies once, O(E), then costs O(1)
/// per finding besides the manifest lookups.
public struct Checker: Sendable {
    public let config: CheckConfig

    public init(config: CheckConfig) {
        self.config = config
    }

    /// Checks `graph`. `sourceFindings` are the source-level findings
    /// (`ModGraphSources`), which exceptions then cover like the others.
    /// `manifestLines` tells where findings point: each finding is located as
    /// it is created, and source findings (which hold their source line) as
    /// they arrive, so the rules read no file.
    public func check(_ graph: ModuleGraph, sourceFindings: [Finding] = [],
                      manifestLines: some ManifestLines = .unread) throws(ConfigError) -> CheckResult {
        let context = try RuleContext(graph: graph, config: config, manifestLines: manifestLines)
        let rules = RuleKind.allCases.map(\.rule)
        var ran: [CheckedRule] = []
        var findings: [Finding] = []
        for rule in rules {
            guard let severity = rule.level(in: config).severity else { continue }
            ran.append(CheckedRule(rule, severity: severity))
            findings += rule.findings(in: context, severity: severity)
        }
        findings += sourceFindings.map { $0.located(at: context.locator.location(ofSourceFinding: $0)) }

        let excusable = Set(rules.filter(\.acceptsExceptions).map(\.id))
        var standing: [Finding] = []
        var excused: [ExcusedFinding] = []
        var usedExceptions = Set<ConfigLocation>()
        for finding in findings {
            if excusable.contains(finding.rule), let exception = config.exceptions.first(where: { covers($0, finding, graph) }) {
                usedExceptions.insert(exception.location)
                excused.append(ExcusedFinding(finding: finding, reason: exception.reason, exception: exception.location))
            } else {
                standing.append(finding)
            }
        }
        let stale = StaleConfigRule()
        if let severity = stale.level(in: config).severity {
            standing += stale.findings(forUnused: config.exceptions.filter { !usedExceptions.contains($0.location) },
                                       in: context, severity: severity)
        }
        var layers: [TargetID: String] = [:]
        for (vertex, index) in context.assignment.layerOf.enumerated() {
            if let index { layers[graph.targets[vertex].id] = config.layers[index].name }
        }
        return CheckResult(findings: standing.sorted(), excused: excused.sorted { $0.finding < $1.finding },
                           layers: layers, rules: ran)
    }

    private func covers(_ exception: CheckConfig.Exception, _ finding: Finding, _ graph: ModuleGraph) -> Bool {
        guard exception.rule == nil || exception.rule == finding.rule,
              let first = finding.chain.first, let last = finding.chain.last,
              let bindings = exception.from.pattern.match(first, packageName: graph.package(first.package)?.name) else { return false }
        return exception.to.pattern.match(last, packageName: graph.package(last.package)?.name, bindings: bindings) != nil
    }
}
