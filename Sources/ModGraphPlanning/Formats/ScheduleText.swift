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
        let labelWidth = order.lazy.map { width(labels[$0]) }.max() ?? 0
        // The two tables are a line per target each: written as bytes, not as a string per cell and per line.
        // Neither table needs the other: the chart is written on another core meanwhile.
        let (table, chart) = Concurrently.both(
            {
                var output = TextLines()
                for line in lines { output.line(line) }
                targetTable(report, order: order, labels: labels, labelWidth: labelWidth, into: &output)
                return output
            },
            {
                var output = TextLines()
                output.line("")
                let scale = build.makespan > 0 ? build.makespan / Double(chartWidth) : 0
                output.line("Gantt chart (one column = \(ScheduleNumber.format(scale)) \(unit); █ building, ▏ no build step)")
                gantt(report, order: order, labels: labels, labelWidth: labelWidth, into: &output)
                return output
            })
        var output = table
        output.append(chart)
        return output.text
    }

    private static func targetTable(
        _ report: ScheduleReport, order: [Int], labels: [String], labelWidth: Int, into output: inout TextLines
    ) {
        let plan = report.plan
        let header = ["target", "cost", "wave", "earliest", "latest", "slack", "start", "end", "worker"]
        var numbers = NumberTexts()
        // Columns: the label, then eight numbers; each cell's text is made once, in the first pass.
        var cells: [String] = []
        cells.reserveCapacity(order.count * 8)
        var widths = header.map(width)
        widths[0] = max(widths[0], labelWidth)
        for vertex in order {
            let row = [
                numbers.text(plan.weights[vertex]),
                String(plan.waves.waveOf[vertex] + 1),
                numbers.text(plan.timing.earliestStart[vertex]),
                numbers.text(plan.timing.latestStart[vertex]),
                numbers.text(plan.timing.slack[vertex]),
                numbers.text(plan.build.start[vertex]),
                numbers.text(plan.build.end[vertex]),
                String(plan.build.worker[vertex] + 1),
            ]
            for (column, cell) in row.enumerated() { widths[column + 1] = max(widths[column + 1], cell.utf8.count) }
            cells += row
        }
        output.text("  ")
        for (column, title) in header.enumerated() {
            if column > 0 { output.spaces(2) }
            output.padded(title, width: widths[column], right: column > 0)
        }
        output.newline()
        for (row, vertex) in order.enumerated() {
            output.text("  ")
            output.padded(labels[vertex], width: widths[0], right: false)
            for column in 1..<header.count {
                output.spaces(2)
                output.padded(cells[row * 8 + column - 1], width: widths[column], right: true)
            }
            output.newline()
        }
    }

    private static func gantt(
        _ report: ScheduleReport, order: [Int], labels: [String], labelWidth: Int, into output: inout TextLines
    ) {
        let build = report.plan.build
        func column(_ time: Double) -> Int {
            let fraction = build.makespan > 0 ? time / build.makespan : 0
            return fraction.isFinite ? Int((min(max(fraction, 0), 1) * Double(chartWidth)).rounded()) : 0
        }
        var numbers = NumberTexts()
        for vertex in order {
            let first = column(build.start[vertex])
            output.text("  ")
            output.padded(labels[vertex], width: labelWidth, right: false)
            output.text(" │")
            // The bar, padded to the chart's width: a run of spaces, then blocks or one thin mark.
            if report.plan.weights[vertex] > 0 {
                let length = max(1, column(build.end[vertex]) - first)
                let lead = min(first, chartWidth - 1)
                output.spaces(lead)
                output.repeated("█", length)
                output.spaces(max(0, chartWidth - lead - length))
            } else {
                output.spaces(first)
                output.text("▏")
                output.spaces(max(0, chartWidth - first - 1))
            }
            output.text("│ ")
            output.text(numbers.text(build.start[vertex]))
            output.text("–")
            output.text(numbers.text(build.end[vertex]))
            output.newline()
        }
        let axis = "0" + pad(ScheduleNumber.format(build.makespan) + " " + report.unit, chartWidth - 1, right: true)
        output.line("  \(String(repeating: " ", count: labelWidth)) └\(String(repeating: "─", count: chartWidth))┘")
        output.line("  \(String(repeating: " ", count: labelWidth))  \(axis)")
    }

    /// ``ScheduleNumber/format(_:)``, remembered: the tables print a million
    /// numbers for 100,000 targets, and a schedule's times repeat (whole
    /// units under uniform weights), so most are formatted once.
    private struct NumberTexts {
        private var known: [Double: String] = [:]

        mutating func text(_ value: Double) -> String {
            if let text = known[value] { return text }
            let text = ScheduleNumber.format(value)
            // Bounded, so that a schedule of distinct measured times does not keep them all.
            if known.count < 65_536 { known[value] = text }
            return text
        }
    }

    /// `names` joined by commas after `first`, in lines of at most `width`
    /// columns (a longer name gets a line of its own), later lines indented
    /// under the first name: a wave of a thousand targets stays readable.
    ///
    /// - Complexity: O(n) in the names' length when they are ASCII (the
    ///   line's width is counted as it grows), O(n·w) for lines of w otherwise.
    static func wrapped(_ names: [String], first: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: first.count)
        var lines: [String] = []
        var current = first
        // The line's characters, kept while it is ASCII (a character per byte); else counted again.
        var asciiCount = asciiWidth(first)
        var empty = true
        for (position, name) in names.enumerated() {
            let item = name + (position == names.count - 1 ? "" : ",")
            let itemCount = asciiWidth(item)
            if !empty, (asciiCount.flatMap { line in itemCount.map { line + 1 + $0 } } ?? (current.count + 1 + item.count)) > width {
                lines.append(current)
                current = indent
                asciiCount = indent.utf8.count
                empty = true
            }
            current += (empty ? "" : " ") + item
            asciiCount = asciiCount.flatMap { line in itemCount.map { line + (empty ? 0 : 1) + $0 } }
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

    /// The columns `text` takes: its characters (its bytes, when they are ASCII, which is quicker to count).
    static func width(_ text: String) -> Int {
        asciiWidth(text) ?? text.count
    }

    /// The columns of ASCII `text`, a character per byte; nil when it is not ASCII.
    private static func asciiWidth(_ text: String) -> Int? {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : nil
    }

    /// Lines of text written as UTF-8 into one buffer: the tables hold a
    /// million cells for 100,000 targets, and a `String` per cell, per
    /// padding and per line cost more than the schedule itself.
    struct TextLines: Sendable {
        private var bytes: [UInt8] = []

        var text: String { String(decoding: bytes, as: UTF8.self) }

        mutating func append(_ other: TextLines) {
            bytes.append(contentsOf: other.bytes)
        }

        mutating func text(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        mutating func line(_ text: String) {
            bytes.append(contentsOf: text.utf8)
            newline()
        }

        mutating func newline() {
            bytes.append(UInt8(ascii: "\n"))
        }

        mutating func spaces(_ count: Int) {
            guard count > 0 else { return }
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }

        mutating func repeated(_ text: String, _ count: Int) {
            for _ in 0..<max(0, count) { bytes.append(contentsOf: text.utf8) }
        }

        /// ``pad(_:_:right:)``, written in place.
        mutating func padded(_ text: String, width: Int, right: Bool) {
            let fill = max(0, width - ScheduleText.width(text))
            if right { spaces(fill) }
            bytes.append(contentsOf: text.utf8)
            if !right { spaces(fill) }
        }
    }
}
