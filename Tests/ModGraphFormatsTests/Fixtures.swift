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

extension Fixtures {
    /// Two packages with a product each and a test target:
    /// app/App → kit/Kit product (KitCore, KitUI), app/AppTests → app/App, kit/KitUI → kit/KitCore.
    static func twoPackages() -> ModuleGraph {
        let app = PackageIdentity("app")
        let kit = PackageIdentity("kit")
        let appTarget = TargetID(package: app, name: "App")
        let tests = TargetID(package: app, name: "AppTests")
        let core = TargetID(package: kit, name: "KitCore")
        let ui = TargetID(package: kit, name: "KitUI")
        return ModuleGraph(
            packages: [
                Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
                Package(identity: kit, name: "Kit \"2\"", path: "../Kit", origin: .local, location: nil, isLoaded: true),
            ],
            targets: [
                Target(id: appTarget, type: .executable, path: nil), Target(id: tests, type: .test, path: nil),
                Target(id: core, type: .regular, path: nil), Target(id: ui, type: .regular, path: nil),
            ],
            products: [
                Product(package: kit, name: "Kit", type: "library", targets: [core, ui]),
                Product(package: app, name: "App", type: "executable", targets: [appTarget]),
            ],
            edges: [
                Edge(from: appTarget, to: ui, kind: .product, product: "Kit"),
                Edge(from: appTarget, to: core, kind: .product, product: "Kit"),
                Edge(from: tests, to: appTarget, kind: .target), Edge(from: ui, to: core, kind: .target),
            ]
        )
    }
}
