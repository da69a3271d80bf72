@testable import ModGraphCore
import Testing
import ModGraphTestSupport

/// A two-package graph small enough to work every view out by hand:
///
///     package p:  A (executable) → B, C, D     B → D     C → D (linux only)
///     package q:  E                            F (test) → E
///     across:     D → E (through product QKit)
///     products:   p "Lib" = [B, C]     q "QKit" = [E]
///
/// Vertices, sorted by id: 0 p/A, 1 p/B, 2 p/C, 3 p/D, 4 q/E, 5 q/F.
enum ViewFixture {
    static let p = PackageIdentity("p"), q = PackageIdentity("q")
    static func id(_ package: PackageIdentity, _ name: String) -> TargetID { TargetID(package: package, name: name) }
    static let a = id(p, "A"), b = id(p, "B"), c = id(p, "C"), d = id(p, "D"), e = id(q, "E"), f = id(q, "F")

    static let graph = ModuleGraph(
        packages: [
            Package(identity: p, name: "P", path: ".", origin: .root, location: nil, isLoaded: true),
            Package(identity: q, name: "Q", path: "../q", origin: .local, location: nil, isLoaded: true),
        ],
        targets: [
            Target(id: a, type: .executable, path: nil), Target(id: b, type: .regular, path: nil),
            Target(id: c, type: .regular, path: nil), Target(id: d, type: .regular, path: nil),
            Target(id: e, type: .regular, path: nil), Target(id: f, type: .test, path: nil),
        ],
        products: [
            Product(package: p, name: "Lib", type: "library", targets: [b, c]),
            Product(package: q, name: "QKit", type: "library", targets: [e]),
        ],
        edges: [
            Edge(from: a, to: b, kind: .target), Edge(from: a, to: c, kind: .target), Edge(from: a, to: d, kind: .target),
            Edge(from: b, to: d, kind: .target),
            Edge(from: c, to: d, kind: .target, condition: Condition(platforms: ["linux"])),
            Edge(from: d, to: e, kind: .product, product: "QKit"),
            Edge(from: f, to: e, kind: .target),
        ]
    )

    static func names(_ graph: ModuleGraph) -> [String] { graph.targets.map(\.id.description) }
    static func pairs(_ graph: Digraph) -> [[Int]] { graph.edges.map { [$0.from, $0.to] } }
}

@Suite("Views: focus and neighbourhood")
struct NeighbourhoodTests {
    let graph = ViewFixture.graph

    @Test func dependenciesAllTheWayDown() {
        // B needs D, D needs E: {B, D, E}.
        #expect(ViewFixture.names(graph.neighbourhood(of: [1], depth: nil, following: .dependencies)) == ["p/B", "p/D", "q/E"])
    }

    @Test func depthLimitsTheSteps() {
        // One step from B reaches D only; zero steps keep B alone.
        #expect(ViewFixture.names(graph.neighbourhood(of: [1], depth: 1, following: .dependencies)) == ["p/B", "p/D"])
        #expect(ViewFixture.names(graph.neighbourhood(of: [1], depth: 0, following: .dependencies)) == ["p/B"])
    }

    @Test func dependentsGoTheOtherWay() {
        // Who needs E: D and F directly; then B, C and A through D.
        #expect(ViewFixture.names(graph.neighbourhood(of: [4], depth: 1, following: .dependents)) == ["p/D", "q/E", "q/F"])
        #expect(ViewFixture.names(graph.neighbourhood(of: [4], depth: nil, following: .dependents)).count == 6)
    }

    @Test func severalFocusTargetsUniteTheirNeighbourhoods() {
        // C one step: {C, D}; F one step: {F, E}. Edges among them: C → D, D → E, F → E.
        let view = graph.neighbourhood(of: [2, 5], depth: 1, following: .dependencies)
        #expect(ViewFixture.names(view) == ["p/C", "p/D", "q/E", "q/F"])
        #expect(ViewFixture.pairs(view.digraph) == [[0, 1], [1, 2], [3, 2]])
    }

    @Test func reductionDropsTheShortcut() {
        // A → D is implied by A → B → D; every other edge is the only path between its ends.
        let reduced = graph.transitivelyReduced()
        #expect(reduced.edges.count == graph.edges.count - 1)
        #expect(!reduced.edges.contains { $0.from == ViewFixture.a && $0.to == ViewFixture.d })
    }
}

@Suite("Views: looking up targets by name")
struct TargetLookupTests {
    let graph = ViewFixture.graph

    @Test func idsNamesAndCaseFolding() throws {
        #expect(try graph.lookUpTarget("p/B") == 1)
        #expect(try graph.lookUpTarget("P/B") == 1)  // identities are case-insensitive
        #expect(try graph.lookUpTarget("B") == 1)
        #expect(try graph.lookUpTarget("b") == 1)  // a unique case-insensitive match
    }

    @Test func unknownNamesSuggestTheClosest() {
        // "bee" is 2 edits from "b" and from "e" (limit 2 for a 3-letter name), 3 from the others.
        #expect(throws: TargetLookupError.unknown("Bee", suggestions: ["B", "E"])) { try graph.lookUpTarget("Bee") }
        #expect(throws: TargetLookupError.unknown("Zzzzzzzz", suggestions: [])) { try graph.lookUpTarget("Zzzzzzzz") }
        #expect("\(TargetLookupError.unknown("Bee", suggestions: ["B", "E"]))" == "no target 'Bee' in the graph; did you mean B, E?")
    }

    @Test func aNameTwoPackagesUseIsAmbiguous() throws {
        let x = TargetID(package: PackageIdentity("x"), name: "Core")
        let y = TargetID(package: PackageIdentity("y"), name: "Core")
        let twoCores = ModuleGraph(
            packages: [], targets: [Target(id: x, type: .regular, path: nil), Target(id: y, type: .regular, path: nil)],
            products: [], edges: [])
        #expect(throws: TargetLookupError.ambiguous("Core", candidates: ["x/Core", "y/Core"])) { try twoCores.lookUpTarget("Core") }
        #expect(try twoCores.lookUpTarget("y/Core") == 1)
        // A near miss names both, by id, since the name alone is ambiguous.
        #expect(throws: TargetLookupError.unknown("Cor", suggestions: ["x/Core", "y/Core"])) { try twoCores.lookUpTarget("Cor") }
    }

    @Test func editDistanceIsLevenshtein() {
        #expect(editDistance(Array("kitten"), Array("sitting"), limit: 10) == 3)
        #expect(editDistance(Array(""), Array("abc"), limit: 10) == 3)
        #expect(editDistance(Array("abc"), Array(""), limit: 10) == 3)
        #expect(editDistance(Array("same"), Array("same"), limit: 10) == 0)
        // Past the limit the exact value does not matter, only that it is above.
        #expect(editDistance(Array("abcdef"), Array("uvwxyz"), limit: 2) > 2)
    }
}

@Suite("Views: levels and reduction")
struct GraphViewTests {
    let graph = ViewFixture.graph

    @Test func theTargetLevelIsTheGraphItself() {
        let view = GraphView(graph)
        #expect(view.nodes.map(\.id) == ViewFixture.names(graph))
        #expect(view.digraph == graph.digraph)
        // Only C → D is conditional.
        #expect(
            view.edgeAttributes == [
                GraphView.EdgeKey(from: 2, to: 3): GraphView.EdgeAttributes(conditions: [Condition(platforms: ["linux"])])
            ])
        #expect(view.nodes(for: ViewFixture.d) == [3])
    }

    @Test func productsStandForTheirTargets() {
        // Nodes sorted by package then name: p/A, p/D, Lib (B, C), q/F, QKit (E).
        let view = GraphView(graph, level: .product)
        #expect(view.nodes.map(\.id) == ["p/A", "p/D", "product:p/Lib", "q/F", "product:q/QKit"])
        #expect(view.nodes[2].members == [1, 2])
        // A → B, A → C become A → Lib; B → D, C → D become Lib → D; D → E and F → E go to QKit.
        #expect(ViewFixture.pairs(view.digraph) == [[0, 1], [0, 2], [1, 4], [2, 1], [3, 4]])
        // Lib → D stands for B → D too, which always applies: not conditional.
        #expect(view.edgeAttributes.isEmpty)
    }

    @Test func packagesStandForAllTheirTargets() {
        // Only D → E crosses packages; F → E stays inside q and disappears.
        let view = GraphView(graph, level: .package)
        #expect(view.nodes.map(\.id) == ["package:p", "package:q"])
        #expect(view.nodes.map(\.name) == ["P", "Q"])
        #expect(ViewFixture.pairs(view.digraph) == [[0, 1]])
        #expect(view.nodes(for: ViewFixture.f) == [1])
    }

    @Test func chainsMapOntoTheViewsEdges() {
        let chain = [ViewFixture.a, ViewFixture.b, ViewFixture.d, ViewFixture.e]
        #expect(GraphView(graph).edges(along: chain).map { [$0.from, $0.to] } == [[0, 1], [1, 3], [3, 4]])
        // At the package level A → B and B → D stay inside p; only D → E remains.
        #expect(GraphView(graph, level: .package).edges(along: chain).map { [$0.from, $0.to] } == [[0, 1]])
    }

    @Test func reductionKeepsWhatItIsAskedToKeep() {
        let view = GraphView(graph)
        let reduced = view.transitivelyReduced()
        #expect(!reduced.digraph.hasEdge(from: 0, to: 3))
        #expect(reduced.digraph.edgeCount == view.digraph.edgeCount - 1)
        #expect(reduced.edgeAttributes == view.edgeAttributes)
        let kept = view.transitivelyReduced(keeping: [GraphView.EdgeKey(from: 0, to: 3)])
        #expect(kept.digraph == view.digraph)
    }

    @Test("Random graphs: a reduced view keeps who reaches whom", arguments: 0..<50)
    func reductionKeepsReachability(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 12, acyclic: false)
        let ids = (0..<candidate.vertexCount).map { TargetID(package: PackageIdentity("r"), name: ($0 < 10 ? "T0" : "T") + String($0)) }
        let module = ModuleGraph(
            packages: [], targets: ids.map { Target(id: $0, type: .regular, path: nil) }, products: [],
            edges: candidate.edges.map { Edge(from: ids[$0.from], to: ids[$0.to], kind: .target) })
        let view = GraphView(module)
        let reduced = view.transitivelyReduced()
        for vertex in 0..<candidate.vertexCount {
            #expect(reduced.digraph.reachable(from: [vertex]) == view.digraph.reachable(from: [vertex]))
        }
    }
}
