import ModGraphCore
import ModGraphOutput

/// `modgraph graph --format text`: the graph for a person at a terminal.
/// Counts first, then what deserves attention (cycles, the longest chain),
/// then every target with its direct dependencies. Every name and path goes
/// through ``Escape/text(_:limit:)``.
public enum GraphText {
    public static func render(_ graph: ModuleGraph) -> String {
        String(decoding: bytes(graph), as: UTF8.self)
    }

    /// The same text as UTF-8, made without a `String` around it (what a file or stdout gets).
    ///
    /// - Complexity: O(V + E) and the escaping of every name.
    public static func bytes(_ graph: ModuleGraph) -> [UInt8] {
        let targets = graph.targets
        let cycles = graph.digraph.cycleGroups()
        let chain = cycles.isEmpty ? graph.digraph.longestChain() : nil
        // Each target's name escaped once: it is printed on its own line and once per dependent.
        let names = targets.map { Escape.text($0.name) }
        // One buffer of bytes, appended to: a line per target of a 100,000-target graph.
        var output: [UInt8] = []
        output.reserveCapacity(64 * targets.count + 1024)
        func line(_ text: String) {
            output.append(contentsOf: text.utf8)
            output.append(UInt8(ascii: "\n"))
        }
        line(headline(graph))
        let label = targetLabel(graph)
        if cycles.isEmpty {
            if let chain, !chain.isEmpty {
                line("Longest chain (\(chain.count)): " + chain.map { Escape.text(label($0)) }.joined(separator: " → "))
            }
        } else {
            line("\(Counted.text(cycles.count, "cycle")):")
            for cycle in cycles {
                line("  " + cycle.path.map { Escape.text(label($0)) }.joined(separator: " → "))
            }
        }
        // Targets are sorted by package, then name: each package's are one run, packages in order.
        let digraph = graph.digraph
        var start = 0
        while start < targets.count {
            let package = targets[start].package
            var end = start
            while end < targets.count, targets[end].package == package { end += 1 }
            line("")
            let record = graph.package(package)
            let location = record?.path ?? record?.location ?? ""
            line(
                Escape.text(record?.name ?? package.rawValue)
                    + (location.isEmpty ? "" : "  (\(Escape.text(location, limit: Escape.messageLimit)))"))
            for vertex in start..<end {
                output.append(contentsOf: "  ".utf8)
                output.append(contentsOf: names[vertex].utf8)
                output.append(contentsOf: " [".utf8)
                output.append(contentsOf: targets[vertex].type.rawValue.utf8)
                output.append(UInt8(ascii: "]"))
                for (position, dependency) in digraph.successors(of: vertex).enumerated() {
                    output.append(contentsOf: (position == 0 ? " → " : ", ").utf8)
                    if dependency >= start && dependency < end {
                        output.append(contentsOf: names[dependency].utf8)
                    } else {
                        output.append(contentsOf: Escape.text(targets[dependency].id.description).utf8)
                    }
                }
                output.append(UInt8(ascii: "\n"))
            }
            start = end
        }
        return output
    }

    /// `2 packages, 10 targets (9 regular, 1 executable), 26 dependencies`.
    public static func headline(_ graph: ModuleGraph) -> String {
        var counts: [TargetType: Int] = [:]
        for vertex in graph.targets.indices { counts[graph.targets[vertex].type, default: 0] += 1 }
        let breakdown = TargetType.allCases.compactMap { type in
            counts[type].map { "\($0) \(type.rawValue)" }
        }
        return "\(Counted.text(graph.targetPackageCount, "package")), \(Counted.text(graph.targets.count, "target"))"
            + (breakdown.isEmpty ? "" : " (\(breakdown.joined(separator: ", ")))")
            + ", \(Counted.text(graph.digraph.edgeCount, "dependency", plural: "dependencies"))"
    }

    /// How to name a target for people: package prefixes only add noise when there is one package.
    public static func targetLabel(_ graph: ModuleGraph) -> (Int) -> String {
        graph.targetPackageCount > 1
            ? { graph.targets[$0].id.description }
            : { graph.targets[$0].name }
    }
}
