/// Module dependencies must not form cycles. Always on, and never excused:
/// SwiftPM cannot build a cycle, whatever the team accepts.
public struct CycleRule: Rule {
    public var id: RuleKind { .cycle }
    public var summary: String { "Module dependencies must not form cycles." }
    public var defaultLevel: RuleLevel { .error }
    public var acceptsExceptions: Bool { false }

    public init() {}

    public func level(in config: CheckConfig) -> RuleLevel { defaultLevel }

    /// Every strongly connected component, printed as a closed walk. Exempt
    /// targets take part: a cycle through a test or a remote package is still one.
    ///
    /// - Complexity: O(V + E).
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        let targets = context.graph.targets
        return context.graph.digraph.cycleGroups().map { group in
            let size = group.members.count
            return context.finding(
                id, severity, chain: group.path.map { targets[$0].id },
                message: size == 1 ? "a target depends on itself" : "\(size) targets depend on one another in a cycle",
                configEntry: nil)
        }
    }
}
