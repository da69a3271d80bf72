import ArgumentParser
import Foundation
import ModGraphEscaping
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

    @Option(help: "Workers for the simulated build, \(OptionBounds.describe(OptionBounds.workers)) (default: this machine's core count).")
    var workers: Int?

    @Option(help: "Weights for the schedule: uniform, sources (default) or a weights JSON file from `modgraph measure`.")
    var weights: String = "sources"

    func validate() throws {
        try OptionBounds.check(workers, in: OptionBounds.workers, option: "--workers")
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
        Console.write(document.summary.map { Escape.message($0) + "\n" }.joined()
            + "Wrote \(Escape.message(output)): " + files.map(\.0).joined(separator: ", ") + "\n")
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
        let result = try Checker(config: checkConfig).check(graph, sourceFindings: sourceFindings,
                                                            manifestLines: ManifestFiles(graph: graph, rootDirectory: rootDirectory))
        return (CheckReport(result: result, configFile: path), checkConfig.layers.map(\.name))
    }

    /// The simulated build on this machine's cores; none for a graph with cycles (the check reports them).
    private func scheduleReport(workspace: Workspace, graph: ModuleGraph) throws -> ScheduleReport? {
        let targetWeights = try ScheduleCommand.weights(weights, workspace: workspace, graph: graph)
        guard let plan = try? BuildPlan(graph: graph.digraph, weights: targetWeights.values,
                                        workers: workers ?? min(ProcessInfo.processInfo.activeProcessorCount, OptionBounds.workers.upperBound)) else { return nil }
        return ScheduleReport(graph: graph, plan: plan, unit: targetWeights.unit.symbol, weightsSource: targetWeights.source,
                              defaulted: targetWeights.defaulted, defaultWeight: targetWeights.defaultValue)
    }

    /// The root package's name, else the path as given.
    static func title(of graph: ModuleGraph, path: String) -> String {
        graph.packages.first { $0.origin == .root }?.name ?? path
    }
}

/// Writes a command's files into one folder so that a reader sees either the
/// old report or the new one, never a mix, and nothing lands elsewhere.
///
/// Every file is rendered before the first is written. The new report is
/// assembled in a hidden sibling folder (`.NAME.modgraph-PID-RANDOM.tmp`,
/// created exclusively, files inside created with `O_EXCL | O_NOFOLLOW`)
/// and renamed into place; an existing folder that holds only report files
/// is first renamed aside and removed afterwards. A folder holding anything
/// else (the user's own files) is never moved or emptied: the report's files
/// are then replaced one by one, each atomically. Leftovers of a killed run
/// are removed by the next.
enum ReportFolder {
    static func write(_ files: [(name: String, data: Data)], into folder: String) throws(CommandError) {
        guard !folder.isEmpty else { throw CommandError("--output: the path is empty; give a folder") }
        for (name, _) in files {
            precondition(!name.contains("/") && name != "." && name != ".." && !name.hasPrefix("."), "report file names are plain names")
        }
        let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let parent = (trimmed as NSString).deletingLastPathComponent.isEmpty ? "." : (trimmed as NSString).deletingLastPathComponent
        let base = (trimmed as NSString).lastPathComponent
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue { throw CommandError("\(folder): exists and is not a folder") }
        if !exists {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw CommandError("\(folder): cannot create the folder: \(error.localizedDescription)")
            }
        }
        TemporaryFiles.removeStale(in: parent)
        if exists {
            TemporaryFiles.removeStale(in: trimmed)
        }
        let swappable = base != "." && base != ".." && base != "/" && (!exists || holdsOnlyReportFiles(trimmed, names: Set(files.map(\.name))))
        guard swappable else {
            // The user's own folder: replace each report file atomically, touch nothing else.
            for (name, data) in files {
                try OutputFile.write(data, to: (trimmed as NSString).appendingPathComponent(name))
            }
            return
        }
        let staging = (parent as NSString).appendingPathComponent(".\(base)" + TemporaryFiles.name())
        guard mkdir(staging, 0o755) == 0 else {
            throw CommandError("\(folder): cannot create a temporary folder beside it: \(String(cString: strerror(errno)))")
        }
        do throws(CommandError) {
            for (name, data) in files {
                let temporary = try TemporaryFiles.create(in: staging, containing: data, for: (trimmed as NSString).appendingPathComponent(name))
                guard rename(temporary, (staging as NSString).appendingPathComponent(name)) == 0 else {
                    throw CommandError("\(folder): cannot write \(name): \(String(cString: strerror(errno)))")
                }
            }
            try swap(staging, into: trimmed, exists: exists, parent: parent, base: base)
        } catch {
            TemporaryFiles.removeFolderOfFiles(staging)
            throw error
        }
    }

    /// Puts the staged folder in place: the old report aside, the new one in, the old one removed.
    private static func swap(_ staging: String, into folder: String, exists: Bool, parent: String, base: String) throws(CommandError) {
        var aside: String?
        if exists {
            let path = (parent as NSString).appendingPathComponent(".\(base)" + TemporaryFiles.name())
            guard rename(folder, path) == 0 else {
                throw CommandError("\(folder): cannot replace the old report: \(String(cString: strerror(errno)))")
            }
            aside = path
        }
        guard rename(staging, folder) == 0 else {
            let reason = String(cString: strerror(errno))
            if let aside { rename(aside, folder) }
            throw CommandError("\(folder): cannot move the new report into place: \(reason)")
        }
        if let aside { TemporaryFiles.removeFolderOfFiles(aside) }
    }

    /// Whether a folder holds nothing but regular files with the report's names (and our leftovers).
    static func holdsOnlyReportFiles(_ folder: String, names: Set<String>) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        let known = names.union(ReportFolder.everyReportFile)
        return entries.allSatisfy { entry in
            var status = stat()
            let path = (folder as NSString).appendingPathComponent(entry)
            return known.contains(entry) && lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }

    /// Every file `modgraph report` has ever written, so that an older report's folder still counts as a report.
    static let everyReportFile: Set<String> = ["graph.svg", "graph.dot", "schedule.svg", "report.md", "report.json"]
}
