extension GraphView {
    /// The view of `graph` at `level`.
    ///
    /// At the product and package levels an edge joins two nodes when some
    /// target of the first depends on some target of the second; edges inside
    /// one node disappear. An edge is conditional (or a plugin use) only when
    /// every declaration behind it is.
    ///
    /// - Complexity: O((V + E) · r + P · t + (V + E) log(V + E)), where r is
    ///   the most products vending one target and P · t the size of the
    ///   products' target lists: linear in practice.
    public init(_ graph: ModuleGraph, level: Level = .target) {
        if level == .target {
            self.init(targetsOf: graph)
            return
        }
        var nodes: [Node] = []
        var nodesOfVertex = [[Int]](repeating: [], count: graph.targets.count)
        func add(_ node: Node) {
            for member in node.members { nodesOfVertex[member].append(nodes.count) }
            nodes.append(node)
        }
        switch level {
        case .target:
            for (vertex, target) in graph.targets.enumerated() {
                add(
                    Node(
                        id: target.id.description, name: target.name, package: target.package,
                        kind: .target(target.type), members: [vertex]))
            }
        case .product:
            var vended = Set<Int>()
            var productNodes: [(sortKey: TargetID, node: Node)] = []
            for product in graph.products {
                let members = product.targets.compactMap(graph.index(of:)).sorted()
                guard !members.isEmpty else { continue }
                vended.formUnion(members)
                let key = TargetID(package: product.package, name: product.name)
                productNodes.append(
                    (
                        key,
                        Node(
                            id: "product:\(key)", name: product.name, package: product.package,
                            kind: .product(product.type), members: members)
                    ))
            }
            var ordered = productNodes
            for (vertex, target) in graph.targets.enumerated() where !vended.contains(vertex) {
                ordered.append(
                    (
                        target.id,
                        Node(
                            id: target.id.description, name: target.name, package: target.package,
                            kind: .target(target.type), members: [vertex])
                    ))
            }
            // Products and the targets left beside them, sorted together by package and name.
            ordered.sort { ($0.sortKey, $0.node.id) < ($1.sortKey, $1.node.id) }
            for entry in ordered { add(entry.node) }
        case .package:
            let byPackage = Dictionary(grouping: graph.targets.indices, by: { graph.targets[$0].package })
            for identity in byPackage.keys.sorted() {
                let record = graph.package(identity)
                add(
                    Node(
                        id: "package:\(identity.rawValue)", name: record?.name ?? identity.rawValue, package: identity,
                        kind: .package(record?.origin ?? .remote), members: (byPackage[identity] ?? []).sorted()))
            }
        }

        self.init(coarser: graph, level: level, nodes: nodes, nodesOfVertex: nodesOfVertex, groupedBy: nil)
    }

    /// The view whose `nodes` stand for the targets `nodesOfVertex` gives:
    /// an edge joins two nodes when some target of the first depends on some
    /// target of the second (edges inside one node disappear), conditional or
    /// a plugin use only when every declaration behind it is, and counted in
    /// dependencies between targets.
    ///
    /// - Complexity: O((V + E) · r + (V + E) log(V + E)) for r nodes per target at most.
    init(coarser graph: ModuleGraph, level: Level, nodes: [Node], nodesOfVertex: [[Int]], groupedBy: Grouping.Kind?) {
        // Collect every declaration behind each drawn edge.
        var declarations: [EdgeKey: (conditions: Set<Condition>, always: Bool, plugin: Bool)] = [:]
        let edges = graph.edges
        func add(_ edge: Int, to entry: inout (conditions: Set<Condition>, always: Bool, plugin: Bool)) {
            if let condition = edges[edge].condition { entry.conditions.insert(condition) } else { entry.always = true }
            entry.plugin = entry.plugin && edges[edge].kind == .plugin
        }
        for (edge, ends) in graph.edgeEnds.enumerated() {
            for source in nodesOfVertex[ends.from] {
                for destination in nodesOfVertex[ends.to] where source != destination {
                    add(edge, to: &declarations[EdgeKey(from: source, to: destination), default: ([], false, true)])
                }
            }
        }
        // Each pair of targets once, however many declarations it has.
        var counts: [EdgeKey: Int] = [:]
        for (from, to) in graph.digraph.edges {
            for source in nodesOfVertex[from] {
                for destination in nodesOfVertex[to] where source != destination {
                    counts[EdgeKey(from: source, to: destination), default: 0] += 1
                }
            }
        }
        var attributes: [EdgeKey: EdgeAttributes] = [:]
        for (key, entry) in declarations where !entry.always || entry.plugin {
            attributes[key] = EdgeAttributes(conditions: entry.always ? [] : entry.conditions.sorted(), isPlugin: entry.plugin)
        }
        var nodesOfTarget: [TargetID: [Int]] = [:]
        nodesOfTarget.reserveCapacity(graph.targets.count)
        for (vertex, target) in graph.targets.enumerated() { nodesOfTarget[target.id] = nodesOfVertex[vertex] }
        self.init(
            level: level, nodes: nodes,
            digraph: Digraph(vertexCount: nodes.count, edges: declarations.keys.map { ($0.from, $0.to) }),
            edgeAttributes: attributes, nodesOfTarget: nodesOfTarget,
            packageNames: Dictionary(
                Set(nodes.map(\.package)).map { ($0, graph.package($0)?.name ?? $0.rawValue) },
                uniquingKeysWith: { first, _ in first }),
            groupedBy: groupedBy, counts: counts.filter { $0.value != 1 }
        )
    }

    /// The view at the target level: a node per vertex, the graph's own
    /// ``Digraph``, and each edge's declarations read from the sorted edges,
    /// which list the declarations of one pair together.
    ///
    /// - Complexity: O(V + E), hashing nothing per edge.
    private init(targetsOf graph: ModuleGraph) {
        let targets = graph.targets
        var nodes: [Node] = []
        nodes.reserveCapacity(targets.count)
        var nodesOfTarget: [TargetID: [Int]] = [:]
        nodesOfTarget.reserveCapacity(targets.count)
        for (vertex, target) in targets.enumerated() {
            nodes.append(
                Node(
                    id: target.id.description, name: target.name, package: target.package,
                    kind: .target(target.type), members: [vertex]))
            nodesOfTarget[target.id] = [vertex]
        }
        var attributes: [EdgeKey: EdgeAttributes] = [:]
        var start = 0
        let edges = graph.edges
        let ends = graph.edgeEnds
        while start < edges.count {
            var end = start + 1
            while end < edges.count, ends[end] == ends[start] { end += 1 }
            var conditions = Set<Condition>()
            var always = false
            var plugin = true
            for edge in edges[start..<end] {
                if let condition = edge.condition { conditions.insert(condition) } else { always = true }
                plugin = plugin && edge.kind == .plugin
            }
            if !always || plugin {
                attributes[EdgeKey(from: ends[start].from, to: ends[start].to)] =
                    EdgeAttributes(conditions: always ? [] : conditions.sorted(), isPlugin: plugin)
            }
            start = end
        }
        var packageNames: [PackageIdentity: String] = [:]
        var previous: PackageIdentity?
        for target in graph.targets where target.package != previous {
            packageNames[target.package] = graph.package(target.package)?.name ?? target.package.rawValue
            previous = target.package
        }
        self.init(
            level: .target, nodes: nodes, digraph: graph.digraph, edgeAttributes: attributes,
            nodesOfTarget: nodesOfTarget, packageNames: packageNames)
    }

    /// The same view without the edges implied by longer paths (see
    /// `Digraph.transitiveReduction()`), except those in `keeping`, which stay
    /// so that highlighted chains remain drawn.
    ///
    /// - Complexity: that of `Digraph.transitiveReduction()`, plus O(V + E)
    ///   and a hash per edge dropped while `keeping` is not empty.
    public func transitivelyReduced(keeping: Set<EdgeKey> = []) -> GraphView {
        let reduced = digraph.transitiveReduction()
        // Both rows are sorted and the reduced one is part of the whole: one merge per vertex.
        var kept: [(Int, Int)] = []
        kept.reserveCapacity(reduced.edgeCount + keeping.count)
        for vertex in 0..<digraph.vertexCount {
            let staying = reduced.successors(of: vertex)
            var next = staying.startIndex
            for successor in digraph.successors(of: vertex) {
                if next < staying.endIndex, staying[next] == successor {
                    next += 1
                    kept.append((vertex, successor))
                } else if !keeping.isEmpty, keeping.contains(EdgeKey(from: vertex, to: successor)) {
                    kept.append((vertex, successor))
                }
            }
        }
        let keptGraph = Digraph(vertexCount: nodes.count, edges: kept)
        return GraphView(
            level: level, nodes: nodes, digraph: keptGraph,
            // Few edges have attributes (conditions, plugins): each is looked up, not every edge hashed.
            edgeAttributes: edgeAttributes.filter { keptGraph.hasEdge(from: $0.key.from, to: $0.key.to) },
            nodesOfTarget: nodesOfTarget, packageNames: packageNames,
            groupedBy: groupedBy, counts: counts.filter { keptGraph.hasEdge(from: $0.key.from, to: $0.key.to) }
        )
    }
}
