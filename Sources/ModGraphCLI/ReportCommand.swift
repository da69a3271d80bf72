import ArgumentParser
import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphPlanning
import ModGraphRendering
import ModGraphRules
import ModGraphWeights

/// `modgraph report`: the main job in one command. Prints a summary and
/// writes the diagram, a Markdown report and a JSON report into one folder.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Summarise a package or workspace and write graph.svg, graph.dot, report.md and report.json into a folder."
    )

    @OptionGroup var load: LoadOptions

    @Option(name: .shortAndLong, help: "The folder to write into; created if missing. Nothing is written elsewhere.")
    var output: String

    @Option(help: "Graphviz layout for graph.svg: dot (layered), sfdp (large graphs), neato, fdp, circo, twopi (default: dot; sfdp above \(DiagramDefaults.sfdpAbove) nodes).")
    var layout: GraphvizLayout?

    @Option(help: "The check configuration (default: .modgraph.yml found from the package folder up; the report leaves the check out when there is none).")
    var config: String?

    @Option(help: "Workers for the simulated build (default: this machine's core count).")
    var workers: Int?

    @Option(help: "Weights for the schedule: uniform, sources (default) or a weights JSON file from `modgraph measure`.")
    var weights: String = "sources"

    func validate() throws {
        if let workers, workers < 1 { throw ValidationError("--workers must be at least 1") }
    }

    func run() throws {
        let (workspace, graph) = try load.loadWorkspaceAndGraph()
        var style = DiagramStyle.highlights(of: graph)
        var extraSections: [ReportSection] = []
        if let check = try checkReport(graph: graph, workspace: workspace) {
            CheckSection.style(check.report, layerNames: check.layerNames, into: &style)
            extraSections.append(CheckSection.section(check.report))
        }
        if let schedule = try scheduleReport(workspace: workspace, graph: graph) {
            style.criticalPath = schedule.plan.timing.path.map { graph.targets[$0].id }
            style.criticalPathName = "critical path (\(schedule.weightsSource))"
            extraSections.append(ScheduleSection.section(schedule))
        }
        let report = GraphReport(graph: graph, style: style,
                                 layout: layout ?? DiagramDefaults.layout(nodeCount: graph.targets.count),
                                 reduceAbove: DiagramDefaults.reduceAbove)
        let sections: [ReportSection]
        do {
            let drawn = try report.sections()
            for warning in drawn.warnings { Console.warning("Graphviz: \(warning)") }
            sections = drawn.sections + extraSections
        } catch {
            throw CommandError(error.description)
        }
        let document = ReportDocument(title: "Module graph of \(Self.title(of: graph, path: load.path))",
                                      source: load.path, toolVersion: ModGraphVersion.current, sections: sections)
        var files = sections.flatMap(\.files).map { ($0.name, Data($0.bytes)) }
        files.append(("report.md", Data(document.markdown().utf8)))
        files.append(("report.json", Data(document.json().utf8)))
        try ReportFolder.write(files, into: output)
        Console.write(document.summary.joined(separator: "\n") + "\n"
            + "Wrote \(output): " + files.map(\.0).joined(separator: ", ") + "\n")
    }

    /// The check, when a configuration is given or found; a broken one is an error, as in `modgraph check`.
    private func checkReport(graph: ModuleGraph, workspace: Workspace) throws -> (report: CheckReport, layerNames: [String])? {
        let rootDirectory = workspace.rootDirectory
        let path: String
        if let config {
            path = config
        } else if let found = ConfigFile.find(from: rootDirectory ?? (load.path == "-" ? "." : load.path)) {
            path = Paths.display(found)
        } else {
            return nil
        }
        let checkConfig = try ConfigFile.load(path)
        let sourceFindings = try checkConfig.sources.map {
            try CheckCommand.checkSources($0, graph: graph, workspace: workspace, platform: load.platform)
        } ?? []
        let result = try Checker(config: checkConfig).check(graph, sourceFindings: sourceFindings)
        let positions = FindingPositions(graph: graph, rootDirectory: rootDirectory, config: checkConfig).positions(of: result)
        return (CheckReport(result: result, configFile: path, positions: positions), checkConfig.layers.map(\.name))
    }

    /// The simulated build on this machine's cores; none for a graph with cycles (the check reports them).
    private func scheduleReport(workspace: Workspace, graph: ModuleGraph) throws -> ScheduleReport? {
        let targetWeights = try ScheduleCommand.weights(weights, workspace: workspace, graph: graph)
        guard let plan = try? BuildPlan(graph: graph.digraph, weights: targetWeights.values,
                                        workers: workers ?? ProcessInfo.processInfo.activeProcessorCount) else { return nil }
        return ScheduleReport(graph: graph, plan: plan, unit: targetWeights.unit.symbol, weightsSource: targetWeights.source,
                              defaulted: targetWeights.defaulted, defaultWeight: targetWeights.defaultValue)
    }

    /// The root package's name, else the path as given.
    static func title(of graph: ModuleGraph, path: String) -> String {
        graph.packages.first { $0.origin == .root }?.name ?? path
    }
}

/// Writes a command's files into one folder, each atomically; the folder is
/// created if missing, and names are plain file names, so nothing lands
/// outside it. Everything is rendered before the first file is written.
enum ReportFolder {
    static func write(_ files: [(name: String, data: Data)], into folder: String) throws(CommandError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandError("\(folder): exists and is not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandError("\(folder): cannot create the folder: \(error.localizedDescription)")
            }
        }
        for (name, data) in files {
            precondition(!name.contains("/") && name != "." && name != "..", "report file names are plain names")
            try OutputFile.write(data, to: (folder as NSString).appendingPathComponent(name))
        }
    }
}
