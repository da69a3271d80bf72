import ModGraphCore

/// What every rule reads: the graph, the configuration, which layer each
/// target is in, which targets the rules skip, and where findings point.
public struct RuleContext {
    let graph: ModuleGraph
    let config: CheckConfig
    let assignment: LayerAssignment
    /// Per vertex: not the workspace's own code, or a test while `tests: exempt`.
    /// Exempt vertices take part in cycle detection only.
    let isExempt: [Bool]
    /// Where each package came from (root, local, remote, registry).
    let origins: [PackageIdentity: PackageOrigin]
    let locator: FindingLocator

    /// - Complexity: O(V + E) besides the layer assignment's pattern matching.
    init(graph: ModuleGraph, config: CheckConfig, manifestLines: any ManifestLines) throws(ConfigError) {
        let origins = Dictionary(graph.packages.map { ($0.identity, $0.origin) }, uniquingKeysWith: { first, _ in first })
        let isOwnCode = graph.targets.map { target in
            target.type != .externalProduct && (origins[target.package] ?? .root).isOwn
        }
        self.graph = graph
        self.config = config
        self.origins = origins
        self.isExempt = graph.targets.indices.map { vertex in
            !isOwnCode[vertex] || (config.tests == .exempt && graph.targets[vertex].type.isTest)
        }
        self.assignment = try LayerAssignment(graph: graph, config: config, isOwnCode: isOwnCode)
        self.locator = FindingLocator(graph: graph, lines: manifestLines)
    }

    /// A finding of `rule`, located now.
    func finding(
        _ rule: RuleKind, _ severity: Severity, chain: [TargetID], message: String, configEntry: ConfigLocation?,
        identity: String? = nil
    ) -> Finding {
        Finding(
            rule: rule, severity: severity, chain: chain, message: message, source: configEntry,
            location: locator.location(chain: chain, configEntry: configEntry), identity: identity)
    }

    /// Whether `exception` names the dependency of `from` on `to`: its `from`
    /// pattern matches `from`, and its `to` pattern, with those captures, `to`.
    func exception(_ exception: CheckConfig.Exception, names from: TargetID, _ to: TargetID) -> Bool {
        guard let bindings = exception.from.pattern.match(from, packageName: packageName(of: from)) else { return false }
        return exception.to.pattern.match(to, packageName: packageName(of: to), bindings: bindings) != nil
    }

    /// The package name `graph` gives `target`'s package, for pattern matching.
    func packageName(of target: TargetID) -> String? {
        graph.package(target.package)?.name
    }
}
