import ModGraphCore

/// Layout choices that depend on how big a view is, so that large diagrams
/// stay legible and quick to lay out (figures in docs/diagrams.md).
///
/// The one shape that ruins a layered drawing is a crowded rank: an app with
/// 900 feature modules side by side draws a picture 30,000 pixels wide and a
/// few hundred high, and real apps of 100 to 150 targets come out 4 to 8 times
/// wider than high. Like Graphviz's `unflatten`, crowded ranks are spread over
/// several: the k-th node of a rank gets its edges lengthened by `k mod s`,
/// which staggers the row into a staircase of `s` shorter rows. The number of
/// rows is chosen from an estimate of the drawing's size (labels' widths per
/// rank against ranks' heights) so that it is at most ``targetRatio`` times
/// wider than high, and at least enough for ``nodesPerRank`` nodes a row.
struct DiagramSize {
    /// More nodes than this on one rank are spread over several ranks.
    static let nodesPerRank = 24
    /// At most this many rows per crowded rank: every extra row lengthens
    /// edges, and dot's crossing minimisation slows down with long edges
    /// (figures in docs/diagrams.md).
    static let maximumRows = 12
    /// The widest drawing aimed at, width over height, from the estimate; the
    /// drawings measured (docs/diagrams.md) stay within 3:1.
    static let targetRatio = 2.5
    /// Points a rank takes in height: a node (0.3 in and its margin) and `ranksep` (0.5 in).
    static let rankHeight = 64.0
    /// Points a node takes in width: a character of Helvetica 11 (about 6.2),
    /// plus the box's margins and `nodesep`.
    static func nodeWidth(characters: Int) -> Double { Double(characters) * 6.2 + 35 }
    /// Points a box adds to the width of each rank it spans: its margins and the gap to the next.
    static let boxWidth = 32.0

    /// Extra length for the edges of each staggered node (0 or absent: none).
    private let stagger: [Int: Int]
    private let hasDependencies: [Bool]
    /// Left to right instead of top to bottom: chosen when a shallow, wide
    /// graph (few ranks, many boxes side by side) would still be more than
    /// ``turnAbove`` times wider than high top to bottom, and would be nearer
    /// square turned; the ranks then become columns.
    let turns: Bool

    /// Estimated width over height above which a drawing is turned, if that helps.
    static let turnAbove = 3.0
    /// Points a node takes in height left to right: its box (0.3 in, margins) and `nodesep` (0.25 in).
    static let nodeHeight = 46.0
    /// Points between columns left to right: `ranksep` (0.5 in).
    static let columnGap = 36.0

    /// - Complexity: O(V + E + R·S) for R ranks and S rows added.
    init(_ view: GraphView, clusters: DiagramClusters? = nil, direction: DiagramStyle.Direction? = nil) {
        let graph = view.digraph
        var stagger: [Int: Int] = [:]
        var turns = false
        // Network simplex pulls a node down towards what it depends on, so
        // nodes end up on the rank of their depth (longest chain down). With
        // cycles, the condensation gives the depths.
        let condensation = graph.condensation()
        if let depths = condensation.graph.depths() {
            // The nodes of each depth, in order, shallowest first (a bucket per depth, empty ones dropped).
            var ranks = [[Int]](repeating: [], count: (depths.max() ?? -1) + 1)
            for node in 0..<graph.vertexCount { ranks[depths[condensation.componentOf[node]]].append(node) }
            ranks.removeAll { $0.isEmpty }
            // Each label's width, counted once (in characters, as drawn).
            let nodeWidths = view.nodes.map { Self.nodeWidth(characters: $0.name.count) }
            var boxOf: [Int: Int] = [:]
            for (position, group) in (clusters?.groups ?? []).enumerated() where group.box != nil {
                for node in group.nodes { boxOf[node] = position }
            }
            // Boxes side by side widen a rank as much as their nodes do (a box per remote package, say).
            let widths = ranks.map { members in
                members.reduce(0.0) { $0 + nodeWidths[$1] }
                    + Double(Set(members.compactMap { boxOf[$0] }).count) * Self.boxWidth
            }
            let rows = Self.rows(widths: widths, counts: ranks.map(\.count))
            // Top to bottom as folded, against turned (unfolded): a rank becomes a column as wide as its widest label.
            let downWidth = rows.indices.map { widths[$0] / Double(rows[$0]) }.max() ?? 0
            let downHeight = Double(rows.reduce(0, +)) * Self.rankHeight
            let acrossWidth = ranks.reduce(0.0) { total, members in
                total + (members.map { nodeWidths[$0] }.max() ?? 0) + Self.columnGap
            }
            var acrossHeight = 0.0
            for members in ranks {
                let boxes = Double(Set(members.compactMap { boxOf[$0] }).count)
                acrossHeight = max(acrossHeight, Double(members.count) * Self.nodeHeight + boxes * Self.boxWidth)
            }
            func skew(_ width: Double, _ height: Double) -> Double { max(width, height) / max(min(width, height), 1) }
            turns =
                direction.map { $0 == .leftToRight }
                ?? (downWidth > Self.turnAbove * downHeight && skew(acrossWidth, acrossHeight) < skew(downWidth, downHeight))
            for (rank, members) in ranks.enumerated() where rows[rank] > 1 && !turns {
                for (position, node) in members.enumerated() where position % rows[rank] > 0 {
                    stagger[node] = position % rows[rank]
                }
            }
        }
        self.stagger = stagger
        self.turns = turns
        isLarge = graph.vertexCount > Self.largeAbove
        hasDependencies = (0..<graph.vertexCount).map { !graph.successors(of: $0).isEmpty }
    }

    /// Rows for each rank of estimated `widths` holding `counts` nodes: enough
    /// for ``nodesPerRank`` a row, then one more row at a time for the widest
    /// row until the estimate is within ``targetRatio`` or no rank can fold further.
    static func rows(widths: [Double], counts: [Int]) -> [Int] {
        var rows = counts.map { max(1, min(maximumRows, ($0 + nodesPerRank - 1) / nodesPerRank)) }
        while true {
            let height = Double(rows.reduce(0, +)) * rankHeight
            guard let widest = rows.indices.max(by: { widths[$0] / Double(rows[$0]) < widths[$1] / Double(rows[$1]) }),
                widths[widest] / Double(rows[widest]) > targetRatio * height,
                rows[widest] < min(maximumRows, counts[widest])
            else { return rows }
            rows[widest] += 1
        }
    }

    /// Views above this size get denser settings.
    static let largeAbove = 60

    /// Whether the view has more than ``largeAbove`` nodes.
    let isLarge: Bool

    /// Whether some rank is spread over several.
    var staggers: Bool { !stagger.isEmpty }

    /// A longer edge, to spread a crowded rank over several; nil for the default.
    /// A staggered node is lifted above its dependencies by its outgoing
    /// edges, or, when it depends on nothing, pushed below its dependents.
    func minimumLength(from: Int, to: Int) -> Int? {
        if hasDependencies[from], let extra = stagger[from] { return 1 + extra }
        if !hasDependencies[to], let extra = stagger[to] { return 1 + extra }
        return nil
    }
}
