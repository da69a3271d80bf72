import ModGraphCore

/// Evaluates a ``CheckConfig`` against a ``ModuleGraph``: runs every rule the
/// configuration turns on (one type per rule, listed by ``RuleKind``), adds
/// the source-level findings, and sets aside what exceptions accept.
///
/// Rules and their cost, for V targets, E dependencies and G isolation features:
/// - cycles: every strongly connected component, O(V + E);
/// - layering: each direct dependency once, O(E); forbidden rules O((V + E)·P) for P rules;
/// - isolation: one breadth-first search per feature that stops at other features' members,
///   so each pair of features is reported once, with its shortest chain, O(G·(V + E));
///   features that reach no other feature's member are not searched (one backward
///   search finds them, O(V + E));
///   an isolation exception costs O(k·(V + E)) per finding it is tried on, for k members
///   its `from` matches;
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
    public func check(
        _ graph: ModuleGraph, sourceFindings: [Finding] = [],
        manifestLines: some ManifestLines = .unread
    ) throws(ConfigError) -> CheckResult {
        let context = try RuleContext(graph: graph, config: config, manifestLines: manifestLines)
        let rules = RuleKind.allCases.map(\.rule)
        let active = rules.compactMap { rule in rule.level(in: config).severity.map { (rule: rule, severity: $0) } }
        let ran = active.map { CheckedRule($0.rule, severity: $0.severity) }
        var findings = active.flatMap { $0.rule.findings(in: context, severity: $0.severity) }
        findings += sourceFindings.map { $0.located(at: context.locator.location(ofSourceFinding: $0)) }

        let excusable = Dictionary(uniqueKeysWithValues: rules.filter(\.acceptsExceptions).map { ($0.id, $0) })
        var standing: [Finding] = []
        var excused: [ExcusedFinding] = []
        var usedExceptions = Set<ConfigLocation>()
        for finding in findings {
            // Each rule says what its findings' exceptions name (isolation: any member pair of the two features).
            if let rule = excusable[finding.rule],
                let exception = config.exceptions.first(where: { exception in
                    (exception.rule == nil || exception.rule == finding.rule) && rule.covers(exception, finding, in: context)
                })
            {
                usedExceptions.insert(exception.location)
                excused.append(ExcusedFinding(finding: finding, reason: exception.reason, exception: exception.location))
            } else {
                standing.append(finding)
            }
        }
        let stale = StaleConfigRule()
        if let severity = stale.level(in: config).severity {
            standing += stale.findings(
                forUnused: config.exceptions.filter { !usedExceptions.contains($0.location) },
                in: context, severity: severity)
        }
        return CheckResult(
            findings: standing.sorted(), excused: excused.sorted { $0.finding < $1.finding },
            layers: Self.layerNames(context.assignment.layerOf, in: graph, config: config),
            isolationFeatures: Self.featureNames(context.assignment, in: graph), rules: ran)
    }

    /// Each target's layer, and nothing else: what a diagram colours by,
    /// without running a rule or indexing the graph for findings.
    ///
    /// - Complexity: the layer assignment's O(V·P·m), for P patterns of matching cost m.
    public func layers(of graph: ModuleGraph) throws(ConfigError) -> [TargetID: String] {
        Self.layerNames(try layerIndices(of: graph), in: graph, config: config)
    }

    /// Each vertex's layer as an index into the configuration's layers (0 is
    /// the top); nil for a target in no layer. The same assignment as
    /// ``layers(of:)``, by vertex: nothing hashed per target.
    ///
    /// - Complexity: the layer assignment's O(V·P·m), for P patterns of matching cost m.
    public func layerIndices(of graph: ModuleGraph) throws(ConfigError) -> [Int?] {
        let isOwnCode = RuleContext.ownCode(of: graph, origins: RuleContext.origins(of: graph))
        return try LayerAssignment(
            graph: graph, config: config, isOwnCode: isOwnCode, packageNames: RuleContext.packageNames(of: graph)
        ).layerOf
    }

    /// Each member of an isolated layer's feature, by name (``CheckResult/isolationFeatures``),
    /// without running a rule: what the wiring checks count verticals by.
    ///
    /// - Complexity: the layer assignment's O(V·P·m), for P patterns of matching cost m.
    public func features(of graph: ModuleGraph) throws(ConfigError) -> [TargetID: String] {
        let packageNames = RuleContext.packageNames(of: graph)
        let isOwnCode = RuleContext.ownCode(of: graph, origins: RuleContext.origins(of: graph))
        let assignment = try LayerAssignment(graph: graph, config: config, isOwnCode: isOwnCode, packageNames: packageNames)
        return Self.featureNames(assignment, in: graph)
    }

    private static func featureNames(_ assignment: LayerAssignment, in graph: ModuleGraph) -> [TargetID: String] {
        var features: [TargetID: String] = [:]
        features.reserveCapacity(assignment.featureOf.lazy.filter { $0 != nil }.count)
        for (vertex, feature) in assignment.featureOf.enumerated() {
            if let feature { features[graph.targets[vertex].id] = feature.name }
        }
        return features
    }

    private static func layerNames(_ layerOf: [Int?], in graph: ModuleGraph, config: CheckConfig) -> [TargetID: String] {
        var layers: [TargetID: String] = [:]
        layers.reserveCapacity(graph.targets.count)
        for (vertex, index) in layerOf.enumerated() {
            if let index { layers[graph.targets[vertex].id] = config.layers[index].name }
        }
        return layers
    }
}
