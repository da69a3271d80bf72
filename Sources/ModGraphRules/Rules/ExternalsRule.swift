import ModGraphCore

/// A layer may use only the external products its `externals` list matches.
public struct ExternalsRule: Rule {
    public var id: RuleKind { .externals }
    public var summary: String { "A layer may use only the external products it lists." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when a layer lists its external products.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.layers.contains { $0.externals != nil } ? defaultLevel : .ignore
    }

    /// Each product of a remote package that a checked target of a
    /// restricting layer uses and the list does not match, once per target
    /// and product, named as the manifest names it: the product, also when
    /// its targets were expanded from a checkout.
    ///
    /// - Complexity: O(E·P·m) for P listed patterns of matching cost m.
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        let graph = context.graph
        var findings: [Finding] = []
        var reported = Set<[TargetID]>()
        for (position, ends) in graph.edgeEnds.enumerated() {
            let (from, to) = (ends.from, ends.to)
            guard !context.isExempt[from],
                let layerIndex = context.assignment.layerOf[from], let allowed = context.config.layers[layerIndex].externals
            else { continue }
            let target = graph.targets[to]
            let isRemote = target.type == .externalProduct || [.remote, .registry].contains(context.origins[target.package] ?? .root)
            guard isRemote else { continue }
            let edge = graph.edges[position]
            let product = target.type == .externalProduct ? target.id : TargetID(package: target.package, name: edge.product ?? target.name)
            let packageName = context.packageName(of: product)
            guard !allowed.contains(where: { $0.pattern.match(product, packageName: packageName) != nil }),
                reported.insert([edge.from, product]).inserted
            else { continue }
            let layer = context.config.layers[layerIndex]
            findings.append(
                context.finding(
                    id, severity, chain: [edge.from, product],
                    message: "\(edge.from.name) (layer '\(layer.name)') uses external product \(product), which the layer does not list",
                    configEntry: layer.location))
        }
        return findings
    }
}
