import ModGraphCore

/// Which layer each target of the workspace's own code belongs to, and which
/// isolation group within it. Targets of remote packages and external
/// products belong to no layer: they are checked through `externals` only.
struct LayerAssignment {
    /// Layer index (0 is the top) per vertex; `nil` when no layer claims it or it is not the user's code.
    let layerOf: [Int?]
    /// Isolation group per vertex: members of the same group may use each other.
    let groupOf: [String?]
    /// Patterns (by location) that matched at least one target.
    let usedPatterns: Set<ConfigLocation>
    /// Per vertex, the `targets` pattern that put it in its layer: the first of the list that matches.
    let claimedBy: [ConfigLocation?]
    /// Per vertex, the `isolated` pattern that decided its feature: the first of the list that matches.
    let featureDecidedBy: [ConfigLocation?]

    /// - Complexity: O(V·P·m) for P patterns of matching cost m.
    init(graph: ModuleGraph, config: CheckConfig, isOwnCode: [Bool]) throws(ConfigError) {
        var layerOf = [Int?](repeating: nil, count: graph.targets.count)
        var groupOf = [String?](repeating: nil, count: graph.targets.count)
        var featureDecidedBy = [ConfigLocation?](repeating: nil, count: graph.targets.count)
        var claimedAt = [ConfigLocation?](repeating: nil, count: graph.targets.count)
        var used = Set<ConfigLocation>()
        for (vertex, target) in graph.targets.enumerated() where isOwnCode[vertex] {
            let packageName = graph.package(target.package)?.name
            for (index, layer) in config.layers.enumerated() {
                guard let matched = layer.targets.first(where: { $0.pattern.match(target.id, packageName: packageName) != nil }) else { continue }
                used.insert(matched.location)
                if let previous = layerOf[vertex], previous != index, let first = claimedAt[vertex] {
                    throw ConfigError(
                        file: config.file, line: matched.location.line,
                        problem: "target '\(target.id)' is claimed by layer '\(config.layers[previous].name)' (line \(first.line)) and by layer '\(layer.name)'; a target belongs to one layer"
                    )
                }
                layerOf[vertex] = index
                claimedAt[vertex] = matched.location
                for isolated in layer.isolated {
                    guard let bindings = isolated.pattern.match(target.id, packageName: packageName) else { continue }
                    used.insert(isolated.location)
                    featureDecidedBy[vertex] = isolated.location
                    // Without captures every member is its own group; with them, members that
                    // capture the same values (`{feature}UI`, `{feature}Core`) are one feature.
                    groupOf[vertex] = bindings.isEmpty
                        ? "target \(target.id)"
                        : "captures " + bindings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                    break
                }
            }
        }
        self.layerOf = layerOf
        self.groupOf = groupOf
        self.usedPatterns = used
        self.claimedBy = claimedAt
        self.featureDecidedBy = featureDecidedBy
    }
}
