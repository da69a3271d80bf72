import ArgumentParser
import Foundation
import ModGraphKit

extension GraphLevel: ExpressibleByArgument {}
extension Clustering: ExpressibleByArgument {}
extension GraphvizLayout: ExpressibleByArgument {}

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

    @Flag(help: "With --focus: follow what depends on the focus instead of what it depends on.")
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

    func validate() throws {
        try OptionBounds.check(depth, in: OptionBounds.depth, option: "--depth")
        if depth != nil && focus == nil { throw ValidationError("--depth needs --focus") }
        if dependents && focus == nil { throw ValidationError("--dependents needs --focus") }
    }

    /// The selection these options make.
    func selection() throws(CommandError) -> GraphSelection {
        var names: [String] = []
        if let focus {
            names = focus.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw CommandError("--focus: no target named") }
        }
        return GraphSelection(
            focus: names, depth: depth, dependents: dependents, level: level, reduce: reduce, cluster: cluster, simplify: simplify)
    }
}
