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
        var members: [(String, JSONValue)] = [
            ("schemaVersion", .int(schemaVersion)),
            ("workers", .int(plan.build.workers)),
            ("weights", weights(report)),
            ("summary", summary(report)),
            // The waves and targets name every target: written as they are serialized, not built as a tree.
            ("waves", .stream { json in waves(report, to: &json) }),
            ("criticalPath", .array(plan.timing.path.map { id($0, report) })),
            ("targets", .stream { json in targets(report, to: &json) }),
            ("bottlenecks", bottlenecks(plan.bottlenecks, report)),
        ]
        // Only with job-level weights: a key added, no meaning changed (schema 1 still).
        if let jobs = report.jobPlan { members.append(("jobLevel", jobLevel(jobs, report))) }
        return .object(members)
    }

    /// The job-level plan: its summary, the chain of jobs, every job's place, and its bottlenecks.
    private static func jobLevel(_ jobs: JobPlan, _ report: ScheduleReport) -> JSONValue {
        let build = jobs.build
        func job(_ index: Int) -> JSONValue {
            let job = jobs.jobGraph.jobs[index]
            var members: [(String, JSONValue)] = [("target", id(job.target, report))]
            switch job.kind {
            case .module: members.append(("kind", .string("module")))
            case .emitModule: members.append(("kind", .string("emit-module")))
            case .compile(let number):
                members.append(("kind", .string("compile")))
                members.append(("index", .int(number)))
            case .link: members.append(("kind", .string("link")))
            case .objectsReady: members.append(("kind", .string("objects-ready")))
            }
            members += [
                ("cost", number(jobs.jobGraph.weights[index])), ("start", number(build.start[index])),
                ("end", number(build.end[index])), ("core", .int(build.worker[index] + 1)),
            ]
            return .object(members)
        }
        return .object([
            ("cores", .int(build.workers)),
            ("measuredError", report.jobMeasuredError.map(number) ?? .null),
            ("dependentsWait", .string(jobs.dependentsWait.rawValue)),
            ("moduleStartSeconds", number(jobs.jobGraph.moduleStart)),
            ("coreSharing", coreSharing(jobs.jobGraph.sharing)),
            ("rebatched", .array(jobs.jobGraph.rebatched.filter { $0 < report.graph.targets.count }.map { id($0, report) })),
            ("startOrder", .string(jobs.jobGraph.startOrder == nil ? "longest-chain" : "name")),
            ("jobs", .int(jobs.jobGraph.jobs.count)),
            ("makespan", number(build.makespan)),
            ("efficiency", number(build.efficiency)),
            ("criticalPathLength", number(jobs.criticalPathLength)),
            ("criticalPath", .array(jobs.criticalPath.map(job))),
            ("schedule", .array(jobs.jobGraph.jobs.indices.map(job))),
            ("bottlenecks", bottlenecks(jobs.bottlenecks, report)),
        ])
    }

    /// The measured build's cores and the slowdown per other busy core (null when not calibrated).
    private static func coreSharing(_ sharing: CoreSharing) -> JSONValue {
        guard sharing != .none else { return .null }
        return .object([
            ("measuredJobs", sharing.measuredJobs.map(JSONValue.int) ?? .null),
            ("measuredBusyCores", number(sharing.measuredBusyCores)),
            ("slowdownPerCore", sharing.calibration == nil ? .null : number(sharing.slowdownPerCore)),
            ("calibration", sharing.calibration.map(JSONValue.string) ?? .null),
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
            ("measuredError", report.measuredError.map(number) ?? .null),
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

    private static func bottlenecks(_ analysis: BottleneckAnalysis, _ report: ScheduleReport) -> JSONValue {
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

    /// A target's id; a split's second half (vertex count and above) as `id (half)`.
    private static func id(_ vertex: Int, _ report: ScheduleReport) -> JSONValue {
        let count = report.graph.targets.count
        return .string(
            vertex < count ? report.graph.targets[vertex].id.description : report.graph.targets[vertex - count].id.description + " (half)")
    }

    private static func number(_ value: Double) -> JSONValue {
        .decimal(value)
    }
}
