import ModGraphRendering

/// Defaults that keep large diagrams legible and quick; measured in docs/diagrams.md.
enum DiagramDefaults {
    /// Views with more nodes are transitively reduced unless --no-reduce.
    static let reduceAbove = 60

    /// The layout engine when --layout is not given.
    static func layout(nodeCount: Int) -> GraphvizLayout {
        .dot
    }
}
