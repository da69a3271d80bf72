/// Direct dependencies a `forbidden` entry refuses.
public struct ForbiddenRule: Rule {
    public var id: RuleKind { .forbidden }
    public var summary: String { "Dependencies the configuration forbids." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when the configuration forbids something.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.forbidden.isEmpty ? .ignore : defaultLevel
    }

    /// Each direct dependency from a checked target that an entry's `from` and
    /// `to` match, unless `allow` or `exceptFrom` lets it through.
    ///
    /// - Complexity: O(P·(V + E)·m) for P entries of matching cost m: each
    ///   entry's `from` is matched once per target, not once per dependency.
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        let graph = context.graph
        var findings: [Finding] = []
        for rule in context.config.forbidden {
            for from in graph.targets.indices where !context.isExempt[from] {
                let successors = graph.digraph.successors(of: from)
                guard !successors.isEmpty else { continue }
                // Ids only: a whole `Target` copied per dependency retains every one of its strings.
                let source = graph.targets[from].id
                guard let bindings = rule.from.pattern.match(source, packageName: context.packageNames[from]) else { continue }
                var isExcepted: Bool?
                for to in successors {
                    let target = graph.targets[to].id
                    guard rule.to.pattern.match(target, packageName: context.packageNames[to], bindings: bindings) != nil
                    else { continue }
                    if isExcepted == nil {
                        isExcepted = rule.exceptFrom.contains {
                            $0.pattern.match(source, packageName: context.packageNames[from]) != nil
                        }
                    }
                    if isExcepted == true { continue }
                    if let allow = rule.allow,
                        allow.pattern.match(target, packageName: context.packageNames[to], bindings: bindings) != nil
                    {
                        continue
                    }
                    findings.append(
                        context.finding(
                            id, severity, chain: [source, target],
                            message: rule.message.map { "\(source.name) depends on \(target.name): \($0)" }
                                ?? "\(source.name) must not depend on \(target.name) (\(rule.from.pattern) → \(rule.to.pattern))",
                            configEntry: rule.location))
                }
            }
        }
        return findings
    }
}
