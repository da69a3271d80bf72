import ModGraphCore

/// Resolves every target dependency of a ``Workspace`` into edges between
/// targets, as SwiftPM does, and builds the ``ModuleGraph``.
///
/// Resolution rules (documented in `docs/loading.md`):
/// - `.target(name:)` must name a target of the same package.
/// - A plain string (`byName`) names a target of the same package if one has
///   that name; otherwise a product of one of the package's dependencies. From
///   tools-version 5.2 on, that dependency's identity or `name:` must equal the
///   string (SwiftPM's rule); before 5.2 any dependency may vend it.
/// - `.product(name:package:)` names a dependency by identity, by the `name:`
///   given in `.package(name:...)`, or by its manifest's name, all compared
///   case-insensitively; a `nil` package searches every dependency.
/// - A product stands for all its targets: one edge to each.
/// - A product of a package that was not loaded becomes an external product node.
public struct GraphBuilder: Sendable {
    public let externals: ExternalsMode

    public init(externals: ExternalsMode = .products) {
        self.externals = externals
    }

    /// The graph of `workspace`'s packages, joined with `more` (an Xcode
    /// project's targets and edges, which may use the packages' products),
    /// before other packages' code that nothing of the workspace's own reaches is dropped.
    public func build(_ workspace: Workspace, adding more: GraphParts = GraphParts()) throws(LoadError) -> ModuleGraph {
        var targets: [Target] = more.targets
        var products: [Product] = more.products
        var edges: [Edge] = more.edges
        var externalNodes: Set<TargetID> = more.externalProducts

        for package in workspace.packages.values.sorted(by: { $0.identity < $1.identity }) {
            guard let manifest = package.manifest else { continue }
            let layout = SourceLayout(packageDirectory: package.directory)
            for target in manifest.targets {
                let (path, isOnDisk) = layout.sourceFolder(of: target)
                targets.append(Target(id: TargetID(package: package.identity, name: target.name),
                                      type: isOnDisk ? layout.effectiveType(of: target, sourcePath: path) : target.type, path: path))
            }
            for product in manifest.products {
                products.append(Product(package: package.identity, name: product.name, type: product.type,
                                        targets: product.targets.map { TargetID(package: package.identity, name: $0) }))
            }
            let resolver = Resolver(package: package, workspace: workspace)
            for target in manifest.targets {
                let from = TargetID(package: package.identity, name: target.name)
                for dependency in target.dependencies {
                    // Most dependencies name a target of the same package: one edge, no list to build.
                    if let local = resolver.localTarget(dependency) {
                        edges.append(Edge(from: from, to: TargetID(package: package.identity, name: local), kind: .target,
                                          condition: dependency.condition))
                        continue
                    }
                    for resolved in try resolver.resolve(dependency, of: target.name) {
                        edges.append(Edge(from: from, to: resolved.target, kind: resolved.kind,
                                          product: resolved.product, condition: dependency.condition))
                        if resolved.isExternal { externalNodes.insert(resolved.target) }
                    }
                }
                for usage in target.pluginUsages {
                    for resolved in try resolver.resolvePlugin(usage, of: target.name) {
                        edges.append(Edge(from: from, to: resolved.target, kind: .plugin, product: resolved.product))
                        if resolved.isExternal { externalNodes.insert(resolved.target) }
                    }
                }
            }
        }
        if externals != .none {
            targets += externalNodes.map { Target(id: $0, type: .externalProduct, path: nil) }
        }
        let packages = more.packages + workspace.packages.values.map { package in
            Package(identity: package.identity,
                    name: package.manifest?.name ?? package.declaredName ?? package.identity.rawValue,
                    path: package.directory.map { folder in workspace.rootDirectory.map { Paths.relative(folder, from: $0) } ?? folder },
                    origin: package.origin,
                    location: package.origin.isOwn ? nil : package.location,
                    isLoaded: package.manifest != nil)
        }
        // Remote packages loaded from checkouts bring only the targets the
        // workspace's own code reaches (never their tests, which nothing can
        // depend on), and are listed only while some are left: SwiftPM builds no more.
        return ModuleGraph(packages: packages, targets: targets, products: products, edges: edges).withoutUnusedExternals()
    }
}

/// Nodes and edges from outside the manifests (an Xcode project's) that
/// ``GraphBuilder/build(_:adding:)`` joins with the packages' graph.
public struct GraphParts: Sendable {
    public var packages: [Package]
    public var targets: [Target]
    public var products: [Product]
    public var edges: [Edge]
    /// External product nodes the edges lead to; kept unless externals are `none`.
    public var externalProducts: Set<TargetID>

    public init(packages: [Package] = [], targets: [Target] = [], products: [Product] = [], edges: [Edge] = [],
                externalProducts: Set<TargetID> = []) {
        self.packages = packages
        self.targets = targets
        self.products = products
        self.edges = edges
        self.externalProducts = externalProducts
    }
}

/// One target a dependency resolved to.
struct ResolvedDependency {
    let target: TargetID
    let kind: EdgeKind
    let product: String?
    let isExternal: Bool
}

/// Resolves the dependencies written in one package's manifest.
private struct Resolver {
    let package: WorkspacePackage
    let workspace: Workspace
    let manifest: Manifest
    let targetNames: Set<String>

    init(package: WorkspacePackage, workspace: Workspace) {
        self.package = package
        self.workspace = workspace
        self.manifest = package.manifest ?? Manifest(name: "", toolsVersion: nil, packageDirectory: nil, targets: [], products: [], dependencies: [])
        self.targetNames = Set(manifest.targets.map(\.name))
    }

    var manifestPath: String { package.manifestPath }

    /// The target of the same package a `.target` or plain-string dependency names, when there is one:
    /// what ``resolve(_:of:)`` resolves it to, as one edge of kind `.target`.
    func localTarget(_ dependency: TargetDependency) -> String? {
        switch dependency {
        case let .target(name, _), let .byName(name, _): targetNames.contains(name) ? name : nil
        case .product: nil
        }
    }

    func resolve(_ dependency: TargetDependency, of target: String) throws(LoadError) -> [ResolvedDependency] {
        switch dependency {
        case let .target(name, _):
            guard targetNames.contains(name) else {
                throw .unknownTarget(manifest: manifestPath, target: target, dependency: name)
            }
            return [local(name)]
        case let .byName(name, _):
            if targetNames.contains(name) { return [local(name)] }
            let requiresNamedPackage = (manifest.toolsVersion ?? .v5_2) >= .v5_2
            return try product(name, in: candidates(named: requiresNamedPackage ? name : nil), of: target, isByName: true)
        case let .product(name, packageName, _):
            return try product(name, in: candidates(named: packageName, for: target), of: target, isByName: false)
        }
    }

    func resolvePlugin(_ usage: PluginUsage, of target: String) throws(LoadError) -> [ResolvedDependency] {
        if usage.package == nil, targetNames.contains(usage.name) { return [local(usage.name)] }
        return try product(usage.name, in: candidates(named: usage.package, for: target), of: target, isByName: false)
    }

    private func local(_ name: String) -> ResolvedDependency {
        ResolvedDependency(target: TargetID(package: package.identity, name: name), kind: .target, product: nil, isExternal: false)
    }

    /// Dependencies a `package:` string may refer to; all of them when it is `nil`.
    private func candidates(named name: String?, for target: String? = nil) throws(LoadError) -> [PackageDependency] {
        guard let name else { return manifest.dependencies }
        let matches = manifest.dependencies.filter { dependency in
            dependency.isNamed(name)
                || workspace.package(for: dependency)?.manifest?.name.lowercased() == name.lowercased()
        }
        if matches.isEmpty, let target {
            throw .unknownPackage(manifest: manifestPath, target: target, package: name)
        }
        return matches
    }

    private func product(_ name: String, in dependencies: [PackageDependency], of target: String, isByName: Bool) throws(LoadError) -> [ResolvedDependency] {
        var loadedMatches: [(PackageIdentity, ManifestProduct)] = []
        var unloaded: [PackageIdentity] = []
        var seen = Set<PackageIdentity>()
        for dependency in dependencies {
            let reached = workspace.package(for: dependency)
            let identity = reached?.identity ?? dependency.identity
            guard seen.insert(identity).inserted else { continue }
            if let other = reached?.manifest {
                if let product = other.products.first(where: { $0.name == name }) {
                    loadedMatches.append((identity, product))
                }
            } else {
                unloaded.append(identity)
            }
        }
        if loadedMatches.count > 1 {
            throw .ambiguousDependency(manifest: manifestPath, target: target, dependency: name,
                                       candidates: loadedMatches.map(\.0.rawValue).sorted())
        }
        if let (identity, product) = loadedMatches.first {
            return product.targets.map {
                ResolvedDependency(target: TargetID(package: identity, name: $0), kind: .product, product: name, isExternal: false)
            }
        }
        // An unloaded package cannot be asked what it vends; with one candidate, trust the manifest.
        let unloadedCandidates = unloaded.count == 1 ? unloaded : unloaded.filter { identity in
            dependencies.contains { (workspace.aliases[$0.identity] ?? $0.identity) == identity && $0.isNamed(name) }
        }
        if unloadedCandidates.count == 1, let identity = unloadedCandidates.first {
            return [ResolvedDependency(target: TargetID(package: identity, name: name), kind: .product, product: name, isExternal: true)]
        }
        if unloadedCandidates.count > 1 {
            throw .ambiguousDependency(manifest: manifestPath, target: target, dependency: name,
                                       candidates: unloadedCandidates.map(\.rawValue).sorted())
        }
        if isByName {
            throw .unresolvedDependency(manifest: manifestPath, target: target, dependency: name)
        }
        let packageName = dependencies.count == 1 ? dependencies[0].identity.rawValue : "(any)"
        throw .unknownProduct(manifest: manifestPath, target: target, product: name, package: packageName)
    }
}
