import ModGraphCore

/// What every rule reads: the graph, the configuration, which layer each
/// target is in, which targets the rules skip, and where findings point.
public struct RuleContext: Sendable {
    let graph: ModuleGraph
    let config: CheckConfig
    let assignment: LayerAssignment
    /// Per vertex: not the workspace's own code, or a test while `tests: exempt`.
    /// Exempt vertices take part in cycle detection only.
    let isExempt: [Bool]
    /// Where each package came from (root, local, remote, registry).
    let origins: [PackageIdentity: PackageOrigin]
    let locator: FindingLocator
    /// The package name of each vertex, looked up once per package: rules
    /// match patterns against every target and every dependency.
    let packageNames: [String?]

    /// - Complexity: O(V + E) besides the layer assignment's pattern matching.
    init(graph: ModuleGraph, config: CheckConfig, manifestLines: any ManifestLines) throws(ConfigError) {
        let origins = Self.origins(of: graph)
        let isOwnCode = Self.ownCode(of: graph, origins: origins)
        self.graph = graph
        self.config = config
        self.origins = origins
        self.isExempt = graph.targets.indices.map { vertex in
            !isOwnCode[vertex] || (config.tests == .exempt && graph.targets[vertex].type.isTest)
        }
        self.packageNames = Self.packageNames(of: graph)
        self.assignment = try LayerAssignment(graph: graph, config: config, isOwnCode: isOwnCode, packageNames: packageNames)
        self.locator = FindingLocator(graph: graph, lines: manifestLines)
    }

    static func origins(of graph: ModuleGraph) -> [PackageIdentity: PackageOrigin] {
        Dictionary(graph.packages.map { ($0.identity, $0.origin) }, uniquingKeysWith: { first, _ in first })
    }

    /// Per vertex: the workspace's own code, which layers and rules are about.
    static func ownCode(of graph: ModuleGraph, origins: [PackageIdentity: PackageOrigin]) -> [Bool] {
        graph.targets.map { target in
            target.type != .externalProduct && (origins[target.package] ?? .root).isOwn
        }
    }

    /// Per vertex, the name of its package (targets are sorted by package: one lookup per package).
    static func packageNames(of graph: ModuleGraph) -> [String?] {
        var names: [String?] = []
        names.reserveCapacity(graph.targets.count)
        var previous: (identity: PackageIdentity, name: String?)?
        for vertex in graph.targets.indices {
            let identity = graph.targets[vertex].package
            if previous?.identity != identity { previous = (identity, graph.package(identity)?.name) }
            names.append(previous?.name)
        }
        return names
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
