import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput

/// The views of index.html, each laid out afresh by Graphviz in this process:
/// the view a ``ViewerView`` names, its DOT, Graphviz's geometry, and the JSON
/// the page's script draws it from. `modgraph serve` lays out the views a page
/// asks for with the same code; a static page carries the ones
/// ``ViewerPage/Budget`` allows.
///
/// Nodes are named in the JSON as the page numbers them: a node of the page's
/// view by its index, a group of a collapsed view as `-(g + 1)`.
struct ViewerLayouts: Sendable {
    let graph: ModuleGraph
    /// The page's nodes: every target (or product, or package) of the graph.
    let universe: GraphView
    /// Layers, cycles and the critical path's name: what every view draws.
    let style: DiagramStyle
    /// The collapsed views offered, by kind; only at the target level.
    let groupings: [Grouping.Kind: Grouping]
    let isTest: [Bool]
    let isExternal: [Bool]
    /// The engine asked for; nil: dot, sfdp above ``sfdpAbove`` nodes.
    let layout: GraphvizLayout?
    let sfdpAbove: Int
    /// A layout that fits the reference window at this scale reads (``ViewerPage/Budget/readableScale``).
    let readableScale: Double
    /// Views of these sizes that dot cannot fit at a readable scale are laid out by sfdp too. (Not
    /// fdp, which packs a little tighter but loops for ever in its grid on some inputs: Graphviz 2.43's findGrid.)
    static let forceLayoutNodes = 12...400
    /// The boxes asked for (`--cluster`); nil: chosen per view.
    let pageClustering: DiagramStyle.Clustering?

    /// The window a first view is judged in: index.html's canvas at 1400 × 900
    /// (the header and the side panel taken off), as its `fit` measures it.
    static let referenceCanvas = (width: 1100.0, height: 814.0)

    init(page: ViewerPage) {
        graph = page.graph
        universe = page.view
        var style = DiagramStyle(clustering: page.style.clustering, layers: page.style.layers, cycles: page.style.cycles)
        style.criticalPathName = page.style.criticalPathName
        self.style = style
        var groupings: [Grouping.Kind: Grouping] = [:]
        if page.view.level == .target, page.view.nodes.count == page.graph.targets.count {
            groupings[.package] = .byPackage(page.graph)
            let projects = Grouping.byProject(page.graph)
            // Offered when it groups differently from the packages.
            if projects.groups.count < groupings[.package]?.groups.count ?? 0 { groupings[.project] = projects }
            if !page.style.layers.isEmpty { groupings[.layer] = .byLayer(page.style.layers, of: page.graph) }
        }
        self.groupings = groupings
        let flags = ViewerEdges(view: page.view)
        isTest = flags.isTest
        isExternal = flags.isExternal
        layout = page.layout
        sfdpAbove = page.budget.sfdpAbove
        readableScale = page.budget.readableScale
        pageClustering = page.style.clustering
    }

    /// The number of groups of each grouping, for reading view keys.
    var groupCounts: [Grouping.Kind: Int] { groupings.mapValues(\.groups.count) }

    /// A view built: what to draw, each drawn node's name in the page, and for a path view its paths.
    struct Built {
        let view: GraphView
        let refs: [Int]
        let paths: PathSet?
    }

    private func shown(_ spec: ViewerView) -> [Bool] {
        universe.nodes.indices.map { (spec.tests || !isTest[$0]) && (spec.externals || !isExternal[$0]) }
    }

    func build(_ spec: ViewerView) -> Built {
        var keep = shown(spec)
        var built: Built
        switch spec.kind {
        case .all:
            let cut = universe.restricted(to: keep)
            built = Built(view: cut.view, refs: cut.original, paths: nil)
        case .focus(let node, let depth, let direction):
            let reached = universe.digraph.reached(from: [node], depth: depth == 0 ? nil : depth, following: Set(direction.traversals))
            keep = keep.indices.map { (keep[$0] && reached[$0]) || $0 == node }
            let cut = universe.restricted(to: keep)
            built = Built(view: cut.view, refs: cut.original, paths: nil)
        case .collapse(let kind, let open):
            guard let grouping = groupings[kind] else {
                return build(ViewerView(.all, tests: spec.tests, externals: spec.externals, implied: spec.implied))
            }
            let kept = keep.indices.filter { keep[$0] }
            let sub = graph.filtered(keeping: keep)
            let subGrouping = Grouping(kind: kind, groups: grouping.groups, groupOfTarget: kept.map { grouping.groupOfTarget[$0] })
            let view = GraphView(sub, grouping: subGrouping, open: Set(open))
            let refs = view.nodes.map { node -> Int in
                let original = kept[node.members[0]]
                return node.isGroup ? -(grouping.groupOfTarget[original] + 1) : original
            }
            built = Built(view: view, refs: refs, paths: nil)
        case .path(let from, let to, let limit):
            keep[from] = true
            keep[to] = true
            let cut = universe.restricted(to: keep)
            var position = [Int](repeating: -1, count: universe.nodes.count)
            for (index, original) in cut.original.enumerated() { position[original] = index }
            let report = PathReport(view: cut.view, from: position[from], to: position[to], limit: limit)
            let drawn = report.diagram().view
            // The drawn view keeps the order of the cut one: its nodes are those on a listed path.
            let onPath = Set(report.paths.paths.joined())
            let refs = cut.original.indices.filter { onPath.contains($0) }.map { cut.original[$0] }
            let paths = PathSet(
                paths: report.paths.paths.map { $0.map { cut.original[$0] } }, count: report.paths.count, isExact: report.paths.isExact)
            // Every step of a listed path is drawn, implied or not.
            return Built(view: drawn, refs: refs, paths: paths)
        }
        if !spec.implied {
            built = Built(
                view: built.view.transitivelyReduced(keeping: style.highlightedEdges(in: built.view)), refs: built.refs, paths: nil)
        }
        return built
    }

    /// A view laid out: what the page draws it from, and how large its labels are
    /// in the reference window (the scale that fits it there).
    struct Layout {
        let json: JSONValue
        let scale: Double
        let nodeCount: Int
        let warnings: [String]
        /// Laid out in ranks (dot), dependencies above or beside what uses them; false for a
        /// force-directed cloud, which fits more labels but does not show the layering.
        let ranked: Bool
    }

    /// The scale at which a drawing of `width` × `height` points fits the reference canvas, as the page fits it.
    static func fitScale(width: Double, height: Double) -> Double {
        min(referenceCanvas.width / (width + 40), (referenceCanvas.height - 30) / (height + 40))
    }

    /// The largest scale at which `view`'s labels could fit the reference canvas at all, from their
    /// area alone: a bound that spares laying out a view too large to be read whole.
    static func scaleBound(_ view: GraphView) -> Double {
        let area = view.nodes.reduce(0.0) { $0 + (Double($1.name.count) * 6.2 + 24) * 26 }
        return (referenceCanvas.width * (referenceCanvas.height - 30) / max(area, 1)).squareRoot()
    }

    func laidOut(_ spec: ViewerView) throws(GraphvizError) -> Layout {
        let built = build(spec)
        let engine = layout ?? (built.view.nodes.count > sfdpAbove ? .sfdp : .dot)
        // The whole graph without boxes unless they were asked for: the collapsed views show the
        // packages, and boxes side by side widen a drawing that must fit a window.
        var style = self.style
        if case .all = spec.kind, pageClustering == nil { style.clustering = DiagramStyle.Clustering.none }
        let nodes = built.view.nodes.count
        var candidates: [(engine: GraphvizLayout, direction: DiagramStyle.Direction?)] = [(engine, nil)]
        // Both directions for dot, the one that fits the window better kept: dependency
        // graphs are wide and shallow, and left to right stacks a crowded rank in a column.
        if engine == .dot, nodes > 6, layout == nil { candidates = [(.dot, .topToBottom), (.dot, .leftToRight)] }
        var best:
            (
                geometry: GraphvizGeometry, warnings: [String], scale: Double,
                candidate: (engine: GraphvizLayout, direction: DiagramStyle.Direction?)
            )?
        var tried = 0
        while tried < candidates.count {
            let candidate = candidates[tried]
            tried += 1
            let dot = ViewerPicture.dot(view: built.view, style: style, direction: candidate.direction)
            let result = try GraphvizRenderer().geometry(of: dot, layout: candidate.engine)
            let scale = Self.fitScale(width: result.geometry.width, height: result.geometry.height)
            if best == nil || scale > (best?.scale ?? 0) + 0.001 { best = (result.geometry, result.warnings, scale, candidate) }
            // Neither direction reads in the window: a force-directed layout packs the nodes
            // closer (a wide rank becomes a cloud), at the cost of the ranks.
            if tried == candidates.count, layout == nil, (best?.scale ?? 0) < readableScale, (Self.forceLayoutNodes).contains(nodes),
                !candidates.contains(where: { $0.engine != .dot })
            {
                candidates += [(.sfdp, nil)].filter { $0.engine != engine }
            }
        }
        guard let best else { throw .layoutFailed(engine: engine.rawValue, message: "no layout") }
        return Layout(
            json: json(best.geometry, built: built, spec: spec, candidate: best.candidate), scale: best.scale,
            nodeCount: nodes, warnings: best.warnings, ranked: best.candidate.engine == .dot)
    }

    /// The geometry as the page reads it (see the type's comment).
    private func json(
        _ geometry: GraphvizGeometry, built: Built, spec: ViewerView,
        candidate: (engine: GraphvizLayout, direction: DiagramStyle.Direction?)
    ) -> JSONValue {
        func index(_ id: String, prefix: Character) -> Int? {
            guard id.first == prefix else { return nil }
            return Int(id.dropFirst())
        }
        func ints(_ values: [Double]) -> JSONValue { .array(values.map { .int(Int($0)) }) }
        let nodes: [JSONValue] = geometry.nodes.compactMap { node in
            guard let position = index(node.id, prefix: "n"), built.refs.indices.contains(position) else { return nil }
            return .array([.int(built.refs[position]), .int(Int(node.x)), .int(Int(node.y)), .int(Int(node.width)), .int(Int(node.height))])
        }
        let edges: [JSONValue] = geometry.edges.compactMap { edge in
            let ends = edge.id.dropFirst().split(separator: "_")
            guard edge.id.first == "e", ends.count == 2, let from = Int(ends[0]), let to = Int(ends[1]),
                built.refs.indices.contains(from), built.refs.indices.contains(to)
            else { return nil }
            return .array([
                .int(built.refs[from]), .int(built.refs[to]), .int(built.view.count(from: from, to: to)), ints(edge.points),
                edge.tip.map(ints) ?? .null, edge.label.map(ints) ?? .null,
            ])
        }
        let boxes: [JSONValue] = geometry.boxes.map { box in
            .array([
                .int(Int(box.x)), .int(Int(box.y)), .int(Int(box.width)), .int(Int(box.height)), .string(boxLabel(box, built: built)),
                box.label.map(ints) ?? .null,
            ])
        }
        var members: [(String, JSONValue)] = [
            ("key", .string(spec.key)),
            ("w", .int(Int(geometry.width))),
            ("h", .int(Int(geometry.height))),
            ("engine", .string(candidate.engine.rawValue)),
            ("across", .bool(candidate.direction == .leftToRight)),
            ("nodes", .array(nodes)),
            ("edges", .array(edges)),
            ("boxes", .array(boxes)),
        ]
        if let paths = built.paths {
            members.append(
                (
                    "paths",
                    .object([
                        ("count", .int(paths.count)), ("exact", .bool(paths.isExact)),
                        ("list", .array(paths.paths.map { .array($0.map(JSONValue.int)) })),
                    ])
                ))
        }
        return .object(members)
    }

    /// A box's label: its package, or its layer when boxes are layers.
    private func boxLabel(_ box: GraphvizGeometry.Box, built: Built) -> String {
        guard let first = box.nodes.first, let position = Int(first.dropFirst()), built.refs.indices.contains(position),
            built.refs[position] >= 0
        else { return "" }
        let node = universe.nodes[built.refs[position]]
        if style.clustering == .layer {
            return node.members.first.flatMap { style.layers[graph.targets[$0].id]?.name } ?? ""
        }
        return universe.packageNames[node.package] ?? node.package.rawValue
    }
}
