import ModGraphCore
import ModGraphRules

/// The part each module plays in the wiring: interface modules (whose protocols
/// are what modules need of one another), the app (where wiring belongs) and
/// the verticals, each in its feature (the members of one feature are one vertical).
public struct WiringRoles: Sendable {
    public var interfaces: Set<TargetID>
    public var app: Set<TargetID>
    /// Each vertical's feature.
    public var verticals: [TargetID: String]
    /// The words by which the reader knows builders, module types and interface modules.
    public var vocabulary: WiringVocabulary

    public init(interfaces: Set<TargetID>, app: Set<TargetID>, verticals: [TargetID: String], vocabulary: WiringVocabulary = .standard) {
        self.interfaces = interfaces
        self.app = app
        self.verticals = verticals
        self.vocabulary = vocabulary
    }

    /// Without a configuration: interface modules named like interfaces (``WiringVocabulary/looksLikeInterface(_:)``),
    /// or `interfaces` when given; the entry points (executables, apps, extensions) as the app;
    /// every other module of the workspace's own, tests left out, a vertical of its own.
    public static func inferred(from graph: ModuleGraph, interfaces given: Set<TargetID>? = nil) -> WiringRoles {
        let own = Set(graph.packages.filter(\.origin.isOwn).map(\.identity))
        let modules = graph.targets.filter { own.contains($0.package) && !$0.type.isTest && $0.type != .externalProduct }
        let interfaces = given ?? Set(modules.filter { WiringVocabulary.standard.looksLikeInterface($0.name) }.map(\.id))
        let app = Set(modules.filter(\.type.isEntryPoint).map(\.id))
        var verticals: [TargetID: String] = [:]
        for module in modules where !app.contains(module.id) && !interfaces.contains(module.id) {
            verticals[module.id] = module.id.description
        }
        return WiringRoles(interfaces: interfaces, app: app, verticals: verticals)
    }

    /// From a configuration: `sources.interfaces`; `sources.wiring.app`, else the entry points and
    /// every module of a layer that holds one; the members of isolated layers as verticals, by
    /// feature, else every other module as one vertical each.
    public static func configured(_ config: CheckConfig, graph: ModuleGraph) throws(ConfigError) -> WiringRoles {
        let checker = Checker(config: config)
        let layerOf = try checker.layerIndices(of: graph)
        let features = try checker.features(of: graph)
        let own = Set(graph.packages.filter(\.origin.isOwn).map(\.identity))
        func packageName(_ id: TargetID) -> String? { graph.package(id.package)?.name }
        let settings = config.sources
        var interfaces = Set<TargetID>()
        var app = Set<TargetID>()
        let entryLayers = Set(graph.targets.indices.filter { graph.targets[$0].type.isEntryPoint }.compactMap { layerOf[$0] })
        for (vertex, target) in graph.targets.enumerated() where own.contains(target.package) && !target.type.isTest {
            if settings?.interfaces.contains(where: { $0.pattern.match(target.id, packageName: packageName(target.id)) != nil }) == true {
                interfaces.insert(target.id)
            }
            if let patterns = settings?.wiring?.app, !patterns.isEmpty {
                if patterns.contains(where: { $0.pattern.match(target.id, packageName: packageName(target.id)) != nil }) {
                    app.insert(target.id)
                }
            } else if target.type.isEntryPoint || layerOf[vertex].map(entryLayers.contains) == true {
                app.insert(target.id)
            }
        }
        var verticals = features
        if verticals.isEmpty {
            for target in graph.targets
            where own.contains(target.package) && !target.type.isTest && target.type != .externalProduct && !app.contains(target.id)
                && !interfaces.contains(target.id)
            {
                verticals[target.id] = target.id.description
            }
        }
        for id in app { verticals[id] = nil }
        return WiringRoles(interfaces: interfaces, app: app, verticals: verticals, vocabulary: settings?.wiring?.vocabulary ?? .standard)
    }
}
