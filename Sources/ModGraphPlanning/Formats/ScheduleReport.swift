import ModGraphCore

/// What every schedule renderer draws from: the graph, its plan, and how
/// the weights were made. Vertex `i` of the plan is `graph.targets[i]`.
public struct ScheduleReport: Sendable {
    public let graph: ModuleGraph
    public let plan: BuildPlan
    /// `units`, `lines` or `s`, printed after every cost and time.
    public let unit: String
    /// Where the weights came from: `uniform`, `sources` or a file path.
    public let weightsSource: String
    /// Targets that had no weight of their own and got `defaultWeight`.
    public let defaulted: [TargetID]
    public let defaultWeight: Double?

    public init(
        graph: ModuleGraph, plan: BuildPlan, unit: String, weightsSource: String,
        defaulted: [TargetID] = [], defaultWeight: Double? = nil
    ) {
        self.graph = graph
        self.plan = plan
        self.unit = unit
        self.weightsSource = weightsSource
        self.defaulted = defaulted
        self.defaultWeight = defaultWeight
        isSinglePackage = graph.targetPackageCount <= 1
    }

    /// Plain names when the graph has one package, `identity/Name` otherwise.
    public func label(_ vertex: Int) -> String {
        isSinglePackage ? graph.targets[vertex].name : graph.targets[vertex].id.description
    }

    /// Computed once: labels are asked for per target, per chart row.
    let isSinglePackage: Bool

    /// The name the loader gave what it loaded (a workspace's, a repository's), when it did.
    public var name: String?

    /// The build planned job by job, when the weights know the targets'
    /// jobs: then its makespan is the prediction, and the module-level plan
    /// the shape of the graph.
    public var jobPlan: JobPlan?

    /// The largest error the module-level and job-level predictions have
    /// shown against real builds (a share of the makespan), printed beside
    /// them; nil when the weights are not seconds (never checked).
    public var measuredError: Double?
    public var jobMeasuredError: Double?

    /// `emit Core`, `compile Core 2/3`, `link App`: a job as reports name it.
    public func describe(job: BuildJob) -> String {
        let target = job.target < graph.targets.count ? label(job.target) : label(job.target - graph.targets.count) + " (half)"
        switch job.kind {
        case .module: return target
        case .emitModule: return "emit \(target)"
        case .compile(let index): return "compile \(target) #\(index + 1)"
        case .link: return "link \(target)"
        case .objectsReady: return "objects of \(target)"
        }
    }

    /// The name shown in titles: ``name``, else the root package's, else the first package's.
    var title: String {
        name ?? (graph.packages.first { $0.origin == .root } ?? graph.packages.first)?.name ?? "graph"
    }

    /// Vertices in the order charts list them: by simulated start, then end, then label.
    var chartOrder: [Int] {
        let build = plan.build
        return graph.targets.indices.sorted { left, right in
            if build.start[left] != build.start[right] { return build.start[left] < build.start[right] }
            if build.end[left] != build.end[right] { return build.end[left] < build.end[right] }
            return left < right
        }
    }

    /// How a change reads in a report: `split Checkout`, `drop App → Checkout`.
    public func describe(_ change: BuildChange, label: (Int) -> String) -> String {
        switch change {
        case .splitTarget(let vertex): "split \(label(vertex)) in two"
        case let .removeEdge(from, to): "drop \(label(from)) → \(label(to))"
        }
    }
}

/// Numbers as schedules print them: deterministic, with no locale.
public enum ScheduleNumber {
    /// Up to two decimals, no trailing zeros: `9`, `8.5`, `12.35`.
    public static func format(_ value: Double) -> String {
        fixed(value, decimals: 2, trimmed: true)
    }

    /// `88.9%`.
    public static func percent(_ fraction: Double) -> String {
        fixed(fraction * 100, decimals: 1, trimmed: false) + "%"
    }

    /// Exactly `decimals` decimals (fewer when `trimmed` drops trailing zeros).
    public static func fixed(_ value: Double, decimals: Int, trimmed: Bool) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let whole = Int(scaled / scale)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        var digits = Int(scaled) - whole * Int(scale)
        if trimmed, digits >= 0, digits < Int(scale) {
            // The common case without building the fraction a character at a time: drop the
            // trailing zeros arithmetically, then pad what is left to its number of decimals.
            var count = decimals
            while count > 0, digits % 10 == 0 {
                digits /= 10
                count -= 1
            }
            guard count > 0 else { return sign + String(whole) }
            let text = String(digits)
            return sign + String(whole) + "." + String(repeating: "0", count: count - text.utf8.count) + text
        }
        var fraction = String(Int(scaled) - whole * Int(scale))
        fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        if trimmed { while fraction.hasSuffix("0") { fraction.removeLast() } }
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

}
