import ArgumentParser
import ModGraphKit
import ModGraphOutput

/// `modgraph report`: the main job in one command. Prints a summary and
/// writes the diagram, a Markdown report and a JSON report into one folder.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Summarise a package or workspace and write index.html (interactive), graph.svg, graph.dot, report.md and report.json into a folder."
    )

    @OptionGroup var load: LoadOptions

    @Option(name: .shortAndLong, help: "The folder to write into; created if missing. Nothing is written elsewhere.")
    var output: String

    @Option(
        help:
            "Graphviz layout for graph.svg: dot (layered), sfdp (large graphs), neato, fdp, circo, twopi (default: dot; sfdp above \(DiagramDefaults.sfdpAbove) nodes)."
    )
    var layout: GraphvizLayout?

    @Option(
        help:
            "The check configuration (default: .modgraph.yml found from the package folder up; the report leaves the check out when there is none)."
    )
    var config: String?

    @Option(help: ArgumentHelp(OptionBounds.workersHelp))
    var workers: Int = ScheduleRequest.defaultWorkers

    @Option(help: ArgumentHelp(OptionBounds.weightsHelp))
    var weights: String = WeightsChoice.defaultArgument

    @Flag(
        help:
            "Write no diagrams: no graph.svg, graph.dot, schedule.svg or Mermaid in report.md. Above \(Escape.grouped(DiagramDefaults.pictureNodeLimit)) targets graph.svg and schedule.svg are left out anyway."
    )
    var noDiagrams = false

    func validate() throws {
        try OptionBounds.check(workers, in: OptionBounds.workers, option: "--workers")
    }

    func run() throws {
        let loaded = try load.load(configuration: config)
        let request = ReportRequest(
            schedule: ScheduleRequest(
                weights: WeightsChoice(argument: weights),
                workers: workers),
            layout: layout, drawsDiagrams: !noDiagrams)
        let report = try ReportRun.run(request, on: loaded, source: load.path, warnings: Console.warning)
        for warning in try report.write(into: output) { Console.warning(warning) }
        Console.write(
            report.document.summary.map { Escape.message($0) + "\n" }.joined()
                + "Wrote \(Escape.message(output)): " + report.files.map(\.name).joined(separator: ", ") + "\n")
    }
}
