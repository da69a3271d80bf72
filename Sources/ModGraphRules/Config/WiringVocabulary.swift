/// The words a dependency-injection style uses, by which the wiring reader knows its parts
/// (docs/wiring.md): how builder protocols and builder types are named, the namespaces that
/// hold builder functions, the protocols whose conformers are screen or flow modules (Lasso's
/// by default) and their parts, and how interface modules are named when the configuration
/// does not list them. The defaults read the styles the reader was tried on; a team with
/// other names says them in `sources.wiring.vocabulary`, each list replacing its default.
public struct WiringVocabulary: Sendable, Equatable {
    /// A protocol named one of these, or ending with one, is a builder protocol
    /// (`Builder`, `ProfileBuilder`, `ScreenBuildable`).
    public var builderProtocols: [String] = ["Builder", "Buildable"]
    /// A type whose name ends with one of these, and that has a `build` function, is a builder
    /// without conforming to a builder protocol.
    public var builderTypes: [String] = ["Builder"]
    /// The enums or structs extended to hold builder functions (`extension Builders { static func … }`).
    public var builderNamespaces: [String] = ["Builder", "Builders"]
    /// Protocols whose conformers are modules, and what each makes of them (`screen`, `flow`, `store`).
    public var moduleProtocols: [String: String] = [
        "ScreenModule": "screen", "PassthroughScreenModule": "screen",
        "FlowModule": "flow", "PassthroughFlowModule": "flow", "NavigationFlowModule": "flow",
        "StoreModule": "store",
    ]
    /// The nested types of such a module the inventory lists.
    public var moduleParts: [String] = ["State", "Action", "Output", "ViewState", "ViewAction", "RequiredContext", "Route"]
    /// A module named with one of these endings (and more before it), or named `Interfaces`, is an
    /// interface module where the configuration lists none (`sources.interfaces`).
    public var interfaceModules: [String] = ["Interface", "Interfaces", "API", "Api", "Contract", "Contracts", "Protocols"]

    /// The defaults.
    public static let standard = WiringVocabulary()

    public init() {}

    /// Whether `name` names a builder protocol.
    public func isBuilderProtocol(_ name: String) -> Bool {
        builderProtocols.contains { name.hasSuffix($0) }
    }

    /// Whether a type named `name` is a builder by its name alone.
    public func isBuilderType(_ name: String) -> Bool {
        builderTypes.contains { name.hasSuffix($0) }
    }

    /// Whether `name` is a module named like an interface module.
    public func looksLikeInterface(_ name: String) -> Bool {
        interfaceModules.contains { name.hasSuffix($0) && name.count > $0.count } || name == "Interfaces"
    }
}
