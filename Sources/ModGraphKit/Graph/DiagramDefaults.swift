import ModGraphDiagrams

/// Defaults that keep large diagrams legible and quick; measured in docs/diagrams.md.
public enum DiagramDefaults {
    /// Views with more nodes are transitively reduced unless --no-reduce.
    public static let reduceAbove = 60

    /// Above this many nodes, sfdp replaces dot when --layout is not given:
    /// dot's crossing minimisation takes minutes on wide graphs of 1,000 nodes.
    public static let sfdpAbove = 150

    /// The layout engine when --layout is not given.
    public static func layout(nodeCount: Int) -> GraphvizLayout {
        nodeCount > sfdpAbove ? .sfdp : .dot
    }
}
