import ModGraphCore
import ModGraphOutput
import ModGraphPlanning

/// `modgraph schedule`'s part of the report: waves, the critical path, the
/// simulated build on the request's workers, and its Gantt chart as
/// `schedule.svg` (and in Mermaid, for graphs small enough to read).
public enum ScheduleSection {
    /// Above this many targets report.md links schedule.svg instead of embedding a Mermaid chart.
    public static let mermaidLimit = 60
    /// Targets of the critical path named in report.md; report.json has them all.
    static let pathLimit = 40

    /// The section, with schedule.svg (or for small graphs a Mermaid chart)
    /// unless `chartLeftOut` says why not, which report.md then says.
    public static func section(_ report: ScheduleReport, chartLeftOut: String? = nil) -> ReportSection {
        let plan = report.plan
        let build = plan.build
        func amount(_ value: Double) -> String { "\(ScheduleNumber.format(value)) \(report.unit)" }
        let path = plan.timing.path.map(report.label).joined(separator: " → ")
        // A path of thousands of targets would fill the comment: its ends, and how many between.
        let shownPath =
            plan.timing.path.count <= pathLimit
            ? plan.timing.path.map { Escape.markdown(report.label($0)) }
            : plan.timing.path.prefix(pathLimit - 5).map { Escape.markdown(report.label($0)) }
                + ["… \(plan.timing.path.count - pathLimit) more …"]
                + plan.timing.path.suffix(5).map { Escape.markdown(report.label($0)) }
        let markdownPath = shownPath.joined(separator: " → ")
        let summary = [
            "Build waves: \(plan.waves.members.count), widths \(plan.waves.widths.map(String.init).joined(separator: " "))",
            "Critical path (\(report.weightsSource), \(amount(plan.timing.length))): \(path)",
            "Simulated build on \(build.workers) worker\(build.workers == 1 ? "" : "s"): makespan \(amount(build.makespan)), lower bound \(amount(build.lowerBound)), efficiency \(ScheduleNumber.percent(build.efficiency))",
        ]
        var markdown = [
            "Weights: \(Escape.markdown(report.weightsSource, limit: Escape.messageLimit)) (\(report.unit)); \(build.workers) workers, list scheduling with the highest bottom level first.",
            "",
            "| makespan | lower bound | critical path | total work | efficiency |",
            "|---|---|---|---|---|",
            "| \(amount(build.makespan)) | \(amount(build.lowerBound)) | \(amount(build.criticalPathLength)) | \(amount(build.totalWork)) | \(ScheduleNumber.percent(build.efficiency)) |",
            "",
            "Critical path: \(markdownPath)",
        ]
        if let best = plan.bottlenecks.ranked.first {
            markdown.append("")
            markdown.append(
                "Best single change found: \(report.describe(best.change) { Escape.markdown(report.label($0)) }) → makespan \(amount(best.makespan))."
            )
        }
        markdown.append("")
        if chartLeftOut == nil, report.graph.targets.count <= mermaidLimit {
            markdown += ["```mermaid", ScheduleMermaid.render(report).trimmingTrailingNewlines(), "```"]
        } else if let chartLeftOut {
            markdown.append(
                "Gantt chart: not drawn (\(Escape.markdown(chartLeftOut, limit: Escape.messageLimit))); report.json has every target's start and end."
            )
        } else {
            markdown.append("Gantt chart: [schedule.svg](schedule.svg)")
        }
        return ReportSection(
            title: "Build schedule", summary: summary, markdown: markdown.joined(separator: "\n"),
            jsonKey: "schedule", json: ScheduleJSON.document(for: report),
            files: chartLeftOut == nil ? [ReportSection.File(name: "schedule.svg", bytes: Array(ScheduleSVG.render(report).utf8))] : [])
    }
}
