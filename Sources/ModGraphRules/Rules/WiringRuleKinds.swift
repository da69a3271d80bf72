/// The wiring checks (`sources.wiring`, docs/wiring.md): what modules need of one
/// another at run time, read from their sources by `ModGraphSources`, which
/// produces the findings; each rule here describes one kind of them. Off unless
/// the configuration writes `sources.wiring`, then each at its level there.

/// An interface protocol or a builder requirement a module needs that no module provides.
public struct UnprovidedRequirementRule: SourceRule {
    public var id: RuleKind { .unprovidedRequirement }
    public var summary: String { "Every interface protocol and builder requirement a module needs is provided by a module." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// `sources.wiring.unprovided`, when the configuration has `sources.wiring`.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.sources?.wiring?.unprovided ?? .ignore
    }
}

/// A protocol or builder a module needs that two verticals or more provide.
public struct ProvidedTwiceRule: SourceRule {
    public var id: RuleKind { .providedTwice }
    public var summary: String { "What a module needs is provided by one vertical, not several." }
    public var defaultLevel: RuleLevel { .warning }

    public init() {}

    /// `sources.wiring.providedTwice`, when the configuration has `sources.wiring`.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.sources?.wiring?.providedTwice ?? .ignore
    }
}

/// A builder requirement that no module of the app wires.
public struct UnwiredBuilderRule: SourceRule {
    public var id: RuleKind { .unwiredBuilder }
    public var summary: String { "The app wires every builder a module asks for." }
    public var defaultLevel: RuleLevel { .warning }

    public init() {}

    /// `sources.wiring.unwired`, when the configuration has `sources.wiring`.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.sources?.wiring?.unwired ?? .ignore
    }
}

/// A vertical that wires another vertical's builder (or dependencies) itself.
public struct VerticalWiringRule: SourceRule {
    public var id: RuleKind { .verticalWiring }
    public var summary: String { "Only the app wires a vertical's builder; verticals do not wire one another." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// `sources.wiring.verticalWiring`, when the configuration has `sources.wiring`.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.sources?.wiring?.verticalWiring ?? .ignore
    }
}

/// An `extension` of a shared container type outside the modules that own it.
public struct ContainerExtensionRule: SourceRule {
    public var id: RuleKind { .containerExtension }
    public var summary: String { "Only a container type's owners extend it." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// `sources.wiring.containerExtensions`, when `sources.wiring.containers` lists a type.
    public func level(in config: CheckConfig) -> RuleLevel {
        guard let wiring = config.sources?.wiring, !wiring.containers.isEmpty else { return .ignore }
        return wiring.containerExtensions
    }
}
