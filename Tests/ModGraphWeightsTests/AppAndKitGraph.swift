import ModGraphCore

/// A graph of two packages without edges, `app` (the root, named App) and
/// `kit` (a local package), holding `targets`: (package, name, type), for
/// the weights files' tests of name matching.
func appAndKitGraph(_ targets: [(package: String, name: String, type: TargetType)]) -> ModuleGraph {
    ModuleGraph(
        packages: [
            Package(identity: PackageIdentity("app"), name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
            Package(identity: PackageIdentity("kit"), name: "Kit", path: "../kit", origin: .local, location: nil, isLoaded: true),
        ],
        targets: targets.map {
            Target(id: TargetID(package: PackageIdentity($0.package), name: $0.name), type: $0.type, path: "Sources/\($0.name)")
        },
        products: [], edges: []
    )
}
