import ModGraphCore
import ModGraphManifest
import ModGraphOutput

/// The change to make in `Package.swift`, spelled the way a manifest spells it.
enum DependencyEdit {
    /// How `target` should declare `dependency`: by name within its own
    /// package, else through a library product of the other package (the one
    /// named after the target, else the smallest that holds it).
    ///
    /// `declared`, the packages the target's manifest declares (nil: not known): a product of a
    /// package not among them needs the package's entry too, and the advice says both lines.
    /// `specPackages`, for a target of an XcodeGen spec, the names its `packages:` gives packages (nil: not known).
    static func add(
        _ dependency: TargetID, to target: TargetID, in graph: ModuleGraph, declared: Set<PackageIdentity>? = nil,
        specPackages: [PackageIdentity: String]? = nil
    ) -> String {
        if graph.package(target.package)?.isXcodeGenProject == true {
            return addInSpec(dependency, to: target, in: graph, packages: specPackages)
        }
        if isXcodeTarget(target, graph) { return addInProject(dependency, to: target, in: graph, packages: specPackages) }
        let line = addInManifest(dependency, to: target, in: graph)
        guard dependency.package != target.package, let declared, !declared.contains(dependency.package),
            let entry = packageEntry(dependency.package, from: target.package, in: graph)
        else { return line }
        return line
            + ", and \(entry) to the package's dependencies, which do not declare \"\(graph.packageReference(dependency.package))\" yet"
    }

    /// The package-level entry that declares `identity` in the manifest of `from`: a local package by
    /// its path from there, a remote one by its URL (its requirement is the team's to choose).
    private static func packageEntry(_ identity: PackageIdentity, from: PackageIdentity, in graph: ModuleGraph) -> String? {
        guard let package = graph.package(identity) else { return nil }
        switch package.origin {
        case .local, .root:
            guard let path = package.path, let here = graph.package(from)?.path else { return nil }
            // Both are relative to one folder and may climb above it (`../Core`): folded below a deep stand-in root.
            let stand = "/" + String(repeating: "_/", count: 64)
            let relative = Paths.relative(Paths.lexical(stand + path), from: Paths.lexical(stand + here))
            return ".package(path: \"\(relative)\")"
        case .remote:
            return package.location.map { ".package(url: \"\($0)\", …)" }
        default:
            return nil
        }
    }

    /// A SwiftPM target's `dependencies:` line.
    private static func addInManifest(_ dependency: TargetID, to target: TargetID, in graph: ModuleGraph) -> String {
        let destination = "to the dependencies of target \"\(target.name)\""
        guard let vertex = graph.index(of: dependency) else { return "add \"\(dependency.name)\" \(destination)" }
        let node = graph.targets[vertex]
        if node.type == .externalProduct {
            return "add .product(name: \"\(node.name)\", package: \"\(graph.packageReference(node.package))\") \(destination)"
        }
        if dependency.package == target.package {
            return "add \"\(dependency.name)\" \(destination)"
        }
        let package = graph.packageReference(dependency.package)
        guard let product = graph.libraryProduct(holding: dependency) else {
            return
                "package \"\(package)\" has no library product holding target \"\(dependency.name)\": add one, then add it \(destination)"
        }
        return "add .product(name: \"\(product.name)\", package: \"\(package)\") \(destination)"
    }

    static func remove(_ written: String, from target: TargetID, in graph: ModuleGraph) -> String {
        if graph.package(target.package)?.isTuistProject == true {
            return "remove the dependency on \"\(written)\" from the dependencies: of target \"\(target.name)\""
        }
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
    /// the XcodeGen spec (`project.yml`) or Tuist manifest (`Project.swift`) that generates its project.
    static func file(of target: TargetID, in graph: ModuleGraph) -> String {
        guard isXcodeTarget(target, graph), let package = graph.package(target.package) else { return "Package.swift" }
        if package.isGeneratedProject, let spec = package.location { return spec }
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
    /// - Parameter packages: for a Tuist target, the packages Tuist's package list names.
    private static func addInProject(
        _ dependency: TargetID, to target: TargetID, in graph: ModuleGraph, packages: [PackageIdentity: String]?
    ) -> String {
        if graph.package(target.package)?.isTuistProject == true {
            return addInTuist(dependency, to: target, in: graph, listed: Set((packages ?? [:]).keys))
        }
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
        guard let product = graph.libraryProduct(holding: dependency) else {
            return
                "package \"\(graph.packageReference(dependency.package))\" has no library product holding target \"\(dependency.name)\": add one, then add it \(destination)"
        }
        return "add package product \"\(product.name)\" of \"\(graph.packageReference(dependency.package))\" \(destination)"
    }

    /// The `TargetDependency` of a Tuist target: `.target` in its own project, `.project(target:path:)` for
    /// another manifest's, `.external` for a product of Tuist's packages, `.package(product:)` for another package's.
    private static func addInTuist(_ dependency: TargetID, to target: TargetID, in graph: ModuleGraph, listed: Set<PackageIdentity>)
        -> String
    {
        let destination = "to the dependencies: of target \"\(target.name)\""
        let owner = graph.package(dependency.package)
        if owner?.origin == .cocoapods {
            return "add pod '\(dependency.name)' to the block of target '\(target.name)' in \(owner?.path ?? "the Podfile")"
        }
        guard let element = TuistDependency(dependency, of: target, in: graph, listed: listed) else {
            return
                "package \"\(graph.packageReference(dependency.package))\" has no library product holding target \"\(dependency.name)\": add one, then add it \(destination)"
        }
        return "add \(element.written) \(destination)"
    }

    /// The `dependencies:` item of an XcodeGen target: `- target:` for a target of a project, else `- package:`.
    /// `packages`: the spec's names for its packages (`- package:` writes the key of `packages:`, not the
    /// package's identity); a package the spec does not list must be declared there too, or XcodeGen skips it.
    private static func addInSpec(
        _ dependency: TargetID, to target: TargetID, in graph: ModuleGraph, packages: [PackageIdentity: String]?
    ) -> String {
        let destination = "to the dependencies: of target \"\(target.name)\""
        let owner = graph.package(dependency.package)
        if owner?.origin == .cocoapods {
            return "add pod '\(dependency.name)' to the block of target '\(target.name)' in \(owner?.path ?? "the Podfile")"
        }
        if owner?.origin == .project {
            let sameSpec = dependency.package == target.package
            let prefix = sameSpec ? "" : (owner?.name).map { "\($0)/" } ?? ""
            return
                "add \"- target: \(prefix)\(dependency.name)\"\(sameSpec ? "" : " (with \(owner?.name ?? "its project") under projectReferences:)") \(destination)"
        }
        let named = packages?[dependency.package]
        let package = named ?? graph.packageReference(dependency.package)
        let product = graph.productName(reaching: dependency)
        guard let product else {
            return
                "package \"\(package)\" has no library product holding target \"\(dependency.name)\": add one, then add it \(destination)"
        }
        let line = "add \"- package: \(package)\"\(product == package ? "" : " with \"product: \(product)\"") \(destination)"
        guard packages != nil, named == nil, let owner else { return line }
        // Not among the spec's packages: XcodeGen would leave the dependency out.
        let entry: String
        switch owner.origin {
        case .remote: entry = owner.location.map { " (url: \($0))" } ?? ""
        case .local, .root: entry = owner.path.map { " (path: \($0))" } ?? ""
        default: entry = ""
        }
        return line + ", and \(package)\(entry) to packages:, which does not declare it yet"
    }
}

/// A Tuist target's `TargetDependency` on another module, as a manifest writes it: what check advises
/// and fix adds.
public enum TuistDependency: Hashable, Sendable {
    /// A target of the same project: `.target(name:)`.
    case target(String)
    /// A target of another manifest's project: `.project(target:path:)`, the path from this project's folder.
    case project(target: String, path: String)
    /// A product of Tuist's package list (`Tuist/Package.swift`) or a remote package: `.external(name:)`.
    case external(String)
    /// A product of a package of the repository's own, which the project's `packages:` lists: `.package(product:)`.
    case package(product: String)

    /// The element `dependency` is for a target of `target`'s project; nil for a pod, and for a package
    /// of the repository's own without a library product holding it.
    /// - Parameter listed: the packages of the repository's own that Tuist's package list names: their
    ///   products are `.external`, as the list's remote packages' are.
    public init?(_ dependency: TargetID, of target: TargetID, in graph: ModuleGraph, listed: Set<PackageIdentity> = []) {
        let owner = graph.package(dependency.package)
        if owner?.origin == .cocoapods { return nil }
        if dependency.package == target.package {
            self = .target(dependency.name)
            return
        }
        if let owner, owner.isTuistProject, let there = owner.location, let here = graph.package(target.package)?.location {
            let path = Paths.relative(Paths.lexical("/" + Self.parent(there)), from: Paths.lexical("/" + Self.parent(here)))
            self = .project(target: dependency.name, path: path.isEmpty ? "." : path)
            return
        }
        let product = graph.productName(reaching: dependency)
        // A remote package's product comes through Tuist's package list (`Tuist/Package.swift`), as Tuist 4 advises;
        // a package of the repository's own is a `packages:` entry of the project.
        if owner?.isTuistPackageList == true || listed.contains(dependency.package) || (owner?.origin != .local && owner?.origin != .root) {
            self = .external(product ?? dependency.name)
            return
        }
        guard let product else { return nil }
        self = .package(product: product)
    }

    /// The name the element names: the target's, or the product's.
    public var name: String {
        switch self {
        case let .target(name), let .project(name, _), let .external(name), let .package(name): name
        }
    }

    /// As the manifest writes it: `.project(target: "HomeInterface", path: "../Home")`.
    public var written: String {
        switch self {
        case let .target(name): ".target(name: \(Escape.swiftString(name)))"
        case let .project(target, path): ".project(target: \(Escape.swiftString(target)), path: \(Escape.swiftString(path)))"
        case let .external(name): ".external(name: \(Escape.swiftString(name)))"
        case let .package(product): ".package(product: \(Escape.swiftString(product)))"
        }
    }

    private static func parent(_ path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }
}
