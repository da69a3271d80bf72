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

    @Option(
        help:
            "Output format: text (for people), json (for programs, see docs/json-format.md), dot (Graphviz), mermaid (Markdown), a picture: svg, png, pdf, or html: an interactive page to open in a browser (every module, collapsed views, a module's neighbourhood, the paths between two, search; docs/report.md)."
    )
    var format: GraphFormat = .text

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    @Option(
        help:
            "Graphviz layout for svg, png, pdf and html: dot (layered), sfdp (large graphs), neato, fdp, circo, twopi (default: dot; sfdp above \(DiagramDefaults.sfdpAbove) nodes; html chooses per view)."
    )
    var layout: GraphvizLayout?

    @Option(
        help:
            "The configuration whose layers colour the diagram and make --cluster layer's boxes and --collapse layer's groups (default: .modgraph.yml found from the package folder up, when there is one)."
    )
    var config: String?

    @OptionGroup(title: "Views") var view: ViewOptions

    @Flag(
        help:
            "Instead of the build dependencies, what the modules use of one another at run time, read from their sources: interface protocols, builders and builder requirements, builder namespaces, screen and flow modules, and where the app wires them (dashed edges; text, json, dot, mermaid, svg, png, pdf; html: over the build graph, behind a toggle; docs/wiring.md)."
    )
    var wiring = false

    func validate() throws {
        if layout != nil && format.image == nil && format != .html {
            throw ValidationError("--layout applies to svg, png, pdf and html")
        }
        if wiring && view.changesTheView {
            throw ValidationError("--wiring shows every module's wiring: it cannot be combined with --focus, --level, --collapse or --cluster")
        }
    }

    func run() throws {
        if let image = format.image, !image.isText, output == nil || output == "-", isatty(STDOUT_FILENO) == 1 {
            throw CommandError("--format \(image.rawValue) writes binary data: give --output FILE or redirect standard output")
        }
        let loaded = try load.load(configuration: config)
        if wiring && format != .html {
            let found = try WiringView.read(loaded, config: loaded.configuration.configuration()?.config, warnings: Console.warning)
            try OutputFile.write(try WiringView.render(found, as: format, layout: layout, warnings: Console.warning), to: output)
            return
        }
        let selection = try view.selection()
        // html with --wiring: the build graph with the wiring over it, behind a toggle that opens on.
        let found =
            wiring ? try WiringView.read(loaded, config: loaded.configuration.configuration()?.config, warnings: Console.warning) : nil
        let content = try GraphOutput.render(
            loaded.graph, as: format, selection: selection, layout: layout,
            layers: try layers(of: loaded, for: selection),
            title: loaded.repository.name, source: load.path, wiring: found, warnings: Console.warning)
        try OutputFile.write(content, to: output)
    }

    /// Layers for diagrams, from the configuration given or found. A broken configuration found on
    /// its own only costs the colours (with a warning); one asked for by --config or --cluster layer is an error.
    private func layers(of loaded: LoadedGraph, for selection: GraphSelection) throws -> GraphOutput.LayerSource {
        guard (format != .text && format != .json) || selection.collapse == .layer,
            try loaded.configuration.existingPath() != nil
        else { return { [:] } }
        let isRequired = config != nil || selection.cluster == .layer || selection.collapse == .layer
        let (graph, configuration) = (loaded.graph, loaded.configuration)
        return { () throws(ConfigError) in
            do throws(ConfigError) {
                guard let config = try configuration.read() else { return [:] }
                return try DiagramLayers.layers(of: config, for: graph)
            } catch {
                if isRequired { throw error }
                Console.warning("\(error); the diagram is drawn without layer colours")
                return [:]
            }
        }
    }
}
