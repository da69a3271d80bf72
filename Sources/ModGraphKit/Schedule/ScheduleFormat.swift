import ModGraphOutput
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
    /// `report` as `format`, written as it is made: the text as bytes, the
    /// JSON a few megabytes at a time (a large graph prints tens of megabytes).
    public static func content(_ report: ScheduleReport, as format: ScheduleFormat) -> FileContent {
        switch format {
        case .text: .bytes(ScheduleText.bytes(report))
        case .json:
            .streamed { write in ScheduleJSON.document(for: report).serialize(draining: write) }
        case .mermaid, .svg: .text(render(report, as: format))
        }
    }

    public static func render(_ report: ScheduleReport, as format: ScheduleFormat) -> String {
        switch format {
        case .text: ScheduleText.render(report)
        case .json: ScheduleJSON.render(report)
        case .mermaid: ScheduleMermaid.render(report)
        case .svg: ScheduleSVG.render(report)
        }
    }
}
