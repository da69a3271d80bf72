import ModGraphCore
import ModGraphOutput

/// `modgraph schedule --format text`: the plan for a person at a terminal.
/// The verdict first (makespan against what is possible), then why (waves,
/// critical path), what to change (bottlenecks), and the details (every
/// target's timing and a Gantt chart).
public enum ScheduleText {
    /// Bottlenecks shown; the JSON lists them all.
    public static let bottlenecksShown = 10
    /// Columns of the Gantt chart's time axis.
    public static let chartWidth = 60
    /// Where a wave's list of targets wraps.
    public static let lineWidth = 100

    public static func render(_ report: ScheduleReport) -> String {
        var lines: [String] = []
        let plan = report.plan
        let build = plan.build
        let unit = report.unit
        func amount(_ value: Double) -> String { "\(ScheduleNumber.format(value)) \(unit)" }

        lines.append(
            "\(Escape.text(report.title)): \(Counted.text(report.graph.targets.count, "target")) on \(Counted.text(build.workers, "worker")), weights: \(Escape.message(report.weightsSource)) (\(unit))"
        )
        lines.append("")
        lines.append("Simulated build (list scheduling, highest bottom level first)")
        lines.append("  makespan     \(amount(build.makespan))")
        lines.append(
            "  lower bound  \(amount(build.lowerBound)) = max(critical path \(ScheduleNumber.format(build.criticalPathLength)), total work \(ScheduleNumber.format(build.totalWork)) ÷ \(build.workers))"
        )
        lines.append("  efficiency   \(ScheduleNumber.percent(build.efficiency)) of worker time spent building")
        lines.append("  idle time    \(amount(build.idleTime)) of worker time waiting")

        lines.append("")
        lines.append("Waves (wave, width, targets: a wave can build once every earlier wave is done)")
        let waveDigits = String(plan.waves.members.count).count
        let widthDigits = String(plan.waves.widths.max() ?? 0).count
        let barWidth = bar(plan.waves.widths.max() ?? 0).count
        for (index, members) in plan.waves.members.enumerated() {
            let prefix =
                "  \(pad(String(index + 1), waveDigits, right: true))  \(pad(String(members.count), widthDigits, right: true)) "
                + "\(pad(bar(members.count), barWidth))  "
            lines += wrapped(members.map { label(report, $0) }, first: prefix, width: lineWidth)
        }
        if let widest = plan.waves.widths.max() {
            lines.append("  widest wave: \(Counted.text(widest, "target")); \(Counted.text(plan.waves.members.count, "wave"))")
        }

        lines.append("")
        let path = plan.timing.path
        lines.append("Critical path (\(Counted.text(path.count, "target")), \(amount(plan.timing.length)))")
        if !path.isEmpty {
            lines.append("  " + path.map { "\(label(report, $0)) (\(ScheduleNumber.format(plan.weights[$0])))" }.joined(separator: " → "))
        }

        lines.append("")
        let bottlenecks = plan.bottlenecks
        lines.append(
            "Bottlenecks (re-simulated \(bottlenecks.targetSplitsTried) of \(bottlenecks.targetSplitCandidates) target splits"
                + " and \(bottlenecks.edgeRemovalsTried) of \(bottlenecks.edgeRemovalCandidates) dependency removals)")
        if bottlenecks.ranked.isEmpty {
            lines.append(
                bottlenecks.threshold > 0
                    ? "  no single split or removed dependency shortens the build by \(amount(bottlenecks.threshold)) or more"
                    : "  no single split or removed dependency shortens the build")
        } else {
            let shown = Array(bottlenecks.ranked.prefix(bottlenecksShown))
            let descriptions = shown.map { report.describe($0.change) { label(report, $0) } }
            let width = descriptions.map(\.count).max() ?? 0
            let rankDigits = String(shown.count).count
            for (rank, (entry, description)) in zip(shown, descriptions).enumerated() {
                let saving = bottlenecks.baseline - entry.makespan
                lines.append(
                    "  \(pad("\(rank + 1).", rankDigits + 1, right: true)) \(pad(description, width))  makespan \(amount(entry.makespan))"
                        + " (−\(ScheduleNumber.format(saving)), −\(ScheduleNumber.percent(saving / bottlenecks.baseline)))")
            }
            if bottlenecks.ranked.count > shown.count {
                lines.append("  … \(bottlenecks.ranked.count - shown.count) more in --format json")
            }
        }
        if bottlenecks.hiddenBelowThreshold > 0 {
            lines.append(
                "  \(Counted.text(bottlenecks.hiddenBelowThreshold, "smaller gain")) hidden: each saves less than \(amount(bottlenecks.threshold))"
            )
        }

        lines.append("")
        lines.append("Targets (slack: how much later a target could start, with unlimited workers, without delaying the end)")
        // Both tables list every target in chart order, by label: worked out once for 100,000 rows.
        let order = report.chartOrder
        let labels = report.graph.targets.indices.map { label(report, $0) }
        lines += targetTable(report, order: order, labels: labels)

        lines.append("")
        let scale = build.makespan > 0 ? build.makespan / Double(chartWidth) : 0
        lines.append("Gantt chart (one column = \(ScheduleNumber.format(scale)) \(unit); █ building, ▏ no build step)")
        lines += gantt(report, order: order, labels: labels)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func targetTable(_ report: ScheduleReport, order: [Int], labels: [String]) -> [String] {
        let plan = report.plan
        let header = ["target", "cost", "wave", "earliest", "latest", "slack", "start", "end", "worker"]
        var rows: [[String]] = []
        rows.reserveCapacity(order.count)
        var widths = header.map(width)
        for vertex in order {
            let row = [
                labels[vertex],
                ScheduleNumber.format(plan.weights[vertex]),
                String(plan.waves.waveOf[vertex] + 1),
                ScheduleNumber.format(plan.timing.earliestStart[vertex]),
                ScheduleNumber.format(plan.timing.latestStart[vertex]),
                ScheduleNumber.format(plan.timing.slack[vertex]),
                ScheduleNumber.format(plan.build.start[vertex]),
                ScheduleNumber.format(plan.build.end[vertex]),
                String(plan.build.worker[vertex] + 1),
            ]
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], width(cell)) }
            rows.append(row)
        }
        func line(_ cells: [String]) -> String {
            var line = "  "
            for (column, cell) in cells.enumerated() {
                if column > 0 { line += "  " }
                append(cell, width: widths[column], right: column > 0, to: &line)
            }
            return line
        }
        return [line(header)] + rows.map(line)
    }

    private static func gantt(_ report: ScheduleReport, order: [Int], labels: [String]) -> [String] {
        let build = report.plan.build
        let labelWidth = order.map { width(labels[$0]) }.max() ?? 0
        func column(_ time: Double) -> Int {
            let fraction = build.makespan > 0 ? time / build.makespan : 0
            return fraction.isFinite ? Int((min(max(fraction, 0), 1) * Double(chartWidth)).rounded()) : 0
        }
        var lines: [String] = []
        lines.reserveCapacity(order.count + 2)
        for vertex in order {
            let first = column(build.start[vertex])
            var line = "  "
            append(labels[vertex], width: labelWidth, right: false, to: &line)
            line += " │"
            // The bar, padded to the chart's width: a run of spaces, then blocks or one thin mark.
            let lead: Int
            let bar: String
            if report.plan.weights[vertex] > 0 {
                let length = max(1, column(build.end[vertex]) - first)
                lead = min(first, chartWidth - 1)
                bar = String(repeating: "█", count: length)
                line += String(repeating: " ", count: lead)
                line += bar
                line += String(repeating: " ", count: max(0, chartWidth - lead - length))
            } else {
                lead = first
                bar = "▏"
                line += String(repeating: " ", count: lead)
                line += bar
                line += String(repeating: " ", count: max(0, chartWidth - lead - 1))
            }
            line += "│ "
            line += ScheduleNumber.format(build.start[vertex])
            line += "–"
            line += ScheduleNumber.format(build.end[vertex])
            lines.append(line)
        }
        let axis = "0" + pad(ScheduleNumber.format(build.makespan) + " " + report.unit, chartWidth - 1, right: true)
        lines.append("  \(String(repeating: " ", count: labelWidth)) └\(String(repeating: "─", count: chartWidth))┘")
        lines.append("  \(String(repeating: " ", count: labelWidth))  \(axis)")
        return lines
    }

    /// `names` joined by commas after `first`, in lines of at most `width`
    /// columns (a longer name gets a line of its own), later lines indented
    /// under the first name: a wave of a thousand targets stays readable.
    static func wrapped(_ names: [String], first: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: first.count)
        var lines: [String] = []
        var current = first
        var empty = true
        for (position, name) in names.enumerated() {
            let item = name + (position == names.count - 1 ? "" : ",")
            if !empty, current.count + 1 + item.count > width {
                lines.append(current)
                current = indent
                empty = true
            }
            current += (empty ? "" : " ") + item
            empty = false
        }
        lines.append(current)
        return lines
    }

    /// A proportional bar for a wave's width, at most 30 cells.
    private static func bar(_ width: Int) -> String {
        String(repeating: "■", count: min(width, 30))
    }

    /// A target's label as text: one name, one line (``Escape/text(_:limit:)``).
    static func label(_ report: ScheduleReport, _ vertex: Int) -> String {
        Escape.text(report.label(vertex))
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - Self.width(text)))
        return right ? fill + text : text + fill
    }

    /// ``pad(_:_:right:)`` onto the end of `line`, without a string for the cell.
    static func append(_ text: String, width: Int, right: Bool, to line: inout String) {
        let fill = max(0, width - Self.width(text))
        if right { line += String(repeating: " ", count: fill) }
        line += text
        if !right { line += String(repeating: " ", count: fill) }
    }

    /// The columns `text` takes: its characters (its bytes, when they are ASCII, which is quicker to count).
    static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }
}
