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
        String(decoding: bytes(report), as: UTF8.self)
    }

    /// The text as UTF-8: what `modgraph schedule` writes, without making
    /// (and checking) a `String` of the megabytes a large graph prints.
    public static func bytes(_ report: ScheduleReport) -> [UInt8] {
        var output = TextLines()
        let plan = report.plan
        let build = plan.build
        let unit = report.unit
        func amount(_ value: Double) -> String { "\(ScheduleNumber.format(value)) \(unit)" }
        // Every target's label, escaped once: the waves, the path and both tables print them.
        let labels = report.graph.targets.indices.map { label(report, $0) }

        output.line(
            "\(Escape.text(report.title)): \(Counted.text(report.graph.targets.count, "target")) on \(Counted.text(build.workers, "worker")), weights: \(Escape.message(report.weightsSource)) (\(unit))"
        )
        output.line("")
        output.line("Simulated build (list scheduling, highest bottom level first)")
        output.line("  makespan     \(amount(build.makespan))" + errorNote(report.measuredError))
        output.line(
            "  lower bound  \(amount(build.lowerBound)) = max(critical path \(ScheduleNumber.format(build.criticalPathLength)), total work \(ScheduleNumber.format(build.totalWork)) ÷ \(build.workers))"
        )
        output.line("  efficiency   \(ScheduleNumber.percent(build.efficiency)) of worker time spent building")
        output.line("  idle time    \(amount(build.idleTime)) of worker time waiting")
        if let jobs = report.jobPlan {
            let jobBuild = jobs.build
            output.line("")
            output.line(
                "Job-level build (\(Counted.text(jobs.jobGraph.jobs.count, "job")) on \(Counted.text(jobBuild.workers, "core")); dependents start "
                    + (jobs.dependentsWait == .interface ? "once a module's interface is emitted" : "once all of a module's jobs end")
                    + (jobs.jobGraph.moduleStart > 0 ? "; each module starts \(amount(jobs.jobGraph.moduleStart)) after it may" : "")
                    + (jobs.jobGraph.startOrder != nil
                        ? "; ready modules start by name, greatest first, as SwiftPM's queue takes them)" : ")")
            )
            output.line("  makespan     \(amount(jobBuild.makespan))" + errorNote(report.jobMeasuredError))
            if let cores = coresNote(jobs.jobGraph.sharing, planned: jobBuild.workers, rebatched: jobs.jobGraph.rebatched.count) {
                output.line("  cores        " + cores)
            }
            output.line("  efficiency   \(ScheduleNumber.percent(jobBuild.efficiency)) of core time spent building")
            output.line("  critical path (\(Counted.text(jobs.criticalPath.count, "job")), \(amount(jobs.criticalPathLength)))")
            let chain = jobs.criticalPath.filter { jobs.jobGraph.weights[$0] > 0 }.map {
                "\(Escape.text(report.describe(job: jobs.jobGraph.jobs[$0]))) (\(ScheduleNumber.format(jobs.jobGraph.weights[$0])))"
            }
            if !chain.isEmpty { output.line("    " + chain.joined(separator: " → ")) }
            bottleneckLines(
                jobs.bottlenecks, title: "  Job-level bottlenecks", report: report, labels: labels, amount: amount, into: &output)
        }

        output.line("")
        output.line("Waves (wave, width, targets: a wave can build once every earlier wave is done)")
        let widths = plan.waves.widths
        let widest = widths.max()
        let waveDigits = String(plan.waves.members.count).count
        let widthDigits = String(widest ?? 0).count
        let barWidth = bar(widest ?? 0).count
        for (index, members) in plan.waves.members.enumerated() {
            let prefix =
                "  \(pad(String(index + 1), waveDigits, right: true))  \(pad(String(members.count), widthDigits, right: true)) "
                + "\(pad(bar(members.count), barWidth))  "
            wrap(members.map { labels[$0] }, first: prefix, width: lineWidth, into: &output)
        }
        if let widest {
            output.line("  widest wave: \(Counted.text(widest, "target")); \(Counted.text(plan.waves.members.count, "wave"))")
        }

        output.line("")
        let path = plan.timing.path
        output.line("Critical path (\(Counted.text(path.count, "target")), \(amount(plan.timing.length)))")
        if !path.isEmpty {
            output.line("  " + path.map { "\(labels[$0]) (\(ScheduleNumber.format(plan.weights[$0])))" }.joined(separator: " → "))
        }

        output.line("")
        bottleneckLines(plan.bottlenecks, title: "Bottlenecks", report: report, labels: labels, amount: amount, into: &output)

        output.line("")
        output.line("Targets (slack: how much later a target could start, with unlimited workers, without delaying the end)")
        // Both tables list every target in chart order, by label: a line per target each, written as bytes.
        let order = report.chartOrder
        let labelWidth = order.lazy.map { width(labels[$0]) }.max() ?? 0
        let table = TargetTable(report: report, order: order, labels: labels, labelWidth: labelWidth)
        let scale = build.makespan > 0 ? build.makespan / Double(chartWidth) : 0
        let chart = Gantt(report: report, order: order, labels: labels, labelWidth: labelWidth)
        table.header(into: &output)
        table.rows(into: &output)
        output.line("")
        output.line("Gantt chart (one column = \(ScheduleNumber.format(scale)) \(unit); █ building, ▏ no build step)")
        chart.rows(into: &output)
        chart.axis(into: &output)
        return output.bytes
    }

    /// Every target's timing, a row per target in chart order.
    private struct TargetTable {
        let report: ScheduleReport
        let order: [Int]
        let labels: [String]
        static let header = ["target", "cost", "wave", "earliest", "latest", "slack", "start", "end", "worker"]
        /// Each column's width: the widest of its title and its cells.
        let widths: [Int]

        init(report: ScheduleReport, order: [Int], labels: [String], labelWidth: Int) {
            self.report = report
            self.order = order
            self.labels = labels
            var widths = Self.header.map(ScheduleText.width)
            widths[0] = max(widths[0], labelWidth)
            // The numbers' widths: each cell is made again when its row is written.
            var numbers = NumberTexts()
            for vertex in order {
                for column in 1..<Self.header.count {
                    widths[column] = max(widths[column], Self.cell(column, of: vertex, plan: report.plan, numbers: &numbers).utf8.count)
                }
            }
            self.widths = widths
        }

        /// A row's cell in `column` (1 to 8): cost, wave, earliest and latest start, slack, start, end, worker.
        static func cell(_ column: Int, of vertex: Int, plan: BuildPlan, numbers: inout NumberTexts) -> String {
            switch column {
            case 1: numbers.text(plan.weights[vertex])
            case 2: String(plan.waves.waveOf[vertex] + 1)
            case 3: numbers.text(plan.timing.earliestStart[vertex])
            case 4: numbers.text(plan.timing.latestStart[vertex])
            case 5: numbers.text(plan.timing.slack[vertex])
            case 6: numbers.text(plan.build.start[vertex])
            case 7: numbers.text(plan.build.end[vertex])
            default: String(plan.build.worker[vertex] + 1)
            }
        }

        func header(into output: inout TextLines) {
            output.text("  ")
            for (column, title) in Self.header.enumerated() {
                if column > 0 { output.spaces(2) }
                output.padded(title, width: widths[column], right: column > 0)
            }
            output.newline()
        }

        func rows(into output: inout TextLines) {
            var numbers = NumberTexts()
            for vertex in order {
                output.text("  ")
                output.padded(labels[vertex], width: widths[0], right: false)
                for column in 1..<Self.header.count {
                    output.spaces(2)
                    output.padded(Self.cell(column, of: vertex, plan: report.plan, numbers: &numbers), width: widths[column], right: true)
                }
                output.newline()
            }
        }
    }

    /// The Gantt chart: a bar per target in chart order, on ``chartWidth`` columns.
    private struct Gantt {
        let report: ScheduleReport
        let order: [Int]
        let labels: [String]
        let labelWidth: Int

        private func column(_ time: Double) -> Int {
            let makespan = report.plan.build.makespan
            let fraction = makespan > 0 ? time / makespan : 0
            return fraction.isFinite ? Int((min(max(fraction, 0), 1) * Double(chartWidth)).rounded()) : 0
        }

        func rows(into output: inout TextLines) {
            let build = report.plan.build
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
        }

        func axis(into output: inout TextLines) {
            let axis = "0" + pad(ScheduleNumber.format(report.plan.build.makespan) + " " + report.unit, chartWidth - 1, right: true)
            output.line("  \(String(repeating: " ", count: labelWidth)) └\(String(repeating: "─", count: chartWidth))┘")
            output.line("  \(String(repeating: " ", count: labelWidth))  \(axis)")
        }
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

    /// ``wrapped(_:first:width:)``, written into `output`: directly when
    /// every name is ASCII and the prefix ends in ASCII (the prefix's
    /// characters, then a column per byte, counted as the line grows: no
    /// character can join across such a boundary), else through the lines
    /// `wrapped` makes.
    static func wrap(_ names: [String], first: String, width: Int, into output: inout TextLines) {
        guard first.unicodeScalars.last?.isASCII ?? true, names.allSatisfy({ asciiWidth($0) != nil }) else {
            for line in wrapped(names, first: first, width: width) { output.line(line) }
            return
        }
        let indent = first.count
        output.text(first)
        var line = indent
        var empty = true
        for (position, name) in names.enumerated() {
            let isLast = position == names.count - 1
            let itemCount = name.utf8.count + (isLast ? 0 : 1)
            if !empty, line + 1 + itemCount > width {
                output.newline()
                output.spaces(indent)
                line = indent
                empty = true
            }
            if !empty {
                output.spaces(1)
                line += 1
            }
            output.text(name)
            if !isLast { output.text(",") }
            line += itemCount
            empty = false
        }
        output.newline()
    }

    /// `  (±13% against real builds, docs/planning.md)`, or nothing when never checked.
    /// Which core count the weights were measured at, how jobs slow beside
    /// one another, and how far this plan's `-j` is from it; nil when the
    /// weights say nothing of their build's cores.
    static func coresNote(_ sharing: CoreSharing, planned: Int, rebatched: Int = 0) -> String? {
        guard sharing != .none else { return nil }
        let measured = sharing.measuredJobs.map { "-j \($0)" } ?? "SwiftPM's default -j"
        var note = "weights measured at \(measured), \(ScheduleNumber.format(sharing.measuredBusyCores)) cores busy on average; "
        if let calibration = sharing.calibration {
            note +=
                "a job runs \(ScheduleNumber.percent(sharing.slowdownPerCore)) slower for each other busy core (\(Escape.message(calibration)))"
        } else {
            note += "how much jobs slow beside one another is not calibrated, so their measured times are taken as they are"
        }
        if let jobs = sharing.measuredJobs, jobs != planned {
            note += "; this plan for -j \(planned) extrapolates from \(jobs) cores"
        }
        if rebatched > 0 {
            note +=
                "; \(rebatched == 1 ? "1 module's" : "\(rebatched) modules'") compile jobs re-cut into the batches the Swift driver makes at -j \(planned)"
        }
        return note
    }

    static func errorNote(_ error: Double?) -> String {
        guard let error else { return "" }
        return "  (±\(ScheduleNumber.percent(error)) against real builds, docs/planning.md)"
    }

    /// A bottleneck search's ranked changes, at most ``bottlenecksShown``, and what it hid.
    static func bottleneckLines(
        _ bottlenecks: BottleneckAnalysis, title: String, report: ScheduleReport, labels: [String], amount: (Double) -> String,
        into output: inout TextLines
    ) {
        let indent = String(title.prefix { $0 == " " })
        output.line(
            "\(title) (re-simulated \(bottlenecks.targetSplitsTried) of \(bottlenecks.targetSplitCandidates) target splits"
                + " and \(bottlenecks.edgeRemovalsTried) of \(bottlenecks.edgeRemovalCandidates) dependency removals)")
        if bottlenecks.ranked.isEmpty {
            output.line(
                bottlenecks.threshold > 0
                    ? "\(indent)  no single split or removed dependency shortens the build by \(amount(bottlenecks.threshold)) or more"
                    : "\(indent)  no single split or removed dependency shortens the build")
        } else {
            let shown = Array(bottlenecks.ranked.prefix(bottlenecksShown))
            let descriptions = shown.map { report.describe($0.change) { labels[$0] } }
            let width = descriptions.map(\.count).max() ?? 0
            let rankDigits = String(shown.count).count
            for (rank, (entry, description)) in zip(shown, descriptions).enumerated() {
                let saving = bottlenecks.baseline - entry.makespan
                output.line(
                    "\(indent)  \(pad("\(rank + 1).", rankDigits + 1, right: true)) \(pad(description, width))  makespan \(amount(entry.makespan))"
                        + " (−\(ScheduleNumber.format(saving)), −\(ScheduleNumber.percent(saving / bottlenecks.baseline)))")
            }
            if bottlenecks.ranked.count > shown.count {
                output.line("\(indent)  … \(bottlenecks.ranked.count - shown.count) more in --format json")
            }
        }
        if bottlenecks.hiddenBelowThreshold > 0 {
            output.line(
                "\(indent)  \(Counted.text(bottlenecks.hiddenBelowThreshold, "smaller gain")) hidden: each saves less than \(amount(bottlenecks.threshold))"
            )
        }
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
    struct TextLines {
        private(set) var bytes: [UInt8] = []

        var text: String { String(decoding: bytes, as: UTF8.self) }

        mutating func text(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        mutating func line(_ text: String) {
            self.text(text)
            newline()
        }

        mutating func newline() {
            bytes.append(UInt8(ascii: "\n"))
        }

        mutating func spaces(_ count: Int) {
            for _ in 0..<max(0, count) { bytes.append(UInt8(ascii: " ")) }
        }

        mutating func repeated(_ text: String, _ count: Int) {
            for _ in 0..<max(0, count) { self.text(text) }
        }

        /// ``pad(_:_:right:)``, written in place.
        mutating func padded(_ text: String, width: Int, right: Bool) {
            let fill = max(0, width - ScheduleText.width(text))
            if right { spaces(fill) }
            self.text(text)
            if !right { spaces(fill) }
        }
    }
}
