import ModGraphCore

/// Module graphs shaped like a modular app, built in memory for graph-only
/// benchmarks: core layers at the bottom, one interfaces module, verticals
/// (each a chain of a few sub-modules) that use core and interfaces, app
/// targets on top, and a test target per vertical.
public enum SyntheticGraph {
    /// About `targets` targets with `verticals` verticals; deterministic by `seed`.
    /// `verticalEdges` planted vertical → vertical edges (violations).
    public static func modularApp(targets: Int, verticals: Int, verticalEdges: Int = 0, seed: UInt64 = 1) -> ModuleGraph {
        var random = SplitMix64(seed: seed)
        let package = PackageIdentity("app")
        func id(_ name: String) -> TargetID { TargetID(package: package, name: name) }
        var nodes: [Target] = []
        var edges: [Edge] = []
        func add(_ name: String, _ type: TargetType = .regular) -> TargetID {
            let target = Target(id: id(name), type: type, path: "Sources/\(name)")
            nodes.append(target)
            return target.id
        }
        func depend(_ from: TargetID, _ to: TargetID) {
            edges.append(Edge(from: from, to: to, kind: .target))
        }

        let coreCount = max(4, targets / 50)
        var core: [TargetID] = []
        for index in 0..<coreCount {
            let module = add("Core\(index)")
            // Each core module uses a few lower ones: a layered DAG.
            for _ in 0..<min(index, 3) { depend(module, core[Int.random(in: 0..<index, using: &random)]) }
            core.append(module)
        }
        let interfaces = add("VerticalInterfaces")
        for module in core.prefix(3) { depend(interfaces, module) }

        let perVertical = max(1, (targets - coreCount - 2) / max(verticals, 1) - 1)
        var verticalRoots: [TargetID] = []
        for vertical in 0..<verticals {
            var previous: TargetID?
            for part in 0..<perVertical {
                let module = add("Feature\(vertical)Part\(part)")
                depend(module, interfaces)
                for _ in 0..<2 { depend(module, core[Int.random(in: 0..<core.count, using: &random)]) }
                if let previous { depend(previous, module) }
                previous = previous ?? module
            }
            if let root = previous {
                verticalRoots.append(root)
                let tests = add("Feature\(vertical)Tests", .test)
                depend(tests, root)
            }
        }
        for _ in 0..<verticalEdges where verticalRoots.count > 1 {
            let from = Int.random(in: 0..<verticalRoots.count, using: &random)
            var to = Int.random(in: 0..<verticalRoots.count, using: &random)
            if to == from { to = (to + 1) % verticalRoots.count }
            // Lower index → higher index only, so the planted edges never make a cycle.
            depend(verticalRoots[min(from, to)], verticalRoots[max(from, to)])
        }
        let app = add("App", .executable)
        for root in verticalRoots { depend(app, root) }
        depend(app, interfaces)

        return ModuleGraph(
            packages: [Package(identity: package, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)],
            targets: nodes, products: [], edges: edges
        )
    }

    /// A random DAG of `vertices` vertices with about `averageDegree` edges each,
    /// every edge from a higher to a lower index, so it is acyclic.
    public static func randomDAG(vertices: Int, averageDegree: Int, seed: UInt64 = 1) -> Digraph {
        var random = SplitMix64(seed: seed)
        var edges: [(Int, Int)] = []
        edges.reserveCapacity(vertices * averageDegree)
        for vertex in 1..<max(vertices, 2) where vertex < vertices {
            for _ in 0..<averageDegree {
                // Mostly near neighbours, as in layered module graphs, with some long edges.
                let span = Int.random(in: 0..<100, using: &random) < 80 ? min(vertex, 200) : vertex
                edges.append((vertex, vertex - 1 - Int.random(in: 0..<span, using: &random)))
            }
        }
        return Digraph(vertexCount: vertices, edges: edges)
    }
}
