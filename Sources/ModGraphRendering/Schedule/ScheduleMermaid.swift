import ModGraphCore
import ModGraphPlanning

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
        lines.append("    title \(escape("\(report.title) on \(build.workers) worker\(build.workers == 1 ? "" : "s"), makespan \(ScheduleNumber.format(build.makespan)) \(report.unit) (axis in \(report.unit))"))")
        lines.append("    dateFormat x")
        lines.append("    axisFormat %s")
        let order = report.chartOrder
        for worker in 0..<build.workers {
            let tasks = order.filter { build.worker[$0] == worker }
            guard !tasks.isEmpty else { continue }
            lines.append("    section Worker \(worker + 1)")
            for vertex in tasks {
                var tags: [String] = []
                if report.plan.timing.slack[vertex] == 0 { tags.append("crit") }
                if report.plan.weights[vertex] == 0 { tags.append("milestone") }
                tags.append("t\(vertex)")
                let start = milliseconds(build.start[vertex])
                let end = milliseconds(build.end[vertex])
                lines.append("    \(escape(report.label(vertex))) :\(tags.joined(separator: ", ")), \(start), \(end)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func milliseconds(_ value: Double) -> String {
        String(Int((value * 1000).rounded()))
    }

    /// Mermaid reads `:` as the end of a task name, `;` and line breaks as
    /// the end of a statement, `%%` as a comment and `#…;` as an entity;
    /// each is written as an entity code instead.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "#": result += "#35;"
            case ":": result += "#58;"
            case ";": result += "#59;"
            case "%": result += "#37;"
            case "\n", "\r", "\t": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
