import ModGraphCore
import ModGraphOutput

/// Writes a ``GraphView`` as a Mermaid `flowchart`, the diagram language
/// GitHub, GitLab and most wikis render inside Markdown.
///
/// Mermaid identifiers are fragile (words such as `end` break a chart), so
/// nodes are `n0`, `n1`, … and boxes `p0`, `p1`, … in view order, and every
/// name is a quoted label escaped by ``Escape/mermaid(_:limit:)``.
public struct MermaidWriter: Sendable {
    public var style: DiagramStyle

    public init(style: DiagramStyle = DiagramStyle()) {
        self.style = style
    }

    public func render(_ graph: ModuleGraph) -> String {
        render(GraphView(graph))
    }

    public func render(_ view: GraphView) -> String {
        let emphasis = DiagramEmphasis(style: style, view: view)
        let clusters = DiagramClusters(view: view, style: style)
        // The caption as the chart's title, in the front matter.
        var lines = style.caption.map { ["---", "title: " + Escape.mermaidTitle($0), "---", "flowchart TB"] } ?? ["flowchart TB"]
        // A node's line is made with its indentation (once more inside a box).
        let boxed = clusters.isBoxed(nodeCount: view.nodes.count)
        let nodeLines = view.nodes.indices.map { index in
            (
                line: node(index, indent: boxed[index] ? "    " : "  ", in: view, findings: emphasis.findingCounts[index]),
                className: className(of: index, emphasis: emphasis)
            )
        }
        var classes: [String: [String]] = [:]
        for (position, group) in clusters.groups.enumerated() {
            if let box = group.box { lines.append("  subgraph p\(position)[\"\(Escape.mermaid(box.label))\"]") }
            for index in group.nodes {
                lines.append(nodeLines[index].line)
                classes[nodeLines[index].className, default: []].append("n\(index)")
            }
            if group.box != nil { lines.append("  end") }
        }

        var thick: [Int] = []
        var problems: [Int] = []
        var critical: [Int] = []
        var unused: [Int] = []
        var missing: [Int] = []
        let edges = view.digraph.edges
        for (position, (from, to)) in edges.enumerated() {
            let key = GraphView.EdgeKey(from: from, to: to)
            let mark = emphasis.mark(ofEdge: key)
            // Thick for a violation, a cycle or the critical path, even where an unused declaration sets the colour.
            let emphasised: Bool =
                switch mark {
                case .violation, .cycle, .critical: true
                case .unused: emphasis.criticalEdges.contains(key)
                case nil: false
                }
            let attributes = view.attributes(from: from, to: to)
            let arrow = emphasised ? "==>" : (attributes.isConditional || attributes.isPlugin ? "-.->" : "-->")
            // A collapsed view's edge says how many dependencies it stands for: `-- 3 -->`.
            if view.groupedBy != nil, case let count = view.count(from: from, to: to), count > 1 {
                let labelled = emphasised ? "== \(count) ==>" : (arrow == "-.->" ? "-. \(count) .->" : "-- \(count) -->")
                lines.append("  n\(from) \(labelled) n\(to)")
            } else {
                lines.append("  n\(from) \(arrow) n\(to)")
            }
            switch mark {
            case .violation: thick.append(position)
            case .cycle: problems.append(position)
            case .unused: unused.append(position)
            case .critical: critical.append(position)
            case nil: break
            }
        }

        // Undeclared imports: edges the graph does not have, after every edge it has.
        for (offset, edge) in emphasis.missingEdges.enumerated() {
            lines.append("  n\(edge.from) -.-> n\(edge.to)")
            missing.append(view.digraph.edgeCount + offset)
        }

        for name in classes.keys.sorted() {
            lines.append("  classDef \(name) \(classStyle(name, emphasis: emphasis))")
        }
        for name in classes.keys.sorted() {
            lines.append("  class \((classes[name] ?? []).joined(separator: ",")) \(name)")
        }
        for index in view.nodes.indices {
            if emphasis.cycleNodes.contains(index) || emphasis.findingCounts[index] != nil {
                lines.append("  style n\(index) stroke:\(DiagramPalette.problem),stroke-width:3px")
            } else if emphasis.criticalNodes.contains(index) {
                lines.append("  style n\(index) stroke:\(DiagramPalette.critical),stroke-width:3px,font-weight:bold")
            }
        }
        if !thick.isEmpty { lines.append("  linkStyle \(Self.indices(thick)) stroke:\(DiagramPalette.problem),stroke-width:4px") }
        if !problems.isEmpty { lines.append("  linkStyle \(Self.indices(problems)) stroke:\(DiagramPalette.problem),stroke-width:3px") }
        if !critical.isEmpty { lines.append("  linkStyle \(Self.indices(critical)) stroke:\(DiagramPalette.critical),stroke-width:3px") }
        if !unused.isEmpty {
            lines.append("  linkStyle \(Self.indices(unused)) stroke:\(DiagramPalette.unused),stroke-width:2px,stroke-dasharray:2 3")
        }
        if !missing.isEmpty {
            lines.append("  linkStyle \(Self.indices(missing)) stroke:\(DiagramPalette.missing),stroke-width:2px,stroke-dasharray:6 4")
        }
        return lines.joinedAsLines()
    }

    /// A node's line after `indent`.
    private func node(_ index: Int, indent: String, in view: GraphView, findings: Int?) -> String {
        let node = view.nodes[index]
        var text = findings.map { "\(node.name) (\(Counted.text($0, "finding")))" } ?? node.name
        if view.groupedBy != nil, node.isGroup { text += " · " + Counted.text(node.members.count, "target") }
        let label = Escape.mermaid(text)
        return switch node.kind {
        case .product: "\(indent)n\(index)[[\"\(label)\"]]"
        case .package, .group: "\(indent)n\(index)[\"\(label)\"]"
        case .target: "\(indent)n\(index)(\"\(label)\")"
        }
    }

    /// The class that colours a node: its layer, else its kind.
    private func className(of index: Int, emphasis: DiagramEmphasis) -> String {
        if !style.layers.isEmpty {
            return emphasis.layerOfNode[index].map { "layer\($0.order)" } ?? "unlayered"
        }
        return switch emphasis.view.nodes[index].kind {
        case .target(let type) where type.isTest: "test"
        case .target(let type) where type.isEntryPoint: "executable"
        case .product("executable"): "executable"
        case .target(.externalProduct), .package(.remote), .package(.registry): "external"
        case .target(.macro), .target(.plugin), .product("macro"), .product("plugin"): "tool"
        case .target(.binary), .target(.system): "binary"
        default: "module"
        }
    }

    private func classStyle(_ name: String, emphasis: DiagramEmphasis) -> String {
        let colours: DiagramPalette.Colours =
            switch name {
            case "test": DiagramPalette.colours(for: .target(.test))
            case "executable": DiagramPalette.colours(for: .target(.executable))
            case "external", "unlayered": DiagramPalette.colours(for: .target(.externalProduct))
            case "tool": DiagramPalette.colours(for: .target(.macro))
            case "binary": DiagramPalette.colours(for: .target(.binary))
            case _ where name.hasPrefix("layer"): DiagramPalette.colours(forLayer: Int(name.dropFirst(5)) ?? 0)
            default: DiagramPalette.colours(for: .target(.regular))
            }
        let dash = name == "test" ? ",stroke-dasharray:4 3" : ""
        return "fill:\(colours.fill),stroke:\(colours.outline),color:\(DiagramPalette.text)\(dash)"
    }

    private static func indices(_ positions: [Int]) -> String {
        positions.map(String.init).joined(separator: ",")
    }
}
