@testable import ModGraphCore
import Testing

/// "Why does A depend on B": the paths of small graphs, worked out by hand.
@Suite("Paths between two targets")
struct PathTests {
    /// 0 → 1 → 3, 0 → 2 → 3, 0 → 3, 1 → 2, 3 → 4; 5 alone.
    /// Paths 0 to 3: [0,3], [0,1,3], [0,2,3], [0,1,2,3]: four, one of length 1, two of 2, one of 3.
    static let diamond = Digraph(vertexCount: 6, edges: [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (3, 4)])

    @Test func shortestFirstThenInVertexOrder() {
        let found = Self.diamond.paths(from: 0, to: 3, limit: 10)
        #expect(found.paths == [[0, 3], [0, 1, 3], [0, 2, 3], [0, 1, 2, 3]])
        #expect(found.count == 4 && found.isExact)
    }

    @Test func theLimitCutsTheListNotTheCount() {
        let found = Self.diamond.paths(from: 0, to: 4, limit: 2)
        #expect(found.paths == [[0, 3, 4], [0, 1, 3, 4]])
        #expect(found.count == 4 && found.isExact)
    }

    @Test func noPathIsEmptyAndTheSameVertexIsOnePath() {
        #expect(Self.diamond.paths(from: 3, to: 0, limit: 5) == PathSet(paths: [], count: 0, isExact: true))
        #expect(Self.diamond.paths(from: 0, to: 5, limit: 5).count == 0)
        #expect(Self.diamond.paths(from: 2, to: 2, limit: 5) == PathSet(paths: [[2]], count: 1, isExact: true))
    }

    @Test func aLayeredGraphHasMorePathsThanAreListed() {
        // 30 layers of 4 vertices, each vertex using all 4 of the layer below: 4^29 paths from the
        // top's first vertex to the bottom's first: 4^28 = 2^56 (a choice of 4 on each of the 28 layers between), exact, and only 3 listed.
        var edges: [(Int, Int)] = []
        for layer in 0..<29 {
            for a in 0..<4 { for b in 0..<4 { edges.append((layer * 4 + a, (layer + 1) * 4 + b)) } }
        }
        let layered = Digraph(vertexCount: 120, edges: edges)
        let found = layered.paths(from: 0, to: 116, limit: 3)
        #expect(found.count == 1 << 56 && found.isExact)
        #expect(found.paths.count == 3 && found.paths.allSatisfy { $0.count == 30 && $0.first == 0 && $0.last == 116 })
        // 40 layers: 4^38 = 2^76 paths, more than an Int holds: the count says so.
        var more: [(Int, Int)] = []
        for layer in 0..<39 {
            for a in 0..<4 { for b in 0..<4 { more.append((layer * 4 + a, (layer + 1) * 4 + b)) } }
        }
        let deep = Digraph(vertexCount: 160, edges: more).paths(from: 0, to: 156, limit: 1)
        #expect(!deep.isExact && deep.count == Int.max && deep.paths.count == 1)
    }

    @Test func pathsThroughACycleStaySimple() {
        // 0 → 1 → 2 → 1 (cycle 1, 2), 2 → 3, 1 → 3: paths 0 to 3: [0,1,3], [0,1,2,3].
        let cyclic = Digraph(vertexCount: 4, edges: [(0, 1), (1, 2), (2, 1), (2, 3), (1, 3)])
        let found = cyclic.paths(from: 0, to: 3, limit: 10)
        #expect(found.paths == [[0, 1, 3], [0, 1, 2, 3]])
        #expect(found.count == 2 && found.isExact)
    }

    @Test func aLongChainIsWalkedWithoutRecursion() {
        // 50,000 vertices in a line: one path, as long as the graph.
        let chain = Digraph(vertexCount: 50_000, edges: (0..<49_999).map { ($0, $0 + 1) })
        let found = chain.paths(from: 0, to: 49_999, limit: 5)
        #expect(found.paths.count == 1 && found.paths[0].count == 50_000 && found.count == 1)
    }
}

@Suite("Focus both ways")
struct BothWaysTests {
    let graph = ViewFixture.graph

    @Test func bothWaysIsWhatItUsesAndWhatUsesIt() {
        // D: uses E; used by A, B, C. One step both ways: {A, B, C, D, E}, not F (E's other dependent).
        #expect(
            ViewFixture.names(graph.neighbourhood(of: [3], depth: 1, following: [.dependencies, .dependents]))
                == ["p/A", "p/B", "p/C", "p/D", "q/E"])
        // B both ways, all the way: A above; D, E below. Not C, which only shares D.
        #expect(
            ViewFixture.names(graph.neighbourhood(of: [1], depth: nil, following: [.dependencies, .dependents]))
                == ["p/A", "p/B", "p/D", "q/E"])
    }
}

@Suite("Collapsed views")
struct GroupingTests {
    let graph = ViewFixture.graph

    @Test func byPackageCountsTheDependenciesBehindEachEdge() {
        // P = {A, B, C, D}, Q = {E, F}. Between them only D → E: one edge standing for one dependency.
        let view = GraphView(graph, grouping: .byPackage(graph))
        #expect(view.nodes.map(\.id) == ["package:p", "package:q"])
        #expect(view.nodes.map(\.members) == [[0, 1, 2, 3], [4, 5]])
        #expect(ViewFixture.pairs(view.digraph) == [[0, 1]])
        #expect(view.count(from: 0, to: 1) == 1)
        #expect(view.groupedBy == .package)
    }

    @Test func anOpenGroupShowsItsTargetsAmongTheOthers() {
        // P open: A, B, C, D as themselves and Q as one node; A → B, A → C, A → D, B → D, C → D, D → Q.
        let view = GraphView(graph, grouping: .byPackage(graph), open: [0])
        #expect(view.nodes.map(\.id) == ["p/A", "p/B", "p/C", "p/D", "package:q"])
        #expect(ViewFixture.pairs(view.digraph) == [[0, 1], [0, 2], [0, 3], [1, 3], [2, 3], [3, 4]])
        // C → D is linux only: still conditional in the collapsed view.
        #expect(view.attributes(from: 2, to: 3).isConditional)
    }

    @Test func countsAddUpTheTargetPairs() {
        // Layers: top = {A}, bottom = {B, C, D}; E and F have none. Edges top → bottom: A → B, A → C, A → D:
        // three dependencies; bottom → (no layer): D → E: one; (no layer) inside: F → E, dropped.
        let grouping = Grouping.byLayer(layerOfTarget: [0, 1, 1, 1, nil, nil], names: ["top", "bottom"])
        #expect(grouping.groups.map(\.name) == ["top", "bottom", "(no layer)"])
        let view = GraphView(graph, grouping: grouping)
        #expect(ViewFixture.pairs(view.digraph) == [[0, 1], [1, 2]])
        #expect(view.count(from: 0, to: 1) == 3 && view.count(from: 1, to: 2) == 1)
        // The reduction keeps the counts of the edges it keeps.
        #expect(view.transitivelyReduced().count(from: 0, to: 1) == 3)
    }

    @Test func projectFoldersGroupThePackagesInThem() {
        #expect(Grouping.projectFolder(of: "libraries/Home") == "libraries")
        #expect(Grouping.projectFolder(of: "libraries/Foundations/Domain") == "libraries/Foundations")
        #expect(Grouping.projectFolder(of: "apps/ios/iOS.xcodeproj") == "apps")
        #expect(Grouping.projectFolder(of: "Loop/Loop.xcodeproj") == nil)
        #expect(Grouping.projectFolder(of: ".") == nil)
        #expect(Grouping.projectFolder(of: "Home") == nil)
        #expect(Grouping.projectFolder(of: nil) == nil)
        #expect(Grouping.projectFolder(of: "../Features/Search") == "../Features")
        #expect(Grouping.projectFolder(of: "../q") == nil)
        #expect(Grouping.projectFolder(of: "a/../b/c") == nil)
        // The fixture's P is at the top (its own group) and Q at ../q (outside: its own group).
        let grouping = Grouping.byProject(graph)
        #expect(grouping.groups.map(\.key) == ["package:p", "package:q"])
    }
}
