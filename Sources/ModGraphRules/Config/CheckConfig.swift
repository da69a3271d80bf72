import ModGraphCore

/// Where something was written in the configuration file, for messages and annotations.
public struct ConfigLocation: Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    /// Tells apart entries written on one line (`[App, Ghost]`).
    public let column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line)" }
}

/// A pattern and where it was written.
public struct LocatedPattern: Hashable, Sendable {
    public let pattern: TargetPattern
    public let location: ConfigLocation
    /// Written `!pattern` in a layer's `targets` or `isolated`: it takes back
    /// what it matches from the patterns before it in the list (``PatternClaim``),
    /// so `["*Feature", "!AppFeature"]` need not list every feature by hand.
    public let isExclusion: Bool

    public init(pattern: TargetPattern, location: ConfigLocation, isExclusion: Bool = false) {
        self.pattern = pattern
        self.location = location
        self.isExclusion = isExclusion
    }

    /// As written in the configuration: `!AppFeature` for an exclusion.
    public var written: String {
        isExclusion ? "!" + pattern.text : pattern.text
    }
}

/// What `modgraph check` enforces, as read from `.modgraph.yml`
/// (schema in `docs/configuration.md`).
public struct CheckConfig: Sendable {
    public enum TestPolicy: String, Sendable, CaseIterable {
        /// Tests are checked for cycles only.
        case exempt
        /// Tests follow every rule.
        case checked
    }

    /// A layer; layers are listed top first, and a target may depend only on
    /// its own layer or those below it.
    public struct Layer: Sendable {
        public let name: String
        /// Read in order; `!` entries take back what they match from the entries before them.
        public let targets: [LocatedPattern]
        /// Members that must not reach one another (the vertical rule), read as `targets` is;
        /// empty when the layer is not isolated.
        public let isolated: [LocatedPattern]
        /// External products members may use; `nil` when the layer does not restrict them.
        public let externals: [LocatedPattern]?
        public let location: ConfigLocation
    }

    /// `from` must not depend on `to`, unless `to` also matches `allow`
    /// (with the captures of `from` substituted) or `from` matches one of `exceptFrom`.
    public struct ForbiddenEdge: Sendable {
        public let from: LocatedPattern
        public let to: LocatedPattern
        public let allow: LocatedPattern?
        public let exceptFrom: [LocatedPattern]
        public let message: String?
        public let location: ConfigLocation
    }

    /// A violation the team accepts, and why.
    public struct Exception: Sendable {
        public let from: LocatedPattern
        public let to: LocatedPattern
        /// Limits the exception to one rule; `nil` covers every rule.
        public let rule: RuleKind?
        public let reason: String
        public let location: ConfigLocation
    }

    public struct Limits: Sendable {
        public var depth: (value: Int, location: ConfigLocation)?
        public var fanIn: (value: Int, location: ConfigLocation)?
        public var fanOut: (value: Int, location: ConfigLocation)?

        public init() {}
    }

    /// What `sources:` asks of the targets' Swift files; `nil` when the
    /// configuration has no `sources:` and no file is read.
    public struct SourceChecks: Sendable {
        /// What a protocol extension with an implementation in an interface module is.
        public enum ProtocolExtensionPolicy: String, Sendable, CaseIterable {
            case warning, error, allowed
        }

        /// Modules that may hold only the syntax of an API.
        public var interfaces: [LocatedPattern] = []
        public var protocolExtensions: ProtocolExtensionPolicy = .warning
        public var undeclaredImports: RuleLevel = .error
        public var unusedDependencies: RuleLevel = .warning
        /// Module names ignored like the platform's own (a system library, an SDK the built-in list lacks).
        public var ignoredModules: [String] = []
        /// `wiring:`: the wiring inventory and its checks; nil when not asked for (docs/wiring.md).
        public var wiring: WiringChecks?
        /// `tests:`: the import checks' levels for test targets; nil: the same as for the others.
        public var tests: TestLevels?
        /// Where each setting was written, for the findings' `configRule`.
        public var interfacesLocation: ConfigLocation?
        public var undeclaredImportsLocation: ConfigLocation?
        public var unusedDependenciesLocation: ConfigLocation?
        public let location: ConfigLocation

        public init(location: ConfigLocation) {
            self.location = location
        }

        /// These settings as they apply to test targets: `tests:`'s levels (and locations) in place of the others.
        public var forTests: SourceChecks {
            guard let tests else { return self }
            var copy = self
            if let level = tests.undeclaredImports {
                copy.undeclaredImports = level
                copy.undeclaredImportsLocation = tests.undeclaredImportsLocation
            }
            if let level = tests.unusedDependencies {
                copy.unusedDependencies = level
                copy.unusedDependenciesLocation = tests.unusedDependenciesLocation
            }
            return copy
        }
    }

    /// What `sources.tests:` asks: the import checks' levels for test targets, whose transitive
    /// imports and extra dependencies cost a team less than the product's (each unset level is
    /// the one `sources:` gives).
    public struct TestLevels: Sendable {
        public var undeclaredImports: RuleLevel?
        public var unusedDependencies: RuleLevel?
        public var undeclaredImportsLocation: ConfigLocation?
        public var unusedDependenciesLocation: ConfigLocation?

        public init() {}
    }

    /// What `sources.wiring:` asks: the levels of the wiring checks, where wiring
    /// belongs, and the shared container types only their owners may extend.
    /// Written at all, every check runs at its default level (docs/wiring.md).
    public struct WiringChecks: Sendable {
        /// A type many modules share, such as a `World` of dependencies, and the modules that may extend it.
        public struct Container: Sendable {
            public let type: String
            public let owners: [LocatedPattern]
            public let location: ConfigLocation

            public init(type: String, owners: [LocatedPattern], location: ConfigLocation) {
                self.type = type
                self.owners = owners
                self.location = location
            }
        }

        /// An interface protocol or a builder requirement that no module provides.
        public var unprovided: RuleLevel = .error
        /// One needed by a module and provided by two verticals or more.
        public var providedTwice: RuleLevel = .warning
        /// A builder requirement that no module of the app wires.
        public var unwired: RuleLevel = .warning
        /// A vertical that wires another vertical's builder itself.
        public var verticalWiring: RuleLevel = .error
        /// An extension of a container type outside its owners (runs when `containers` lists one).
        public var containerExtensions: RuleLevel = .error
        /// The modules where wiring belongs; empty: the entry points and every module of their layers.
        public var app: [LocatedPattern] = []
        public var containers: [Container] = []
        /// The words of the team's dependency-injection style (`vocabulary:`), the defaults where it says none.
        public var vocabulary = WiringVocabulary.standard
        public let location: ConfigLocation

        public init(location: ConfigLocation) {
            self.location = location
        }
    }

    /// What `affected:` says of files no target owns (docs/affected.md).
    public struct AffectedSettings: Sendable {
        /// What a changed file that matches no pattern and no target selects.
        public enum UnownedPolicy: String, Sendable, CaseIterable {
            case everything, ignore
        }

        /// Path patterns of files that never affect a target (`docs/**`).
        public var ignore: [(pattern: String, location: ConfigLocation)] = []
        /// Path patterns of files that affect every target (`.github/**`).
        public var everything: [(pattern: String, location: ConfigLocation)] = []
        public var unowned: UnownedPolicy = .everything
        /// Files the build does not see but targets read (test fixtures), and the targets they affect.
        public var triggers: [Trigger] = []

        /// `{paths: ["Fixtures/**"], targets: [PackageCommandTests]}`.
        public struct Trigger: Sendable {
            public var paths: [(pattern: String, location: ConfigLocation)]
            public var targets: [LocatedPattern]
            public let location: ConfigLocation

            public init(paths: [(pattern: String, location: ConfigLocation)], targets: [LocatedPattern], location: ConfigLocation) {
                self.paths = paths
                self.targets = targets
                self.location = location
            }
        }

        public init() {}

        /// Whether two settings say the same, wherever each was written.
        public func says(theSameAs other: AffectedSettings) -> Bool {
            func texts(_ entries: [(pattern: String, location: ConfigLocation)]) -> [String] { entries.map(\.pattern) }
            func written(_ list: [Trigger]) -> [[String]] {
                list.map { texts($0.paths) + ["->"] + $0.targets.map(\.written) }
            }
            return texts(ignore) == texts(other.ignore) && texts(everything) == texts(other.everything) && unowned == other.unowned
                && written(triggers) == written(other.triggers)
        }
    }

    /// What `budgets:` allows a change to grow, for `modgraph diff` (docs/affected.md).
    public struct BudgetSettings: Sendable, Equatable {
        /// A growth: in the metric's unit, or a percentage of the base (`10%`).
        public struct Growth: Sendable, Equatable {
            public let value: Double
            public let isPercent: Bool
        }

        public var depthGrowth: Int?
        public var wavesGrowth: Int?
        public var fanInGrowth: Int?
        public var newFindings: Int?
        public var criticalPathGrowth: Growth?
        public var makespanGrowth: Growth?

        public init() {}
    }

    public let file: String
    public var budgets = BudgetSettings()
    /// `exclude:`: packages, projects and folders left out of loading and of the source checks
    /// (vendored code), as path patterns relative to the configuration's folder (docs/configuration.md).
    public var exclude: [(pattern: String, location: ConfigLocation)] = []
    public var affected = AffectedSettings()
    /// `manifests: {run: false}`: no manifest's code runs for this repository (`--no-run-manifests`); it can only
    /// forbid, never allow what the command line forbids.
    public var runsManifests = true
    public var sources: SourceChecks?
    public var layers: [Layer] = []
    public var unassigned: RuleLevel = .warning
    public var unassignedLocation: ConfigLocation?
    public var tests: TestPolicy = .exempt
    public var forbidden: [ForbiddenEdge] = []
    public var exceptions: [Exception] = []
    public var limits = Limits()

    public init(file: String) {
        self.file = file
    }
}

extension CheckConfig.AffectedSettings.Trigger {
    /// The targets of `graph` its target patterns match (a pattern's `!` is not allowed here), in the graph's order.
    ///
    /// - Complexity: O(T × p) pattern matches for T targets and p patterns.
    public func targets(in graph: ModuleGraph) -> [TargetID] {
        graph.targets.filter { target in
            let packageName = graph.package(target.package)?.name
            return targets.contains { $0.pattern.match(target.id, packageName: packageName) != nil }
        }.map(\.id)
    }
}
