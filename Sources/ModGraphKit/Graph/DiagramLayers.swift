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
    /// - Complexity: the checker's layer assignment, O(V · P) for P patterns.
    public static func layers(configPath: String, for graph: ModuleGraph) throws -> [TargetID: DiagramStyle.Layer] {
        let config = try ConfigFile.load(configPath)
        var withoutSources = config
        withoutSources.sources = nil
        let result = try Checker(config: withoutSources).check(graph)
        return DiagramStyle.layers(of: result.layers, namesTopFirst: config.layers.map(\.name))
    }
}
