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

    /// `packageNames`: each vertex's package name, for patterns that name a
    /// package. Matching stops at the first conflict, which is thrown.
    ///
    /// - Complexity: O(V·P·m) for P patterns of matching cost m.
    init(graph: ModuleGraph, config: CheckConfig, isOwnCode: [Bool], packageNames: [String?]) throws(ConfigError) {
        let lists = config.layers.map { (targets: PatternCandidates($0.targets), isolated: PatternCandidates($0.isolated)) }
        let matched = Matching(graph: graph, config: config, lists: lists, isOwnCode: isOwnCode, packageNames: packageNames)
        if let conflict = matched.conflict { throw conflict }
        var used = Set<ConfigLocation>()
        for (index, layer) in config.layers.enumerated() {
            for (position, pattern) in layer.targets.enumerated() where matched.usedTargets[index][position] {
                used.insert(pattern.location)
            }
            for (position, pattern) in layer.isolated.enumerated() where matched.usedIsolated[index][position] {
                used.insert(pattern.location)
            }
        }
        self.layerOf = matched.layerOf
        self.featureOf = matched.featureOf
        self.usedPatterns = used
        self.claimedBy = matched.claimedAt
        self.featureDecidedBy = matched.featureDecidedBy
    }

    /// Every vertex matched against the layers' patterns, with the patterns
    /// it used and the first conflict (matching stops there).
    private struct Matching {
        var layerOf: [Int?]
        var featureOf: [IsolationFeature?]
        var featureDecidedBy: [ConfigLocation?]
        var claimedAt: [ConfigLocation?]
        /// Which patterns decided something, by layer and position: a flag per pattern, not a
        /// hashed location per target (each location hashes the configuration's path).
        var usedTargets: [[Bool]]
        var usedIsolated: [[Bool]]
        var conflict: ConfigError?

        /// `lists`: each layer's `targets` and `isolated`, indexed for the names they may match.
        init(
            graph: ModuleGraph, config: CheckConfig, lists: [(targets: PatternCandidates, isolated: PatternCandidates)],
            isOwnCode: [Bool], packageNames: [String?]
        ) {
            let count = graph.targets.count
            layerOf = [Int?](repeating: nil, count: count)
            featureOf = [IsolationFeature?](repeating: nil, count: count)
            featureDecidedBy = [ConfigLocation?](repeating: nil, count: count)
            claimedAt = [ConfigLocation?](repeating: nil, count: count)
            usedTargets = config.layers.map { [Bool](repeating: false, count: $0.targets.count) }
            usedIsolated = config.layers.map { [Bool](repeating: false, count: $0.isolated.count) }
            // Targets and layers read in place: a copy of each (its names, its patterns' tokens) cost more than most matches.
            graph.targets.withUnsafeBufferPointer { targets in
                config.layers.withUnsafeBufferPointer { layers in
                    for vertex in targets.indices where isOwnCode[vertex] && conflict == nil {
                        let id = targets[vertex].id
                        let packageName = packageNames[vertex]
                        for index in layers.indices {
                            let claim = PatternClaim(lists[index].targets, id, packageName: packageName)
                            for exclusion in claim.exclusions { usedTargets[index][exclusion] = true }
                            guard let entry = claim.entry else { continue }
                            let location = layers[index].targets[entry].location
                            usedTargets[index][entry] = true
                            if let previous = layerOf[vertex], previous != index, let first = claimedAt[vertex] {
                                conflict = ConfigError(
                                    file: config.file, line: location.line,
                                    problem:
                                        "target '\(id)' is claimed by layer '\(layers[previous].name)' (line \(first.line)) and by layer '\(layers[index].name)'; "
                                        + "a target belongs to one layer: exclude it from the other with '!\(id.name)'"
                                )
                                return
                            }
                            layerOf[vertex] = index
                            claimedAt[vertex] = location
                            let feature = PatternClaim(lists[index].isolated, id, packageName: packageName)
                            for exclusion in feature.exclusions { usedIsolated[index][exclusion] = true }
                            guard let decider = feature.entry else { continue }
                            usedIsolated[index][decider] = true
                            featureDecidedBy[vertex] = layers[index].isolated[decider].location
                            // Without captures every member is its own feature; with them, members that
                            // capture the same values (`{feature}UI`, `{feature}Core`) are one feature.
                            featureOf[vertex] = feature.bindings.isEmpty ? .member(id) : .captures(feature.bindings)
                        }
                    }
                }
            }
        }
    }
}
