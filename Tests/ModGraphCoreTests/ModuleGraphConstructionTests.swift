import Testing
@testable import ModGraphCore
import ModGraphTestSupport

@Suite("module graph construction")
struct ModuleGraphConstructionTests {
    /// The edges come out as the plain definition says: those whose two ends
    /// are targets, without duplicates, sorted; and the digraph has exactly
    /// their distinct endpoint pairs.
    @Test func edgesAreTheSortedDistinctEdgesBetweenTargets() {
        var random = SplitMix64(seed: 42)
        let packages = ["zeta", "alpha", "mid"].map { PackageIdentity($0) }
        let names = ["B", "a", "Core", "core", "Z9", "Feature", "É", "x"]
        let conditions: [Condition?] = [
            nil, Condition(platforms: ["linux"]), Condition(platforms: ["ios", "macos"]), Condition(traits: ["Fast"]),
        ]
        for round in 0..<200 {
            let ids = packages.flatMap { package in names.map { TargetID(package: package, name: $0) } }
            let present = ids.filter { _ in random.next(below: 4) != 0 }
            let targets = present.map { Target(id: $0, type: .regular, path: nil) }
            var edges: [Edge] = []
            for _ in 0..<random.next(below: 60) {
                // Endpoints drawn from all ids, so some edges lead outside the targets.
                let from = ids[random.next(below: ids.count)]
                let to = ids[random.next(below: ids.count)]
                let kind: EdgeKind = [.target, .product, .plugin][random.next(below: 3)]
                let product: String? = random.next(below: 2) == 0 ? nil : ["P", "Q"][random.next(below: 2)]
                let edge = Edge(
                    from: from, to: to, kind: kind, product: product, condition: conditions[random.next(below: conditions.count)])
                edges.append(edge)
                if random.next(below: 3) == 0 { edges.append(edge) }
            }
            let targetOrder = random.permutation(of: targets.count)
            let edgeOrder = random.permutation(of: edges.count)
            let graph = ModuleGraph(
                packages: [], targets: targetOrder.map { targets[$0] }, products: [], edges: edgeOrder.map { edges[$0] })
            let kept = Set(present)
            let expected = Array(Set(edges.filter { kept.contains($0.from) && kept.contains($0.to) })).sorted()
            // Compared as one Bool: a failure would otherwise print every edge.
            let sameEdges = graph.edges == expected
            #expect(sameEdges, "round \(round): \(graph.edges.count) edges, expected \(expected.count)")
            #expect(graph.targets.map { $0.id } == present.sorted(), "round \(round)")
            let pairs = Set(
                expected.compactMap { edge in
                    graph.index(of: edge.from).flatMap { from in graph.index(of: edge.to).map { "\(from)>\($0)" } }
                })
            #expect(Set(graph.digraph.edges.map { "\($0.from)>\($0.to)" }) == pairs, "round \(round)")
        }
    }

    /// A loader that resolved each edge's targets to positions, and sorted
    /// the targets beforehand, gets the graph the ids alone give: same
    /// parts, same vertices, same index.
    @Test func edgesResolvedByTheLoaderGiveTheGraphTheIdsGive() {
        var random = SplitMix64(seed: 7)
        let packages = ["b", "a"].map { PackageIdentity($0) }
        let names = ["Z", "a", "Core", "É", "x", "M"]
        for round in 0..<100 {
            let ids = packages.flatMap { package in names.map { TargetID(package: package, name: $0) } }
            // Some ids declared twice, in any order.
            var targets = ids.filter { _ in random.next(below: 3) != 0 }.map { Target(id: $0, type: .regular, path: nil) }
            targets += targets.filter { _ in random.next(below: 4) == 0 }
            targets = random.permutation(of: targets.count).map { targets[$0] }
            var edges: [Edge] = []
            var ends: [ModuleGraph.EdgeEnds?] = []
            for _ in 0..<random.next(below: 40) {
                let from = ids[random.next(below: ids.count)]
                let to = ids[random.next(below: ids.count)]
                edges.append(Edge(from: from, to: to, kind: .target))
                // Any declaration of an id may be the one a loader found; some edges are left to the graph.
                let fromPositions = targets.indices.filter { targets[$0].id == from }
                let toPositions = targets.indices.filter { targets[$0].id == to }
                if random.next(below: 5) != 0, !fromPositions.isEmpty, !toPositions.isEmpty {
                    ends.append(
                        ModuleGraph.EdgeEnds(
                            from: fromPositions[random.next(below: fromPositions.count)],
                            to: toPositions[random.next(below: toPositions.count)]))
                } else {
                    ends.append(nil)
                }
            }
            let plain = ModuleGraph(packages: [], targets: targets, products: [], edges: edges)
            let resolved = ModuleGraph(packages: [], targets: targets, products: [], edges: edges, ends: ends)
            #expect(resolved == plain, "round \(round)")
            #expect(resolved.edgeEnds == plain.edgeEnds, "round \(round)")
            #expect(resolved.digraph == plain.digraph, "round \(round)")
            #expect(ids.map { resolved.index(of: $0) } == ids.map { plain.index(of: $0) }, "round \(round)")
        }
    }

    /// Moving items into place by swaps gives what copying them gives, for
    /// any order of any subset, the rest dropped.
    @Test func movingItemsIntoPlaceIsMappingThePositions() {
        var random = SplitMix64(seed: 11)
        for round in 0..<300 {
            let count = random.next(below: 40)
            let items = (0..<count).map { "item \($0)" }
            let positions = Array(random.permutation(of: count).prefix(random.next(below: count + 1)))
            var moved = items
            ModuleGraph.moveIntoPlaces(&moved, positions)
            #expect(moved == positions.map { items[$0] }, "round \(round)")
        }
    }

    /// Many products come out sorted by package, then name, the first of equal ones first.
    @Test func manyProductsAreSortedByPackageThenName() {
        var random = SplitMix64(seed: 5)
        let packages = ["b", "a", "c"].map { PackageIdentity($0) }
        let products = (0..<8_192).map { index in
            Product(
                package: packages[random.next(below: packages.count)], name: "P\(random.next(below: 3_000))", type: "library",
                targets: [TargetID(package: packages[0], name: "T\(index)")])
        }
        let graph = ModuleGraph(packages: [], targets: [], products: products, edges: [])
        let expected = products.indices.sorted { left, right in
            let (one, other) = (products[left], products[right])
            if one.package != other.package { return one.package < other.package }
            if one.name != other.name { return one.name < other.name }
            return left < right
        }.map { products[$0] }
        #expect(graph.products == expected)
    }
}
