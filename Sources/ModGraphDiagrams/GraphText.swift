import ModGraphCore
import ModGraphOutput

/// `modgraph graph --format text`: the graph for a person at a terminal.
/// Counts first, then what deserves attention (cycles, the longest chain),
/// then every target with its direct dependencies. Every name and path goes
/// through ``Escape/text(_:limit:)``.
public enum GraphText {
    public static func render(_ graph: ModuleGraph) -> String {
        var lines = [headline(graph)]
        let label = targetLabel(graph)
        let cycles = graph.digraph.cycleGroups()
        if cycles.isEmpty {
            if let chain = graph.digraph.longestChain(), !chain.isEmpty {
                lines.append("Longest chain (\(chain.count)): " + chain.map { Escape.text(label($0)) }.joined(separator: " → "))
            }
        } else {
            lines.append("\(plural(cycles.count, "cycle")):")
            for cycle in cycles {
                lines.append("  " + cycle.path.map { Escape.text(label($0)) }.joined(separator: " → "))
            }
        }
        let packages = Dictionary(grouping: graph.targets.indices, by: { graph.targets[$0].package })
        for package in packages.keys.sorted() {
            lines.append("")
            let record = graph.package(package)
            let location = record?.path ?? record?.location ?? ""
            lines.append(Escape.text(record?.name ?? package.rawValue) + (location.isEmpty ? "" : "  (\(Escape.text(location, limit: Escape.messageLimit)))"))
            for vertex in packages[package] ?? [] {
                let target = graph.targets[vertex]
                let dependencies = graph.digraph.successors(of: vertex).map { dependency in
                    let other = graph.targets[dependency]
                    return Escape.text(other.package == package ? other.name : other.id.description)
                }
                lines.append("  \(Escape.text(target.name)) [\(target.type.rawValue)]"
                    + (dependencies.isEmpty ? "" : " → " + dependencies.joined(separator: ", ")))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2 packages, 10 targets (9 regular, 1 executable), 26 dependencies`.
    public static func headline(_ graph: ModuleGraph) -> String {
        let packageCount = Set(graph.targets.map(\.package)).count
        let types = Dictionary(grouping: graph.targets, by: \.type)
        let breakdown = TargetType.allCases.compactMap { type in
            types[type].map { "\($0.count) \(type.rawValue)" }
        }
        return "\(plural(packageCount, "package")), \(plural(graph.targets.count, "target"))"
            + (breakdown.isEmpty ? "" : " (\(breakdown.joined(separator: ", ")))")
            + ", \(plural(graph.digraph.edgeCount, "dependency", "dependencies"))"
    }

    /// How to name a target for people: package prefixes only add noise when there is one package.
    public static func targetLabel(_ graph: ModuleGraph) -> (Int) -> String {
        Set(graph.targets.map(\.package)).count > 1
            ? { graph.targets[$0].id.description }
            : { graph.targets[$0].name }
    }

    static func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
