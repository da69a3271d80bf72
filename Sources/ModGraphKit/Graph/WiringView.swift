import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput
import ModGraphRules
import ModGraphSources

/// `modgraph graph --wiring` as a use case: the wiring between the workspace's own
/// modules read from their sources (docs/wiring.md), in one of the graph's formats.
public enum WiringView {
    /// Reads the wiring of `loaded`'s own modules. The modules' roles come from
    /// `config` when there is one (its interfaces, layers and features), else from
    /// the graph (``WiringRoles/inferred(from:interfaces:)``).
    /// A file over the parsing budget is named in `warnings` and left out. `scans`: as in ``CheckRun``.
    public static func read(
        _ loaded: LoadedGraph, config: CheckConfig?, scans: ScanCache? = nil, warnings: (String) -> Void = { _ in }
    ) throws(CommandError) -> Wiring {
        let graph = loaded.graph
        let roles: WiringRoles
        do {
            if let config {
                roles = try WiringRoles.configured(config, graph: graph)
            } else {
                roles = WiringRoles.inferred(from: graph)
            }
        } catch {
            throw CommandError(error.description)
        }
        let targets = loaded.sourceTargets(warnings: warnings)
        do {
            let cache = scans ?? loaded.scanCache()
            let outcome = try WiringReader.read(graph, targets: targets, roles: roles, budget: .standard, runner: loaded.executor, cache: cache)
            if scans == nil { loaded.save(cache) }
            for skipped in outcome.skipped {
                warnings(SkippedSource(path: DisplayPath.of(skipped.path), excess: skipped.excess).description)
            }
            return outcome.wiring
        } catch {
            throw CommandError(error.description)
        }
    }

    /// `wiring` as `format`: text and JSON with the inventory, DOT and Mermaid and the
    /// pictures with dashed edges. The html page draws the build graph too: it is made by
    /// ``GraphOutput/render(_:as:selection:layout:layers:title:source:wiring:warnings:)`` with the wiring.
    public static func render(
        _ wiring: Wiring, as format: GraphFormat, layout: GraphvizLayout? = nil, warnings: (String) -> Void = { _ in }
    ) throws(CommandError) -> FileContent {
        switch format {
        case .text: return .text(WiringOutput.text(wiring))
        case .json: return .bytes(WiringOutput.json(wiring).serializedBytes())
        case .dot: return .text(WiringOutput.dot(wiring))
        case .mermaid: return .text(WiringOutput.mermaid(wiring))
        case .svg, .png, .pdf:
            guard let image = format.image else { return .text(WiringOutput.dot(wiring)) }
            return .bytes(try GraphOutput.draw(WiringOutput.dot(wiring), layout: layout ?? .dot, format: image, warnings: warnings))
        case .html:
            throw CommandError("the html page with the wiring is drawn with the build graph: GraphOutput.render(…, wiring:)")
        }
    }
}
