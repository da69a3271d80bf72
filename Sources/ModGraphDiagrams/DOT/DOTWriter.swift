import ModGraphCore
import ModGraphOutput

/// Writes a ``GraphView`` (or a whole ``ModuleGraph``) in Graphviz's DOT
/// language, with the emphasis of a ``DiagramStyle``.
///
/// Every identifier is quoted and escaped by ``Escape/dot(_:limit:)`` and
/// ``Escape/dotIdentifier(_:)``, since target names may hold any Unicode,
/// quotes, backslashes, line breaks and control characters; node identifiers
/// are the view's unique ids (`package/Target` for targets) and labels the
/// display names, cut when very long.
public struct DOTWriter: Sendable {
    public var style: DiagramStyle
    /// Gives every node the SVG id `n<index>` and every edge `e<from>_<to>`
    /// (indices of the view), so that index.html finds them; and draws each
    /// edge on its own (no `concentrate`), so that each can be highlighted.
    public var elementIDs = false
    /// Whether the picture carries its legend; an interactive viewer has its own.
    public var drawsLegend = true
    /// Tighter spacing (nodes, ranks and label margins), for a drawing read on a
    /// screen at a zoom (the viewer's) rather than printed whole.
    public var compact = false

    public init(style: DiagramStyle = DiagramStyle()) {
        self.style = style
    }

    /// Group targets in one box per package; on by default when there are several packages.
    public init(clusterByPackage: Bool?) {
        self.init(style: DiagramStyle(clustering: clusterByPackage.map { $0 ? .package : .none }))
    }

    public func render(_ graph: ModuleGraph) -> String {
        render(GraphView(graph))
    }

    /// The direction ``render(_:)`` draws `view` in: the style's, else the size estimate's.
    ///
    /// - Complexity: O(V log V + E), the estimate's.
    public func direction(of view: GraphView) -> DiagramStyle.Direction {
        DiagramSize(view, clusters: DiagramClusters(view: view, style: style), direction: style.direction).turns
            ? .leftToRight : .topToBottom
    }

    public func render(_ view: GraphView) -> String {
        let emphasis = DiagramEmphasis(style: style, view: view)
        let clusters = DiagramClusters(view: view, style: style)
        let size = DiagramSize(view, clusters: clusters, direction: style.direction)
        var lines: [String] = []
        lines.append("digraph \(Escape.dot("modgraph")) {")
        var graphAttributes = [
            size.turns ? "rankdir=LR" : "rankdir=TB", "fontname=\"Helvetica\"", "fontsize=11", "newrank=true",
            compact ? "ranksep=0.3" : "ranksep=0.5",
            // Ignored by dot; keeps labels apart with sfdp, neato and fdp.
            "overlap=prism", "outputorder=edgesfirst",
        ]
        // Fewer crossing-minimisation passes: on staggered ranks the full
        // search costs minutes for little gain.
        if size.staggers { graphAttributes.append("mclimit=0.3") }
        // Large views: edges that share an end run as one trunk, which is what
        // keeps hundreds of dependencies on a core module from widening every
        // rank. (Graphviz 2.4x can crash with concentrate inside clusters.)
        let dense = size.isLarge && !clusters.hasBoxes && !elementIDs
        graphAttributes.append(dense || compact ? "nodesep=0.15" : "nodesep=0.25")
        if dense { graphAttributes.append("concentrate=true") }
        if drawsLegend, let legend = DiagramLegend.dotLabel(emphasis.legend, caption: style.caption) {
            graphAttributes += ["label=\(legend)", "labelloc=b", "labeljust=l"]
        }
        lines.append("  graph [\(graphAttributes.joined(separator: ", "))];")
        lines.append(
            "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11, fontcolor=\"\(DiagramPalette.text)\", margin=\(compact ? "\"0.08,0.03\"" : "\"0.12,0.04\""), height=\(compact ? "0.26" : "0.3")];"
        )
        lines.append("  edge [color=\"\(DiagramPalette.edge)\", arrowsize=0.6, penwidth=0.8];")

        // Each node's identifier escaped once, for its line and every edge's.
        let ids = view.nodes.map { Escape.dotIdentifier($0.id) }
        // A node inside a box is indented once more; its line is made with its indentation.
        let boxed = clusters.isBoxed(nodeCount: view.nodes.count)
        let nodeLines = view.nodes.indices.map { node in
            self.node(node, id: ids[node], indent: boxed[node] ? "    " : "  ", in: view, emphasis: emphasis)
        }
        for group in clusters.groups {
            if let box = group.box {
                lines.append("  subgraph \(Escape.dotIdentifier("cluster_" + box.key)) {")
                lines.append(
                    "    label=\(Escape.dot(box.label)); labelloc=t; labeljust=l; fontsize=10; style=\"rounded,dashed\"; color=\"\(DiagramPalette.clusterOutline)\"; fontcolor=\"\(DiagramPalette.clusterText)\";"
                )
                for node in group.nodes { lines.append(nodeLines[node]) }
                lines.append("  }")
            } else {
                for node in group.nodes { lines.append(nodeLines[node]) }
            }
        }
        let edges = view.digraph.edges
        for edge in edges {
            lines.append(self.edge(edge.from, edge.to, ids: ids, in: view, emphasis: emphasis, size: size))
        }
        // Undeclared imports: edges the graph does not have, so they must not move the ranks.
        for missing in emphasis.missingEdges {
            var attributes = AttributeList()
            attributes.add("style", "dashed")
            attributes.add("color", Escape.dot(DiagramPalette.missing))
            attributes.add("penwidth", "1.6")
            attributes.add("arrowhead", "empty")
            attributes.add("constraint", "false")
            attributes.add("tooltip", Escape.dot(missing.note, limit: Escape.messageLimit))
            lines.append("  \(ids[missing.from]) -> \(ids[missing.to]) [\(attributes.text)];")
        }
        lines.append("}")
        return lines.joinedAsLines()
    }

    /// A node's line: `id [attributes];` after `indent`, its id already escaped.
    private func node(_ index: Int, id: String, indent: String, in view: GraphView, emphasis: DiagramEmphasis) -> String {
        let node = view.nodes[index]
        let colours = emphasis.colours(ofNode: index)
        let findings = emphasis.findingCounts[index]
        var attributes = AttributeList()
        if let findings {
            // With findings counted per module, the count goes under the name (an HTML-like label: XML-escaped).
            attributes.add(
                "label",
                "<\(Escape.xml(node.name))<BR/><FONT COLOR=\"\(DiagramPalette.problem)\" POINT-SIZE=\"9\">\(Counted.text(findings, "finding"))</FONT>>"
            )
        } else if view.groupedBy != nil, node.isGroup {
            // A collapsed group: its name, and how many targets it holds on a second line.
            attributes.add("label", String(Escape.dot(node.name).dropLast()) + "\\n" + Counted.text(node.members.count, "target") + "\"")
        } else {
            attributes.add("label", Escape.dot(node.name))
        }
        if elementIDs { attributes.add("id", "\"n\(index)\"") }
        switch node.kind {
        case .target(let type) where type.isTest: attributes.add("style", Escape.dot("rounded,filled,dashed"))
        case .target(.macro), .target(.plugin): attributes.add("shape", "component")
        case .target(.binary), .target(.system): attributes.add("shape", "box3d")
        case .product: attributes.add("peripheries", "2")
        case .package: attributes.add("shape", "folder")
        case .group: attributes.add("shape", "tab")
        default: break
        }
        attributes.add("fillcolor", Escape.dot(colours.fill))
        if emphasis.cycleNodes.contains(index) || findings != nil {
            attributes.add("color", Escape.dot(DiagramPalette.problem))
            attributes.add("penwidth", "2")
        } else if emphasis.criticalNodes.contains(index) {
            attributes.add("color", Escape.dot(DiagramPalette.critical))
            attributes.add("penwidth", "2")
            attributes.add("fontname", Escape.dot("Helvetica-Bold"))
        } else {
            attributes.add("color", Escape.dot(colours.outline))
        }
        attributes.add("tooltip", Escape.dot(emphasis.tooltip(ofNode: index), limit: Escape.messageLimit))
        return indent + id + " [" + attributes.text + "];"
    }

    /// An edge's line, indented: `from -> to [attributes];`.
    private func edge(
        _ from: Int, _ to: Int, ids: [String], in view: GraphView, emphasis: DiagramEmphasis, size: DiagramSize
    ) -> String {
        let kind = view.attributes(from: from, to: to)
        let mark = emphasis.mark(ofEdge: GraphView.EdgeKey(from: from, to: to))
        var attributes = AttributeList()
        if elementIDs { attributes.add("id", "\"e\(from)_\(to)\"") }
        // An unused declaration is drawn dotted whatever its kind.
        if case .unused = mark {
        } else if kind.isPlugin {
            attributes.add("style", "dotted")
        } else if kind.isConditional {
            attributes.add("style", "dashed")
        }
        switch mark {
        case .violation(let note): attributes.addStroke(DiagramPalette.problem, width: "2.5", tooltip: note)
        case .cycle: attributes.addStroke(DiagramPalette.problem, width: "2", tooltip: "part of a dependency cycle")
        case .unused(let note):
            attributes.add("style", "dotted")
            attributes.addStroke(DiagramPalette.unused, width: "1.4", tooltip: note)
        case .critical: attributes.addStroke(DiagramPalette.critical, width: "2.2", tooltip: style.criticalPathName)
        case nil:
            if kind.isConditional {
                attributes.add(
                    "tooltip", Escape.dot(kind.conditions.map(\.description).joined(separator: " | "), limit: Escape.messageLimit))
            }
        }
        // A collapsed view says how many dependencies between targets an edge stands for.
        if view.groupedBy != nil, case let count = view.count(from: from, to: to), count > 1 {
            attributes.add("label", "\"\(count)\"")
            attributes.add("fontsize", compact ? "10" : "9")
            attributes.add("fontcolor", Escape.dot(DiagramPalette.clusterText))
        }
        if let length = size.minimumLength(from: from, to: to) { attributes.add("minlen", String(length)) }
        let line = "  " + ids[from] + " -> " + ids[to]
        return attributes.text.isEmpty ? line + ";" : line + " [" + attributes.text + "];"
    }
}

/// A node's or an edge's attributes, written as they are added: `name=value, name=value`.
private struct AttributeList {
    private(set) var text = ""

    mutating func add(_ name: String, _ value: String) {
        if !text.isEmpty { text += ", " }
        text += name
        text += "="
        text += value
    }

    /// An emphasised edge's colour, pen width and tooltip (the colour and tooltip escaped).
    mutating func addStroke(_ colour: String, width: String, tooltip: String) {
        add("color", Escape.dot(colour))
        add("penwidth", width)
        add("tooltip", Escape.dot(tooltip, limit: Escape.messageLimit))
    }
}
