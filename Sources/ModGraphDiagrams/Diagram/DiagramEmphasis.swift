import ModGraphCore
import ModGraphOutput

/// A ``DiagramStyle`` mapped onto the nodes and edges of one ``GraphView``:
/// what the DOT and Mermaid writers colour, thicken and explain.
struct DiagramEmphasis {
    let view: GraphView
    let style: DiagramStyle
    let criticalNodes: Set<Int>
    let criticalEdges: Set<GraphView.EdgeKey>
    let cycleNodes: Set<Int>
    let cycleEdges: Set<GraphView.EdgeKey>
    /// The note of the first violation running along each edge.
    let violationNotes: [GraphView.EdgeKey: String]
    /// The layer of each node when all its targets share one, by node.
    let layerOfNode: [DiagramStyle.Layer?]
    /// Undeclared imports as edges between nodes, which the view need not have, sorted.
    let missingEdges: [MissingEdge]
    /// The note of the first unused dependency on each edge.
    let unusedNotes: [GraphView.EdgeKey: String]
    /// Findings counted per node, when the style counts instead of painting.
    let findingCounts: [Int: Int]

    /// An undeclared import drawn from the importer's node to the imported module's.
    struct MissingEdge: Hashable, Comparable {
        let from: Int
        let to: Int
        let note: String

        static func < (lhs: MissingEdge, rhs: MissingEdge) -> Bool {
            (lhs.from, lhs.to) < (rhs.from, rhs.to)
        }
    }

    /// How an edge stands out, the first that holds: it breaks a rule, it
    /// closes a cycle, its declaration is unused, it is on the critical path.
    enum EdgeMark {
        case violation(note: String)
        case cycle
        case unused(note: String)
        case critical
    }

    /// The edge's mark; nil for a plain edge. A view with nothing of a kind
    /// hashes nothing for it, as most large views have none.
    func mark(ofEdge key: GraphView.EdgeKey) -> EdgeMark? {
        if !violationNotes.isEmpty, let note = violationNotes[key] { return .violation(note: note) }
        if !cycleEdges.isEmpty, cycleEdges.contains(key) { return .cycle }
        if !unusedNotes.isEmpty, let note = unusedNotes[key] { return .unused(note: note) }
        if !criticalEdges.isEmpty, criticalEdges.contains(key) { return .critical }
        return nil
    }

    init(style: DiagramStyle, view: GraphView) {
        self.view = view
        self.style = style
        criticalNodes = Set(style.criticalPath.flatMap(view.nodes(for:)))
        criticalEdges = Set(view.edges(along: style.criticalPath))
        cycleNodes = Set(style.cycles.flatMap { $0.flatMap(view.nodes(for:)) })
        cycleEdges = Set(style.cycles.flatMap(view.edges(along:)))
        var notes: [GraphView.EdgeKey: String] = [:]
        for violation in style.violations {
            for key in view.edges(along: violation.targets) where notes[key] == nil { notes[key] = violation.note }
        }
        violationNotes = notes
        var missing: [GraphView.EdgeKey: String] = [:]
        for chain in style.missing {
            guard let first = chain.targets.first, let last = chain.targets.last else { continue }
            for source in view.nodes(for: first) {
                for destination in view.nodes(for: last) where source != destination {
                    let key = GraphView.EdgeKey(from: source, to: destination)
                    if missing[key] == nil { missing[key] = chain.note }
                }
            }
        }
        missingEdges = missing.map { MissingEdge(from: $0.key.from, to: $0.key.to, note: $0.value) }.sorted()
        var unused: [GraphView.EdgeKey: String] = [:]
        for chain in style.unused {
            for key in view.edges(along: chain.targets) where unused[key] == nil { unused[key] = chain.note }
        }
        unusedNotes = unused
        var counts: [Int: Int] = [:]
        for (id, count) in style.findingCounts {
            for node in view.nodes(for: id) { counts[node, default: 0] += count }
        }
        findingCounts = counts
        // Each node's shared layer, in one pass over the targets: `nil` until a target
        // of the node is seen, then its layer, or `.some(nil)` once two differ or one has none.
        var layers = [DiagramStyle.Layer?](repeating: nil, count: view.nodes.count)
        if !style.layers.isEmpty {
            var shared = [DiagramStyle.Layer??](repeating: nil, count: view.nodes.count)
            for (target, nodes) in view.nodesOfTarget {
                let layer = style.layers[target]
                for node in nodes {
                    switch shared[node] {
                    case .none: shared[node] = .some(layer)
                    case .some(let current): if current != layer { shared[node] = .some(nil) }
                    }
                }
            }
            for node in shared.indices { if case .some(.some(let layer)) = shared[node] { layers[node] = layer } }
        }
        layerOfNode = layers
    }

    func colours(ofNode index: Int) -> DiagramPalette.Colours {
        if !style.layers.isEmpty {
            guard let layer = layerOfNode[index] else {
                return DiagramPalette.colours(for: .target(.externalProduct))
            }
            return DiagramPalette.colours(forLayer: layer.order)
        }
        return DiagramPalette.colours(for: view.nodes[index].kind)
    }

    func tooltip(ofNode index: Int) -> String {
        let node = view.nodes[index]
        var parts: [String]
        switch node.kind {
        case .target(let type): parts = ["\(node.id) (\(type.rawValue))"]
        case .product(let type): parts = ["product \(node.package)/\(node.name) (\(type)), \(Counted.text(node.members.count, "target"))"]
        case .package(let origin): parts = ["package \(node.package) (\(origin.rawValue)), \(Counted.text(node.members.count, "target"))"]
        case .group(let kind): parts = ["\(kind.rawValue) \(node.name), \(Counted.text(node.members.count, "target"))"]
        }
        if let layer = layerOfNode[index], node.kind != .group(.layer) { parts.append("layer \(layer.name)") }
        return parts.joined(separator: ", ")
    }

    /// What the picture's colours and line styles mean, in the order drawn.
    var legend: [DiagramLegend.Entry] {
        var entries: [DiagramLegend.Entry] = []
        if !criticalEdges.isEmpty || !criticalNodes.isEmpty {
            entries.append(
                .init(
                    .line(DiagramPalette.critical, .bold), "\(style.criticalPathName), \(Counted.text(style.criticalPath.count, "target"))")
            )
        }
        if !cycleNodes.isEmpty {
            entries.append(.init(.line(DiagramPalette.problem, .solid), Counted.text(style.cycles.count, "dependency cycle")))
        }
        if !violationNotes.isEmpty {
            entries.append(.init(.line(DiagramPalette.problem, .bold), Counted.text(style.violations.count, "rule violation")))
        }
        if !missingEdges.isEmpty {
            entries.append(
                .init(
                    .line(DiagramPalette.missing, .dashed),
                    "missing: " + Counted.text(style.missing.count, "import") + " of a module not declared"))
        }
        if !unusedNotes.isEmpty {
            entries.append(
                .init(
                    .line(DiagramPalette.unused, .dotted),
                    "unused: " + Counted.text(style.unused.count, "declared dependency", plural: "declared dependencies")
                        + " never imported"))
        }
        if !findingCounts.isEmpty {
            let total = style.findingCounts.values.reduce(0, +)
            entries.append(.init(.count, "findings per module: \(total), too many to draw one by one (see the findings)"))
        }
        if view.edgeAttributes.values.contains(where: { $0.isConditional && !$0.isPlugin }) {
            entries.append(.init(.line(DiagramPalette.edge, .dashed), "conditional (platform or trait)"))
        }
        if view.edgeAttributes.values.contains(where: \.isPlugin) { entries.append(.init(.line(DiagramPalette.edge, .dotted), "plugin")) }
        let layers = Set(layerOfNode.compactMap { $0 }).sorted { $0.order > $1.order }
        for layer in layers { entries.append(.init(.swatch(DiagramPalette.colours(forLayer: layer.order)), "layer \(layer.name)")) }
        return entries
    }
}
