import ModGraphCore

/// Evaluates a ``CheckConfig`` against a ``ModuleGraph``.
///
/// Rules and their cost, for V targets, E dependencies and G isolation groups:
/// - cycles: every strongly connected component, O(V + E);
/// - layering and forbidden edges: each direct dependency once, O(E·P) for P forbidden rules;
/// - isolation: one breadth-first search per group that stops at other groups' members,
///   so each violation is reported once, with its shortest chain, O(G·(V + E));
/// - externals, unassigned targets, fan-in and fan-out: O(V + E); depth: O(V + E).
public struct Checker: Sendable {
    public let config: CheckConfig

    public init(config: CheckConfig) {
        self.config = config
    }

    /// Checks `graph`. `sourceFindings` are the source-level findings
    /// (`ModGraphSources`), which exceptions then cover like the others.
    public func check(_ graph: ModuleGraph, sourceFindings: [Finding] = []) throws(ConfigError) -> CheckResult {
        let digraph = graph.digraph
        let targets = graph.targets
        let origins = Dictionary(graph.packages.map { ($0.identity, $0.origin) }, uniquingKeysWith: { first, _ in first })
        let isOwnCode = targets.map { target in
            target.type != .externalProduct && [.root, .local].contains(origins[target.package] ?? .root)
        }
        // Exempt vertices take part in cycle detection only.
        let isExempt = targets.indices.map { vertex in
            !isOwnCode[vertex] || (config.tests == .exempt && targets[vertex].type == .test)
        }
        let assignment = try LayerAssignment(graph: graph, config: config, isOwnCode: isOwnCode)
        var findings: [Finding] = []

        for group in digraph.cycleGroups() {
            findings.append(Finding(rule: .cycle, severity: .error, chain: group.path.map { targets[$0].id },
                                    message: "\(group.members.count == 1 ? "a target depends on itself" : "\(group.members.count) targets depend on one another in a cycle")",
                                    source: nil))
        }
        findings += layering(graph, assignment, isExempt)
        findings += isolation(graph, assignment, isExempt)
        findings += forbidden(graph, isExempt)
        findings += externals(graph, assignment, isExempt, origins)
        findings += unassigned(graph, assignment, isExempt)
        findings += limits(graph, isExempt)
        findings += stalePatterns(graph, assignment)
        findings += sourceFindings

        var standing: [Finding] = []
        var excused: [ExcusedFinding] = []
        var usedExceptions = Set<ConfigLocation>()
        for finding in findings {
            if finding.rule != .cycle, finding.rule != .staleConfig,
               let exception = config.exceptions.first(where: { covers($0, finding, graph) }) {
                usedExceptions.insert(exception.location)
                excused.append(ExcusedFinding(finding: finding, reason: exception.reason, exception: exception.location))
            } else {
                standing.append(finding)
            }
        }
        for exception in config.exceptions where !usedExceptions.contains(exception.location) {
            standing.append(Finding(
                rule: .staleConfig, severity: .warning, chain: [],
                message: "exception \(exception.from.pattern) → \(exception.to.pattern)\(exception.rule.map { " (\($0.rawValue))" } ?? "") matches no violation; remove it",
                source: exception.location))
        }
        var layers: [TargetID: String] = [:]
        for (vertex, index) in assignment.layerOf.enumerated() {
            if let index { layers[targets[vertex].id] = config.layers[index].name }
        }
        var rules: [RuleKind] = [.cycle, .unassigned, .staleConfig]
        if !config.layers.isEmpty { rules.append(.layering) }
        if config.layers.contains(where: { !$0.isolated.isEmpty }) { rules.append(.isolation) }
        if !config.forbidden.isEmpty { rules.append(.forbidden) }
        if config.layers.contains(where: { $0.externals != nil }) { rules.append(.externals) }
        if config.limits.depth != nil { rules.append(.depth) }
        if config.limits.fanIn != nil { rules.append(.fanIn) }
        if config.limits.fanOut != nil { rules.append(.fanOut) }
        if let sources = config.sources {
            if !sources.interfaces.isEmpty { rules.append(.interfaceContent) }
            if sources.undeclaredImports != .ignore { rules.append(.undeclaredImport) }
            if sources.unusedDependencies != .ignore { rules.append(.unusedDependency) }
        }
        return CheckResult(findings: standing.sorted(), excused: excused.sorted { $0.finding < $1.finding },
                           layers: layers, rulesChecked: rules.sorted())
    }

    private func covers(_ exception: CheckConfig.Exception, _ finding: Finding, _ graph: ModuleGraph) -> Bool {
        guard exception.rule == nil || exception.rule == finding.rule,
              let first = finding.chain.first, let last = finding.chain.last,
              let bindings = exception.from.pattern.match(first, packageName: graph.package(first.package)?.name) else { return false }
        return exception.to.pattern.match(last, packageName: graph.package(last.package)?.name, bindings: bindings) != nil
    }

    private func layering(_ graph: ModuleGraph, _ assignment: LayerAssignment, _ isExempt: [Bool]) -> [Finding] {
        var findings: [Finding] = []
        for (from, to) in graph.digraph.edges where !isExempt[from] && !isExempt[to] {
            guard let fromLayer = assignment.layerOf[from], let toLayer = assignment.layerOf[to], toLayer < fromLayer else { continue }
            let upper = config.layers[toLayer]
            let lower = config.layers[fromLayer]
            findings.append(Finding(
                rule: .layering, severity: .error, chain: [graph.targets[from].id, graph.targets[to].id],
                message: "\(graph.targets[from].name) (layer '\(lower.name)') depends on \(graph.targets[to].name) (layer '\(upper.name)'), which is above it",
                source: lower.location))
        }
        return findings
    }

    private func isolation(_ graph: ModuleGraph, _ assignment: LayerAssignment, _ isExempt: [Bool]) -> [Finding] {
        let digraph = graph.digraph
        var findings: [Finding] = []
        for (layerIndex, layer) in config.layers.enumerated() where !layer.isolated.isEmpty {
            var members: [String: [Int]] = [:]
            for vertex in 0..<digraph.vertexCount where !isExempt[vertex] && assignment.layerOf[vertex] == layerIndex {
                if let group = assignment.groupOf[vertex] { members[group, default: []].append(vertex) }
            }
            for group in members.keys.sorted() {
                let sources = members[group] ?? []
                // Breadth first from every member at once; other groups' members end a chain.
                var parent = [Int?](repeating: nil, count: digraph.vertexCount)
                var visited = [Bool](repeating: false, count: digraph.vertexCount)
                var queue = sources
                for source in sources { visited[source] = true }
                var head = 0
                while head < queue.count {
                    let vertex = queue[head]
                    head += 1
                    for next in digraph.successors(of: vertex) where !visited[next] && !isExempt[next] {
                        visited[next] = true
                        parent[next] = vertex
                        if assignment.layerOf[next] == layerIndex, let other = assignment.groupOf[next], other != group {
                            var chain = [next]
                            var cursor = vertex
                            chain.append(cursor)
                            while let previous = parent[cursor] { chain.append(previous); cursor = previous }
                            let ids = chain.reversed().map { graph.targets[$0].id }
                            let through = ids.count == 2 ? "" : " through \(ids.dropFirst().dropLast().map(\.name).joined(separator: " → "))"
                            findings.append(Finding(
                                rule: .isolation, severity: .error, chain: ids,
                                message: "\(ids[0].name) depends on \(graph.targets[next].name)\(through): members of isolated layer '\(layer.name)' must not depend on one another, directly or through other modules",
                                source: layer.isolated.first?.location ?? layer.location))
                            continue
                        }
                        queue.append(next)
                    }
                }
            }
        }
        return findings
    }

    private func forbidden(_ graph: ModuleGraph, _ isExempt: [Bool]) -> [Finding] {
        var findings: [Finding] = []
        for rule in config.forbidden {
            for (from, to) in graph.digraph.edges where !isExempt[from] {
                let source = graph.targets[from]
                let target = graph.targets[to]
                guard let bindings = rule.from.pattern.match(source.id, packageName: graph.package(source.package)?.name),
                      rule.to.pattern.match(target.id, packageName: graph.package(target.package)?.name, bindings: bindings) != nil
                else { continue }
                if rule.exceptFrom.contains(where: { $0.pattern.match(source.id, packageName: graph.package(source.package)?.name) != nil }) { continue }
                if let allow = rule.allow,
                   allow.pattern.match(target.id, packageName: graph.package(target.package)?.name, bindings: bindings) != nil { continue }
                findings.append(Finding(
                    rule: .forbidden, severity: .error, chain: [source.id, target.id],
                    message: rule.message.map { "\(source.name) depends on \(target.name): \($0)" }
                        ?? "\(source.name) must not depend on \(target.name) (\(rule.from.pattern) → \(rule.to.pattern))",
                    source: rule.location))
            }
        }
        return findings
    }

    private func externals(_ graph: ModuleGraph, _ assignment: LayerAssignment, _ isExempt: [Bool], _ origins: [PackageIdentity: PackageOrigin]) -> [Finding] {
        var findings: [Finding] = []
        var reported = Set<[TargetID]>()
        for edge in graph.edges {
            guard let from = graph.index(of: edge.from), let to = graph.index(of: edge.to), !isExempt[from],
                  let layerIndex = assignment.layerOf[from], let allowed = config.layers[layerIndex].externals else { continue }
            let target = graph.targets[to]
            let isRemote = target.type == .externalProduct || [.remote, .registry].contains(origins[target.package] ?? .root)
            guard isRemote else { continue }
            // What the manifest names: the product, also when its targets were expanded from a checkout.
            let product = target.type == .externalProduct ? target.id : TargetID(package: target.package, name: edge.product ?? target.name)
            let packageName = graph.package(product.package)?.name
            guard !allowed.contains(where: { $0.pattern.match(product, packageName: packageName) != nil }),
                  reported.insert([edge.from, product]).inserted else { continue }
            let layer = config.layers[layerIndex]
            findings.append(Finding(
                rule: .externals, severity: .error, chain: [edge.from, product],
                message: "\(edge.from.name) (layer '\(layer.name)') uses external product \(product), which the layer does not list",
                source: layer.location))
        }
        return findings
    }

    private func unassigned(_ graph: ModuleGraph, _ assignment: LayerAssignment, _ isExempt: [Bool]) -> [Finding] {
        guard !config.layers.isEmpty, config.unassigned != .ignore else { return [] }
        return graph.targets.indices.compactMap { vertex in
            guard !isExempt[vertex], assignment.layerOf[vertex] == nil else { return nil }
            return Finding(rule: .unassigned, severity: config.unassigned == .error ? .error : .warning,
                           chain: [graph.targets[vertex].id],
                           message: "\(graph.targets[vertex].name) belongs to no layer",
                           source: config.unassignedLocation)
        }
    }

    private func limits(_ graph: ModuleGraph, _ isExempt: [Bool]) -> [Finding] {
        var findings: [Finding] = []
        let keep = isExempt.map { !$0 }
        let checked = graph.digraph.inducedSubgraph(keeping: keep)
        if let (limit, location) = config.limits.depth, let chain = checked.graph.longestChain(), chain.count > limit {
            let ids = chain.map { graph.targets[checked.newToOld[$0]].id }
            findings.append(Finding(rule: .depth, severity: .error, chain: ids,
                                    message: "the longest dependency chain has \(chain.count) targets; the limit is \(limit)",
                                    source: location))
        }
        for vertex in 0..<checked.graph.vertexCount {
            let id = graph.targets[checked.newToOld[vertex]].id
            if let (limit, location) = config.limits.fanOut {
                let count = graph.digraph.successors(of: checked.newToOld[vertex]).count
                if count > limit {
                    findings.append(Finding(rule: .fanOut, severity: .error, chain: [id],
                                            message: "\(id.name) has \(count) direct dependencies; the limit is \(limit)", source: location))
                }
            }
            if let (limit, location) = config.limits.fanIn {
                let count = checked.graph.predecessors(of: vertex).count
                if count > limit {
                    findings.append(Finding(rule: .fanIn, severity: .error, chain: [id],
                                            message: "\(id.name) has \(count) direct dependents; the limit is \(limit)", source: location))
                }
            }
        }
        return findings
    }

    private func stalePatterns(_ graph: ModuleGraph, _ assignment: LayerAssignment) -> [Finding] {
        var findings: [Finding] = []
        for (index, layer) in config.layers.enumerated() {
            for pattern in layer.targets + layer.isolated where !assignment.usedPatterns.contains(pattern.location) {
                findings.append(Finding(rule: .staleConfig, severity: .warning, chain: [],
                                        message: "pattern '\(pattern.pattern)' of layer '\(layer.name)' (layers[\(index)]) matches no target",
                                        source: pattern.location))
            }
        }
        for rule in config.forbidden {
            let matchesSomething = graph.targets.contains { rule.from.pattern.match($0.id, packageName: graph.package($0.package)?.name) != nil }
            if !matchesSomething {
                findings.append(Finding(rule: .staleConfig, severity: .warning, chain: [],
                                        message: "forbidden rule's 'from' pattern '\(rule.from.pattern)' matches no target",
                                        source: rule.from.location))
            }
        }
        for pattern in config.sources?.interfaces ?? [] {
            let matchesSomething = graph.targets.contains { pattern.pattern.match($0.id, packageName: graph.package($0.package)?.name) != nil }
            if !matchesSomething {
                findings.append(Finding(rule: .staleConfig, severity: .warning, chain: [],
                                        message: "interface pattern '\(pattern.pattern)' (sources.interfaces) matches no target",
                                        source: pattern.location))
            }
        }
        return findings
    }
}
