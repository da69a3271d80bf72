import ModGraphCore
import ModGraphDiagrams
import ModGraphRules

/// The layers of `.modgraph.yml` for a diagram: the colour of each target and,
/// with `--cluster layer`, its box. `graph` reads them when a configuration is
/// given or found, as `report` does; only the layer assignment is computed,
/// not the source checks.
public enum DiagramLayers {
    /// Each target's layer, numbered from the bottom.
    ///
    /// - Complexity: the checker's layer assignment alone, O(V · P) for P patterns.
    public static func layers(of config: CheckConfig, for graph: ModuleGraph) throws(ConfigError) -> [TargetID: DiagramStyle.Layer] {
        DiagramStyle.layers(
            of: graph, indices: try Checker(config: config).layerIndices(of: graph), namesTopFirst: config.layers.map(\.name))
    }

}
