import ModGraphCore

/// What a weight counts.
public enum WeightUnit: String, Sendable, Equatable {
    /// One per target: the graph's shape alone.
    case units
    /// Non-blank lines of compiled source.
    case lines
    /// Measured compile time.
    case seconds

    /// The short form printed after a number: `3 units`, `1200 lines`, `2.5 s`.
    public var symbol: String { self == .seconds ? "s" : rawValue }
}

/// One cost per vertex of a module graph, ready for planning, with what the
/// user should know about how it was made.
public struct TargetWeights: Sendable, Equatable {
    /// Indexed like `graph.targets`.
    public let values: [Double]
    public let unit: WeightUnit
    /// How the weights were made, for the report: `uniform`, `sources`, or the file.
    public let source: String
    /// Targets that had no weight and got the default, sorted.
    public let defaulted: [TargetID]
    /// The weight given to `defaulted` targets.
    public let defaultValue: Double?
    /// One line each, for standard error.
    public let warnings: [String]
    /// The jobs of the targets whose record shows them (a weights file of
    /// schema 2, a build log or trace), by vertex: what a job-level schedule
    /// plans with. Empty for `uniform` and `sources`.
    public internal(set) var jobs: [Int: TargetJobTimes] = [:]
    /// What a module's dependents wait for in the build the jobs came from:
    /// `interface` (its emit-module job: Xcode, swift-build) or `module`
    /// (all its jobs: SwiftPM's native build system). Nil without jobs.
    public internal(set) var dependentsWait: String?
    /// How long the build system took to start a module once it could
    /// (``ModuleStartDelay``), from a measured build; nil when unknown.
    public internal(set) var moduleStartSeconds: Double?
    /// The cores the measured build shared and how its jobs slowed for it
    /// (``CoreSharingRecord``); nil without jobs or a compiling span.
    public internal(set) var coreSharing: CoreSharingRecord?

    /// Targets without a compile step cost nothing: binary targets (a
    /// prebuilt artifact), system library targets (a module map) and Xcode's
    /// aggregate targets (scripts and other targets).
    public static func hasCompileStep(_ type: TargetType) -> Bool {
        type != .binary && type != .system && type != .aggregate
    }

    /// Weights from the costs that are `known`, by vertex. Targets without a
    /// compile step get 0; any other target without a known cost gets the
    /// median of the known costs of targets with a compile step (0 when none
    /// is known), and is listed in a warning naming `source`, which ends with
    /// `defaultedNote` when one is given (why they had none, what would help).
    ///
    /// - Complexity: O(V log V).
    public static func assemble(
        graph: ModuleGraph, known: [Int: Double], unit: WeightUnit, source: String,
        extraWarnings: [String] = [], defaultedNote: String? = nil
    ) -> TargetWeights {
        let compiled = graph.targets.indices.filter { hasCompileStep(graph.targets[$0].type) }
        let knownCosts = compiled.compactMap { known[$0] }.sorted()
        let missing = compiled.filter { known[$0] == nil }
        let median = Self.median(knownCosts)
        var values = [Double](repeating: 0, count: graph.targets.count)
        for vertex in compiled { values[vertex] = known[vertex] ?? median }
        var warnings = extraWarnings
        let defaulted = missing.map { graph.targets[$0].id }
        if !defaulted.isEmpty {
            // One short line however many there are: every real app has external products.
            warnings.append(
                "\(source): no weight for \(defaulted.count) target\(defaulted.count == 1 ? "" : "s") (\(abbreviated(defaulted.map(\.description)))); "
                    + "each counts as the median of the others, \(formatted(median)) \(unit.symbol)"
                    + (defaultedNote.map { "; " + $0 } ?? ""))
        }
        return TargetWeights(
            values: values, unit: unit, source: source, defaulted: defaulted,
            defaultValue: defaulted.isEmpty ? nil : median, warnings: warnings)
    }

    /// One unit per target with a compile step.
    public static func uniform(graph: ModuleGraph) -> TargetWeights {
        let known = Dictionary(uniqueKeysWithValues: graph.targets.indices.map { ($0, 1.0) })
        return assemble(graph: graph, known: known, unit: .units, source: "uniform")
    }

    /// The middle value of sorted `values` (the mean of the two middle ones for an even count); 0 when empty.
    static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The first three items and how many more, for warnings that would
    /// otherwise list hundreds: `a, b, c and 5 more` (the JSON lists them all).
    static func abbreviated(_ items: [String]) -> String {
        let shown = items.prefix(3).joined(separator: ", ")
        return items.count > 3 ? "\(shown) and \(items.count - 3) more" : shown
    }

    /// Up to three decimals, no trailing zeros: `2`, `2.5`, `0.125`.
    static func formatted(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
