import ModGraphCore
import ModGraphOutput

/// `modgraph schedule --format svg`: a Gantt chart of the simulated build,
/// drawn as plain SVG text (no Graphviz): one row per target in start
/// order, bars coloured by worker, critical targets outlined in red, a time
/// axis with round ticks, and a tooltip on every bar.
public enum ScheduleSVG {
    static let rowHeight = 20.0
    static let chartWidth = 720.0
    static let characterWidth = 7.0
    static let top = 56.0
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#bab0ac"]

    public static func render(_ report: ScheduleReport) -> String {
        let build = report.plan.build
        let order = report.chartOrder
        let labelWidth = Double(order.map { min(report.label($0).count, Escape.nameLimit + 20) }.max() ?? 0) * characterWidth + 24
        let left = labelWidth
        let axisY = top + Double(order.count) * rowHeight + 6
        let title =
            "\(report.title): simulated build on \(build.workers) worker\(build.workers == 1 ? "" : "s"), weights: \(report.weightsSource)"
        // Wide enough for the title and the summary line under it.
        let width = max(left + chartWidth + 40, Double(min(title.count, Escape.messageLimit)) * 9 + 24, 860)
        let height = axisY + 56
        let scale = build.makespan > 0 ? chartWidth / build.makespan : 0
        func x(_ time: Double) -> String { number(left + time * scale) }

        var lines: [String] = []
        lines.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height))\" viewBox=\"0 0 \(number(width)) \(number(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">"
        )
        lines.append("  <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
        lines.append(
            "  <text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\">\(Escape.xml(title, limit: Escape.messageLimit))</text>")
        let summary =
            "makespan \(ScheduleNumber.format(build.makespan)) \(report.unit) · lower bound \(ScheduleNumber.format(build.lowerBound)) · "
            + "critical path \(ScheduleNumber.format(build.criticalPathLength)) · efficiency \(ScheduleNumber.percent(build.efficiency)) · red outline: critical (slack 0)"
        lines.append("  <text x=\"12\" y=\"40\" fill=\"#52606d\">\(Escape.xml(summary, limit: Escape.messageLimit))</text>")

        for tick in ticks(upTo: build.makespan) {
            lines.append(
                "  <line x1=\"\(x(tick))\" y1=\"\(number(top - 4))\" x2=\"\(x(tick))\" y2=\"\(number(axisY))\" stroke=\"#e4e7eb\"/>")
            lines.append(
                "  <text x=\"\(x(tick))\" y=\"\(number(axisY + 16))\" text-anchor=\"middle\" fill=\"#52606d\">\(Escape.xml(ScheduleNumber.format(tick)))</text>"
            )
        }
        lines.append(
            "  <line x1=\"\(number(left))\" y1=\"\(number(axisY))\" x2=\"\(number(left + chartWidth))\" y2=\"\(number(axisY))\" stroke=\"#52606d\"/>"
        )
        lines.append(
            "  <text x=\"\(number(left + chartWidth / 2))\" y=\"\(number(axisY + 34))\" text-anchor=\"middle\" fill=\"#52606d\">\(Escape.xml(report.unit))</text>"
        )

        for (row, vertex) in order.enumerated() {
            let y = top + Double(row) * rowHeight
            let label = report.label(vertex)
            let worker = build.worker[vertex]
            let critical = report.plan.timing.slack[vertex] == 0
            let tooltip =
                "\(label): \(ScheduleNumber.format(build.start[vertex]))–\(ScheduleNumber.format(build.end[vertex])) \(report.unit), "
                + "cost \(ScheduleNumber.format(report.plan.weights[vertex])), worker \(worker + 1), slack \(ScheduleNumber.format(report.plan.timing.slack[vertex]))"
            lines.append("  <text x=\"\(number(left - 8))\" y=\"\(number(y + 14))\" text-anchor=\"end\">\(Escape.xml(label))</text>")
            let barWidth = max(1.5, report.plan.weights[vertex] * scale)
            let outline = critical ? " stroke=\"#d62728\" stroke-width=\"2\"" : ""
            lines.append(
                "  <rect x=\"\(x(build.start[vertex]))\" y=\"\(number(y + 3))\" width=\"\(number(barWidth))\" height=\"\(number(rowHeight - 6))\" rx=\"2\" fill=\"\(palette[worker % palette.count])\"\(outline)><title>\(Escape.xml(tooltip, limit: Escape.messageLimit))</title></rect>"
            )
        }

        var legendX = 12.0
        let legendY = axisY + 44
        for worker in 0..<min(build.workers, palette.count) {
            lines.append(
                "  <rect x=\"\(number(legendX))\" y=\"\(number(legendY - 10))\" width=\"12\" height=\"12\" fill=\"\(palette[worker])\"/>")
            lines.append(
                "  <text x=\"\(number(legendX + 16))\" y=\"\(number(legendY))\">worker \(worker + 1)\(build.workers > palette.count && worker == palette.count - 1 ? " and every 8th after" : "")</text>"
            )
            legendX += 90
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Round tick positions (steps of 1, 2 or 5 times a power of ten), about eight of them.
    static func ticks(upTo end: Double) -> [Double] {
        guard end > 0 else { return [0] }
        var step = 1.0
        while end / step > 10 { step *= 10 }
        while end / step < 1 { step /= 10 }
        for factor in [1.0, 2.0, 5.0, 10.0] where end / (step * factor) <= 8 {
            step *= factor
            break
        }
        var ticks: [Double] = []
        var index = 0.0
        while index * step <= end * (1 + 1e-9) {
            ticks.append(index * step)
            index += 1
        }
        return ticks
    }

    /// One decimal, no locale.
    static func number(_ value: Double) -> String {
        ScheduleNumber.fixed(value, decimals: 1, trimmed: true)
    }
}
