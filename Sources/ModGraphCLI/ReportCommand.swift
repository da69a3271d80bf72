import ArgumentParser
import Foundation
import ModGraphCore
import ModGraphRendering

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

    func run() throws {
        let graph = try load.loadGraph()
        let style = DiagramStyle.highlights(of: graph)
        let report = GraphReport(graph: graph, style: style,
                                 layout: layout ?? DiagramDefaults.layout(nodeCount: graph.targets.count),
                                 reduceAbove: DiagramDefaults.reduceAbove)
        let sections: [ReportSection]
        do {
            let drawn = try report.sections()
            for warning in drawn.warnings { Console.warning("Graphviz: \(warning)") }
            sections = drawn.sections
        } catch {
            throw CommandError(error.description)
        }
        // Extension point: `modgraph check` adds its verdict and violations here (and its
        // layers and violation chains to `style`), `modgraph schedule` its waves, critical
        // path, simulated makespan for ProcessInfo.activeProcessorCount cores and schedule.svg.
        let document = ReportDocument(title: "Module graph of \(Self.title(of: graph, path: load.path))",
                                      source: load.path, toolVersion: ModGraphVersion.current, sections: sections)
        var files = sections.flatMap(\.files).map { ($0.name, Data($0.bytes)) }
        files.append(("report.md", Data(document.markdown().utf8)))
        files.append(("report.json", Data(document.json().utf8)))
        try ReportFolder.write(files, into: output)
        Console.write(document.summary.joined(separator: "\n") + "\n"
            + "Wrote \(output): " + files.map(\.0).joined(separator: ", ") + "\n")
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
