import ModGraphCore
import ModGraphDiagrams

/// Which part of the graph to show, and how: a neighbourhood, a coarser level,
/// the transitive reduction, boxes. The views that keep large graphs readable.
public struct GraphSelection: Sendable {
    /// Targets to centre on (a name, or `identity/Name` when several packages use it); empty: the whole graph.
    public var focus: [String]
    /// Steps away from the focus; nil: all the way.
    public var depth: Int?
    /// Follow what depends on the focus instead of what it depends on.
    public var dependents: Bool
    public var level: GraphView.Level
    /// Drop dependencies implied by longer paths; nil: above ``DiagramDefaults/reduceAbove`` nodes, for diagrams.
    public var reduce: Bool?
    public var cluster: DiagramStyle.Clustering?
    /// Leave tests and products of other packages out of diagrams; nil: above ``DiagramDefaults/simplifyAbove`` targets.
    public var simplify: Bool?

    public init(
        focus: [String] = [], depth: Int? = nil, dependents: Bool = false, level: GraphView.Level = .target,
        reduce: Bool? = nil, cluster: DiagramStyle.Clustering? = nil, simplify: Bool? = nil
    ) {
        self.focus = focus
        self.depth = depth
        self.dependents = dependents
        self.level = level
        self.reduce = reduce
        self.cluster = cluster
        self.simplify = simplify
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
        return graph.neighbourhood(of: vertices, depth: depth, following: dependents ? .dependents : .dependencies)
    }

    /// The diagram of `graph` (already focused), with its emphasis; `layers`
    /// colours nodes (and boxes them with `--cluster layer`).
    public func diagram(of focused: ModuleGraph, layers: [TargetID: DiagramStyle.Layer] = [:]) -> (view: GraphView, style: DiagramStyle) {
        var graph = focused
        var caption: String?
        if simplify ?? (focused.targets.count > DiagramDefaults.simplifyAbove) {
            (graph, caption) = DiagramDefaults.simplified(focused, showAllWith: "--no-simplify")
        }
        var view = GraphView(graph, level: level)
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

    /// The coarser view for text and JSON at the product or package level; reduced only when asked.
    public func coarseView(of graph: ModuleGraph) throws(CommandError) -> GraphView {
        if cluster != nil { throw CommandError("--cluster applies to diagrams (dot, mermaid, svg, png, pdf)") }
        let view = GraphView(graph, level: level)
        return reduce == true ? view.transitivelyReduced() : view
    }
}
