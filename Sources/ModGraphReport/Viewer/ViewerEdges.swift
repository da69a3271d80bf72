import ModGraphCore

/// What the viewer's toggles hide: tests and external products, each on its
/// own. Worked out once on the Swift side for the page's data and its views.
struct ViewerEdges: Sendable {
    /// Per view node: a test (hidden by the tests toggle).
    let isTest: [Bool]
    /// Per view node: a product of a package that was not loaded, or such a package.
    let isExternal: [Bool]

    /// - Complexity: O(V).
    init(view: GraphView) {
        isTest = view.nodes.map { node -> Bool in
            if case .target(let type) = node.kind { return type.isTest }
            return false
        }
        isExternal = view.nodes.map { node -> Bool in
            switch node.kind {
            case .target(.externalProduct): true
            case .package(let origin): origin == .remote || origin == .registry
            default: false
            }
        }
    }
}
