import ModGraphCore

/// The change to make in `Package.swift`, spelled the way a manifest spells it.
enum DependencyEdit {
    /// How `target` should declare `dependency`: by name within its own
    /// package, else through a library product of the other package (the one
    /// named after the target, else the smallest that holds it).
    static func add(_ dependency: TargetID, to target: TargetID, in graph: ModuleGraph) -> String {
        let destination = "to the dependencies of target \"\(target.name)\""
        guard let vertex = graph.index(of: dependency) else { return "add \"\(dependency.name)\" \(destination)" }
        let node = graph.targets[vertex]
        if node.type == .externalProduct {
            return "add .product(name: \"\(node.name)\", package: \"\(packageReference(node.package, graph))\") \(destination)"
        }
        if dependency.package == target.package {
            return "add \"\(dependency.name)\" \(destination)"
        }
        let products = graph.products
            .filter { $0.package == dependency.package && $0.type.hasPrefix("library") && $0.targets.contains(dependency) }
            .sorted { ($0.name != dependency.name ? 1 : 0, $0.targets.count, $0.name) < ($1.name != dependency.name ? 1 : 0, $1.targets.count, $1.name) }
        let package = packageReference(dependency.package, graph)
        guard let product = products.first else {
            return "package \"\(package)\" has no library product holding target \"\(dependency.name)\": add one, then add it \(destination)"
        }
        return "add .product(name: \"\(product.name)\", package: \"\(package)\") \(destination)"
    }

    static func remove(_ written: String, from target: TargetID) -> String {
        "remove \"\(written)\" from the dependencies of target \"\(target.name)\""
    }

    /// What `package:` takes: the last component of the package's folder or
    /// URL, as written (SwiftPM compares it without regard to case).
    static func packageReference(_ identity: PackageIdentity, _ graph: ModuleGraph) -> String {
        guard let package = graph.package(identity) else { return identity.rawValue }
        let location = package.origin == .local ? package.path : package.location
        guard var last = location?.split(separator: "/").last.map(String.init), !last.isEmpty, last != "." else { return identity.rawValue }
        if last.lowercased().hasSuffix(".git") { last = String(last.dropLast(4)) }
        return last.lowercased() == identity.rawValue ? last : identity.rawValue
    }
}
