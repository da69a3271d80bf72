/// Interface modules hold only the syntax of an API (`sources.interfaces`).
public struct InterfaceContentRule: SourceRule {
    public var id: RuleKind { .interfaceContent }
    public var summary: String { "Interface modules hold only protocols, DTO structs and enums, and typealiases." }
    /// Protocol extensions with an implementation follow `sources.protocolExtensions` instead.
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when `sources.interfaces` names modules.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.sources?.interfaces.isEmpty == false ? defaultLevel : .ignore
    }
}
