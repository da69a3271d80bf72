import ModGraphCore
import ModGraphOutput

/// `modgraph graph --level package|product` as text and JSON: the coarser
/// graph a person asks for first in a large workspace ("which packages use
/// which?"), one node per line with what it depends on.
public enum ViewText {
    /// `3 packages, 5 dependencies between them`, then each node and its dependencies.
    ///
    /// - Complexity: O(N + E) for the view's nodes and edges.
    public static func render(_ view: GraphView) -> String {
        let noun = view.level == .package ? "package" : "node"
        var lines = [
            "\(Counted.text(view.nodes.count, noun)), \(Counted.text(view.digraph.edgeCount, "dependency", plural: "dependencies")) between them"
        ]
        lines.append("")
        for (index, node) in view.nodes.enumerated() {
            let dependencies = view.digraph.successors(of: index).map { Escape.text(view.nodes[$0].name) }
            lines.append(
                Escape.text(node.name) + " [\(kind(node.kind))]"
                    + (dependencies.isEmpty ? "" : " → " + dependencies.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The view as JSON: its level, nodes (with the target ids each stands for) and edges (docs/json-format.md).
    public static func json(_ view: GraphView, of graph: ModuleGraph) -> String {
        JSONValue.object([
            ("schemaVersion", .int(GraphJSON.schemaVersion)),
            ("level", .string(view.level.rawValue)),
            (
                "nodes",
                .array(
                    view.nodes.map { node in
                        .object([
                            ("id", .string(node.id)),
                            ("name", .string(node.name)),
                            ("package", .string(node.package.rawValue)),
                            ("kind", .string(kind(node.kind))),
                            ("targets", .strings(node.members.map { graph.targets[$0].id.description })),
                        ])
                    })
            ),
            (
                "edges",
                .array(
                    view.digraph.edges.map { edge in
                        .object([("from", .string(view.nodes[edge.from].id)), ("to", .string(view.nodes[edge.to].id))])
                    })
            ),
        ]).serialized()
    }

    /// `regular`, `library product`, `local package`.
    static func kind(_ kind: GraphView.NodeKind) -> String {
        switch kind {
        case .target(let type): type.rawValue
        case .product(let type): "\(type) product"
        case .package(let origin): "\(origin.rawValue) package"
        }
    }
}
