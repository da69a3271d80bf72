/// What a diagram draws: nodes that stand for one target, one product or one
/// package, and the dependencies between them. Built from a ``ModuleGraph``
/// by ``init(_:level:)``, then optionally reduced; diagram writers render it.
///
/// Nodes keep the order of the sorted graph (packages, then names), so the
/// same graph always gives the same view, byte for byte once written.
public struct GraphView: Sendable, Equatable {
    /// How much one node stands for.
    public enum Level: String, CaseIterable, Sendable {
        /// One node per target (the graph as it is).
        case target
        /// One node per product of a loaded package; targets no product
        /// vends (tests, internal helpers) stay as themselves.
        case product
        /// One node per package.
        case package
    }

    public enum NodeKind: Hashable, Sendable {
        case target(TargetType)
        /// A product and its type (`library`, `executable`, …).
        case product(String)
        case package(PackageOrigin)
        /// A group of a collapsed view that is not a package: a project folder or a layer.
        case group(Grouping.Kind)
    }

    public struct Node: Hashable, Sendable {
        /// Unique within the view: `identity/Name` for a target, `product:identity/Name`
        /// for a product, `package:identity` for a package.
        public let id: String
        /// What to print on the node.
        public let name: String
        public let package: PackageIdentity
        public let kind: NodeKind
        /// The targets it stands for, as vertices of the source graph, ascending.
        public let members: [Int]

        /// A package or a group of a collapsed view, not a target or product.
        public var isGroup: Bool {
            switch kind {
            case .package, .group: true
            case .target, .product: false
            }
        }
    }

    /// What the declarations behind one drawn edge have in common.
    public struct EdgeAttributes: Hashable, Sendable {
        /// Every declaration behind the edge is conditional; their conditions, sorted.
        public let conditions: [Condition]
        /// Every declaration behind the edge is a plugin use.
        public let isPlugin: Bool

        public var isConditional: Bool { !conditions.isEmpty }

        public init(conditions: [Condition] = [], isPlugin: Bool = false) {
            self.conditions = conditions
            self.isPlugin = isPlugin
        }
    }

    public let level: Level
    public let nodes: [Node]
    /// Vertex `i` is `nodes[i]`.
    public let digraph: Digraph
    /// Attributes of every edge of ``digraph`` that is conditional or a plugin
    /// use; plain edges are absent. (Not "traits": in SwiftPM those are package traits.)
    public let edgeAttributes: [EdgeKey: EdgeAttributes]
    /// For each target id of the source graph, the nodes that stand for it
    /// (several when more than one product vends a target).
    public let nodesOfTarget: [TargetID: [Int]]
    /// The display name of each package with a node in the view.
    public let packageNames: [PackageIdentity: String]
    /// How the view's groups were made when it is a collapsed view (``init(_:grouping:open:)``); nil otherwise.
    public let groupedBy: Grouping.Kind?
    /// How many dependencies between targets each edge of a coarser view
    /// stands for; an edge that is absent stands for one.
    public let counts: [EdgeKey: Int]

    /// An edge of ``digraph``, as a dictionary key.
    public struct EdgeKey: Hashable, Sendable, Comparable {
        public let from: Int
        public let to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }

        public static func < (lhs: EdgeKey, rhs: EdgeKey) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    public init(
        level: Level, nodes: [Node], digraph: Digraph, edgeAttributes: [EdgeKey: EdgeAttributes],
        nodesOfTarget: [TargetID: [Int]], packageNames: [PackageIdentity: String],
        groupedBy: Grouping.Kind? = nil, counts: [EdgeKey: Int] = [:]
    ) {
        self.packageNames = packageNames
        self.groupedBy = groupedBy
        self.counts = counts
        self.level = level
        self.nodes = nodes
        self.digraph = digraph
        self.edgeAttributes = edgeAttributes
        self.nodesOfTarget = nodesOfTarget
    }

    /// The traits of the edge `from → to` (plain when none are recorded).
    public func attributes(from: Int, to: Int) -> EdgeAttributes {
        // Most graphs have no conditional edge: nothing to hash then.
        edgeAttributes.isEmpty ? EdgeAttributes() : edgeAttributes[EdgeKey(from: from, to: to)] ?? EdgeAttributes()
    }

    /// How many dependencies between targets the edge `from → to` stands for (1 at the target level).
    public func count(from: Int, to: Int) -> Int {
        counts.isEmpty ? 1 : counts[EdgeKey(from: from, to: to)] ?? 1
    }

    /// The nodes that stand for the target `id`; empty when it is not drawn.
    public func nodes(for id: TargetID) -> [Int] {
        nodesOfTarget[id] ?? []
    }

    /// Each step `a → b` of a chain of targets, as the view's edges that
    /// stand for it. Steps inside one node (both targets in one package, at
    /// the package level) vanish; steps the view does not draw are skipped.
    ///
    /// - Complexity: O(k · r² · log d) for a chain of k targets each drawn by
    ///   at most r nodes of out-degree at most d.
    public func edges(along chain: [TargetID]) -> [EdgeKey] {
        var result: [EdgeKey] = []
        for (from, to) in zip(chain, chain.dropFirst()) {
            for source in nodes(for: from) {
                for destination in nodes(for: to) where source != destination && digraph.hasEdge(from: source, to: destination) {
                    result.append(EdgeKey(from: source, to: destination))
                }
            }
        }
        return result
    }
}

extension GraphView {
    /// The nodes of `keep` and the edges between them that `keepEdge` accepts
    /// (all by default), in the same order; with each kept node's index in this view.
    ///
    /// - Complexity: O(V + E) and a hash per kept node.
    public func restricted(to keep: [Bool], edges keepEdge: ((_ from: Int, _ to: Int) -> Bool)? = nil) -> (view: GraphView, original: [Int])
    {
        precondition(keep.count == nodes.count, "one flag per node")
        let original = nodes.indices.filter { keep[$0] }
        var position = [Int](repeating: -1, count: nodes.count)
        for (index, node) in original.enumerated() { position[node] = index }
        var kept: [(Int, Int)] = []
        var attributes: [EdgeKey: EdgeAttributes] = [:]
        var keptCounts: [EdgeKey: Int] = [:]
        for (from, to) in digraph.edges where keep[from] && keep[to] && (keepEdge?(from, to) ?? true) {
            let key = EdgeKey(from: position[from], to: position[to])
            kept.append((key.from, key.to))
            if let found = edgeAttributes[EdgeKey(from: from, to: to)] { attributes[key] = found }
            if let count = counts[EdgeKey(from: from, to: to)] { keptCounts[key] = count }
        }
        let keptNodes = original.map { nodes[$0] }
        let keptPackages = Set(keptNodes.map(\.package))
        var nodesOfTarget: [TargetID: [Int]] = [:]
        for (id, drawn) in self.nodesOfTarget {
            let still = drawn.compactMap { position[$0] >= 0 ? position[$0] : nil }
            if !still.isEmpty { nodesOfTarget[id] = still }
        }
        let view = GraphView(
            level: level, nodes: keptNodes, digraph: Digraph(vertexCount: keptNodes.count, edges: kept), edgeAttributes: attributes,
            nodesOfTarget: nodesOfTarget, packageNames: packageNames.filter { keptPackages.contains($0.key) },
            groupedBy: groupedBy, counts: keptCounts)
        return (view, original)
    }
}
