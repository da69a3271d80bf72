/// Members of an isolated layer must not depend on one another, directly or
/// through a chain of other modules (the vertical rule).
public struct IsolationRule: Rule {
    public var id: RuleKind { .isolation }
    public var summary: String { "Members of an isolated layer must not depend on one another, directly or through a chain." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when a layer isolates its members.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.layers.contains { !$0.isolated.isEmpty } ? defaultLevel : .ignore
    }

    /// One breadth-first search per isolation group, from all its members at
    /// once, that stops at other groups' members: each violation is reported
    /// once, with its shortest chain. A chain through another member is that
    /// member's violation.
    ///
    /// - Complexity: O(G·(V + E)) for G isolation groups.
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        let graph = context.graph
        let digraph = graph.digraph
        let assignment = context.assignment
        let isExempt = context.isExempt
        var findings: [Finding] = []
        for (layerIndex, layer) in context.config.layers.enumerated() where !layer.isolated.isEmpty {
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
                            findings.append(context.finding(
                                id, severity, chain: ids,
                                message: "\(ids[0].name) depends on \(graph.targets[next].name)\(through): members of isolated layer '\(layer.name)' must not depend on one another, directly or through other modules",
                                configEntry: layer.isolated.first?.location ?? layer.location))
                            continue
                        }
                        queue.append(next)
                    }
                }
            }
        }
        return findings
    }
}
