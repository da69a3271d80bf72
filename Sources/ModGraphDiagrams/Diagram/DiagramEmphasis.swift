import ModGraphCore

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
    /// The layer of each node when all its targets share one.
    let layerOfNode: [Int: DiagramStyle.Layer]

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
        var layers: [Int: DiagramStyle.Layer] = [:]
        if !style.layers.isEmpty {
            var seen: [Int: Set<DiagramStyle.Layer>] = [:]
            var unlayered = Set<Int>()
            for (id, nodes) in view.nodesOfTarget {
                for node in nodes {
                    if let layer = style.layers[id] { seen[node, default: []].insert(layer) } else { unlayered.insert(node) }
                }
            }
            for (node, found) in seen where found.count == 1 && !unlayered.contains(node) {
                layers[node] = found.first
            }
        }
        layerOfNode = layers
    }

    func colours(ofNode index: Int) -> DiagramPalette.Colours {
        if !style.layers.isEmpty {
            guard let layer = layerOfNode[index] else { return DiagramPalette.colours(for: .target(.externalProduct)) }
            return DiagramPalette.colours(forLayer: layer.order)
        }
        return DiagramPalette.colours(for: view.nodes[index].kind)
    }

    func tooltip(ofNode index: Int) -> String {
        let node = view.nodes[index]
        var parts: [String]
        switch node.kind {
        case .target(let type): parts = ["\(node.id) (\(type.rawValue))"]
        case .product(let type): parts = ["product \(node.package)/\(node.name) (\(type)), \(plural(node.members.count, "target"))"]
        case .package(let origin): parts = ["package \(node.package) (\(origin.rawValue)), \(plural(node.members.count, "target"))"]
        }
        if let layer = layerOfNode[index] { parts.append("layer \(layer.name)") }
        return parts.joined(separator: ", ")
    }

    /// One line under the diagram saying what the emphasis means; nil when nothing is emphasised.
    var legend: String? {
        var parts: [String] = []
        if !criticalEdges.isEmpty || !criticalNodes.isEmpty {
            parts.append("bold: \(style.criticalPathName) (\(plural(style.criticalPath.count, "target")))")
        }
        if !cycleNodes.isEmpty { parts.append("red: \(plural(style.cycles.count, "dependency cycle"))") }
        if !violationNotes.isEmpty { parts.append("thick red: \(plural(style.violations.count, "rule violation"))") }
        if view.edgeAttributes.values.contains(where: { $0.isConditional && !$0.isPlugin }) { parts.append("dashed: conditional") }
        if view.edgeAttributes.values.contains(where: \.isPlugin) { parts.append("dotted: plugin") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

/// `3 targets`, `1 target`.
func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : pluralForm ?? singular + "s")"
}
