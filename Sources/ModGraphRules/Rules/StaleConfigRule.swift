/// Every pattern and exception in the configuration still matches something,
/// so entries that no longer do anything do not pile up. Always on, as a
/// warning; never excused and never recorded in baselines.
public struct StaleConfigRule: Rule {
    public var id: RuleKind { .staleConfig }
    public var summary: String { "Every pattern and exception in the configuration still matches something." }
    public var defaultLevel: RuleLevel { .warning }
    public var acceptsExceptions: Bool { false }

    public init() {}

    public func level(in config: CheckConfig) -> RuleLevel { defaultLevel }

    /// Layer patterns that decide nothing (matching no target, or only
    /// targets an earlier pattern of the list takes first: shadowed), `!`
    /// patterns that take nothing back, forbidden rules' patterns (`from`, `to`,
    /// `allow`, `exceptFrom`), interface patterns and the wiring checks' `app` and container `owners`
    /// patterns that match no target (a container type no source extends is judged by the wiring
    /// check, which reads the sources). Exceptions are judged after
    /// the other rules ran (``findings(forUnused:in:severity:)``).
    ///
    /// - Complexity: O(V·P·m) for P patterns of matching cost m, and as much
    ///   again for each layer pattern that decides nothing (to name what shadows it).
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        let graph = context.graph
        let config = context.config
        let assignment = context.assignment
        var findings: [Finding] = []
        for (index, layer) in config.layers.enumerated() {
            let claiming = Set(layer.targets.map(\.location))
            for (position, pattern) in layer.targets.enumerated() where !assignment.usedPatterns.contains(pattern.location) {
                let shadowing = shadowing(position, in: layer.targets, layer: index, decidedBy: assignment.claimedBy, context: context)
                let reason =
                    pattern.isExclusion
                    ? Self.removesNothing
                    : shadowing.isEmpty
                        ? "matches no target"
                        : "is shadowed by \(quoted(shadowing)): every target it matches is claimed first by \(shadowing.count == 1 ? "that pattern" : "those patterns")"
                findings.append(
                    context.finding(
                        id, severity, chain: [],
                        message: "pattern '\(pattern.written)' of layer '\(layer.name)' (layers[\(index)]) \(reason)",
                        configEntry: pattern.location))
            }
            // `isolated: true` isolates with the targets' own patterns, judged above.
            for (position, pattern) in layer.isolated.enumerated()
            where !claiming.contains(pattern.location) && !assignment.usedPatterns.contains(pattern.location) {
                let shadowing = shadowing(
                    position, in: layer.isolated, layer: index, decidedBy: assignment.featureDecidedBy, context: context)
                let reason =
                    pattern.isExclusion
                    ? Self.removesNothing
                    : shadowing.isEmpty
                        ? "matches no target"
                        : "is shadowed by \(quoted(shadowing)): every target it matches is matched first by \(shadowing.count == 1 ? "that pattern" : "those patterns"), "
                            + "and the first pattern that matches decides a target's feature; list the narrower pattern first"
                findings.append(
                    context.finding(
                        id, severity, chain: [],
                        message: "pattern '\(pattern.written)' of layer '\(layer.name)' (layers[\(index)].isolated) \(reason)",
                        configEntry: pattern.location))
            }
        }
        // Each pattern of a forbidden rule: one that matches no target makes the rule do nothing
        // (a typo in `to:`). Captures are left free, so a pattern matching nothing so cannot match
        // with the captures of `from` either.
        var named: [(pattern: LocatedPattern, what: String)] = []
        for rule in config.forbidden {
            let patterns = [("from", rule.from), ("to", rule.to)] + (rule.allow.map { [("allow", $0)] } ?? [])
                + rule.exceptFrom.map { ("exceptFrom", $0) }
            named += patterns.map { key, pattern in (pattern, "forbidden rule's '\(key)' pattern '\(pattern.pattern)'") }
        }
        named += (config.sources?.interfaces ?? []).map { ($0, "interface pattern '\($0.pattern)' (sources.interfaces)") }
        // The wiring checks' module lists (docs/wiring.md): an `app` or `owners` pattern that matches
        // no target changes who may wire or extend nothing, most often a typo.
        if let wiring = config.sources?.wiring {
            named += wiring.app.map { ($0, "wiring app pattern '\($0.pattern)' (sources.wiring.app)") }
            for (index, container) in wiring.containers.enumerated() {
                named += container.owners.map {
                    ($0, "owner pattern '\($0.pattern)' of container \(container.type) (sources.wiring.containers[\(index)].owners)")
                }
            }
        }
        for (pattern, what) in named where !graph.targets.contains(where: {
            pattern.pattern.match($0.id, packageName: context.packageName(of: $0.id)) != nil
        }) {
            findings.append(context.finding(id, severity, chain: [], message: "\(what) matches no target", configEntry: pattern.location))
        }
        return findings
    }

    /// An exclusion that took no target back.
    private static let removesNothing = "removes nothing: no target the patterns before it claim matches it"

    /// The patterns of `list` that decided (`decidedBy`) the targets of layer
    /// `layer` that the entry at `position` would claim (``PatternClaim/keeps(_:_:_:packageName:)``),
    /// in list order; empty when there are none or the entry is an exclusion.
    /// Only called for entries that decided nothing, so every pattern returned
    /// comes before the entry.
    ///
    /// - Complexity: O(V·P·m) for P entries of matching cost m.
    private func shadowing(
        _ position: Int, in list: [LocatedPattern], layer: Int,
        decidedBy: [ConfigLocation?], context: RuleContext
    ) -> [LocatedPattern] {
        guard !list[position].isExclusion else { return [] }
        var deciders = Set<ConfigLocation>()
        for (vertex, target) in context.graph.targets.enumerated() where context.assignment.layerOf[vertex] == layer {
            guard let decider = decidedBy[vertex], !deciders.contains(decider),
                PatternClaim.keeps(list, position, target.id, packageName: context.packageName(of: target.id))
            else { continue }
            deciders.insert(decider)
        }
        return list.filter { deciders.contains($0.location) }
    }

    /// `'*'`, `'A' and 'B'`, `'A', 'B' and 'C'`.
    private func quoted(_ patterns: [LocatedPattern]) -> String {
        let names = patterns.map { "'\($0.written)'" }
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// One finding per exception that accepted no violation.
    func findings(forUnused exceptions: [CheckConfig.Exception], in context: RuleContext, severity: Severity) -> [Finding] {
        exceptions.map { exception in
            context.finding(
                id, severity, chain: [],
                message:
                    "exception \(exception.from.pattern) → \(exception.to.pattern)\(exception.rule.map { " (\($0.rawValue))" } ?? "") matches no violation; remove it",
                configEntry: exception.location)
        }
    }
}
