import ModGraphCore
import ModGraphDiagrams
import ModGraphReport

/// Which way a focus goes from the targets it is on: both (the viewer's focus), up (what uses
/// them), down (what they use). The page and the command line share it.
public typealias FocusDirection = ViewerView.Direction

/// How a collapsed view groups targets: by package, project folder or layer (docs/diagrams.md).
public typealias Collapse = Grouping.Kind

/// Which part of the graph to show, and how: a neighbourhood, a coarser level,
/// a collapsed view, the transitive reduction, boxes. The views that keep
/// large graphs readable; index.html offers the same ones.
public struct GraphSelection: Sendable {
    /// Targets to centre on (a name, or `identity/Name` when several packages use it); empty: the whole graph.
    public var focus: [String]
    /// Steps away from the focus; nil: all the way.
    public var depth: Int?
    /// Which way the focus goes.
    public var direction: FocusDirection
    public var level: GraphView.Level
    /// Drop dependencies implied by longer paths; nil: above ``DiagramDefaults/reduceAbove`` nodes, for diagrams.
    public var reduce: Bool?
    public var cluster: DiagramStyle.Clustering?
    /// Leave tests and products of other packages out of diagrams; nil: above ``DiagramDefaults/simplifyAbove`` targets.
    public var simplify: Bool?
    /// One node per group instead of per target, edges counting the dependencies they stand for.
    public var collapse: Collapse?
    /// With ``collapse``: the groups drawn open (their targets among the other groups), by name or key.
    public var open: [String]

    public init(
        focus: [String] = [], depth: Int? = nil, direction: FocusDirection = .both, level: GraphView.Level = .target,
        reduce: Bool? = nil, cluster: DiagramStyle.Clustering? = nil, simplify: Bool? = nil, collapse: Collapse? = nil,
        open: [String] = []
    ) {
        self.focus = focus
        self.depth = depth
        self.direction = direction
        self.level = level
        self.reduce = reduce
        self.cluster = cluster
        self.simplify = simplify
        self.collapse = collapse
        self.open = open
    }

    /// The focused graph: the whole graph without a focus.
    public func focused(_ graph: ModuleGraph) throws(CommandError) -> ModuleGraph {
        guard !focus.isEmpty else { return graph }
        var vertices: [Int] = []
        for name in focus {
            do {
                vertices.append(try graph.lookUpTarget(name))
            } catch {
                throw CommandError("--focus: \(error)")
            }
        }
        return graph.neighbourhood(of: vertices, depth: depth, following: Set(direction.traversals))
    }

    /// The view of `graph` (already focused) at the selection's level, or collapsed.
    /// `layers` makes the groups of `--collapse layer`.
    public func view(of graph: ModuleGraph, layers: [TargetID: DiagramStyle.Layer] = [:]) throws(CommandError) -> GraphView {
        guard let collapse else { return GraphView(graph, level: level) }
        if level != .target { throw CommandError("--collapse groups targets: it cannot be combined with --level \(level.rawValue)") }
        let grouping = try Self.grouping(collapse, of: graph, layers: layers)
        return GraphView(graph, grouping: grouping, open: try openGroups(in: grouping))
    }

    /// The groups of `kind` in `graph`.
    public static func grouping(
        _ kind: Collapse, of graph: ModuleGraph, layers: [TargetID: DiagramStyle.Layer]
    ) throws(CommandError) -> Grouping {
        switch kind {
        case .package: return .byPackage(graph)
        case .project: return .byProject(graph)
        case .layer:
            if layers.isEmpty {
                throw CommandError(
                    "--collapse layer needs the layers of a .modgraph.yml: none was found from the package folder up; pass --config")
            }
            return .byLayer(layers, of: graph)
        }
    }

    /// The indices of the groups ``open`` names (a group's name or key, case-insensitive).
    func openGroups(in grouping: Grouping) throws(CommandError) -> Set<Int> {
        var opened = Set<Int>()
        for name in open {
            let lowered = name.lowercased()
            let matches = grouping.groups.indices.filter {
                grouping.groups[$0].name.lowercased() == lowered || grouping.groups[$0].key.lowercased() == lowered
                    || grouping.groups[$0].name.lowercased() == lowered + "/"
            }
            guard let first = matches.first else {
                let known = grouping.groups.prefix(8).map(\.name).joined(separator: ", ")
                throw CommandError(
                    "--open: no group '\(name)' in the view by \(grouping.kind.rawValue) (groups: \(known)\(grouping.groups.count > 8 ? ", …" : ""))"
                )
            }
            opened.insert(first)
        }
        return opened
    }

    /// The diagram of `graph` (already focused), with its emphasis; `layers`
    /// colours nodes (and boxes them with `--cluster layer`, groups them with `--collapse layer`).
    public func diagram(
        of focused: ModuleGraph, layers: [TargetID: DiagramStyle.Layer] = [:]
    ) throws(CommandError) -> (view: GraphView, style: DiagramStyle) {
        var graph = focused
        var caption: String?
        if simplify ?? (focused.targets.count > DiagramDefaults.simplifyAbove) {
            (graph, caption) = DiagramDefaults.simplified(focused, showAllWith: "--no-simplify")
        }
        var view = try self.view(of: graph, layers: layers)
        var style = DiagramStyle.highlights(of: graph)
        if reduce ?? (view.nodes.count > DiagramDefaults.reduceAbove) {
            view = view.transitivelyReduced(keeping: style.highlightedEdges(in: view))
        }
        style.caption = caption
        style.clustering = cluster
        style.layers = layers
        return (view, style)
    }

    /// The graph for text and JSON at the target level, which show targets and every declaration.
    public func textual(_ graph: ModuleGraph) throws(CommandError) -> ModuleGraph {
        if cluster != nil { throw CommandError("--cluster applies to diagrams (dot, mermaid, svg, png, pdf)") }
        return reduce == true ? graph.transitivelyReduced() : graph
    }

    /// The coarser view for text and JSON at the product or package level, or collapsed; reduced only when asked.
    public func coarseView(of graph: ModuleGraph, layers: [TargetID: DiagramStyle.Layer] = [:]) throws(CommandError) -> GraphView {
        if cluster != nil { throw CommandError("--cluster applies to diagrams (dot, mermaid, svg, png, pdf)") }
        let view = try self.view(of: graph, layers: layers)
        return reduce == true ? view.transitivelyReduced() : view
    }
}
