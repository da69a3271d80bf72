import ModGraphCore

/// A small hand-made graph whose names hold every character DOT and JSON must escape.
enum Fixtures {
    static let awkwardNames = [
        "Plain", "With Space", "Quote\"Inside", "Back\\slash", "Trailing\\", "Ünïcödé 模块", "new\nline", "->", "{braces}", "",
    ]

    static func awkwardGraph() -> ModuleGraph {
        let package = PackageIdentity("weird pkg\"")
        let targets = awkwardNames.map { Target(id: TargetID(package: package, name: $0), type: .regular, path: "Sources/\($0)") }
        var edges: [Edge] = []
        for (from, to) in zip(targets.dropLast(), targets.dropFirst()) {
            edges.append(Edge(from: from.id, to: to.id, kind: .target))
        }
        edges.append(Edge(from: targets[0].id, to: targets[5].id, kind: .target, condition: Condition(platforms: ["linux"])))
        return ModuleGraph(
            packages: [Package(identity: package, name: "Weird \"Pkg\"", path: ".", origin: .root, location: nil, isLoaded: true)],
            targets: targets, products: [], edges: edges
        )
    }
}
