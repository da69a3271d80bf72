import ArgumentParser
import ModGraphCore
import ModGraphRendering

/// `modgraph graph`: the module graph itself, as data or as a diagram source.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the module dependency graph of a package or workspace."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, dot
    }

    @OptionGroup var load: LoadOptions

    @Option(help: "Output format: text (for people), json (for programs, see docs/json-format.md) or dot (for Graphviz).")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    func run() throws {
        let graph = try load.loadGraph()
        let text = switch format {
        case .text: GraphText.render(graph)
        case .json: GraphJSON.render(graph)
        case .dot: DOTWriter().render(graph)
        }
        try OutputFile.write(text, to: output)
    }
}
