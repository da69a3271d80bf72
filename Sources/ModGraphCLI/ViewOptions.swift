import ArgumentParser
import Foundation
import ModGraphKit

extension GraphLevel: ExpressibleByArgument {}
extension Clustering: ExpressibleByArgument {}
extension GraphvizLayout: ExpressibleByArgument {}
extension Collapse: ExpressibleByArgument {}

/// The options that cut a readable view out of a large graph.
struct ViewOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Show only these targets and their neighbourhood (comma-separated; a name, or identity/Name when several packages use it).",
            valueName: "targets"))
    var focus: String?

    @Option(
        help: "With --focus: how many dependency steps away to go, \(OptionBounds.describe(OptionBounds.depth)) (default: all the way).")
    var depth: Int?

    @Flag(help: "With --focus: only what depends on the focus (default: what it depends on and what depends on it).")
    var up = false

    @Flag(help: "With --focus: only what the focus depends on.")
    var down = false

    // The name --up had before both ways became the default.
    @Flag(help: .hidden)
    var dependents = false

    @Option(help: "One node per target, per product, or per package.")
    var level: GraphLevel = .target

    @Flag(
        inversion: .prefixedNo,
        help:
            "Drop dependencies implied by longer paths (transitive reduction). Default: on for diagrams above \(DiagramDefaults.reduceAbove) nodes."
    )
    var reduce: Bool?

    @Flag(
        inversion: .prefixedNo,
        help:
            "Leave tests and products of other packages out of a diagram, saying so in its legend. Default: on for diagrams above \(DiagramDefaults.simplifyAbove) targets."
    )
    var simplify: Bool?

    // `layer` needs `modgraph check`'s configuration; the renderer supports it
    // (DiagramStyle.layers), the command offers it once the config is read here.
    @Option(help: "Boxes around nodes: package or none (default: package when there are several packages).")
    var cluster: Clustering?

    @Option(
        help:
            "One node per package (or Xcode project), per project folder, or per layer of .modgraph.yml, each edge counting the dependencies it stands for."
    )
    var collapse: Collapse?

    @Option(
        help: ArgumentHelp(
            "With --collapse: groups to draw open, their targets among the other groups (comma-separated).", valueName: "groups"))
    var open: String?

    func validate() throws {
        try OptionBounds.check(depth, in: OptionBounds.depth, option: "--depth")
        if depth != nil && focus == nil { throw ValidationError("--depth needs --focus") }
        if up || down || dependents, focus == nil { throw ValidationError("--\(up || dependents ? "up" : "down") needs --focus") }
        if (up || dependents) && down {
            throw ValidationError("--up and --down cannot be combined: without either, the focus goes both ways")
        }
        if open != nil && collapse == nil { throw ValidationError("--open needs --collapse") }
        if collapse != nil && level != .target {
            throw ValidationError("--collapse groups targets: it cannot be combined with --level \(level.rawValue)")
        }
    }

    /// Whether any option here was given that picks a part of the graph or changes how it is drawn.
    var changesTheView: Bool {
        focus != nil || level != .target || collapse != nil || cluster != nil || reduce != nil || simplify != nil
    }

    /// The selection these options make.
    func selection() throws(CommandError) -> GraphSelection {
        var names: [String] = []
        if let focus {
            names = focus.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw CommandError("--focus: no target named") }
        }
        let groups = open.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } } ?? []
        return GraphSelection(
            focus: names, depth: depth, direction: up || dependents ? .up : down ? .down : .both, level: level, reduce: reduce,
            cluster: cluster, simplify: simplify, collapse: collapse, open: groups)
    }
}
