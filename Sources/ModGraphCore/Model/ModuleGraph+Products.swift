/// How a manifest names what another package offers: the questions a dependency's
/// advice (`check`) and its edit (`fix`) both ask of the graph.
extension ModuleGraph {
    /// The library product to depend on for `dependency`: the one named after it, else the
    /// smallest that holds it (then by name); nil when no library product holds it.
    ///
    /// - Complexity: O(P) in the graph's products.
    public func libraryProduct(holding dependency: TargetID) -> Product? {
        products
            .filter { $0.package == dependency.package && $0.type.hasPrefix("library") && $0.targets.contains(dependency) }
            .min {
                ($0.name != dependency.name ? 1 : 0, $0.targets.count, $0.name) < ($1.name != dependency.name ? 1 : 0, $1.targets.count, $1.name)
            }
    }

    /// The product a dependent names to reach `dependency`: its own name when it is a product (an external
    /// product of a package not read), else the library product holding it; nil when none does.
    public func productName(reaching dependency: TargetID) -> String? {
        if let vertex = index(of: dependency), targets[vertex].type == .externalProduct { return dependency.name }
        return libraryProduct(holding: dependency)?.name
    }

    /// What `package:` takes: the last component of the package's folder or
    /// URL, as written (SwiftPM compares it without regard to case).
    public func packageReference(_ identity: PackageIdentity) -> String {
        guard let package = package(identity) else { return identity.rawValue }
        // A package of the workspace by its folder (a root found beside others has one too), else its URL.
        let folder = package.origin == .local || package.origin == .root ? package.path.flatMap { $0 == "." ? nil : $0 } : nil
        let location = folder ?? package.location
        guard var last = location?.split(separator: "/").last.map(String.init), !last.isEmpty, last != "." else { return identity.rawValue }
        if last.lowercased().hasSuffix(".git") { last = String(last.dropLast(4)) }
        return last.lowercased() == identity.rawValue ? last : identity.rawValue
    }
}
