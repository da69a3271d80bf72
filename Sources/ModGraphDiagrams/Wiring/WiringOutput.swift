import ModGraphCore
import ModGraphOutput

/// The wiring graph (``Wiring``) as text, JSON, DOT and Mermaid: `modgraph graph --wiring`.
/// Its edges are what modules use of one another at run time, so every diagram draws
/// them dashed, never like the build dependencies of the other views. Every name goes
/// through the format's one escaping rule (``Escape``).
public enum WiringOutput {
    /// What the text and the diagrams say of the wiring once: it is read from syntax.
    public static let heuristicNote =
        "run-time wiring, not build dependencies, read from the sources by matching names within the graph's modules: see docs/wiring.md"

    // MARK: Text

    /// The edges with what each stands for and where it is wired, then each module's inventory.
    ///
    /// - Complexity: O(E + I) in the edges' items and the inventories' entries.
    public static func text(_ wiring: Wiring) -> String {
        var lines: [String] = []
        let modules = Set(wiring.edges.flatMap { [$0.from, $0.to] })
        lines.append("Wiring: \(wiring.edges.count) \(wiring.edges.count == 1 ? "edge" : "edges") among \(modules.count) modules (\(heuristicNote))")
        for edge in wiring.edges {
            lines.append("\(Escape.text(edge.from.name)) ⇢ \(Escape.text(edge.to.name))")
            for item in edge.items {
                var line = "  \(item.kind.rawValue) \(Escape.text(item.label))"
                if item.providedBy != item.label { line += " by \(Escape.text(item.providedBy))" }
                line += "  (needed at \(site(item.need))"
                line += item.wired.map { "; wired at \(site($0)))" } ?? ")"
                lines.append(line)
            }
        }
        let inventories = wiring.modules.filter { !$0.isEmpty }
        if !inventories.isEmpty {
            lines.append("")
            lines.append("Inventory")
        }
        for module in inventories {
            lines.append(Escape.text(module.target.name))
            func list(_ title: String, _ names: [String]) {
                if !names.isEmpty { lines.append("  \(title): " + names.map { Escape.text($0) }.joined(separator: ", ")) }
            }
            list("interface protocols", module.interfaceProtocols)
            list("data types", module.dataTypes)
            for builder in module.builders {
                var line = "  builder \(Escape.text(builder.name))"
                if !builder.takes.isEmpty { line += " takes " + builder.takes.map { Escape.text($0) }.joined(separator: ", ") }
                if let makes = builder.makes { line += " makes \(Escape.text(makes))" }
                lines.append(line + "  (\(site(builder.site)))")
            }
            for requirement in module.requirements {
                var line = "  requires \(Escape.text(requirement.name)): \(Escape.text(requirement.constraint))"
                if !requirement.providers.isEmpty { line += " from " + requirement.providers.map { Escape.text($0) }.joined(separator: ", ") }
                line += requirement.wired.isEmpty ? "; not wired by the app" : "; wired at " + requirement.wired.map(site).joined(separator: ", ")
                lines.append(line)
            }
            for function in module.functions {
                lines.append("  function \(Escape.text(function.name))" + (function.makes.map { " -> \(Escape.text($0))" } ?? "") + "  (\(site(function.site)))")
            }
            for screen in module.screens {
                var line = "  \(Escape.text(screen.kind)) module \(Escape.text(screen.name))"
                if !screen.parts.isEmpty { line += " with " + screen.parts.map { Escape.text($0) }.joined(separator: ", ") }
                if !screen.types.isEmpty { line += "; " + screen.types.map { Escape.text($0) }.joined(separator: ", ") }
                lines.append(line + "  (\(site(screen.site)))")
            }
            list("provides", module.provides.map { "\($0.name) (\($0.type))" })
            list("needs", module.needs)
            for wiringSite in module.wiringSites {
                lines.append("  wires \(Escape.text(wiringSite.what)) of \(Escape.text(wiringSite.owner.name))  (\(site(wiringSite.site)))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func site(_ site: Wiring.Site) -> String {
        Escape.text(site.description, limit: Escape.messageLimit)
    }

    // MARK: JSON

    /// `{"schemaVersion": 1, "wiring": {"note", "edges": […], "modules": […]}}` (docs/json-format.md).
    public static func json(_ wiring: Wiring) -> JSONValue {
        func id(_ target: TargetID) -> JSONValue { .string(target.description) }
        func site(_ site: Wiring.Site?) -> JSONValue {
            guard let site else { return .null }
            return .object([("target", id(site.target)), ("file", .string(site.file)), ("line", .int(site.line)), ("column", .int(site.column))])
        }
        let edges: [JSONValue] = wiring.edges.map { edge in
            .object([
                ("from", id(edge.from)), ("to", id(edge.to)),
                (
                    "items",
                    .array(
                        edge.items.map { item in
                            .object([
                                ("kind", .string(item.kind.rawValue)), ("label", .string(item.label)), ("providedBy", .string(item.providedBy)),
                                ("need", site(item.need)), ("wired", site(item.wired)),
                            ])
                        })
                ),
            ])
        }
        let modules: [JSONValue] = wiring.modules.map { module in
            .object([
                ("target", id(module.target)),
                ("interfaceProtocols", .strings(module.interfaceProtocols)),
                ("dataTypes", .strings(module.dataTypes)),
                (
                    "builders",
                    .array(
                        module.builders.map {
                            .object([("name", .string($0.name)), ("takes", .strings($0.takes)), ("makes", .optional($0.makes)), ("site", site($0.site))])
                        })
                ),
                (
                    "requirements",
                    .array(
                        module.requirements.map {
                            .object([
                                ("name", .string($0.name)), ("arguments", .optional($0.arguments)), ("product", .optional($0.product)),
                                ("site", site($0.site)), ("wired", .array($0.wired.map { site($0) })), ("providers", .strings($0.providers)),
                            ])
                        })
                ),
                (
                    "functions",
                    .array(
                        module.functions.map {
                            .object([("name", .string($0.name)), ("takes", .strings($0.takes)), ("makes", .optional($0.makes)), ("site", site($0.site))])
                        })
                ),
                (
                    "screens",
                    .array(
                        module.screens.map {
                            .object([
                                ("kind", .string($0.kind)), ("name", .string($0.name)), ("parts", .strings($0.parts)), ("types", .strings($0.types)),
                                ("site", site($0.site)),
                            ])
                        })
                ),
                ("provides", .array(module.provides.map { .object([("protocol", .string($0.name)), ("type", .string($0.type)), ("site", site($0.site))]) })),
                ("needs", .strings(module.needs)),
                (
                    "wiringSites",
                    .array(module.wiringSites.map { .object([("what", .string($0.what)), ("owner", id($0.owner)), ("site", site($0.site))]) })
                ),
            ])
        }
        return .object([
            ("schemaVersion", .int(1)),
            ("wiring", .object([("note", .string(heuristicNote)), ("edges", .array(edges)), ("modules", .array(modules))])),
        ])
    }

    // MARK: Diagrams

    /// The modules on an edge, in order, each with a short node name (`n0`, `n1`) for Mermaid.
    private static func nodes(_ wiring: Wiring) -> [TargetID] {
        Array(Set(wiring.edges.flatMap { [$0.from, $0.to] })).sorted()
    }

    /// An edge's label: what it stands for, one per line, at most `limit` of them.
    static func labels(_ edge: Wiring.Edge, limit: Int = 6) -> [String] {
        var labels = Array(Set(edge.items.map { "\($0.kind == .protocol ? "" : $0.kind.rawValue + " ")\($0.label)" })).sorted()
        if labels.count > limit { labels = Array(labels.prefix(limit - 1)) + ["… \(labels.count - limit + 1) more"] }
        return labels
    }

    /// Graphviz: each module a box, each edge dashed with what it stands for.
    public static func dot(_ wiring: Wiring) -> String {
        var lines = [
            "digraph wiring {",
            "  // \(heuristicNote)",
            "  rankdir=LR;",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [style=dashed, color=\"#7a5195\", fontname=\"Helvetica\", fontsize=10];",
        ]
        for node in nodes(wiring) {
            lines.append("  \(Escape.dotIdentifier(node.description)) [label=\(Escape.dot(node.name))];")
        }
        for edge in wiring.edges {
            let label = labels(edge).map { Escape.dot($0) }.map { String($0.dropFirst().dropLast()) }.joined(separator: "\\n")
            lines.append("  \(Escape.dotIdentifier(edge.from.description)) -> \(Escape.dotIdentifier(edge.to.description)) [label=\"\(label)\"];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid: dotted arrows (`-.->`), labelled.
    public static func mermaid(_ wiring: Wiring) -> String {
        let nodes = nodes(wiring)
        var index: [TargetID: Int] = [:]
        for (position, node) in nodes.enumerated() { index[node] = position }
        var lines = ["flowchart LR", "  %% \(heuristicNote)"]
        for (position, node) in nodes.enumerated() {
            lines.append("  n\(position)[\"\(Escape.mermaid(node.name))\"]")
        }
        for edge in wiring.edges {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            let label = labels(edge).map { Escape.mermaid($0) }.joined(separator: "<br/>")
            lines.append("  n\(from) -.->|\"\(label)\"| n\(to)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
