import ArgumentParser
import Foundation
import ModGraphKit

extension GraphFormat: ExpressibleByArgument {}

/// `modgraph graph`: the module graph itself, as data, diagram source or picture.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print or draw the module dependency graph of a package or workspace."
    )

    @OptionGroup var load: LoadOptions

    @Option(help: "Output format: text (for people), json (for programs, see docs/json-format.md), dot (Graphviz), mermaid (Markdown), or a picture: svg, png, pdf.")
    var format: GraphFormat = .text

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "Graphviz layout for svg, png and pdf: dot (layered), sfdp (large graphs), neato, fdp, circo, twopi (default: dot; sfdp above \(DiagramDefaults.sfdpAbove) nodes).")
    var layout: GraphvizLayout?

    @OptionGroup(title: "Views") var view: ViewOptions

    func validate() throws {
        if layout != nil && format.image == nil {
            throw ValidationError("--layout applies to svg, png and pdf")
        }
    }

    func run() throws {
        if let image = format.image, !image.isText, output == nil || output == "-", isatty(STDOUT_FILENO) == 1 {
            throw CommandError("--format \(image.rawValue) writes binary data: give --output FILE or redirect standard output")
        }
        let graph = try load.load().graph
        let data = try GraphOutput.render(graph, as: format, selection: try view.selection(), layout: layout, warnings: Console.warning)
        try OutputFile.write(data, to: output)
    }
}
