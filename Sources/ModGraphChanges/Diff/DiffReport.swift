import ModGraphCore

/// The shape of a graph as `diff` compares it.
public struct GraphMetrics: Sendable, Equatable {
    public let targets: Int
    public let dependencies: Int
    /// Dependencies on the longest chain; nil when the graph has a cycle.
    public let depth: Int?
    public let waves: Int?
    /// The critical path's weight and its targets, dependencies first; nil with a cycle.
    public let criticalPath: Double?
    public let criticalTargets: [TargetID]
    /// The simulated build's length on the workers asked for; nil with a cycle.
    public let makespan: Double?
    /// The weights' unit symbol: `lines`, `units`, `s`.
    public let unit: String

    public init(
        targets: Int, dependencies: Int, depth: Int?, waves: Int?, criticalPath: Double?, criticalTargets: [TargetID],
        makespan: Double?, unit: String
    ) {
        self.targets = targets
        self.dependencies = dependencies
        self.depth = depth
        self.waves = waves
        self.criticalPath = criticalPath
        self.criticalTargets = criticalTargets
        self.makespan = makespan
        self.unit = unit
    }
}

/// A check finding as the diff shows it, without the checker's types.
public struct DiffFinding: Hashable, Sendable, Comparable {
    public let fingerprint: String
    public let rule: String
    public let severity: String
    public let message: String

    public init(fingerprint: String, rule: String, severity: String, message: String) {
        self.fingerprint = fingerprint
        self.rule = rule
        self.severity = severity
        self.message = message
    }

    /// Errors first, then warnings, then notes (a comment that is cut shows errors whatever its
    /// budget), then by rule and message.
    public static func < (lhs: DiffFinding, rhs: DiffFinding) -> Bool {
        (lhs.severityRank, lhs.rule, lhs.message, lhs.fingerprint) < (rhs.severityRank, rhs.rule, rhs.message, rhs.fingerprint)
    }

    private var severityRank: Int {
        switch severity {
        case "error": 0
        case "warning": 1
        default: 2
        }
    }
}

/// A limit of `budgets:` in `.modgraph.yml`, and what the change did to it.
public struct BudgetCheck: Sendable, Equatable {
    /// The key as written: `criticalPathGrowth`.
    public let name: String
    /// The limit as written: `10%`, `0`.
    public let limit: String
    /// What the change did, in the same terms: `+14.2%`, `+1`.
    public let actual: String
    public let isExceeded: Bool

    public init(name: String, limit: String, actual: String, isExceeded: Bool) {
        self.name = name
        self.limit = limit
        self.actual = actual
        self.isExceeded = isExceeded
    }
}

/// Everything `modgraph diff` says.
public struct DiffReport: Sendable {
    public let base: String
    public let head: String
    public let graph: GraphDiff
    public let before: GraphMetrics
    public let after: GraphMetrics
    /// Findings at the head that the base did not have: what the change must fix.
    public let newFindings: [DiffFinding]
    public let fixedFindings: [DiffFinding]
    public let unchangedFindings: Int
    /// Nil when no configuration was found (findings are then empty).
    public let config: String?
    public let budgets: [BudgetCheck]

    public var exceeded: [BudgetCheck] { budgets.filter(\.isExceeded) }

    public init(
        base: String, head: String, graph: GraphDiff, before: GraphMetrics, after: GraphMetrics, newFindings: [DiffFinding],
        fixedFindings: [DiffFinding], unchangedFindings: Int, config: String?, budgets: [BudgetCheck]
    ) {
        self.base = base
        self.head = head
        self.graph = graph
        self.before = before
        self.after = after
        self.newFindings = newFindings.sorted()
        self.fixedFindings = fixedFindings.sorted()
        self.unchangedFindings = unchangedFindings
        self.config = config
        self.budgets = budgets
    }
}
