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
            // The waves and targets name every target: written as they are serialized, not built as a tree.
            ("waves", .stream { json in waves(report, to: &json) }),
            ("criticalPath", .array(plan.timing.path.map { id($0, report) })),
            ("targets", .stream { json in targets(report, to: &json) }),
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

    /// - Complexity: O(V).
    private static func waves(_ report: ScheduleReport, to json: inout JSONStream) {
        json.beginArray()
        for (index, members) in report.plan.waves.members.enumerated() {
            json.beginObject()
            json.key("wave")
            json.int(index + 1)
            json.key("width")
            json.int(members.count)
            json.key("targets")
            json.beginArray()
            for vertex in members {
                json.string(report.graph.targets[vertex].package.rawValue, joinedBy: "/", report.graph.targets[vertex].name)
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
    }

    /// - Complexity: O(V).
    private static func targets(_ report: ScheduleReport, to json: inout JSONStream) {
        let plan = report.plan
        let targets = report.graph.targets
        json.array(count: targets.count) { json, vertex in
            json.beginObject()
            json.key("id")
            json.string(targets[vertex].package.rawValue, joinedBy: "/", targets[vertex].name)
            json.key("type")
            json.string(targets[vertex].type.rawValue)
            json.key("cost")
            json.decimal(plan.weights[vertex])
            json.key("wave")
            json.int(plan.waves.waveOf[vertex] + 1)
            json.key("earliestStart")
            json.decimal(plan.timing.earliestStart[vertex])
            json.key("latestStart")
            json.decimal(plan.timing.latestStart[vertex])
            json.key("slack")
            json.decimal(plan.timing.slack[vertex])
            json.key("start")
            json.decimal(plan.build.start[vertex])
            json.key("end")
            json.decimal(plan.build.end[vertex])
            json.key("worker")
            json.int(plan.build.worker[vertex] + 1)
            json.endObject()
        }
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
