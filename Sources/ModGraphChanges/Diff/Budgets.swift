/// The limits of `budgets:` in `.modgraph.yml`: how much a change may grow
/// the graph before `diff` fails, like a critical-path threshold in CI.
public struct Budgets: Sendable, Equatable {
    /// A growth limit: in the metric's own unit, or a share of the base's value.
    public enum Growth: Sendable, Equatable {
        case absolute(Double)
        case percent(Double)
    }

    public var depthGrowth: Int?
    public var wavesGrowth: Int?
    public var fanInGrowth: Int?
    public var newFindings: Int?
    public var criticalPathGrowth: Growth?
    public var makespanGrowth: Growth?

    public init() {}

    public var isEmpty: Bool { self == Budgets() }

    /// Each limit set, with what the change did to it.
    public func evaluate(_ diff: GraphDiff, before: GraphMetrics, after: GraphMetrics, newFindings found: Int) -> [BudgetCheck] {
        var checks: [BudgetCheck] = []
        func count(_ name: String, _ limit: Int?, _ grew: Int?) {
            guard let limit else { return }
            guard let grew else {
                checks.append(BudgetCheck(name: name, limit: "\(limit)", actual: "not measurable (a cycle)", isExceeded: true))
                return
            }
            checks.append(BudgetCheck(name: name, limit: "\(limit)", actual: grew >= 0 ? "+\(grew)" : "\(grew)", isExceeded: grew > limit))
        }
        func subtract(_ head: Int?, _ base: Int?) -> Int? {
            guard let head, let base else { return nil }
            return head - base
        }
        count("depthGrowth", depthGrowth, subtract(after.depth, before.depth))
        count("wavesGrowth", wavesGrowth, subtract(after.waves, before.waves))
        count("fanInGrowth", fanInGrowth, diff.fanInGrowth.map { $0.after - $0.before }.max() ?? 0)
        count("newFindings", newFindings, found)
        func growth(_ name: String, _ limit: Growth?, _ base: Double?, _ head: Double?, unit: String) {
            guard let limit else { return }
            guard let base, let head else {
                checks.append(
                    BudgetCheck(name: name, limit: Self.describe(limit, unit: unit), actual: "not measurable (a cycle)", isExceeded: true))
                return
            }
            let grew = head - base
            switch limit {
            case let .absolute(value):
                checks.append(
                    BudgetCheck(
                        name: name, limit: Self.describe(limit, unit: unit), actual: Self.signed(grew) + " \(unit)",
                        isExceeded: grew > value + 1e-9))
            case let .percent(value):
                let share = base > 0 ? 100 * grew / base : (grew > 0 ? Double.infinity : 0)
                checks.append(
                    BudgetCheck(
                        name: name, limit: Self.describe(limit, unit: unit),
                        actual: share.isFinite ? Self.signed(share) + "%" : "from nothing", isExceeded: share > value + 1e-9))
            }
        }
        growth("criticalPathGrowth", criticalPathGrowth, before.criticalPath, after.criticalPath, unit: after.unit)
        growth("makespanGrowth", makespanGrowth, before.makespan, after.makespan, unit: after.unit)
        return checks
    }

    static func describe(_ growth: Growth, unit: String) -> String {
        switch growth {
        case let .absolute(value): "\(number(value)) \(unit)"
        case let .percent(value): "\(number(value))%"
        }
    }

    static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + number(value) }

    /// At most one decimal, none when whole.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
