import ArgumentParser
import ModGraphCore
import ModGraphDiagrams
import ModGraphReport

extension GraphView.Level: ExpressibleByArgument {}
extension DiagramStyle.Clustering: ExpressibleByArgument {}
extension GraphvizLayout: ExpressibleByArgument {}

/// The options that cut a readable view out of a large graph.
struct ViewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Show only these targets and their neighbourhood (comma-separated; a name, or identity/Name when several packages use it).", valueName: "targets"))
    var focus: String?

    @Option(help: "With --focus: how many dependency steps away to go, \(OptionBounds.describe(OptionBounds.depth)) (default: all the way).")
    var depth: Int?

    @Flag(help: "With --focus: follow what depends on the focus instead of what it depends on.")
    var dependents = false

    @Option(help: "One node per target, per product, or per package (diagrams only).")
    var level: GraphView.Level = .target

    @Flag(inversion: .prefixedNo, help: "Drop dependencies implied by longer paths (transitive reduction). Default: on for diagrams above \(DiagramDefaults.reduceAbove) nodes.")
    var reduce: Bool?

    // `layer` needs `modgraph check`'s configuration; the renderer supports it
    // (DiagramStyle.layers), the command offers it once the config is read here.
    @Option(help: "Boxes around nodes: package or none (default: package when there are several packages).")
    var cluster: DiagramStyle.Clustering?

    func validate() throws {
        try OptionBounds.check(depth, in: OptionBounds.depth, option: "--depth")
        if depth != nil && focus == nil { throw ValidationError("--depth needs --focus") }
        if dependents && focus == nil { throw ValidationError("--dependents needs --focus") }
        if cluster == .layer {
            throw ValidationError("--cluster layer needs a layer configuration, which `modgraph check` provides; use package or none")
        }
    }

    /// The focused graph: the whole graph without --focus.
    func focused(_ graph: ModuleGraph) throws -> ModuleGraph {
        guard let focus else { return graph }
        let names = focus.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw CommandError("--focus: no target named") }
        var vertices: [Int] = []
        for name in names {
            do {
                vertices.append(try graph.lookUpTarget(name))
            } catch {
                throw CommandError("--focus: \(error)")
            }
        }
        return graph.neighbourhood(of: vertices, depth: depth, following: dependents ? .dependents : .dependencies)
    }

    /// The diagram of `graph` (already focused), with its emphasis.
    func diagram(of graph: ModuleGraph) -> (view: GraphView, style: DiagramStyle) {
        var style = DiagramStyle.highlights(of: graph)
        style.clustering = cluster
        var view = GraphView(graph, level: level)
        if reduce ?? (view.nodes.count > DiagramDefaults.reduceAbove) {
            view = view.transitivelyReduced(keeping: style.highlightedEdges(in: view))
        }
        return (view, style)
    }

    /// The graph for text and JSON, which show targets and every declaration.
    func textual(_ graph: ModuleGraph) throws -> ModuleGraph {
        if level != .target { throw CommandError("--level \(level.rawValue) applies to diagrams (dot, mermaid, svg, png, pdf)") }
        if cluster != nil { throw CommandError("--cluster applies to diagrams (dot, mermaid, svg, png, pdf)") }
        return reduce == true ? graph.transitivelyReduced() : graph
    }
}
