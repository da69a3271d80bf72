import ModGraphCore

/// The colours of every diagram, chosen to stay readable in print, in dark
/// mode previews and for colour-blind readers: pale fills, dark outlines and
/// text, red kept for problems only.
public enum DiagramPalette {
    struct Colours: Equatable {
        let fill: String
        let outline: String
    }

    static let text = "#1f2933"
    static let edge = "#52606d"
    static let clusterOutline = "#9aa5b1"
    static let clusterText = "#3e4c59"
    static let critical = "#102a43"
    public static let problem = "#c62828"
    /// Undeclared imports: an edge the graph should have.
    static let missing = "#d9480f"
    /// Declared dependencies never imported.
    static let unused = "#9aa5b1"

    /// By target type, when no layers are known.
    static func colours(for kind: GraphView.NodeKind) -> Colours {
        switch kind {
        case .target(let type) where type.isEntryPoint: Colours(fill: "#dbeed8", outline: "#3f7a46")
        case .product("executable"): Colours(fill: "#dbeed8", outline: "#3f7a46")
        case .target(let type) where type.isTest: Colours(fill: "#ffffff", outline: "#7b8794")
        case .target(.externalProduct), .package(.remote), .package(.registry): Colours(fill: "#eeeeee", outline: "#808080")
        case .target(.macro), .target(.plugin), .product("macro"), .product("plugin"): Colours(fill: "#f8ecd4", outline: "#a06a1c")
        case .target(.binary), .target(.system): Colours(fill: "#ece6f6", outline: "#6c52a0")
        default: Colours(fill: "#e6eef9", outline: "#4a6fa5")
        }
    }

    /// Layer colours from the bottom up: distinct hues at the same lightness.
    static let layerColours: [Colours] = [
        Colours(fill: "#e6eef9", outline: "#4a6fa5"),  // blue
        Colours(fill: "#e3f2ec", outline: "#2f7d5b"),  // green
        Colours(fill: "#fbefd9", outline: "#a86b00"),  // amber
        Colours(fill: "#f1e6f5", outline: "#7b4a94"),  // purple
        Colours(fill: "#e0f3f6", outline: "#217a8a"),  // teal
        Colours(fill: "#f6e9e1", outline: "#8d5a3b"),  // brown
    ]

    static func colours(forLayer order: Int) -> Colours {
        layerColours[((order % layerColours.count) + layerColours.count) % layerColours.count]
    }
}

extension DiagramStyle {
    /// Each node's fill and outline in `view`, as a diagram draws it: by layer when
    /// the style has layers, else by kind (the viewer paints its own drawings with them).
    ///
    /// - Complexity: O(V + E) for the emphasis, then O(1) per node.
    public func colours(of view: GraphView) -> [(fill: String, outline: String)] {
        let emphasis = DiagramEmphasis(style: self, view: view)
        return view.nodes.indices.map { node in
            let colours = emphasis.colours(ofNode: node)
            return (colours.fill, colours.outline)
        }
    }

    /// The edges of `view` on a dependency cycle.
    public func cycleEdges(in view: GraphView) -> Set<GraphView.EdgeKey> {
        Set(cycles.flatMap(view.edges(along:)))
    }
}
