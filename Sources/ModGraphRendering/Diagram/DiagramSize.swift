import ModGraphCore

/// Layout choices that depend on how big a view is, so that large diagrams
/// stay legible and quick to lay out (figures in docs/diagrams.md).
struct DiagramSize {
    let nodeCount: Int
    let edgeCount: Int

    init(_ view: GraphView) {
        nodeCount = view.nodes.count
        edgeCount = view.digraph.edgeCount
    }

    /// Left to right instead of top to bottom.
    var isWide: Bool { false }

    var nodeSeparation: String { "0.25" }
    var rankSeparation: String { "0.5" }

    /// A longer edge, to spread a crowded rank over several; nil for the default.
    func minimumLength(from: Int, to: Int) -> Int? { nil }
}
