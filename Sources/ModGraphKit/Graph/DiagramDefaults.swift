import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput
import ModGraphReport

/// Defaults that keep large diagrams legible and quick; measured in docs/diagrams.md.
public enum DiagramDefaults {
    /// Views with more nodes are transitively reduced unless --no-reduce.
    public static let reduceAbove = 60

    /// Diagrams of graphs with more targets leave out tests and products of
    /// other packages unless --no-simplify: at that size they are most of
    /// the width and none of the architecture (docs/diagrams.md).
    public static let simplifyAbove = 100

    /// `graph` without tests and products of other packages, and the
    /// caption that says so (nil when nothing was left out).
    ///
    /// - Complexity: O(V + E).
    public static func simplified(_ graph: ModuleGraph, showAllWith option: String) -> (graph: ModuleGraph, caption: String?) {
        let drawn = graph.targets.map { !$0.type.isTest && $0.type != .externalProduct }
        guard drawn.contains(false) else { return (graph, nil) }
        let tests = graph.targets.count { $0.type.isTest }
        let externals = graph.targets.count { $0.type == .externalProduct }
        let parts = [
            tests > 0 ? Counted.text(tests, "test target") : nil,
            externals > 0 ? Counted.text(externals, "product") + " of other packages" : nil,
        ].compactMap { $0 }
        return (graph.filtered(keeping: drawn), "Not drawn: \(parts.joined(separator: " and ")) (\(option) shows them).")
    }

    /// Above this many nodes, sfdp replaces dot when --layout is not given:
    /// dot's crossing minimisation takes minutes on wide graphs of 1,000 nodes.
    public static let sfdpAbove = 150

    /// Pictures (svg, png, pdf) of views with more nodes are refused by
    /// `graph` and left out of `report`, with a message: Graphviz lays out
    /// 1,000 nodes in seconds, 5,000 in about a minute (docs/diagrams.md),
    /// and a picture of thousands of nodes is not read anyway. The same bound
    /// stops report's Gantt chart: one row per target.
    public static let pictureNodeLimit = 2_000

    /// Why a picture of `nodes` nodes is not drawn, in one line; nil when it is.
    public static func pictureRefusal(nodes: Int, what: String) -> String? {
        guard nodes > pictureNodeLimit else { return nil }
        return
            "\(what) has \(Escape.grouped(nodes)) nodes, more than the \(Escape.grouped(pictureNodeLimit)) a picture is drawn for (Graphviz would take minutes)"
    }

    /// How many views index.html carries and what its first view must achieve: views of
    /// up to ``pictureNodeLimit`` nodes; up to 250 nodes, a focus view of every node, every
    /// group opened and every toggle (docs/report.md measures the pages), above it those
    /// views need `modgraph serve`; tests and external
    /// products hidden at first above 40 nodes; dot up to ``sfdpAbove`` nodes; a first view
    /// chosen when it fits 1400 × 900 at 0.8 or more (labels at least 9 px high).
    public static let viewer = ViewerPage.Budget(
        nodesPerView: pictureNodeLimit, everyViewUpTo: 250, hideAbove: 40, sfdpAbove: sfdpAbove, readableScale: 0.8)

    /// The layout engine when --layout is not given.
    public static func layout(nodeCount: Int) -> GraphvizLayout {
        nodeCount > sfdpAbove ? .sfdp : .dot
    }
}
