import ModGraphCore

/// The change to make in `Package.swift`, spelled the way a manifest spells it.
enum DependencyEdit {
    /// How `target` should declare `dependency`: by name within its own
    /// package, else through a library product of the other package (the one
    /// named after the target, else the smallest that holds it).
    static func add(_ dependency: TargetID, to target: TargetID, in graph: ModuleGraph) -> String {
        if isXcodeTarget(target, graph) { return addInProject(dependency, to: target, in: graph) }
        let destination = "to the dependencies of target \"\(target.name)\""
        guard let vertex = graph.index(of: dependency) else { return "add \"\(dependency.name)\" \(destination)" }
        let node = graph.targets[vertex]
        if node.type == .externalProduct {
            return "add .product(name: \"\(node.name)\", package: \"\(packageReference(node.package, graph))\") \(destination)"
        }
        if dependency.package == target.package {
            return "add \"\(dependency.name)\" \(destination)"
        }
        let package = packageReference(dependency.package, graph)
        guard let product = libraryProduct(holding: dependency, in: graph) else {
            return
                "package \"\(package)\" has no library product holding target \"\(dependency.name)\": add one, then add it \(destination)"
        }
        return "add .product(name: \"\(product.name)\", package: \"\(package)\") \(destination)"
    }

    static func remove(_ written: String, from target: TargetID, in graph: ModuleGraph) -> String {
        if graph.package(target.package)?.isXcodeGenProject == true {
            return "remove \"\(written)\" from the dependencies: of target \"\(target.name)\""
        }
        if isXcodeTarget(target, graph) {
            return
                "remove \"\(written)\" from target \"\(target.name)\": from its Frameworks, Libraries, and Embedded Content and its Target Dependencies"
        }
        return "remove \"\(written)\" from the dependencies of target \"\(target.name)\""
    }

    /// The file the edit goes in: `Package.swift`, or `App.xcodeproj` for an Xcode target, or
    /// the XcodeGen spec (`project.yml`) that generates its project.
    static func file(of target: TargetID, in graph: ModuleGraph) -> String {
        guard isXcodeTarget(target, graph), let package = graph.package(target.package) else { return "Package.swift" }
        if package.isXcodeGenProject, let spec = package.location { return spec }
        return package.path?.split(separator: "/").last.map(String.init) ?? package.name + ".xcodeproj"
    }

    /// Who decides the build order when a dependency is missing: the tool that builds the target.
    static func builder(of target: TargetID, in graph: ModuleGraph) -> String {
        isXcodeTarget(target, graph) ? "Xcode" : "SwiftPM"
    }

    private static func isXcodeTarget(_ target: TargetID, _ graph: ModuleGraph) -> Bool {
        graph.package(target.package)?.origin == .project
    }

    /// An Xcode target links another target's product, or a package's product, in its General tab;
    /// a target of an XcodeGen spec lists it under `dependencies:`.
    private static func addInProject(_ dependency: TargetID, to target: TargetID, in graph: ModuleGraph) -> String {
        if graph.package(target.package)?.isXcodeGenProject == true { return addInSpec(dependency, to: target, in: graph) }
        let destination = "to target \"\(target.name)\"'s Frameworks, Libraries, and Embedded Content"
        guard let vertex = graph.index(of: dependency) else { return "add \"\(dependency.name)\" \(destination)" }
        let node = graph.targets[vertex]
        let owner = graph.package(dependency.package)
        if owner?.origin == .cocoapods {
            return "add pod '\(node.name)' to the block of target '\(target.name)' in \(owner?.path ?? "the Podfile")"
        }
        if owner?.origin == .project || node.type == .externalProduct {
            return "add \"\(node.name)\" \(destination)"
        }
        guard let product = libraryProduct(holding: dependency, in: graph) else {
            return
                "package \"\(packageReference(dependency.package, graph))\" has no library product holding target \"\(dependency.name)\": add one, then add it \(destination)"
        }
        return "add package product \"\(product.name)\" of \"\(packageReference(dependency.package, graph))\" \(destination)"
    }

    /// The `dependencies:` item of an XcodeGen target: `- target:` for a target of a project, else `- package:`.
    private static func addInSpec(_ dependency: TargetID, to target: TargetID, in graph: ModuleGraph) -> String {
        let destination = "to the dependencies: of target \"\(target.name)\""
        let owner = graph.package(dependency.package)
        if owner?.origin == .cocoapods {
            return "add pod '\(dependency.name)' to the block of target '\(target.name)' in \(owner?.path ?? "the Podfile")"
        }
        if owner?.origin == .project {
            let sameSpec = dependency.package == target.package
            let prefix = sameSpec ? "" : (owner?.name).map { "\($0)/" } ?? ""
            return "add \"- target: \(prefix)\(dependency.name)\"\(sameSpec ? "" : " (with \(owner?.name ?? "its project") under projectReferences:)") \(destination)"
        }
        let package = packageReference(dependency.package, graph)
        let product =
            graph.index(of: dependency).map { graph.targets[$0] }?.type == .externalProduct
            ? dependency.name : libraryProduct(holding: dependency, in: graph)?.name
        guard let product else {
            return "package \"\(package)\" has no library product holding target \"\(dependency.name)\": add one, then add it \(destination)"
        }
        return "add \"- package: \(package)\"\(product == package ? "" : " with \"product: \(product)\"") \(destination)"
    }

    /// The library product to depend on for `dependency`: the one named after it, else the smallest
    /// that holds it (then by name); nil when no library product holds it.
    private static func libraryProduct(holding dependency: TargetID, in graph: ModuleGraph) -> Product? {
        graph.products
            .filter { $0.package == dependency.package && $0.type.hasPrefix("library") && $0.targets.contains(dependency) }
            .min {
                ($0.name != dependency.name ? 1 : 0, $0.targets.count, $0.name) < ($1.name != dependency.name ? 1 : 0, $1.targets.count, $1.name)
            }
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
