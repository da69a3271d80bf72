import ModGraphPlanning

/// The formats of `modgraph schedule`.
public enum ScheduleFormat: String, CaseIterable, Sendable {
    /// For people: the verdict, waves, critical path, bottlenecks, a Gantt chart.
    case text
    /// For programs (docs/planning.md).
    case json
    /// A Mermaid `gantt` chart for Markdown.
    case mermaid
    /// A Gantt chart as SVG.
    case svg
}

extension ScheduleRun {
    public static func render(_ report: ScheduleReport, as format: ScheduleFormat) -> String {
        switch format {
        case .text: ScheduleText.render(report)
        case .json: ScheduleJSON.render(report)
        case .mermaid: ScheduleMermaid.render(report)
        case .svg: ScheduleSVG.render(report)
        }
    }
}
