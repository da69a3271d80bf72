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
        let noun = view.groupedBy.map { _ in "node" } ?? (view.level == .package ? "package" : "node")
        var lines = [
            "\(Counted.text(view.nodes.count, noun)), \(Counted.text(view.digraph.edgeCount, "dependency", plural: "dependencies")) between them"
        ]
        if let grouping = view.groupedBy {
            // A collapsed view: what the groups are, each group's size, and what each edge stands for.
            let groups = view.nodes.count(where: \.isGroup)
            lines[0] =
                "\(Counted.text(groups, "group")) by \(grouping.rawValue)"
                + (groups < view.nodes.count ? " and \(Counted.text(view.nodes.count - groups, "target"))" : "")
                + ", \(Counted.text(view.digraph.edgeCount, "edge")) between them (in parentheses: the dependencies between targets an edge stands for)"
        }
        lines.append("")
        for (index, node) in view.nodes.enumerated() {
            let dependencies = view.digraph.successors(of: index).map { next in
                Escape.text(view.nodes[next].name) + (view.groupedBy == nil ? "" : " (\(view.count(from: index, to: next)))")
            }
            let size = view.groupedBy != nil && node.isGroup ? ", " + Counted.text(node.members.count, "target") : ""
            lines.append(
                Escape.text(node.name) + " [\(kind(node.kind))\(size)]"
                    + (dependencies.isEmpty ? "" : " → " + dependencies.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The view as JSON: its level (and for a collapsed view how it was collapsed), nodes (with the
    /// target ids each stands for) and edges (with the dependencies each stands for when collapsed;
    /// docs/json-format.md).
    public static func json(_ view: GraphView, of graph: ModuleGraph) -> String {
        var members: [(String, JSONValue)] = [
            ("schemaVersion", .int(GraphJSON.schemaVersion)),
            ("level", .string(view.level.rawValue)),
        ]
        if let grouping = view.groupedBy { members.append(("collapse", .string(grouping.rawValue))) }
        members.append(
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
            ))
        members.append(
            (
                "edges",
                .array(
                    view.digraph.edges.map { edge in
                        var fields: [(String, JSONValue)] = [
                            ("from", .string(view.nodes[edge.from].id)), ("to", .string(view.nodes[edge.to].id)),
                        ]
                        if view.groupedBy != nil { fields.append(("count", .int(view.count(from: edge.from, to: edge.to)))) }
                        return .object(fields)
                    })
            ))
        return JSONValue.object(members).serialized()
    }

    /// `regular`, `library product`, `local package`.
    static func kind(_ kind: GraphView.NodeKind) -> String {
        switch kind {
        case .target(let type): type.rawValue
        case .product(let type): "\(type) product"
        case .package(let origin): "\(origin.rawValue) package"
        case .group(let kind): kind.rawValue
        }
    }
}
