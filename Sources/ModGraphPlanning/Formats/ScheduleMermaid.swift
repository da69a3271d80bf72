import ModGraphCore
import ModGraphOutput

/// `modgraph schedule --format mermaid`: the simulated build as a Mermaid
/// `gantt` chart for Markdown, one section per worker, critical targets
/// (slack 0) marked `crit`.
///
/// Mermaid's Gantt charts run on dates, so times are written as Unix
/// milliseconds from 0 (`dateFormat x`) and the axis prints seconds since
/// 0 (`axisFormat %s`): one second on the axis is one second, unit or
/// line of the weights, as the title says.
public enum ScheduleMermaid {
    public static func render(_ report: ScheduleReport) -> String {
        let build = report.plan.build
        var lines = ["gantt"]
        lines.append(
            "    title \(Escape.mermaid("\(report.title) on \(build.workers) worker\(build.workers == 1 ? "" : "s"), makespan \(ScheduleNumber.format(build.makespan)) \(report.unit) (axis in \(report.unit))", limit: Escape.messageLimit))"
        )
        lines.append("    dateFormat x")
        lines.append("    axisFormat %s")
        // One pass over the targets, not one per worker: --workers may be far larger than the graph.
        let byWorker = Dictionary(grouping: report.chartOrder, by: { build.worker[$0] })
        for worker in byWorker.keys.sorted() {
            let tasks = byWorker[worker] ?? []
            lines.append("    section Worker \(worker + 1)")
            for vertex in tasks {
                var tags: [String] = []
                if report.plan.timing.slack[vertex] == 0 { tags.append("crit") }
                if report.plan.weights[vertex] == 0 { tags.append("milestone") }
                tags.append("t\(vertex)")
                let start = milliseconds(build.start[vertex])
                let end = milliseconds(build.end[vertex])
                lines.append("    \(Escape.mermaid(report.label(vertex))) :\(tags.joined(separator: ", ")), \(start), \(end)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whole milliseconds; weights are bounded (docs/planning.md), and a value
    /// past `Int`'s range is clamped rather than trapping.
    private static func milliseconds(_ value: Double) -> String {
        let scaled = (value * 1000).rounded()
        guard scaled.isFinite else { return "0" }
        return String(Int(min(max(scaled, 0), 9e15)))
    }
}
