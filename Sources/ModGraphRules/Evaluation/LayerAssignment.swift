import ModGraphCore

/// Which layer each target of the workspace's own code belongs to, and which
/// isolation feature within it. Targets of remote packages and external
/// products belong to no layer: they are checked through `externals` only.
struct LayerAssignment {
    /// Layer index (0 is the top) per vertex; `nil` when no layer claims it or it is not the user's code.
    let layerOf: [Int?]
    /// Isolation feature per vertex: members of the same feature may use each other.
    let featureOf: [IsolationFeature?]
    /// Patterns (by location) that claimed at least one target, and exclusions that took one back.
    let usedPatterns: Set<ConfigLocation>
    /// Per vertex, the `targets` pattern that put it in its layer (``PatternClaim``).
    let claimedBy: [ConfigLocation?]
    /// Per vertex, the `isolated` pattern that decided its feature (``PatternClaim``).
    let featureDecidedBy: [ConfigLocation?]

    /// - Complexity: O(V·P·m) for P patterns of matching cost m.
    init(graph: ModuleGraph, config: CheckConfig, isOwnCode: [Bool]) throws(ConfigError) {
        var layerOf = [Int?](repeating: nil, count: graph.targets.count)
        var featureOf = [IsolationFeature?](repeating: nil, count: graph.targets.count)
        var featureDecidedBy = [ConfigLocation?](repeating: nil, count: graph.targets.count)
        var claimedAt = [ConfigLocation?](repeating: nil, count: graph.targets.count)
        var used = Set<ConfigLocation>()
        for (vertex, target) in graph.targets.enumerated() where isOwnCode[vertex] {
            let packageName = graph.package(target.package)?.name
            for (index, layer) in config.layers.enumerated() {
                let claim = PatternClaim(layer.targets, target.id, packageName: packageName)
                used.formUnion(claim.exclusions.map { layer.targets[$0].location })
                guard let entry = claim.entry else { continue }
                let matched = layer.targets[entry]
                used.insert(matched.location)
                if let previous = layerOf[vertex], previous != index, let first = claimedAt[vertex] {
                    throw ConfigError(
                        file: config.file, line: matched.location.line,
                        problem:
                            "target '\(target.id)' is claimed by layer '\(config.layers[previous].name)' (line \(first.line)) and by layer '\(layer.name)'; "
                            + "a target belongs to one layer: exclude it from the other with '!\(target.name)'"
                    )
                }
                layerOf[vertex] = index
                claimedAt[vertex] = matched.location
                let feature = PatternClaim(layer.isolated, target.id, packageName: packageName)
                used.formUnion(feature.exclusions.map { layer.isolated[$0].location })
                guard let decider = feature.entry else { continue }
                used.insert(layer.isolated[decider].location)
                featureDecidedBy[vertex] = layer.isolated[decider].location
                // Without captures every member is its own feature; with them, members that
                // capture the same values (`{feature}UI`, `{feature}Core`) are one feature.
                featureOf[vertex] = feature.bindings.isEmpty ? .member(target.id) : .captures(feature.bindings)
            }
        }
        self.layerOf = layerOf
        self.featureOf = featureOf
        self.usedPatterns = used
        self.claimedBy = claimedAt
        self.featureDecidedBy = featureDecidedBy
    }
}
