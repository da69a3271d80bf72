import ModGraphCore
import GraphTestSupport

/// Graphs for graph-only benchmarks, built in memory.
public enum SyntheticGraph {
    /// A ``SyntheticApp`` of `targets` targets (at least 12) with `verticals`
    /// verticals, as a module graph; deterministic by `seed`. `verticalEdges`
    /// planted violations (vertical → vertical and core → vertical edges, never cycles).
    public static func modularApp(targets: Int, verticals: Int, verticalEdges: Int = 0, seed: UInt64 = 1) -> ModuleGraph {
        moduleGraph(of: SyntheticApp(targets: max(12, targets), verticals: verticals, violations: verticalEdges, seed: seed))
    }

    /// The module graph `app` describes, as the loader would build it from its packages.
    public static func moduleGraph(of app: SyntheticApp) -> ModuleGraph {
        let identities = app.packages.map { PackageIdentity($0) }
        func id(_ index: Int) -> TargetID { TargetID(package: identities[app.modules[index].package], name: app.modules[index].name) }
        var targets: [Target] = []
        var edges: [Edge] = []
        var products: [Product] = []
        for (index, module) in app.modules.enumerated() {
            let folder = module.role == .test ? "Tests" : "Sources"
            targets.append(Target(id: id(index), type: module.type, path: "\(folder)/\(module.name)"))
            if module.type == .regular {
                products.append(Product(package: identities[module.package], name: module.name, type: "library", targets: [id(index)]))
            }
            for dependency in module.dependencies {
                let isSamePackage = app.modules[dependency].package == module.package
                edges.append(Edge(from: id(index), to: id(dependency), kind: isSamePackage ? .target : .product,
                                  product: isSamePackage ? nil : app.modules[dependency].name))
            }
        }
        let packages = app.packages.enumerated().map { index, name in
            Package(identity: identities[index], name: name, path: index == 0 ? "." : "../\(name)",
                    origin: index == 0 ? .root : .local, location: nil, isLoaded: true)
        }
        return ModuleGraph(packages: packages, targets: targets, products: products, edges: edges)
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

    /// `graph` with its vertices numbered at random (deterministic by `seed`),
    /// as a module graph's are, sorted by name: the same shape, but a vertex's
    /// neighbours no longer have nearby numbers, so walks lose their locality.
    public static func renumbered(_ graph: Digraph, seed: UInt64) -> Digraph {
        var random = SplitMix64(seed: seed)
        let number = random.permutation(of: graph.vertexCount)
        return Digraph(vertexCount: graph.vertexCount, edges: graph.edges.map { (number[$0.from], number[$0.to]) })
    }
}
