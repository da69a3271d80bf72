/// A module of the graph imported only where it can be (`#if canImport(M)` around
/// `import M`) and not declared: optional by construction, so never an undeclared
/// import, but compiled only when something else builds the module first. Said as a note.
public struct OptionalImportRule: SourceRule {
    public var id: RuleKind { .optionalImport }
    public var summary: String {
        "A module of the graph imported under #if canImport of itself is declared, or known to be optional."
    }
    public var defaultLevel: RuleLevel { .note }

    public init() {}

    /// A note whenever the import checks run (`sources.undeclaredImports` is not `ignore`).
    public func level(in config: CheckConfig) -> RuleLevel {
        guard let sources = config.sources, sources.undeclaredImports != .ignore else { return .ignore }
        return .note
    }
}
