import ModGraphCore
import ModGraphOutput

/// `modgraph why A B`: the dependency paths from one node of a view to
/// another, shortest first, with how many there are in all and the
/// conditions of each step, as text, JSON, or a diagram of the paths alone
/// (DOT, Mermaid, and the viewer's path view).
public struct PathReport: Sendable {
    public let view: GraphView
    public let from: Int
    public let to: Int
    public let paths: PathSet

    /// The `limit` shortest paths from `from` to `to` in `view`.
    ///
    /// - Complexity: that of ``ModGraphCore/Digraph/paths(from:to:limit:)``.
    public init(view: GraphView, from: Int, to: Int, limit: Int) {
        self.view = view
        self.from = from
        self.to = to
        paths = view.digraph.paths(from: from, to: to, limit: limit)
    }

    /// Whether `from` depends on `to` at all.
    public var found: Bool { paths.count > 0 }

    /// `3 paths`, `at least 9,223,372,036,854,775,807 paths`.
    public var countText: String {
        (paths.isExact ? "" : "at least ") + Counted.text(paths.count, "path")
    }

    /// What a node is called in the output: its name, or its id when another node has the same name.
    private func label(_ node: Int) -> String {
        let name = view.nodes[node].name
        return view.nodes.count(where: { $0.name == name }) > 1 ? view.nodes[node].id : name
    }

    /// The conditions of the step `a → b`, in words; nil when it always applies.
    public func condition(from a: Int, to b: Int) -> String? {
        let attributes = view.attributes(from: a, to: b)
        if attributes.isPlugin { return "plugin" }
        guard attributes.isConditional else { return nil }
        return attributes.conditions.map(\.description).joined(separator: " or ")
    }

    /// The paths for people: one line each, the conditional steps under it.
    public func text() -> String {
        let source = Escape.text(view.nodes[from].id)
        let destination = Escape.text(view.nodes[to].id)
        guard found else {
            let reverse = view.digraph.paths(from: to, to: from, limit: 1).count > 0
            return "\(source) does not depend on \(destination): no path leads from it to \(destination)."
                + (reverse ? " (\(destination) depends on \(source): modgraph why \(destination) \(source).)" : "") + "\n"
        }
        var lines = ["\(source) depends on \(destination) through \(countText), shortest first:", ""]
        for (position, path) in paths.paths.enumerated() {
            lines.append("\(position + 1). " + path.map { Escape.text(label($0)) }.joined(separator: " → "))
            for (a, b) in zip(path, path.dropFirst()) {
                if let condition = condition(from: a, to: b) {
                    lines.append(
                        "     \(Escape.text(label(a))) → \(Escape.text(label(b))): \(Escape.text(condition, limit: Escape.messageLimit))")
                }
            }
        }
        let more = paths.count - paths.paths.count
        if more > 0 || !paths.isExact {
            lines.append("")
            lines.append(
                (paths.isExact ? "… and \(Escape.grouped(more)) more" : "… and more")
                    + " (--limit lists more, up to \(Escape.grouped(PathReport.listLimit)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The most paths `--limit` may ask for.
    public static let listLimit = 1_000

    /// The paths for programs (docs/json-format.md).
    public func json() -> String {
        JSONValue.object([
            ("schemaVersion", .int(GraphJSON.schemaVersion)),
            ("from", .string(view.nodes[from].id)),
            ("to", .string(view.nodes[to].id)),
            ("count", .int(paths.count)),
            ("countIsExact", .bool(paths.isExact)),
            (
                "paths",
                .array(
                    paths.paths.map { path in
                        .object([
                            ("targets", .strings(path.map { view.nodes[$0].id })),
                            (
                                "steps",
                                .array(
                                    zip(path, path.dropFirst()).map { a, b in
                                        let attributes = view.attributes(from: a, to: b)
                                        return .object([
                                            ("from", .string(view.nodes[a].id)),
                                            ("to", .string(view.nodes[b].id)),
                                            ("conditions", .strings(attributes.conditions.map(\.description))),
                                            ("plugin", .bool(attributes.isPlugin)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ]).serialized()
    }

    /// The paths listed, drawn on their own: their nodes and steps, the
    /// shortest in bold, a caption that says how many there are and how many
    /// are drawn. Also index.html's path view.
    public func diagram() -> (view: GraphView, style: DiagramStyle) {
        var onPath = [Bool](repeating: false, count: view.nodes.count)
        var steps = Set<GraphView.EdgeKey>()
        for path in paths.paths {
            for node in path { onPath[node] = true }
            for (a, b) in zip(path, path.dropFirst()) { steps.insert(GraphView.EdgeKey(from: a, to: b)) }
        }
        let drawn = view.restricted(to: onPath) { steps.contains(GraphView.EdgeKey(from: $0, to: $1)) }.view
        var style = DiagramStyle()
        if let shortest = paths.paths.first, shortest.count > 1 {
            style.criticalPath = shortest.compactMap(targetID(of:))
            style.criticalPathName = "shortest path"
        }
        let source = view.nodes[from].name
        let destination = view.nodes[to].name
        style.caption =
            found
            ? "\(countText.prefix(1).uppercased() + countText.dropFirst()) from \(source) to \(destination)"
                + (paths.paths.count < paths.count || !paths.isExact ? "; the \(paths.paths.count) shortest drawn." : ".")
            : "\(source) does not depend on \(destination)."
        return (drawn, style)
    }

    /// The target a node stands for (a diagram's emphasis names targets).
    private func targetID(of node: Int) -> TargetID? {
        view.nodesOfTarget.first { $0.value.contains(node) }?.key
    }
}
