import ModGraphCore

/// The boxes of a diagram: which nodes go together, in a stable order.
struct DiagramClusters {
    struct Box {
        /// Unique among the boxes; becomes the DOT subgraph name.
        let key: String
        let label: String
    }

    struct Group {
        /// Nil for the nodes drawn outside any box.
        let box: Box?
        let nodes: [Int]
    }

    let groups: [Group]

    var hasBoxes: Bool { groups.contains { $0.box != nil } }

    /// Whether each of the view's `nodeCount` nodes is drawn inside a box.
    func isBoxed(nodeCount: Int) -> [Bool] {
        var boxed = [Bool](repeating: false, count: nodeCount)
        for group in groups where group.box != nil {
            for node in group.nodes { boxed[node] = true }
        }
        return boxed
    }

    init(view: GraphView, style: DiagramStyle) {
        let packages = Set(view.nodes.map(\.package))
        let clustering = style.clustering ?? (packages.count > 1 ? .package : .none)
        let allNodes = Array(view.nodes.indices)
        switch clustering {
        case .none:
            groups = [Group(box: nil, nodes: allNodes)]
        case .package where view.level == .package, _ where view.groupedBy != nil && !view.nodes.contains { !$0.isGroup }:
            // Each package is one node already.
            groups = [Group(box: nil, nodes: allNodes)]
        case .package:
            // In a collapsed view the groups are nodes: only the targets of open groups are boxed.
            let boxed = view.groupedBy == nil ? allNodes : allNodes.filter { !view.nodes[$0].isGroup }
            let byPackage = Dictionary(grouping: boxed, by: { view.nodes[$0].package })
            groups =
                byPackage.keys.sorted().map { identity in
                    let members = byPackage[identity] ?? []
                    let name = view.packageNames[identity] ?? identity.rawValue
                    return Group(box: Box(key: identity.rawValue, label: name), nodes: members)
                } + (boxed.count == allNodes.count ? [] : [Group(box: nil, nodes: allNodes.filter { view.nodes[$0].isGroup })])
        case .layer:
            let emphasis = DiagramEmphasis(style: style, view: view)
            let byLayer = Dictionary(grouping: allNodes, by: { emphasis.layerOfNode[$0] })
            let layers = byLayer.keys.compactMap { $0 }.sorted { ($0.order, $0.name) < ($1.order, $1.name) }
            var result = layers.map { layer in
                Group(box: Box(key: "layer_\(layer.order)_\(layer.name)", label: layer.name), nodes: byLayer[layer] ?? [])
            }
            if let loose = byLayer[nil] { result.append(Group(box: nil, nodes: loose)) }
            groups = result
        }
    }
}
