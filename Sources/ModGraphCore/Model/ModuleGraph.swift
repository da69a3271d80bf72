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
    /// The vertices of each edge of ``edges``, so that filtering, views and
    /// writers never look an id up again.
    public let edgeEnds: [EdgeEnds]
    /// The position of each package in ``packages``.
    private let packageIndex: [PackageIdentity: Int]
    /// How many packages have targets in the graph (what "2 packages" counts
    /// in a headline; packages listed without a target are not counted).
    /// Counted once, by comparing neighbours (targets are sorted by package).
    public let targetPackageCount: Int
    /// Whether every product has targets and all of them are in the graph:
    /// then a filter that keeps every target keeps the products as they are.
    private let productsAreWhole: Bool

    /// The vertices an edge joins: `from` depends on `to`.
    public struct EdgeEnds: Equatable, Sendable {
        public let from: Int
        public let to: Int
    }

    /// Sorts and indexes the parts. Edges whose endpoints are not among
    /// `targets` are dropped, so callers may filter targets freely.
    ///
    /// - Complexity: O((V + E) log(V + E)).
    public init(packages: [Package], targets: [Target], products: [Product], edges: [Edge]) {
        let sortedTargets = Self.positionsByID(targets).map { targets[$0] }
        var index: [TargetID: Int] = [:]
        index.reserveCapacity(sortedTargets.count)
        for (position, target) in sortedTargets.enumerated() { index[target.id] = position }
        // Edges sort by their endpoints' vertex numbers, which follow the ids' order, so
        // that the sort moves small integer triples, not edges and their strings; the
        // edge itself is compared only between edges that join the same two targets.
        var resolved: [(from: Int, to: Int, position: Int)] = []
        resolved.reserveCapacity(edges.count)
        // Loaders list a target's edges together: its vertex is looked up once, not once per edge.
        var previous: (id: TargetID, vertex: Int?)?
        for (position, edge) in edges.enumerated() {
            let fromVertex: Int?
            if let previous, previous.id == edge.from {
                fromVertex = previous.vertex
            } else {
                fromVertex = index[edge.from]
                previous = (edge.from, fromVertex)
            }
            guard let from = fromVertex, let to = index[edge.to] else { continue }
            resolved.append((from, to, position))
        }
        resolved.sort { left, right in
            if left.from != right.from { return left.from < right.from }
            if left.to != right.to { return left.to < right.to }
            return edges[left.position] < edges[right.position]
        }
        var keptEdges: [Edge] = []
        var keptEnds: [EdgeEnds] = []
        keptEdges.reserveCapacity(resolved.count)
        keptEnds.reserveCapacity(resolved.count)
        for item in resolved {
            // Equal edges are neighbours once sorted: keep the first.
            let ends = EdgeEnds(from: item.from, to: item.to)
            if keptEnds.last == ends, keptEdges[keptEdges.count - 1] == edges[item.position] { continue }
            keptEdges.append(edges[item.position])
            keptEnds.append(ends)
        }
        self.init(
            packages: packages.sorted { $0.identity < $1.identity }, targets: sortedTargets,
            products: Self.sortedPositions(packages: products.map(\.package), names: products.map(\.name)).map { products[$0] },
            edges: keptEdges, edgeEnds: keptEnds, index: index,
            digraph: Digraph(vertexCount: sortedTargets.count, edges: keptEnds.lazy.map { ($0.from, $0.to) }))
    }

    /// The positions of `targets` sorted by id, one per id: the first
    /// declaration of an id is the one kept.
    ///
    /// - Complexity: O(V log V) comparisons of names.
    private static func positionsByID(_ targets: [Target]) -> [Int] {
        let (packages, names) = (targets.map(\.package), targets.map(\.name))
        let sorted = sortedPositions(packages: packages, names: names)
        // Equal ids are neighbours once sorted: the first of each is kept.
        var kept: [Int] = []
        kept.reserveCapacity(sorted.count)
        for (index, position) in sorted.enumerated()
        where index == 0 || packages[position] != packages[sorted[index - 1]] || names[position] != names[sorted[index - 1]] {
            kept.append(position)
        }
        return kept
    }

    /// Positions sorted by package, then name, then position: the order of
    /// targets by id and of products. The items move once, not at every
    /// swap; packages are ranked once, so that the sort compares an integer,
    /// then names read in place (comparing ids copied them, four reference
    /// counts per comparison).
    ///
    /// - Complexity: O(n log n) comparisons of names.
    private static func sortedPositions(packages: [PackageIdentity], names: [String]) -> [Int] {
        // Each package's items are usually listed together: looked up once per run of them.
        var rankOf: [PackageIdentity: Int] = [:]
        for position in packages.indices where position == 0 || packages[position] != packages[position - 1] {
            rankOf[packages[position]] = 0
        }
        for (rank, identity) in rankOf.keys.sorted().enumerated() { rankOf[identity] = rank }
        var keys: [(rank: Int, position: Int)] = []
        keys.reserveCapacity(packages.count)
        var rank = 0
        for position in packages.indices {
            if position == 0 || packages[position] != packages[position - 1] { rank = rankOf[packages[position]] ?? 0 }
            keys.append((rank, position))
        }
        names.withUnsafeBufferPointer { names in
            keys.sort { left, right in
                if left.rank != right.rank { return left.rank < right.rank }
                if names[left.position] == names[right.position] { return left.position < right.position }
                return names[left.position] < names[right.position]
            }
        }
        return keys.map(\.position)
    }

    /// Parts already sorted, indexed and free of repeats.
    private init(
        packages: [Package], targets: [Target], products: [Product], edges: [Edge], edgeEnds: [EdgeEnds],
        index: [TargetID: Int], digraph: Digraph, productsAreWhole: Bool? = nil
    ) {
        self.packages = packages
        self.targets = targets
        self.products = products
        self.edges = edges
        self.edgeEnds = edgeEnds
        self.indexByID = index
        self.digraph = digraph
        var packageIndex: [PackageIdentity: Int] = [:]
        for (position, package) in packages.enumerated() where packageIndex[package.identity] == nil {
            packageIndex[package.identity] = position
        }
        self.packageIndex = packageIndex
        var packageCount = 0
        var previous: PackageIdentity?
        for target in targets where target.package != previous {
            packageCount += 1
            previous = target.package
        }
        targetPackageCount = packageCount
        self.productsAreWhole =
            productsAreWhole
            ?? products.allSatisfy { product in !product.targets.isEmpty && product.targets.allSatisfy { index[$0] != nil } }
    }

    /// The vertex of `id` in ``digraph``.
    ///
    /// - Complexity: O(1) on average.
    public func index(of id: TargetID) -> Int? {
        indexByID[id]
    }

    /// The package record for `identity`.
    ///
    /// - Complexity: O(1) on average.
    public func package(_ identity: PackageIdentity) -> Package? {
        packageIndex[identity].map { packages[$0] }
    }

    /// The graph restricted to targets for which `isIncluded` holds, and to
    /// edges for which `keepEdge` holds. As in the loader's graph, a package
    /// without a remaining target stays listed only when it is one of the
    /// workspace's own (root or local) and its manifest was loaded: another
    /// package whose targets are all gone is no longer built.
    ///
    /// - Complexity: O(V + E) calls of the two predicates, plus O(V + E) to
    ///   build the smaller graph (nothing to sort: filtering keeps the order).
    public func filtered(
        targets isIncluded: (Target) -> Bool = { _ in true },
        edges keepEdge: (Edge) -> Bool = { _ in true }
    ) -> ModuleGraph {
        withoutActuallyEscaping(keepEdge) { keepEdge in
            filtered(keeping: targets.map(isIncluded), edges: { edge, _, _ in keepEdge(edge) })
        }
    }

    /// ``filtered(targets:edges:)`` with the kept targets given as one flag
    /// per vertex, and `keepEdge` (nil: every edge between kept targets)
    /// told the vertices of each edge (in this graph).
    ///
    /// - Complexity: O(V + E) and the calls of `keepEdge`; when every target
    ///   and edge stays, the targets, edges and ``digraph`` are shared, not copied.
    func filtered(keeping kept: [Bool], edges keepEdge: ((_ edge: Edge, _ from: Int, _ to: Int) -> Bool)? = nil) -> ModuleGraph {
        // Which edges stay, before anything is copied: most filters keep everything.
        var keptEdgeFlags = [Bool](repeating: false, count: edges.count)
        var keptEdgeCount = 0
        for (position, ends) in edgeEnds.enumerated() where kept[ends.from] && kept[ends.to] {
            if let keepEdge, !keepEdge(edges[position], ends.from, ends.to) { continue }
            keptEdgeFlags[position] = true
            keptEdgeCount += 1
        }
        let keepsEverything = keptEdgeCount == edges.count && !kept.contains(false)
        var newIndex: [Int] = []
        var keptTargets = targets
        if !keepsEverything {
            newIndex = [Int](repeating: -1, count: targets.count)
            keptTargets = []
            for vertex in targets.indices where kept[vertex] {
                newIndex[vertex] = keptTargets.count
                keptTargets.append(targets[vertex])
            }
        }
        // Targets are sorted by package: each package is hashed once, not once per target.
        var usedPackages = Set<PackageIdentity>()
        var previous: PackageIdentity?
        for target in keptTargets where target.package != previous {
            usedPackages.insert(target.package)
            previous = target.package
        }
        let keptPackages = packages.filter { package in
            usedPackages.contains(package.identity) || (package.isLoaded && package.origin.isOwn)
        }
        let keptProducts =
            keepsEverything && productsAreWhole
            ? products
            : products.map { product in
                Product(
                    package: product.package, name: product.name, type: product.type,
                    targets: product.targets.filter { id in indexByID[id].map { kept[$0] } ?? false })
            }.filter { !$0.targets.isEmpty }
        var graph: ModuleGraph
        if keepsEverything {
            graph = ModuleGraph(
                packages: keptPackages, targets: targets, products: keptProducts, edges: edges,
                edgeEnds: edgeEnds, index: indexByID, digraph: digraph, productsAreWhole: productsAreWhole ? true : nil)
        } else {
            // Filtering keeps the order of targets and so of edges: they stay sorted and distinct.
            var keptEdges: [Edge] = []
            var keptEnds: [EdgeEnds] = []
            keptEdges.reserveCapacity(keptEdgeCount)
            keptEnds.reserveCapacity(keptEdgeCount)
            for (position, ends) in edgeEnds.enumerated() where keptEdgeFlags[position] {
                keptEdges.append(edges[position])
                keptEnds.append(EdgeEnds(from: newIndex[ends.from], to: newIndex[ends.to]))
            }
            var index: [TargetID: Int] = [:]
            index.reserveCapacity(keptTargets.count)
            for (position, target) in keptTargets.enumerated() { index[target.id] = position }
            graph = ModuleGraph(
                packages: keptPackages, targets: keptTargets, products: keptProducts, edges: keptEdges,
                edgeEnds: keptEnds, index: index,
                digraph: Digraph(vertexCount: keptTargets.count, edges: keptEnds.lazy.map { ($0.from, $0.to) }))
        }
        graph.environment = environment
        return graph
    }

    /// Only the edges that exist when building for `platform` (case-insensitive).
    public func restricted(toPlatform platform: String) -> ModuleGraph {
        restricted(
            to: BuildEnvironment(platform: platform, enabledTraits: environment.enabledTraits, includesTests: environment.includesTests))
    }

    /// Only the edges that exist with each package's enabled traits, given
    /// per package; a package without an entry keeps all of its edges.
    public func restricted(toTraits enabledTraits: [PackageIdentity: Set<String>]) -> ModuleGraph {
        restricted(
            to: BuildEnvironment(platform: environment.platform, enabledTraits: enabledTraits, includesTests: environment.includesTests))
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
    /// - Complexity: O(V + E).
    public func withoutUnusedExternals() -> ModuleGraph {
        let own = Set(packages.filter(\.origin.isOwn).map(\.identity))
        // Targets are sorted by package: one lookup per package, not per target.
        var starts: [Int] = []
        var previous: (identity: PackageIdentity, isOwn: Bool)?
        for vertex in targets.indices {
            let package = targets[vertex].package
            if previous?.identity != package { previous = (package, own.contains(package)) }
            if previous?.isOwn == true, targets[vertex].type != .externalProduct { starts.append(vertex) }
        }
        guard !own.isEmpty else {
            // No package of the workspace's own (a graph assembled by hand): keep what an edge uses.
            let used = Set(edges.map(\.to))
            return filtered(targets: { $0.type != .externalProduct || used.contains($0.id) })
        }
        // The starts are every own target but stand-ins, so `reached` keeps them all.
        return filtered(keeping: digraph.reachable(from: starts))
    }
}
