import ModGraphCore

/// What the viewer's toggles hide, worked out once on the Swift side so that
/// a toggle in the page only changes classes.
///
/// Tests and external products can be hidden, each on its own; with a node
/// gone, an edge that was implied by a path through it may become necessary.
/// So the transitive reduction is computed for each of the four combinations
/// and each edge carries a mask: bit `c` set means the edge is implied (the
/// reduction drops it) while the toggles are in combination `c`, where
/// `c = (tests hidden ? 1 : 0) + (externals hidden ? 2 : 0)`.
struct ViewerEdges: Sendable {
    /// Per view node: a test (hidden by the tests toggle).
    let isTest: [Bool]
    /// Per view node: a product of a package that was not loaded, or such a package.
    let isExternal: [Bool]
    /// Per edge of the view's digraph, in its edge order: the combinations in which the edge is implied.
    let impliedMask: [Int]

    /// - Complexity: one transitive reduction of the view's digraph per toggle combination that
    ///   hides something different: one to four; none when `drawn` is false (a page
    ///   without a picture offers no toggles, and its lists show every dependency).
    init(view: GraphView, drawn: Bool = true) {
        let isTest = view.nodes.map { node -> Bool in
            if case .target(let type) = node.kind { return type.isTest }
            return false
        }
        let isExternal = view.nodes.map { node -> Bool in
            switch node.kind {
            case .target(.externalProduct): true
            case .package(let origin): origin == .remote || origin == .registry
            default: false
            }
        }
        let edges = view.digraph.edges
        let hasTests = isTest.contains(true)
        let hasExternals = isExternal.contains(true)
        var masks = [Int](repeating: 0, count: edges.count)
        // A toggle that hides nothing gives the same reduction as without it: computed once, copied.
        var computed: [Int: Int] = [:]
        for combination in 0..<4 where drawn {
            let hidesTests = combination & 1 != 0 && hasTests
            let hidesExternals = combination & 2 != 0 && hasExternals
            let effective = (hidesTests ? 1 : 0) + (hidesExternals ? 2 : 0)
            if let same = computed[effective] {
                for index in masks.indices where masks[index] & (1 << same) != 0 { masks[index] |= 1 << combination }
                continue
            }
            computed[effective] = combination
            func shown(_ vertex: Int) -> Bool { !(hidesTests && isTest[vertex]) && !(hidesExternals && isExternal[vertex]) }
            let kept = edges.filter { shown($0.from) && shown($0.to) }
            let reduced = Digraph(vertexCount: view.nodes.count, edges: kept.map { ($0.from, $0.to) }).transitiveReduction()
            for (index, edge) in edges.enumerated() where shown(edge.from) && shown(edge.to) {
                if !reduced.hasEdge(from: edge.from, to: edge.to) { masks[index] |= 1 << combination }
            }
        }
        self.isTest = isTest
        self.isExternal = isExternal
        impliedMask = masks
    }
}
