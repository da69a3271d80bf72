import ArgumentParser
import ModGraphKit

extension ScheduleFormat: ExpressibleByArgument {}

/// `modgraph schedule`: how fast the graph could build on N workers, what
/// holds it back, and what to cut first. See docs/planning.md.
struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Plan the build: waves, critical path, a simulated parallel build, bottlenecks.",
        discussion:
            "Weights: sources (non-blank lines of compiled source, the default), uniform (1 per target), or a JSON file of seconds per target such as `modgraph measure` writes (or an XCLogParser report or trace-event file). When the file knows each module's jobs (emit-module, compile batches, links), the build is also planned job by job. See docs/planning.md."
    )

    @OptionGroup var load: LoadOptions

    @Option(help: ArgumentHelp(OptionBounds.workersHelp))
    var workers: Int = ScheduleRequest.defaultWorkers

    @Option(help: ArgumentHelp(OptionBounds.weightsHelp))
    var weights: String = WeightsChoice.defaultArgument

    @Option(help: "Output format: text (for people), json (docs/planning.md), mermaid (a gantt chart for Markdown) or svg (a Gantt chart).")
    var format: ScheduleFormat = .text

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    @Option(
        help:
            "Target splits and dependency removals to re-simulate each, most critical first, when looking for bottlenecks (\(OptionBounds.describe(OptionBounds.bottleneckCandidates)))."
    )
    var bottleneckCandidates: Int = 100

    func validate() throws {
        try OptionBounds.check(workers, in: OptionBounds.workers, option: "--workers")
        try OptionBounds.check(bottleneckCandidates, in: OptionBounds.bottleneckCandidates, option: "--bottleneck-candidates")
    }

    func run() throws {
        let loaded = try load.load()
        let request = ScheduleRequest(
            weights: WeightsChoice(argument: weights), workers: workers,
            bottleneckCandidates: bottleneckCandidates)
        let report = try ScheduleRun.plan(request, on: loaded, source: load.path, warnings: Console.warning)
        try OutputFile.write(ScheduleRun.content(report, as: format), to: output)
    }
}
