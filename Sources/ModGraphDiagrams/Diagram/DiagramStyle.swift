import ModGraphCore

/// What a diagram emphasises beyond the graph itself. Every part is
/// optional: the graph command fills in what the core computes (longest
/// chain, cycles); `check` adds layers and violations, `schedule` its
/// weighted critical path, when they run.
public struct DiagramStyle: Sendable, Equatable {
    /// How nodes are boxed together.
    public enum Clustering: String, CaseIterable, Sendable {
        /// One box per package (the default when the view has several packages).
        case package
        /// One box per layer, from ``layers``; nodes without a layer stay outside.
        case layer
        case none
    }

    /// A layer of the architecture, as `check`'s configuration names them.
    public struct Layer: Hashable, Sendable {
        public let name: String
        /// Position from the bottom (0 = lowest); picks the colour and the box order.
        public let order: Int

        public init(name: String, order: Int) {
            self.name = name
            self.order = order
        }
    }

    /// A chain of dependencies drawn in red: a violating edge, or the path of
    /// edges that makes an indirect violation.
    public struct Chain: Hashable, Sendable {
        public let targets: [TargetID]
        /// Shown as the tooltip of the chain's edges, e.g. the broken rule.
        public let note: String

        public init(targets: [TargetID], note: String) {
            self.targets = targets
            self.note = note
        }
    }

    /// Each target's ``Layer`` from its layer's name, with layers listed top
    /// first as a configuration lists them; diagram order counts from the bottom.
    /// A name not in `namesTopFirst` gives no layer.
    public static func layers(of layerByTarget: [TargetID: String], namesTopFirst: [String]) -> [TargetID: Layer] {
        let order = diagramOrder(namesTopFirst)
        var layers: [TargetID: Layer] = [:]
        layers.reserveCapacity(layerByTarget.count)
        for (id, name) in layerByTarget {
            if let position = order[name] { layers[id] = Layer(name: name, order: position) }
        }
        return layers
    }

    /// The same from each vertex of `graph`'s layer as an index into
    /// `namesTopFirst` (nil: none), each target hashed once.
    ///
    /// - Complexity: O(V + L) for L layers.
    public static func layers(of graph: ModuleGraph, indices: [Int?], namesTopFirst: [String]) -> [TargetID: Layer] {
        let order = diagramOrder(namesTopFirst)
        let layerOfIndex = namesTopFirst.map { name in order[name].map { Layer(name: name, order: $0) } }
        var layers: [TargetID: Layer] = [:]
        layers.reserveCapacity(indices.count)
        for (vertex, index) in indices.enumerated() {
            if let index, let layer = layerOfIndex[index] { layers[graph.targets[vertex].id] = layer }
        }
        return layers
    }

    /// Each layer name's place counted from the bottom (for a name listed twice, its lowest).
    private static func diagramOrder(_ namesTopFirst: [String]) -> [String: Int] {
        Dictionary(namesTopFirst.reversed().enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Nil: boxes per package when the view has several packages, else none.
    public var clustering: Clustering?
    /// The layer of each target; when not empty, nodes are coloured by layer
    /// instead of by target type.
    public var layers: [TargetID: Layer]
    /// Drawn bold: the longest dependency chain, or the critical path of a schedule.
    public var criticalPath: [TargetID]
    /// What ``criticalPath`` is, for the legend (e.g. "longest chain").
    public var criticalPathName: String
    /// Dependency cycles as closed walks (first target repeated at the end), drawn red.
    public var cycles: [[TargetID]]
    /// Layering violations, drawn red and thick along their chain: the
    /// offending edge of a layering or forbidden finding, the chain of an
    /// isolation finding (each edge once, whatever the number of findings on it).
    public var violations: [Chain]
    /// Undeclared imports, importer first and imported module last: drawn as a
    /// dashed edge the graph does not have, never by painting the declared
    /// edges the import happens to travel.
    public var missing: [Chain]
    /// Declared dependencies no file imports: their edge drawn grey and dotted.
    public var unused: [Chain]
    /// Findings per target, shown as a count on the node instead of the
    /// painting above when there are more than ``paintedFindingLimit``.
    public var findingCounts: [TargetID: Int]

    /// What the diagram leaves out and how to show it, said first in its legend.
    public var caption: String?

    /// Which way dependencies point in a drawing.
    public enum Direction: Sendable, Equatable {
        case topToBottom, leftToRight
    }

    /// Nil: top to bottom, unless the size estimate turns a shallow, wide
    /// graph (``FittedLayout`` measures and decides for pictures).
    public var direction: Direction?

    /// Findings drawn one by one (violations, missing and unused edges) in a
    /// picture; above it they are counted per module (docs/diagrams.md).
    public static let paintedFindingLimit = 40

    public init(
        clustering: Clustering? = nil,
        layers: [TargetID: Layer] = [:],
        criticalPath: [TargetID] = [],
        criticalPathName: String = "longest chain",
        cycles: [[TargetID]] = [],
        violations: [Chain] = [],
        missing: [Chain] = [],
        unused: [Chain] = [],
        findingCounts: [TargetID: Int] = [:],
        caption: String? = nil,
        direction: Direction? = nil
    ) {
        self.clustering = clustering
        self.layers = layers
        self.criticalPath = criticalPath
        self.criticalPathName = criticalPathName
        self.cycles = cycles
        self.violations = violations
        self.missing = missing
        self.unused = unused
        self.findingCounts = findingCounts
        self.caption = caption
        self.direction = direction
    }

    /// The emphasis the graph alone supports: its cycles, or when there are
    /// none, its longest chain.
    public static func highlights(of graph: ModuleGraph) -> DiagramStyle {
        let ids = graph.targets.map(\.id)
        let cycles = graph.digraph.cycleGroups().map { $0.path.map { ids[$0] } }
        let chain = cycles.isEmpty ? (graph.digraph.longestChain() ?? []).map { ids[$0] } : []
        return DiagramStyle(criticalPath: chain, cycles: cycles)
    }

    /// Every edge of `view` that a highlight runs along, so a reduction keeps it.
    public func highlightedEdges(in view: GraphView) -> Set<GraphView.EdgeKey> {
        var edges = Set(view.edges(along: criticalPath))
        for cycle in cycles { edges.formUnion(view.edges(along: cycle)) }
        for violation in violations { edges.formUnion(view.edges(along: violation.targets)) }
        for chain in unused { edges.formUnion(view.edges(along: chain.targets)) }
        return edges
    }
}

extension Grouping {
    /// One group per layer of `layers` (top layer first), and one for the targets of `graph` no layer claims.
    ///
    /// - Complexity: O(V + L log L) for L layers.
    public static func byLayer(_ layers: [TargetID: DiagramStyle.Layer], of graph: ModuleGraph) -> Grouping {
        let topFirst = Set(layers.values).sorted { ($0.order, $0.name) > ($1.order, $1.name) }
        let position = Dictionary(uniqueKeysWithValues: topFirst.enumerated().map { ($1, $0) })
        return byLayer(layerOfTarget: graph.targets.map { layers[$0.id].flatMap { position[$0] } }, names: topFirst.map(\.name))
    }
}
