/// The ids of the rules `modgraph check` enforces. The raw values are the
/// rule ids used in every output format, in baselines and in
/// `exceptions[].rule`; never rename one. What each rule means lives in its
/// type (``rule``).
public enum RuleKind: String, Hashable, Sendable, CaseIterable, Comparable {
    case cycle
    case layering
    case isolation
    case forbidden
    case externals
    case unassigned
    case depth
    case fanIn = "fan-in"
    case fanOut = "fan-out"
    /// A declaration an interface module may not hold (`sources.interfaces`).
    case interfaceContent = "interface-content"
    /// A module a target imports without declaring it as a dependency.
    case undeclaredImport = "undeclared-import"
    /// A module of the graph a target imports under `#if canImport` of itself without declaring it: a note.
    case optionalImport = "optional-import"
    /// A dependency a target declares but none of its files imports.
    case unusedDependency = "unused-dependency"
    /// An interface protocol or builder requirement a module needs that nothing provides (`sources.wiring`).
    case unprovidedRequirement = "unprovided-requirement"
    /// What a module needs, provided by two verticals or more.
    case providedTwice = "provided-twice"
    /// A builder requirement the app never wires.
    case unwiredBuilder = "unwired-builder"
    /// A vertical that wires another vertical's builder itself.
    case verticalWiring = "vertical-wiring"
    /// An extension of a shared container type outside its owners.
    case containerExtension = "container-extension"
    /// A configuration entry that no longer does anything: a pattern matching no target, an exception matching no violation.
    case staleConfig = "stale-config"

    /// The type that implements the rule. The switch is exhaustive, so a new
    /// id cannot be added without its rule.
    public var rule: any Rule {
        switch self {
        case .cycle: CycleRule()
        case .layering: LayeringRule()
        case .isolation: IsolationRule()
        case .forbidden: ForbiddenRule()
        case .externals: ExternalsRule()
        case .unassigned: UnassignedRule()
        case .depth: DepthRule()
        case .fanIn: FanInRule()
        case .fanOut: FanOutRule()
        case .interfaceContent: InterfaceContentRule()
        case .undeclaredImport: UndeclaredImportRule()
        case .optionalImport: OptionalImportRule()
        case .unusedDependency: UnusedDependencyRule()
        case .unprovidedRequirement: UnprovidedRequirementRule()
        case .providedTwice: ProvidedTwiceRule()
        case .unwiredBuilder: UnwiredBuilderRule()
        case .verticalWiring: VerticalWiringRule()
        case .containerExtension: ContainerExtensionRule()
        case .staleConfig: StaleConfigRule()
        }
    }

    /// Report order: the order of the cases.
    public static func < (lhs: RuleKind, rhs: RuleKind) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
