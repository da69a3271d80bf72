/// Every declared dependency is imported by at least one of the target's files.
public struct UnusedDependencyRule: SourceRule {
    public var id: RuleKind { .unusedDependency }
    public var summary: String { "Every declared dependency is imported by at least one of the target's files." }
    public var defaultLevel: RuleLevel { .warning }

    public init() {}

    /// `sources.unusedDependencies`, when the configuration has `sources:`.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.sources?.unusedDependencies ?? .ignore
    }
}
