import BenchmarkKit
import Foundation
import ModGraphCore
import ModGraphDiagrams

/// Diagram layout on large graphs: the view as `modgraph graph --format svg`
/// builds it by default (reduced above 60 nodes, crowded ranks staggered),
/// laid out and rendered to SVG by Graphviz in-process. The target:
/// 1,000 targets under 10 s.
///
/// Set MODGRAPH_BENCH_PICTURES=DIR to also write each diagram as PNG, to look at.
func diagramBenchmarks() -> [BenchmarkKit.Measurement] {
    let pictures = ProcessInfo.processInfo.environment["MODGRAPH_BENCH_PICTURES"]
    var results: [BenchmarkKit.Measurement] = []
    // sfdp is the default above 150 nodes; dot at 1,000 for comparison.
    let cases: [(targets: Int, verticals: Int, layout: GraphvizLayout, runs: Int, target: Double?)] = [
        (500, 25, .sfdp, 3, nil),
        (1_000, 50, .sfdp, 3, 10),
        (1_000, 50, .dot, 1, nil),
        (5_000, 250, .sfdp, 1, nil),
    ]
    for entry in cases {
        let graph = SyntheticGraph.modularApp(targets: entry.targets, verticals: entry.verticals, verticalEdges: entry.verticals / 5, seed: 5)
        let style = DiagramStyle.highlights(of: graph)
        let full = GraphView(graph)
        let view = full.transitivelyReduced(keeping: style.highlightedEdges(in: full))
        let dot = DOTWriter(style: style).render(view)
        let name = "diagram: \(graph.targets.count) targets, \(view.digraph.edgeCount)/\(graph.digraph.edgeCount) edges, \(entry.layout) → svg"
        results.append(measure(name, runs: entry.runs, target: entry.target) {
            try? GraphvizRenderer().render(dot: dot, layout: entry.layout, format: .svg)
        })
        if let pictures {
            let base = URL(fileURLWithPath: pictures).appendingPathComponent("synthetic-\(graph.targets.count)-\(entry.layout)")
            try? Data(dot.utf8).write(to: base.appendingPathExtension("dot"))
            let file = base.appendingPathExtension("png")
            if let image = try? GraphvizRenderer().render(dot: dot, layout: entry.layout, format: .png) {
                try? Data(image.bytes).write(to: file)
            }
        }
    }
    return results
}
