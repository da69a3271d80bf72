import ModGraphCore

/// Members of an isolated layer must not depend on another feature's members,
/// directly or through a chain of other modules (the vertical rule). A
/// violation is one feature reaching another (``IsolationFeature``), reported
/// once with its shortest chain and keyed by the two features, so exceptions
/// and baselines name the violation, not the members its chain joins today.
public struct IsolationRule: Rule {
    public var id: RuleKind { .isolation }
    public var summary: String { "Members of an isolated layer must not depend on one another, directly or through a chain." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when a layer isolates its members.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.layers.contains { !$0.isolated.isEmpty } ? defaultLevel : .ignore
    }

    /// One breadth-first search per feature, from all its members at once,
    /// that stops at other features' members: each feature it reaches is
    /// reported once, with the shortest chain to any of its members. A chain
    /// through another feature's member is that feature's violation.
    ///
    /// One backward search first marks the modules from which some member can
    /// be reached: a feature none of whose members depends on another feature's
    /// member or on such a module violates nothing and is not searched, and no
    /// search enters a module that leads to no member (what it would find there
    /// cannot change: nothing in that region reaches a member). On a graph that
    /// keeps its features apart, that leaves almost no search to do.
    ///
    /// - Complexity: O(G·(V + E)) for G isolation features in the worst case;
    ///   O(V + E) besides the searches of features that reach another.
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        let graph = context.graph
        let digraph = graph.digraph
        let assignment = context.assignment
        let isExempt = context.isExempt
        var findings: [Finding] = []
        // Shared by every search: a vertex is visited when its mark is the search's number.
        var visitedBy = [Int](repeating: -1, count: digraph.vertexCount)
        var parent = [Int](repeating: -1, count: digraph.vertexCount)
        var search = 0
        for (layerIndex, layer) in context.config.layers.enumerated() where !layer.isolated.isEmpty {
            var isMember = [Bool](repeating: false, count: digraph.vertexCount)
            var members: [IsolationFeature: [Int]] = [:]
            for vertex in 0..<digraph.vertexCount where !isExempt[vertex] && assignment.layerOf[vertex] == layerIndex {
                if let feature = assignment.featureOf[vertex] {
                    members[feature, default: []].append(vertex)
                    isMember[vertex] = true
                }
            }
            let leadsToMember = Self.leadsToMember(digraph, isMember: isMember, isExempt: isExempt)
            for feature in members.keys.sorted() {
                let sources = members[feature] ?? []
                let mayViolate = sources.contains { source in
                    digraph.successors(of: source).contains { next in
                        !isExempt[next] && (isMember[next] ? assignment.featureOf[next] != feature : leadsToMember[next])
                    }
                }
                guard mayViolate else { continue }
                // Breadth first from every member at once; other features' members end a chain.
                search += 1
                var reached = Set<IsolationFeature>()
                var queue = sources
                for source in sources {
                    visitedBy[source] = search
                    parent[source] = -1
                }
                var head = 0
                while head < queue.count {
                    let vertex = queue[head]
                    head += 1
                    for next in digraph.successors(of: vertex) where visitedBy[next] != search && !isExempt[next] {
                        guard isMember[next] || leadsToMember[next] else { continue }
                        visitedBy[next] = search
                        parent[next] = vertex
                        if isMember[next], let other = assignment.featureOf[next], other != feature {
                            // The first member reached is the closest: the feature's shortest chain.
                            guard reached.insert(other).inserted else { continue }
                            var chain = [next]
                            var cursor = vertex
                            chain.append(cursor)
                            while parent[cursor] >= 0 {
                                cursor = parent[cursor]
                                chain.append(cursor)
                            }
                            let ids = chain.reversed().map { graph.targets[$0].id }
                            findings.append(
                                context.finding(
                                    id, severity, chain: ids,
                                    message: message(ids, from: feature, to: other, layer: layer.name),
                                    configEntry: layer.isolated.first?.location ?? layer.location,
                                    identity: IsolationFeature.identity(from: feature.name, to: other.name)))
                            continue
                        }
                        queue.append(next)
                    }
                }
            }
        }
        return findings
    }

    /// Per vertex: whether a member can be reached from it through modules
    /// that are neither members nor exempt (members themselves: false), by one
    /// search backwards from every member.
    ///
    /// - Complexity: O(V + E).
    static func leadsToMember(_ digraph: Digraph, isMember: [Bool], isExempt: [Bool]) -> [Bool] {
        var leads = [Bool](repeating: false, count: digraph.vertexCount)
        var pending = (0..<digraph.vertexCount).filter { isMember[$0] }
        while let vertex = pending.popLast() {
            for previous in digraph.predecessors(of: vertex) where !leads[previous] && !isMember[previous] && !isExempt[previous] {
                leads[previous] = true
                pending.append(previous)
            }
        }
        return leads
    }

    /// An exception names the violation of feature A by feature B when its
    /// `from` and `to` match any member pair (m of A, n of B) with a violating
    /// chain: m reaches n through modules that are no other feature's members
    /// (A's own members included), as the shortest chain does.
    ///
    /// - Complexity: O(k·(V + E)) for k members of A that `from` matches.
    public func covers(_ exception: CheckConfig.Exception, _ finding: Finding, in context: RuleContext) -> Bool {
        let graph = context.graph
        let assignment = context.assignment
        let isExempt = context.isExempt
        guard let first = finding.chain.first, let last = finding.chain.last,
            let start = graph.index(of: first), let end = graph.index(of: last), let layer = assignment.layerOf[start],
            let feature = assignment.featureOf[start], let target = assignment.featureOf[end]
        else { return false }
        let digraph = graph.digraph
        for member in 0..<digraph.vertexCount
        where !isExempt[member] && assignment.layerOf[member] == layer && assignment.featureOf[member] == feature {
            let memberID = graph.targets[member].id
            guard exception.from.pattern.match(memberID, packageName: context.packageName(of: memberID)) != nil else { continue }
            var visited = [Bool](repeating: false, count: digraph.vertexCount)
            visited[member] = true
            var queue = [member]
            var head = 0
            while head < queue.count {
                let vertex = queue[head]
                head += 1
                for next in digraph.successors(of: vertex) where !visited[next] && !isExempt[next] {
                    visited[next] = true
                    if assignment.layerOf[next] == layer, let other = assignment.featureOf[next], other != feature {
                        if other == target, context.exception(exception, names: memberID, graph.targets[next].id) { return true }
                        continue
                    }
                    queue.append(next)
                }
            }
        }
        return false
    }

    /// Members on their own keep the message of the members; features name themselves.
    private func message(_ ids: [TargetID], from: IsolationFeature, to: IsolationFeature, layer: String) -> String {
        let through = ids.count == 2 ? "" : " through \(ids.dropFirst().dropLast().map(\.name).joined(separator: " → "))"
        let who =
            from.isCaptured || to.isCaptured
            ? "features '\(from.name)' and '\(to.name)' of isolated layer '\(layer)'"
            : "members of isolated layer '\(layer)'"
        return
            "\(ids.first?.name ?? "") depends on \(ids.last?.name ?? "")\(through): \(who) must not depend on one another, directly or through other modules"
    }
}
