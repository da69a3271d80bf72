import ModGraphCore
import ModGraphDiagrams

/// The formats of `modgraph why`.
public enum WhyFormat: String, CaseIterable, Sendable {
    case text, json, dot, mermaid
}

/// `modgraph why A B` as a use case: the dependency paths from one target to another.
public enum WhyOutput {
    /// How many paths may be listed: the count is of all of them, however many are listed.
    public static let limits = 1...PathReport.listLimit

    /// The paths from `from` to `to` in `graph` (names as `--focus` takes them), the `limit`
    /// shortest, as `format`; `found` is false when `from` does not depend on `to`.
    public static func render(
        _ graph: ModuleGraph, from: String, to: String, limit: Int, format: WhyFormat
    ) throws(CommandError) -> (content: FileContent, found: Bool) {
        let source = try lookUp(from, in: graph)
        let destination = try lookUp(to, in: graph)
        if source == destination { throw CommandError("\(from) and \(to) are the same target: name two") }
        let report = PathReport(view: GraphView(graph), from: source, to: destination, limit: limit)
        let content: FileContent
        switch format {
        case .text: content = .text(report.text())
        case .json: content = .text(report.json())
        case .dot, .mermaid:
            let (view, style) = report.diagram()
            content = .text(format == .dot ? DOTWriter(style: style).render(view) : MermaidWriter(style: style).render(view))
        }
        return (content, report.found)
    }

    private static func lookUp(_ name: String, in graph: ModuleGraph) throws(CommandError) -> Int {
        do {
            return try graph.lookUpTarget(name)
        } catch {
            throw CommandError("\(error)")
        }
    }
}
