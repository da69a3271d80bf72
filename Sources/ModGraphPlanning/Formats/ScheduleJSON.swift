import ModGraphCore
import ModGraphOutput

/// The `modgraph schedule --format json` document, described in docs/planning.md.
/// Waves and workers are numbered from 1, as in the text output.
public enum ScheduleJSON {
    /// Bumped when a key changes meaning or disappears; new keys do not bump it.
    public static let schemaVersion = 1

    public static func render(_ report: ScheduleReport) -> String {
        document(for: report).serialized()
    }

    public static func document(for report: ScheduleReport) -> JSONValue {
        let plan = report.plan
        return .object([
            ("schemaVersion", .int(schemaVersion)),
            ("workers", .int(plan.build.workers)),
            ("weights", weights(report)),
            ("summary", summary(report)),
            ("waves", .array(plan.waves.members.enumerated().map { wave($0, $1, report) })),
            ("criticalPath", .array(plan.timing.path.map { id($0, report) })),
            ("targets", .array(report.graph.targets.indices.map { target($0, report) })),
            ("bottlenecks", bottlenecks(report)),
        ])
    }

    private static func weights(_ report: ScheduleReport) -> JSONValue {
        .object([
            ("source", .string(report.weightsSource)),
            ("unit", .string(report.unit)),
            ("defaulted", .strings(report.defaulted.map(\.description))),
            ("defaultValue", report.defaultWeight.map(number) ?? .null),
        ])
    }

    private static func summary(_ report: ScheduleReport) -> JSONValue {
        let build = report.plan.build
        return .object([
            ("targets", .int(report.graph.targets.count)),
            ("totalWork", number(build.totalWork)),
            ("criticalPath", number(build.criticalPathLength)),
            ("lowerBound", number(build.lowerBound)),
            ("makespan", number(build.makespan)),
            ("efficiency", number(build.efficiency)),
            ("idleTime", number(build.idleTime)),
        ])
    }

    private static func wave(_ index: Int, _ members: [Int], _ report: ScheduleReport) -> JSONValue {
        .object([
            ("wave", .int(index + 1)),
            ("width", .int(members.count)),
            ("targets", .array(members.map { id($0, report) })),
        ])
    }

    private static func target(_ vertex: Int, _ report: ScheduleReport) -> JSONValue {
        let plan = report.plan
        let members: [(String, JSONValue)] = [
            ("id", id(vertex, report)),
            ("type", .string(report.graph.targets[vertex].type.rawValue)),
            ("cost", number(plan.weights[vertex])),
            ("wave", .int(plan.waves.waveOf[vertex] + 1)),
            ("earliestStart", number(plan.timing.earliestStart[vertex])),
            ("latestStart", number(plan.timing.latestStart[vertex])),
            ("slack", number(plan.timing.slack[vertex])),
            ("start", number(plan.build.start[vertex])),
            ("end", number(plan.build.end[vertex])),
            ("worker", .int(plan.build.worker[vertex] + 1)),
        ]
        return .object(members)
    }

    private static func bottlenecks(_ report: ScheduleReport) -> JSONValue {
        let analysis = report.plan.bottlenecks
        let ranked: [JSONValue] = analysis.ranked.map { entry in
            var members: [(String, JSONValue)]
            switch entry.change {
            case .splitTarget(let vertex):
                members = [("change", .string("split-target")), ("target", id(vertex, report))]
            case let .removeEdge(from, to):
                members = [("change", .string("remove-dependency")), ("from", id(from, report)), ("to", id(to, report))]
            }
            members.append(("makespan", number(entry.makespan)))
            members.append(("saving", number(analysis.baseline - entry.makespan)))
            return .object(members)
        }
        return .object([
            ("baseline", number(analysis.baseline)),
            ("targetSplitsTried", .int(analysis.targetSplitsTried)),
            ("targetSplitCandidates", .int(analysis.targetSplitCandidates)),
            ("edgeRemovalsTried", .int(analysis.edgeRemovalsTried)),
            ("edgeRemovalCandidates", .int(analysis.edgeRemovalCandidates)),
            ("threshold", number(analysis.threshold)),
            ("hiddenBelowThreshold", .int(analysis.hiddenBelowThreshold)),
            ("ranked", .array(ranked)),
        ])
    }

    private static func id(_ vertex: Int, _ report: ScheduleReport) -> JSONValue {
        .string(report.graph.targets[vertex].id.description)
    }

    private static func number(_ value: Double) -> JSONValue {
        .decimal(value)
    }
}
