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

    /// Finds a target's vertex (by binary search, or in the loader's table).
    private let indexByID: TargetIndex
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

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Sorts and indexes the parts. Edges whose endpoints are not among
    /// `targets` are dropped, so callers may filter targets freely.
    ///
    /// - Complexity: O((V + E) log(V + E)).
    public init(packages: [Package], targets: [Target], products: [Product], edges: [Edge]) {
        self.init(packages: packages, targets: targets, products: products, edges: edges, ends: [])
    }

    /// The same, told where each edge's targets are in `targets` by a loader
    /// that resolved the names anyway: `ends[i]` for `edges[i]`, so that no
    /// id is looked up again. An edge without an entry (`nil`, or past the
    /// end of `ends`) is looked up by its ids. `productTargetsAreListed`
    /// says that the loader checked that every target a product names is
    /// among `targets`, which the graph would otherwise look up.
    ///
    /// - Complexity: O(V log V + P log P) comparisons of names (targets and
    ///   products) and O(V + E) to put the targets
    ///   and edges in place (``sortEdges(_:ends:order:targets:)``); hashing
    ///   ids only for edges without ends and products not checked.
    public init(
        packages: [Package], targets listed: consuming [Target], products: [Product], edges listedEdges: consuming [Edge],
        ends: [EdgeEnds?], productTargetsAreListed: Bool = false
    ) {
        // Owned here: lists already in order (the common case) are kept as they are, not copied.
        var targets = listed
        var edges = listedEdges
        let order = TargetOrder(targets)
        Self.moveIntoPlaces(&targets, order.kept)
        let (index, keptEnds) = Self.sortEdges(&edges, ends: ends, order: order, targets: targets)
        let productOrder = Self.sortedPositions(packages: products.map(\.package), names: products.map(\.name))
        self.init(
            packages: packages.sorted { $0.identity < $1.identity }, targets: targets,
            products: productOrder.map { products[$0] },
            edges: edges, edgeEnds: keptEnds,
            index: TargetIndex(targets, known: index),
            digraph: Digraph(vertexCount: targets.count, edges: keptEnds.lazy.map { ($0.from, $0.to) }),
            productsAreWhole: productTargetsAreListed ? !products.contains { $0.targets.isEmpty } : nil)
    }

    /// `items` reordered as `positions` lists them, the rest dropped.
    ///
    /// - Complexity: O(n).
    static func moveIntoPlaces<Item>(_ items: inout [Item], _ positions: [Int]) {
        if positions.count == items.count, positions.indices.allSatisfy({ positions[$0] == $0 }) { return }
        items = positions.map { items[$0] }
    }

    /// Sorts `edges` by their endpoints' vertex numbers (which follow the
    /// ids' order), then by the edges themselves between the same two
    /// targets, and drops repeats and edges whose targets are not in the
    /// graph; returns their vertices, and the index of ids when it had to be made.
    ///
    /// Edges are bucketed by their first vertex (a counting sort), so that
    /// only the few edges of one target are compared with one another, and
    /// are then moved into place (``moveIntoPlaces(_:_:)``).
    ///
    /// - Complexity: O(V + E), plus O(d log d) comparisons for a target of d dependencies.
    private static func sortEdges(
        _ edges: inout [Edge], ends: [EdgeEnds?], order: TargetOrder, targets: [Target]
    ) -> ([TargetID: Int]?, [EdgeEnds]) {
        // Made only for edges the caller did not resolve.
        var index: [TargetID: Int]?
        var resolved: [(from: Int, to: Int, position: Int)] = []
        resolved.reserveCapacity(edges.count)
        edges.withUnsafeBufferPointer { edges in
            // Loaders list a target's edges together: its vertex is looked up once, not once per edge.
            var previous: (id: TargetID, vertex: Int?)?
            for position in edges.indices {
                if position < ends.count, let known = ends[position] {
                    resolved.append((order.vertexOf[known.from], order.vertexOf[known.to], position))
                    continue
                }
                let ids = index ?? TargetIndex.make(targets)
                index = ids
                let fromVertex: Int?
                if let previous, previous.id == edges[position].from {
                    fromVertex = previous.vertex
                } else {
                    fromVertex = ids[edges[position].from]
                    previous = (edges[position].from, fromVertex)
                }
                guard let from = fromVertex, let to = ids[edges[position].to] else { continue }
                resolved.append((from, to, position))
            }
        }
        let isSorted = resolved.indices.dropFirst().allSatisfy { position in
            let (left, right) = (resolved[position - 1], resolved[position])
            return left.from != right.from ? left.from < right.from : left.to < right.to
        }
        if !isSorted {
            resolved = bucketed(resolved, vertexCount: targets.count)
            edges.withUnsafeBufferPointer { edges in
                // Within a bucket (one target's edges, in their listed order), by the other end, then by edge.
                var start = 0
                while start < resolved.count {
                    var end = start + 1
                    while end < resolved.count, resolved[end].from == resolved[start].from { end += 1 }
                    if end - start > 1 {
                        resolved[start..<end].sort { left, right in
                            if left.to != right.to { return left.to < right.to }
                            return edges[left.position] < edges[right.position]
                        }
                    }
                    start = end
                }
            }
        }
        var keptEnds: [EdgeEnds] = []
        keptEnds.reserveCapacity(resolved.count)
        // Equal edges are neighbours once sorted: the first is kept. Only edges joining
        // the same two targets can be equal, so most are never compared.
        var keptPositions: [Int] = []
        keptPositions.reserveCapacity(resolved.count)
        edges.withUnsafeBufferPointer { edges in
            for item in resolved {
                let ends = EdgeEnds(from: item.from, to: item.to)
                if keptEnds.last == ends, edges[keptPositions[keptPositions.count - 1]] == edges[item.position] { continue }
                keptPositions.append(item.position)
                keptEnds.append(ends)
            }
        }
        moveIntoPlaces(&edges, keptPositions)
        return (index, keptEnds)
    }

    /// `items` grouped by `from`, in increasing order, keeping their order within a group.
    ///
    /// - Complexity: O(V + n).
    private static func bucketed(
        _ items: [(from: Int, to: Int, position: Int)], vertexCount: Int
    ) -> [(from: Int, to: Int, position: Int)] {
        var starts = [Int](repeating: 0, count: vertexCount + 1)
        for item in items { starts[item.from + 1] += 1 }
        for vertex in 0..<vertexCount { starts[vertex + 1] += starts[vertex] }
        return [(from: Int, to: Int, position: Int)](unsafeUninitializedCapacity: items.count) { buffer, count in
            for item in items {
                buffer.baseAddress!.advanced(by: starts[item.from]).initialize(to: item)
                starts[item.from] += 1
            }
            count = items.count
        }
    }

    /// Where each of a list of targets goes in a graph.
    struct TargetOrder {
        /// The positions kept, sorted by id: the first declaration of each id.
        let kept: [Int]
        /// The vertex each position becomes.
        let vertexOf: [Int]

        /// A later declaration of an id becomes the first one's vertex.
        ///
        /// - Complexity: O(V log V) comparisons of names.
        init(_ targets: [Target]) {
            let (packages, names) = (targets.map(\.package), targets.map(\.name))
            let sorted = ModuleGraph.sortedPositions(packages: packages, names: names)
            // Equal ids are neighbours once sorted: the first of each is kept.
            var kept: [Int] = []
            kept.reserveCapacity(sorted.count)
            var vertexOf = [Int](repeating: 0, count: targets.count)
            for (index, position) in sorted.enumerated() {
                if index == 0 || packages[position] != packages[sorted[index - 1]] || names[position] != names[sorted[index - 1]] {
                    kept.append(position)
                }
                vertexOf[position] = kept.count - 1
            }
            self.kept = kept
            self.vertexOf = vertexOf
        }
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
        index: TargetIndex, digraph: Digraph, productsAreWhole: Bool? = nil
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
        targets.withUnsafeBufferPointer { targets in
            for vertex in targets.indices where vertex == 0 || targets[vertex].package != targets[vertex - 1].package {
                packageCount += 1
            }
        }
        targetPackageCount = packageCount
        self.productsAreWhole =
            productsAreWhole
            ?? products.allSatisfy { product in
                !product.targets.isEmpty && product.targets.allSatisfy { index.vertex(of: $0) != nil }
            }
    }

    /// Graphs are equal when their parts are: the rest is derived from them.
    public static func == (left: ModuleGraph, right: ModuleGraph) -> Bool {
        left.packages == right.packages && left.targets == right.targets && left.products == right.products
            && left.edges == right.edges && left.environment == right.environment
    }

    /// The vertex of `id` in ``digraph``.
    ///
    /// - Complexity: O(log V) comparisons of ids at most.
    public func index(of id: TargetID) -> Int? {
        indexByID.vertex(of: id)
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
    public func filtered(keeping kept: [Bool], edges keepEdge: ((_ edge: Edge, _ from: Int, _ to: Int) -> Bool)? = nil) -> ModuleGraph {
        // Which edges stay, before anything is copied: most filters keep everything.
        var keptEdgeFlags = [Bool](repeating: false, count: edges.count)
        var keptEdgeCount = 0
        for (position, ends) in edgeEnds.enumerated() where kept[ends.from] && kept[ends.to] {
            if let keepEdge, !keepEdge(edges[position], ends.from, ends.to) { continue }
            keptEdgeFlags[position] = true
            keptEdgeCount += 1
        }
        let keepsEverything = keptEdgeCount == edges.count && !kept.contains(false)
        if keepsEverything {
            var graph = ModuleGraph(
                packages: keptPackages(of: targets), targets: targets,
                products: productsAreWhole ? products : productsKeeping(kept, keptCount: targets.count),
                edges: edges, edgeEnds: edgeEnds, index: indexByID, digraph: digraph, productsAreWhole: productsAreWhole ? true : nil)
            graph.environment = environment
            return graph
        }
        var newIndex = [Int](repeating: -1, count: targets.count)
        var keptCount = 0
        for vertex in targets.indices where kept[vertex] {
            newIndex[vertex] = keptCount
            keptCount += 1
        }
        // Filtering keeps the order of targets and so of edges: they stay sorted and distinct.
        var keptEdges: [Edge] = []
        var keptEnds: [EdgeEnds] = []
        keptEdges.reserveCapacity(keptEdgeCount)
        keptEnds.reserveCapacity(keptEdgeCount)
        for (position, ends) in edgeEnds.enumerated() where keptEdgeFlags[position] {
            keptEdges.append(edges[position])
            keptEnds.append(EdgeEnds(from: newIndex[ends.from], to: newIndex[ends.to]))
        }
        var keptTargets: [Target] = []
        keptTargets.reserveCapacity(keptCount)
        for vertex in targets.indices where kept[vertex] { keptTargets.append(targets[vertex]) }
        // The kept products hold only kept targets, and at least one (``productsKeeping(_:keptCount:)``):
        // whole, known without looking each target up (which would hash every kept id).
        var graph = ModuleGraph(
            packages: keptPackages(of: keptTargets), targets: keptTargets, products: productsKeeping(kept, keptCount: keptCount),
            edges: keptEdges, edgeEnds: keptEnds, index: TargetIndex(keptTargets),
            digraph: Digraph(vertexCount: keptCount, edges: keptEnds.lazy.map { ($0.from, $0.to) }), productsAreWhole: true)
        graph.environment = environment
        return graph
    }

    /// The packages a graph of `keptTargets` lists: those with a target left,
    /// and the workspace's own whose manifests were loaded.
    private func keptPackages(of keptTargets: [Target]) -> [Package] {
        // Targets are sorted by package: each package is hashed once, not once per target.
        var usedPackages = Set<PackageIdentity>()
        var previous: PackageIdentity?
        for target in keptTargets where target.package != previous {
            usedPackages.insert(target.package)
            previous = target.package
        }
        return packages.filter { package in
            usedPackages.contains(package.identity) || (package.isLoaded && package.origin.isOwn)
        }
    }

    /// The products with only their targets that `kept` keeps; those left without one go.
    ///
    /// When every product's targets are in the graph, a target leaves a
    /// product only when the filter drops it: the smaller of the kept and the
    /// dropped targets is hashed (a filter that drops the tests hashes a
    /// fifth of them), not every id, and a product that loses nothing is kept
    /// as it is. Otherwise each product target is looked up in the index.
    ///
    /// - Complexity: O(V + P) hashes for P product targets.
    private func productsKeeping(_ kept: [Bool], keptCount: Int) -> [Product] {
        guard productsAreWhole else {
            return products.map { product in
                Product(
                    package: product.package, name: product.name, type: product.type,
                    targets: product.targets.filter { id in indexByID.vertex(of: id).map { kept[$0] } ?? false })
            }.filter { !$0.targets.isEmpty }
        }
        if keptCount == targets.count { return products }
        let hashesKept = keptCount <= targets.count - keptCount
        var hashed = Set<TargetID>(minimumCapacity: hashesKept ? keptCount : targets.count - keptCount)
        for vertex in targets.indices where kept[vertex] == hashesKept { hashed.insert(targets[vertex].id) }
        return products.compactMap { product in
            guard product.targets.contains(where: { hashed.contains($0) != hashesKept }) else { return product }
            let targets = product.targets.filter { hashed.contains($0) == hashesKept }
            return targets.isEmpty ? nil : Product(package: product.package, name: product.name, type: product.type, targets: targets)
        }
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
