import Foundation
import ModGraphCore
import ModGraphDiagrams
import ModGraphPlanning
import ModGraphReport
import ModGraphRules

/// What `modgraph report` puts together.
public struct ReportRequest: Sendable {
    public var schedule: ScheduleRequest
    /// Graphviz layout for graph.svg; nil: dot, or sfdp for large graphs.
    public var layout: GraphvizLayout?
    /// Whether to draw diagrams: graph.svg, graph.dot, schedule.svg and the
    /// Mermaid ones in report.md (`--no-diagrams` says no). Above
    /// ``DiagramDefaults/pictureNodeLimit`` targets the pictures (graph.svg,
    /// schedule.svg) are left out anyway, with a warning.
    public var drawsDiagrams: Bool

    /// The check runs on the loaded graph's configuration (``LoadedGraph/configuration``), when it has one.
    public init(schedule: ScheduleRequest = ScheduleRequest(), layout: GraphvizLayout? = nil, drawsDiagrams: Bool = true) {
        self.schedule = schedule
        self.layout = layout
        self.drawsDiagrams = drawsDiagrams
    }
}

/// A report, rendered: the document and every file of the report folder.
public struct ReportOutput: Sendable {
    public let document: ReportDocument
    /// Plain file names and their contents, made as they are written: the
    /// sections' files, index.html, then report.md and report.json.
    public let files: [(name: String, content: FileContent)]
    /// The request's executor, which writes the files at once.
    let executor: Executor

    /// Writes the report's files into `folder` (``ReportFolder``); returns what their
    /// renderers warned of, in the files' order.
    public func write(into folder: String) throws(CommandError) -> [String] {
        try ReportFolder.write(files, into: folder, executor: executor)
    }
}

/// `modgraph report` as a use case: the graph's sections, the check's when a
/// configuration is given or found, the schedule's when the graph has no cycle.
public enum ReportRun {
    public static func run(
        _ request: ReportRequest, on loaded: LoadedGraph, source: String,
        warnings: (String) -> Void = { _ in }
    ) throws -> ReportOutput {
        let graph = loaded.graph
        // A picture of thousands of targets takes Graphviz minutes and shows nothing: one line says so.
        let refusal = DiagramDefaults.pictureRefusal(nodes: graph.targets.count, what: "the graph")
        let pictureLeftOut = request.drawsDiagrams ? refusal : "--no-diagrams"
        if request.drawsDiagrams, let refusal { warnings("graph.svg and schedule.svg not drawn: \(refusal); report.md links graph.dot") }
        var extraSections: [ReportSection] = []
        // The check and the schedule are independent: two units at once, their warnings
        // held and told in the order they always were (the check's, then the weights').
        // The diagrams' style (cycles, longest chain, the check's layers and findings) is worked
        // out with the check.
        _ = try loaded.configuration.existingPath()
        let (checked, planned) = loaded.executor.both(
            {
                Told { warn -> (report: CheckReport?, style: DiagramStyle) in
                    var style = DiagramStyle.highlights(of: graph)
                    guard let check = try CheckRun(on: loaded, warnings: warn) else { return (nil, style) }
                    let report = try check.report()
                    CheckSection.style(report, layerNames: check.config.layers.map(\.name), into: &style)
                    return (report, style)
                }
            },
            {
                Told { warn -> ScheduleReport? in
                    let weights = try ScheduleRun.weights(request.schedule.weights, for: loaded, warnings: warn)
                    // A graph with cycles has no schedule; the check and the structure section report them.
                    return try? ScheduleRun.plan(request.schedule, weights: weights, on: loaded, source: source)
                }
            })
        let (checkReport, checkedStyle) = try checked.get(telling: warnings)
        var style = checkedStyle
        if let checkReport { extraSections.append(CheckSection.section(checkReport)) }
        let schedule = try planned.get(telling: warnings)
        if let schedule {
            // The schedule's path runs in build order, dependencies first; a diagram's chains follow the edges, dependents first.
            style.criticalPath = schedule.plan.timing.path.reversed().map { graph.targets[$0].id }
            style.criticalPathName = "critical path (\(schedule.weightsSource))"
            extraSections.append(ScheduleSection.section(schedule, chartLeftOut: pictureLeftOut))
        }
        // Large graphs are drawn without tests and other packages' products, as `graph` draws them.
        var drawnGraph: ModuleGraph?
        if request.drawsDiagrams, graph.targets.count > DiagramDefaults.simplifyAbove {
            let simplified = DiagramDefaults.simplified(graph, showAllWith: "modgraph graph --no-simplify")
            drawnGraph = simplified.graph
            style.caption = simplified.caption
        }
        var report = GraphReport(
            graph: graph, style: style,
            layout: request.layout ?? DiagramDefaults.layout(nodeCount: graph.targets.count),
            reduceAbove: DiagramDefaults.reduceAbove)
        report.pictureLeftOut = pictureLeftOut
        report.drawnGraph = drawnGraph
        report.drawsDiagrams = request.drawsDiagrams
        let title = "Module graph of \(loaded.repository.name)"
        // index.html: the whole graph, laid out once more with every edge (the page hides the implied ones).
        let pageStyle = style
        let sections: [ReportSection]
        do throws(GraphvizError) {
            let drawn = try report.sections()
            for warning in drawn.warnings { warnings("Graphviz: \(warning)") }
            sections = drawn.sections + extraSections
        } catch {
            throw CommandError(error.description)
        }
        let document = ReportDocument(title: title, source: source, toolVersion: ModGraphVersion.current, sections: sections)
        // The largest files are made as they are written (by ReportFolder, at once):
        // report.json goes to disk a few megabytes at a time, never held whole.
        var files = sections.flatMap(\.files).map { ($0.name, FileContent.bytes($0.bytes)) }
        files.append(
            (
                "index.html",
                .rendered { () throws(CommandError) in
                    let full = GraphView(graph)
                    let viewer = ViewerPage(
                        title: title, source: source, toolVersion: ModGraphVersion.current, graph: graph, view: full,
                        style: pageStyle, check: checkReport, schedule: schedule,
                        hidesImplied: full.nodes.count > DiagramDefaults.reduceAbove, layout: request.layout,
                        pictureLeftOut: request.drawsDiagrams ? refusal : "no diagrams were asked for (--no-diagrams)",
                        budget: DiagramDefaults.viewer)
                    do {
                        let rendered = try viewer.render()
                        return (rendered.bytes, rendered.warnings.map { "Graphviz (index.html): \($0)" })
                    } catch {
                        throw CommandError("\(error)")
                    }
                }
            ))
        files.append(("report.md", .rendered { (Array(document.markdown().utf8), []) }))
        files.append(("report.json", .streamed { write in document.writeJSON(to: write) }))
        return ReportOutput(document: document, files: files, executor: loaded.executor)
    }
}

/// The release this build reports with `--version` and in reports.
public enum ModGraphVersion {
    public static let current = "0.1.0"
}
