import ModGraphCore

/// Writes a ``ModuleGraph`` in Graphviz's DOT language.
///
/// Every identifier is quoted and escaped, since target names may hold any
/// Unicode, quotes, backslashes and spaces; node identifiers are the unique
/// `package/Target` ids and labels the display names.
public struct DOTWriter: Sendable {
    /// Group targets in one box per package; on by default when there are several packages.
    public var clusterByPackage: Bool?

    public init(clusterByPackage: Bool? = nil) {
        self.clusterByPackage = clusterByPackage
    }

    public func render(_ graph: ModuleGraph) -> String {
        var lines: [String] = []
        lines.append("digraph \(Self.quoted("modgraph")) {")
        lines.append("  graph [rankdir=TB, fontname=\"Helvetica\", newrank=true, nodesep=0.3, ranksep=0.6];")
        lines.append("  node [shape=box, style=\"rounded,filled\", fillcolor=\"#eef3fb\", color=\"#5b7fb5\", fontname=\"Helvetica\", fontsize=11];")
        lines.append("  edge [color=\"#4d5b6a\", arrowsize=0.7];")
        let cluster = clusterByPackage ?? (Set(graph.targets.map(\.package)).count > 1)
        if cluster {
            let byPackage = Dictionary(grouping: graph.targets, by: \.package)
            for package in byPackage.keys.sorted() {
                let name = graph.package(package)?.name ?? package.rawValue
                lines.append("  subgraph \(Self.quoted("cluster_" + package.rawValue)) {")
                lines.append("    label=\(Self.quoted(name)); style=\"rounded,dashed\"; color=\"#9aa5b1\"; fontcolor=\"#52606d\";")
                for target in byPackage[package] ?? [] { lines.append("    " + node(target)) }
                lines.append("  }")
            }
        } else {
            for target in graph.targets { lines.append("  " + node(target)) }
        }
        for edge in graph.edges { lines.append("  " + self.edge(edge)) }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func node(_ target: Target) -> String {
        var attributes = [("label", Self.quoted(target.name))]
        switch target.type {
        case .test: attributes += [("style", Self.quoted("rounded,dashed")), ("fillcolor", Self.quoted("#ffffff"))]
        case .executable: attributes += [("fillcolor", Self.quoted("#dbe9d8")), ("color", Self.quoted("#4b7f52"))]
        case .externalProduct: attributes += [("fillcolor", Self.quoted("#f0f0f0")), ("color", Self.quoted("#8a8a8a")), ("fontcolor", Self.quoted("#555555"))]
        case .macro, .plugin: attributes += [("shape", "component"), ("fillcolor", Self.quoted("#f6ecd8"))]
        case .binary, .system: attributes += [("shape", "box3d")]
        case .regular: break
        }
        attributes.append(("tooltip", Self.quoted("\(target.id) (\(target.type.rawValue))")))
        return "\(Self.quoted(target.id.description)) [\(attributes.map { "\($0.0)=\($0.1)" }.joined(separator: ", "))];"
    }

    private func edge(_ edge: Edge) -> String {
        var attributes: [(String, String)] = []
        if edge.kind == .plugin { attributes.append(("style", "dotted")) }
        if let condition = edge.condition {
            attributes.append(("style", "dashed"))
            attributes.append(("tooltip", Self.quoted(condition.description)))
        }
        let suffix = attributes.isEmpty ? "" : " [\(attributes.map { "\($0.0)=\($0.1)" }.joined(separator: ", "))]"
        return "\(Self.quoted(edge.from.description)) -> \(Self.quoted(edge.to.description))\(suffix);"
    }

    /// A DOT quoted string: `"` and `\` escaped, line breaks as `\n`.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        for character in text {
            switch character {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n", "\r\n", "\r": output += "\\n"
            default: output.append(character)
            }
        }
        return output + "\""
    }
}
