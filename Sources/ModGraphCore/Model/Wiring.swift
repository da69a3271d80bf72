/// What the modules of a graph use of one another at run time, beside what they
/// build against: an edge A ⇢ B when module A needs something (a protocol of an
/// interface module, a builder, a builder function, a screen or flow module)
/// that module B provides, with where A needs it and where the app wires it.
///
/// The architecture keeps verticals from depending on one another at compile
/// time; they still reach one another through what the app injects. This model
/// is that second graph and each module's inventory, as `ModGraphSources` reads
/// them from the sources (docs/wiring.md: types are matched by name within the
/// graph's modules, so it is a heuristic that prefers saying nothing to guessing).
/// Values only: the outputs (text, JSON, DOT, Mermaid, the viewer) draw it.
public struct Wiring: Hashable, Sendable {
    /// A place in a module's sources: the file relative to the target's folder, 1-based line and column.
    public struct Site: Hashable, Sendable, Comparable, CustomStringConvertible {
        public let target: TargetID
        public let file: String
        public let line: Int
        public let column: Int

        public init(target: TargetID, file: String, line: Int, column: Int) {
            self.target = target
            self.file = file
            self.line = line
            self.column = column
        }

        /// `App/AppContainer.swift:12`: the target's name, then the file in its folder.
        public var description: String { "\(target.name)/\(file):\(line)" }

        public static func < (lhs: Site, rhs: Site) -> Bool {
            (lhs.target, lhs.file, lhs.line, lhs.column) < (rhs.target, rhs.file, rhs.line, rhs.column)
        }
    }

    /// What kind of thing one module needs of another.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        /// A protocol of an interface module (or a builder interface, `…Builder`, `…Buildable`) that a type of the provider implements.
        case `protocol`
        /// A builder requirement (`Builder<Args, Product>`) that a builder of the provider satisfies.
        case builder
        /// A builder function of a namespace (`Builders.Records.makeHistory(with:)`) the provider declares.
        case function
        /// A screen or flow module (`LoginScreenModule: ScreenModule`) the provider declares.
        case screen

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
        }
    }

    /// One thing an edge stands for.
    public struct Item: Hashable, Sendable, Comparable {
        public let kind: Kind
        /// What is needed: `PurchasesService`, `HomeDeps.paywallBuilder`, `Builders.Records.makeHistory(with:)`.
        public let label: String
        /// How the provider provides it: `StoreKitPurchases`, `PaywallBuilder`.
        public let providedBy: String
        /// Where the needing module first names it.
        public let need: Site
        /// Where the app (or whoever does) hands the provider over; nil when no such place was found.
        public let wired: Site?

        public init(kind: Kind, label: String, providedBy: String, need: Site, wired: Site?) {
            self.kind = kind
            self.label = label
            self.providedBy = providedBy
            self.need = need
            self.wired = wired
        }

        /// By kind, label and provider, then by where it is needed and wired (a place before none): a total order,
        /// so that an edge lists the items of one need from several files the same way in every run (they come
        /// out of a set).
        public static func < (lhs: Item, rhs: Item) -> Bool {
            if (lhs.kind, lhs.label, lhs.providedBy, lhs.need) != (rhs.kind, rhs.label, rhs.providedBy, rhs.need) {
                return (lhs.kind, lhs.label, lhs.providedBy, lhs.need) < (rhs.kind, rhs.label, rhs.providedBy, rhs.need)
            }
            switch (lhs.wired, rhs.wired) {
            case let (left?, right?): return left < right
            case (nil, .some): return true
            default: return false
            }
        }
    }

    /// `from` needs at run time what `to` provides; never a build dependency.
    public struct Edge: Hashable, Sendable, Comparable {
        public let from: TargetID
        public let to: TargetID
        /// Sorted by kind, then label.
        public let items: [Item]

        public init(from: TargetID, to: TargetID, items: [Item]) {
            self.from = from
            self.to = to
            self.items = items.sorted()
        }

        /// The labels, for a diagram's edge: `PurchasesService, HomeDeps.paywallBuilder`.
        public var labels: [String] { items.map(\.label) }

        public static func < (lhs: Edge, rhs: Edge) -> Bool {
            (lhs.from, lhs.to) < (rhs.from, rhs.to)
        }
    }

    /// Something that makes a product: a builder type, what it takes (its `build` parameters,
    /// a generic one with its constraint) and what it makes (`build`'s result); or a static
    /// function of a builder namespace (`Builders.Records.makeHistory(with:)`), its parameters and result.
    public struct Maker: Hashable, Sendable {
        public let name: String
        public let takes: [String]
        public let makes: String?
        public let site: Site

        public init(name: String, takes: [String], makes: String?, site: Site) {
            self.name = name
            self.takes = takes
            self.makes = makes
            self.site = site
        }
    }

    public typealias Builder = Maker
    public typealias Function = Maker

    /// A builder a module asks for: an associated type or property of a
    /// dependency protocol, a generic parameter or a stored property
    /// constrained to `Builder<Args, Product>`.
    public struct Requirement: Hashable, Sendable {
        /// `HomeDeps.paywallBuilder`, `ProfileBuilder.Paywall`.
        public let name: String
        public let arguments: String?
        public let product: String?
        public let site: Site
        /// Where it is wired, and the builders wired to it (empty when the place names none the graph declares).
        public let wired: [Site]
        public let providers: [String]

        public init(name: String, arguments: String?, product: String?, site: Site, wired: [Site], providers: [String]) {
            self.name = name
            self.arguments = arguments
            self.product = product
            self.site = site
            self.wired = wired
            self.providers = providers
        }

        /// `Builder<PaywallSource, Screen>`.
        public var constraint: String {
            "Builder<" + [arguments ?? "_", product ?? "_"].joined(separator: ", ") + ">"
        }
    }

    /// A screen, flow or store module in Lasso's style, with the parts it declares
    /// (`State`, `Action`, `Output`, `RequiredContext`) and its stores and flows.
    public struct Screen: Hashable, Sendable {
        /// `screen`, `flow` or `store`, from the protocol it conforms to.
        public let kind: String
        public let name: String
        public let parts: [String]
        /// Classes of the module declared for it: `LoginStore` (`LassoStore<LoginScreenModule>`), `LoginFlow`.
        public let types: [String]
        public let site: Site

        public init(kind: String, name: String, parts: [String], types: [String], site: Site) {
            self.kind = kind
            self.name = name
            self.parts = parts
            self.types = types
            self.site = site
        }
    }

    /// A protocol a module implements, and the type that does.
    public struct Provision: Hashable, Sendable {
        public let name: String
        public let type: String
        public let site: Site

        public init(name: String, type: String, site: Site) {
            self.name = name
            self.type = type
            self.site = site
        }
    }

    /// A place that hands a builder or a dependency implementation over: `.scoped { … }`,
    /// a type implementing another module's dependency protocol, a builder made.
    public struct WiringSite: Hashable, Sendable {
        /// What is wired: `PaywallBuilder.scoped`, `PaywallDepsImpl: PaywallDeps`, `PaywallBuilder()`.
        public let what: String
        /// The module whose builder or dependency protocol it is.
        public let owner: TargetID
        public let site: Site

        public init(what: String, owner: TargetID, site: Site) {
            self.what = what
            self.owner = owner
            self.site = site
        }
    }

    /// One module's inventory.
    public struct Module: Hashable, Sendable {
        public let target: TargetID
        /// Declared in an interface module: protocols, and the structs and enums carried as data.
        public var interfaceProtocols: [String] = []
        public var dataTypes: [String] = []
        public var builders: [Builder] = []
        public var requirements: [Requirement] = []
        public var functions: [Function] = []
        public var screens: [Screen] = []
        /// Protocols of the wiring graph it implements.
        public var provides: [Provision] = []
        /// What it needs, by label, whether or not something provides it.
        public var needs: [String] = []
        public var wiringSites: [WiringSite] = []

        public init(target: TargetID) {
            self.target = target
        }

        /// Nothing found.
        public var isEmpty: Bool {
            interfaceProtocols.isEmpty && dataTypes.isEmpty && builders.isEmpty && requirements.isEmpty && functions.isEmpty
                && screens.isEmpty && provides.isEmpty && needs.isEmpty && wiringSites.isEmpty
        }
    }

    /// Sorted by their ends.
    public var edges: [Edge]
    /// The modules with anything in their inventory, sorted by target.
    public var modules: [Module]

    public init(edges: [Edge] = [], modules: [Module] = []) {
        self.edges = edges.sorted()
        self.modules = modules.sorted { $0.target < $1.target }
    }

    /// Whether the sources hold any of the patterns the wiring reads.
    public var isEmpty: Bool { edges.isEmpty && modules.allSatisfy(\.isEmpty) }
}
