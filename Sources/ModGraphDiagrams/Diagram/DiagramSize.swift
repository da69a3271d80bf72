import ModGraphCore

/// Layout choices that depend on how big a view is, so that large diagrams
/// stay legible and quick to lay out (figures in docs/diagrams.md).
///
/// The one shape that ruins a layered drawing is a crowded rank: an app with
/// 900 feature modules side by side draws a picture 30,000 pixels wide and a
/// few hundred high. Like Graphviz's `unflatten`, crowded ranks are spread
/// over several: the k-th node of a rank gets its edges lengthened by
/// `k mod s`, which staggers the row into a staircase of `s` shorter rows.
struct DiagramSize {
    /// More nodes than this on one rank are spread over several ranks.
    static let nodesPerRank = 24
    /// At most this many rows per crowded rank: every extra row lengthens
    /// edges, and dot's crossing minimisation slows down with long edges
    /// (figures in docs/diagrams.md).
    static let maximumRows = 12

    /// Extra length for the edges of each staggered node (0 or absent: none).
    private let stagger: [Int: Int]
    private let hasDependencies: [Bool]

    /// - Complexity: O(V log V + E).
    init(_ view: GraphView) {
        let graph = view.digraph
        var stagger: [Int: Int] = [:]
        // Network simplex pulls a node down towards what it depends on, so
        // nodes end up on the rank of their depth (longest chain down). With
        // cycles, the condensation gives the depths.
        let condensation = graph.condensation()
        if let depths = condensation.graph.depths() {
            let byRank = Dictionary(grouping: 0..<graph.vertexCount, by: { depths[condensation.componentOf[$0]] })
            for (_, members) in byRank where members.count > Self.nodesPerRank {
                let rows = min(Self.maximumRows, (members.count + Self.nodesPerRank - 1) / Self.nodesPerRank)
                for (position, node) in members.sorted().enumerated() where position % rows > 0 {
                    stagger[node] = position % rows
                }
            }
        }
        self.stagger = stagger
        isLarge = graph.vertexCount > Self.largeAbove
        hasDependencies = (0..<graph.vertexCount).map { !graph.successors(of: $0).isEmpty }
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
