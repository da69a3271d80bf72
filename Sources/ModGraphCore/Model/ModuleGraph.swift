/// The resolved module graph of a workspace: packages, their targets and
/// products, and the dependency edges between targets, with a dense
/// ``Digraph`` for the algorithms.
///
/// Everything is kept sorted (packages by identity, targets by id, edges by
/// endpoints), so two graphs built from the same manifests are equal and print
/// byte-identically, whatever order the manifests were loaded in.
public struct ModuleGraph: Sendable, Equatable {
    public let packages: [Package]
    public let targets: [Target]
    public let products: [Product]
    /// Every declared dependency. Two edges may join the same targets under different conditions.
    public let edges: [Edge]
    /// Vertex `i` is `targets[i]`; one edge per distinct `(from, to)` pair.
    public let digraph: Digraph
    /// The build this graph describes (``restricted(to:)`` sets it); filtering keeps it.
    public internal(set) var environment: BuildEnvironment = .everything

    private let indexByID: [TargetID: Int]

    /// Sorts and indexes the parts. Edges whose endpoints are not among
    /// `targets` are dropped, so callers may filter targets freely.
    ///
    /// - Complexity: O((V + E) log(V + E)).
    public init(packages: [Package], targets: [Target], products: [Product], edges: [Edge]) {
        let sortedTargets = Dictionary(targets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            .values.sorted { $0.id < $1.id }
        var index: [TargetID: Int] = [:]
        index.reserveCapacity(sortedTargets.count)
        for (position, target) in sortedTargets.enumerated() { index[target.id] = position }
        // Edges sort by their endpoints' vertex numbers, which follow the ids' order, so
        // that the sort moves small integer triples, not edges and their strings; the
        // edge itself is compared only between edges that join the same two targets.
        var resolved: [(from: Int, to: Int, position: Int)] = []
        resolved.reserveCapacity(edges.count)
        for (position, edge) in edges.enumerated() {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            resolved.append((from, to, position))
        }
        resolved.sort { left, right in
            if left.from != right.from { return left.from < right.from }
            if left.to != right.to { return left.to < right.to }
            return edges[left.position] < edges[right.position]
        }
        var keptEdges: [Edge] = []
        var keptPairs: [(Int, Int)] = []
        keptEdges.reserveCapacity(resolved.count)
        keptPairs.reserveCapacity(resolved.count)
        for item in resolved {
            // Equal edges are neighbours once sorted: keep the first.
            if let last = keptEdges.last, keptPairs.last.map({ $0 == (item.from, item.to) }) == true, last == edges[item.position] { continue }
            keptEdges.append(edges[item.position])
            keptPairs.append((item.from, item.to))
        }
        self.packages = packages.sorted { $0.identity < $1.identity }
        self.targets = sortedTargets
        self.products = products.sorted { ($0.package, $0.name) < ($1.package, $1.name) }
        self.edges = keptEdges
        self.indexByID = index
        self.digraph = Digraph(vertexCount: sortedTargets.count, edges: keptPairs)
    }

    /// The vertex of `id` in ``digraph``.
    ///
    /// - Complexity: O(1) on average.
    public func index(of id: TargetID) -> Int? {
        indexByID[id]
    }

    /// The package record for `identity`.
    public func package(_ identity: PackageIdentity) -> Package? {
        packages.first { $0.identity == identity }
    }

    /// The graph restricted to targets for which `isIncluded` holds, and to
    /// edges for which `keepEdge` holds. As in the loader's graph, a package
    /// without a remaining target stays listed only when it is one of the
    /// workspace's own (root or local) and its manifest was loaded: another
    /// package whose targets are all gone is no longer built.
    ///
    /// - Complexity: O((V + E) log(V + E)).
    public func filtered(
        targets isIncluded: (Target) -> Bool = { _ in true },
        edges keepEdge: (Edge) -> Bool = { _ in true }
    ) -> ModuleGraph {
        let keptTargets = targets.filter(isIncluded)
        let keptIDs = Set(keptTargets.map(\.id))
        let usedPackages = Set(keptTargets.map(\.package))
        var graph = ModuleGraph(
            packages: packages.filter { package in
                usedPackages.contains(package.identity)
                    || (package.isLoaded && package.origin.isOwn)
            },
            targets: keptTargets,
            products: products.map { product in
                Product(package: product.package, name: product.name, type: product.type,
                        targets: product.targets.filter { keptIDs.contains($0) })
            }.filter { !$0.targets.isEmpty },
            edges: edges.filter(keepEdge)
        )
        graph.environment = environment
        return graph
    }

    /// Only the edges that exist when building for `platform` (case-insensitive).
    public func restricted(toPlatform platform: String) -> ModuleGraph {
        restricted(to: BuildEnvironment(platform: platform, enabledTraits: environment.enabledTraits, includesTests: environment.includesTests))
    }

    /// Only the edges that exist with each package's enabled traits, given
    /// per package; a package without an entry keeps all of its edges.
    public func restricted(toTraits enabledTraits: [PackageIdentity: Set<String>]) -> ModuleGraph {
        restricted(to: BuildEnvironment(platform: environment.platform, enabledTraits: enabledTraits, includesTests: environment.includesTests))
    }

    /// Without test targets and their edges.
    public func withoutTests() -> ModuleGraph {
        restricted(to: BuildEnvironment(platform: environment.platform, enabledTraits: environment.enabledTraits, includesTests: false))
    }

    /// Other packages' code (external products, and remote packages' targets
    /// expanded from checkouts) is in the graph only because the workspace's
    /// own targets reach it: whatever none of them reaches goes, as SwiftPM
    /// would not build it. The loader applies this once, and filters again
    /// after they cut a target or an edge.
    ///
    /// An external product node is never a start, even in a package of the
    /// workspace's own: a `path:` package whose folder is missing has only
    /// such stand-ins, which exist because some target uses them, and must go
    /// with their last user like a remote package's products.
    ///
    /// - Complexity: O((V + E) log(V + E)).
    public func withoutUnusedExternals() -> ModuleGraph {
        let own = Set(packages.filter(\.origin.isOwn).map(\.identity))
        let starts = targets.indices.filter { own.contains(targets[$0].package) && targets[$0].type != .externalProduct }
        guard !own.isEmpty else {
            // No package of the workspace's own (a graph assembled by hand): keep what an edge uses.
            let used = Set(edges.map(\.to))
            return filtered(targets: { $0.type != .externalProduct || used.contains($0.id) })
        }
        // The starts are every own target but stand-ins, so `reached` keeps them all.
        let reached = digraph.reachable(from: starts)
        return filtered(targets: { target in index(of: target.id).map { reached[$0] } ?? false })
    }
}
