/// Every module a target imports is one of its declared dependencies.
public struct UndeclaredImportRule: SourceRule {
    public var id: RuleKind { .undeclaredImport }
    public var summary: String { "Every module a target imports is one of its declared dependencies." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// `sources.undeclaredImports`, when the configuration has `sources:`.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.sources?.undeclaredImports ?? .ignore
    }
}
