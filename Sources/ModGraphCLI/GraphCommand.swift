import ArgumentParser
import Foundation
import ModGraphCore
import ModGraphDiagrams
import ModGraphReport

/// `modgraph graph`: the module graph itself, as data, diagram source or picture.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print or draw the module dependency graph of a package or workspace."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, dot, mermaid, svg, png, pdf

        var image: ImageFormat? { ImageFormat(rawValue: rawValue) }
    }

    @OptionGroup var load: LoadOptions

    @Option(help: "Output format: text (for people), json (for programs, see docs/json-format.md), dot (Graphviz), mermaid (Markdown), or a picture: svg, png, pdf.")
    var format: Format = .text

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
        let graph = try view.focused(try load.loadGraph())
        switch format {
        case .text: try OutputFile.write(GraphText.render(try view.textual(graph)), to: output)
        case .json: try OutputFile.write(GraphJSON.render(try view.textual(graph)), to: output)
        case .dot, .mermaid, .svg, .png, .pdf:
            let (diagram, style) = view.diagram(of: graph)
            if format == .mermaid {
                try OutputFile.write(MermaidWriter(style: style).render(diagram), to: output)
                return
            }
            let dot = DOTWriter(style: style).render(diagram)
            guard let image = format.image else {
                try OutputFile.write(dot, to: output)
                return
            }
            let picture = try Diagrams.draw(dot, layout: layout ?? DiagramDefaults.layout(nodeCount: diagram.nodes.count), format: image)
            try OutputFile.write(Data(picture), to: output)
        }
    }
}
