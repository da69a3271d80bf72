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
/// - A plugin usage without `package:` names a target of the same package,
///   else a plugin product of the same package (SwiftPM 5.7 on: its plugin
///   target), else a product of a dependency; with `package:`, a product of that dependency.
public struct GraphBuilder: Sendable {
    public let externals: ExternalsMode

    public init(externals: ExternalsMode = .products) {
        self.externals = externals
    }

    /// The graph of `workspace`'s packages, joined with `more` (an Xcode
    /// project's targets and edges, which may use the packages' products),
    /// before other packages' code that nothing of the workspace's own reaches is dropped.
    public func build(_ workspace: Workspace, adding more: GraphParts = GraphParts()) throws(LoadError) -> ModuleGraph {
        var ignored: [LoadWarning] = []
        return try build(workspace, adding: more, warnings: &ignored)
    }

    /// The same, telling `warnings` of each target left out because SwiftPM
    /// would find no sources for it (``SourceLayout/hasSources(_:in:)``), in SwiftPM's words.
    ///
    /// As in SwiftPM, a dependency of the same package on such a target is
    /// dropped without a word, a plugin usage of it finds no plugin, and a
    /// product that names it is an error once something uses the product
    /// (or always, for a root package's products, which SwiftPM checks all).
    public func build(
        _ workspace: Workspace, adding more: GraphParts = GraphParts(),
        warnings: inout [LoadWarning]
    ) throws(LoadError) -> ModuleGraph {
        var targets: [Target] = more.targets
        var products: [Product] = more.products
        var edges: [Edge] = more.edges
        var externalNodes: Set<TargetID> = more.externalProducts

        let loaded = workspace.packages.values.sorted(by: { $0.identity < $1.identity }).compactMap { package in
            package.manifest.map { (package, $0) }
        }
        let (targetCount, dependencyCount) = loaded.reduce(into: (0, 0)) { counts, loaded in
            counts.0 += loaded.1.targets.count
            counts.1 += loaded.1.targets.reduce(0) { $0 + $1.dependencies.count + $1.pluginUsages.count }
        }
        targets.reserveCapacity(targets.count + targetCount)
        edges.reserveCapacity(edges.count + dependencyCount)
        // Where each edge's targets are in `targets`, as resolving the names finds them,
        // so that the graph does not look them up again (`nil`: the Xcode part's edges and
        // those to external product nodes, which are looked up).
        var ends = [ModuleGraph.EdgeEnds?](repeating: nil, count: edges.count)
        ends.reserveCapacity(edges.count + dependencyCount)
        // Each loaded package's targets in the graph, by name: their positions in `targets`.
        var positions: [PackageIdentity: [String: Int]] = [:]
        // Whether every product's targets are in `targets`, checked by name as products are made.
        var productTargetsAreListed = more.products.isEmpty
        // Every package's targets first, so that a product naming a target left out is known before anything uses it.
        var empty: [PackageIdentity: [String: String]] = [:]
        for (package, manifest) in loaded {
            var here = Self.addTargets(of: package, manifest, to: &targets, empty: &empty, warnings: &warnings)
            let emptyHere = empty[package.identity] ?? [:]
            // A name declared twice is in the graph only if no declaration of it was left out.
            for name in emptyHere.keys { here[name] = nil }
            positions[package.identity] = here
            try Self.addProducts(
                of: package, manifest, isRoot: workspace.roots.contains(package.identity), positions: here, empty: emptyHere,
                to: &products, allListed: &productTargetsAreListed)
        }
        try resolveDependencies(
            of: loaded, in: workspace, empty: empty, positions: positions,
            into: &edges, ends: &ends, externalNodes: &externalNodes)
        if externals != .none {
            targets += externalNodes.map { Target(id: $0, type: .externalProduct, path: nil, moduleName: more.moduleNames[$0]) }
        }
        let packages = more.packages + Self.packages(of: workspace)
        // Remote packages loaded from checkouts bring only the targets the
        // workspace's own code reaches (never their tests, which nothing can
        // depend on), and are listed only while some are left: SwiftPM builds no more.
        return ModuleGraph(
            packages: packages, targets: consume targets, products: products, edges: consume edges, ends: ends,
            productTargetsAreListed: productTargetsAreListed
        )
        .withoutUnusedExternals()
    }

    /// The targets of `package` that have sources, appended to `targets`; their positions there by
    /// name (the first declaration of a name keeps its place). A target SwiftPM would find no
    /// sources for goes to `empty` (its folder) and, unless it is another package's test, to `warnings`.
    private static func addTargets(
        of package: WorkspacePackage, _ manifest: Manifest, to targets: inout [Target],
        empty: inout [PackageIdentity: [String: String]], warnings: inout [LoadWarning]
    ) -> [String: Int] {
        var here: [String: Int] = [:]
        here.reserveCapacity(manifest.targets.count)
        let layout = SourceLayout(packageDirectory: package.directory, manifest: manifest)
        let placements = layout.placements()
        // By position, so that each target is read in place rather than copied.
        let manifestTargets = manifest.targets
        for index in manifestTargets.indices {
            let name = manifestTargets[index].name
            let folder = placements[index].folder
            if let written = folder.writtenAs, let found = folder.path {
                warnings.append(
                    LoadWarning(
                        [
                            .path(package.manifestPath),
                            .text(
                                ": target '\(name)': its folder '\(written)' is found as '\(found)', which differs only in case,"
                                    + " as a case-insensitive file system (macOS's default) finds it"),
                        ], about: package.identity, isNote: true))
            }
            guard placements[index].hasSources else {
                let target = manifestTargets[index]
                empty[package.identity, default: [:]][name] = folder.path ?? name
                // Another package's tests never reach the graph: nothing to warn about.
                if target.type == .test, !package.origin.isOwn { continue }
                warnings.append(
                    LoadWarning(
                        [
                            .path(package.manifestPath),
                            .text(
                                ": \(layout.noSourcesWarning(for: target)) "
                                    + "(target '\(target.name)' has no source files, so it is left out, as SwiftPM leaves it out)"),
                        ], about: package.identity))
                continue
            }
            // The first declaration of a name keeps its position: one hash, not a lookup then an insertion.
            keepFirst(&here[name, default: targets.count])
            targets.append(Target(id: TargetID(package: package.identity, name: name), type: placements[index].type, path: folder.path))
        }
        return here
    }

    /// The products of `package`, less the targets left out (`empty`), appended to `products`; a root
    /// package's product naming a target left out is an error, as SwiftPM checks every root product.
    /// `allListed` turns false when a product names a target not in `positions`.
    private static func addProducts(
        of package: WorkspacePackage, _ manifest: Manifest, isRoot: Bool, positions here: [String: Int], empty emptyHere: [String: String],
        to products: inout [Product], allListed: inout Bool
    ) throws(LoadError) {
        for product in manifest.products {
            if isRoot, !emptyHere.isEmpty,
                let target = product.targets.first(where: { emptyHere[$0] != nil }), let folder = emptyHere[target]
            {
                throw .emptyTargetInProduct(manifest: package.manifestPath, target: target, product: product.name, folder: folder)
            }
            let kept = emptyHere.isEmpty ? product.targets : product.targets.filter { emptyHere[$0] == nil }
            guard !kept.isEmpty else { continue }
            if allListed, kept.contains(where: { here[$0] == nil }) { allListed = false }
            products.append(
                Product(
                    package: package.identity, name: product.name, type: product.type,
                    targets: kept.map { TargetID(package: package.identity, name: $0) }))
        }
    }

    /// The workspace's packages as the graph lists them, loaded or not.
    private static func packages(of workspace: Workspace) -> [Package] {
        workspace.packages.values.map { package in
            Package(
                identity: package.identity,
                name: package.manifest?.name ?? package.declaredName ?? package.identity.rawValue,
                path: package.directory.map { folder in workspace.rootDirectory.map { Paths.relative(folder, from: $0) } ?? folder },
                origin: package.origin,
                location: package.origin.isOwn ? nil : package.location,
                isLoaded: package.manifest != nil)
        }
    }

    /// Each dependency and plugin usage of the loaded packages' targets, as
    /// edges, with where their ends are in the builder's targets (`positions`)
    /// when they are there, and the external product nodes they lead to.
    private func resolveDependencies(
        of loaded: [(WorkspacePackage, Manifest)], in workspace: Workspace, empty: [PackageIdentity: [String: String]],
        positions: [PackageIdentity: [String: Int]],
        into edges: inout [Edge], ends: inout [ModuleGraph.EdgeEnds?], externalNodes: inout Set<TargetID>
    ) throws(LoadError) {
        for (package, manifest) in loaded {
            let resolver = Resolver(package: package, workspace: workspace, empty: empty, positions: positions)
            // By position, so that each target is read in place rather than copied.
            let manifestTargets = manifest.targets
            for index in manifestTargets.indices {
                let name = manifestTargets[index].name
                guard let fromPosition = resolver.targetPositions[name] else { continue }
                let from = TargetID(package: package.identity, name: name)
                for dependency in manifestTargets[index].dependencies {
                    // Most dependencies name a target of the same package: one edge, no list to build.
                    if let (local, position) = resolver.localTarget(dependency) {
                        edges.append(
                            Edge(
                                from: from, to: TargetID(package: package.identity, name: local), kind: .target,
                                condition: dependency.condition))
                        ends.append(ModuleGraph.EdgeEnds(from: fromPosition, to: position))
                        continue
                    }
                    for resolved in try resolver.resolve(dependency, of: name) {
                        edges.append(
                            Edge(
                                from: from, to: resolved.target, kind: resolved.kind,
                                product: resolved.product, condition: dependency.condition))
                        ends.append(resolved.position.map { ModuleGraph.EdgeEnds(from: fromPosition, to: $0) })
                        if resolved.isExternal { externalNodes.insert(resolved.target) }
                    }
                }
                for usage in manifestTargets[index].pluginUsages {
                    for resolved in try resolver.resolvePlugin(usage, of: name) {
                        edges.append(Edge(from: from, to: resolved.target, kind: .plugin, product: resolved.product))
                        ends.append(resolved.position.map { ModuleGraph.EdgeEnds(from: fromPosition, to: $0) })
                        if resolved.isExternal { externalNodes.insert(resolved.target) }
                    }
                }
            }
        }
    }
}

/// Leaves a dictionary entry as it is: `keepFirst(&dictionary[key, default: value])`
/// inserts `value` only when `key` is new, hashing the key once.
@inline(__always) private func keepFirst<Value>(_ value: inout Value) {}

/// Nodes and edges from outside the manifests (an Xcode project's) that
/// ``GraphBuilder/build(_:adding:)`` joins with the packages' graph.
public struct GraphParts: Sendable {
    public var packages: [Package]
    public var targets: [Target]
    public var products: [Product]
    public var edges: [Edge]
    /// External product nodes the edges lead to; kept unless externals are `none`.
    public var externalProducts: Set<TargetID>
    /// The module an external product builds, when the loader knows it (a pod's: ``Target/moduleName``).
    public var moduleNames: [TargetID: String] = [:]

    public init(
        packages: [Package] = [], targets: [Target] = [], products: [Product] = [], edges: [Edge] = [],
        externalProducts: Set<TargetID> = []
    ) {
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
    /// Where `target` is in the builder's targets; `nil` for an external product node.
    let position: Int?
    let kind: EdgeKind
    let product: String?
    let isExternal: Bool
}

/// Resolves the dependencies written in one package's manifest.
private struct Resolver {
    let package: WorkspacePackage
    let workspace: Workspace
    let manifest: Manifest
    /// The package's targets in the graph (those SwiftPM found sources for),
    /// by name: their positions in the builder's targets.
    let targetPositions: [String: Int]
    /// Every loaded package's `targetPositions`.
    let positions: [PackageIdentity: [String: Int]]
    /// Targets left out for having no sources, by package, with their folders.
    let empty: [PackageIdentity: [String: String]]

    init(
        package: WorkspacePackage, workspace: Workspace, empty: [PackageIdentity: [String: String]],
        positions: [PackageIdentity: [String: Int]]
    ) {
        self.package = package
        self.workspace = workspace
        self.manifest =
            package.manifest ?? Manifest(name: "", toolsVersion: nil, packageDirectory: nil, targets: [], products: [], dependencies: [])
        self.empty = empty
        self.positions = positions
        self.targetPositions = positions[package.identity] ?? [:]
    }

    /// A target of this package that was left out: SwiftPM drops a dependency on it.
    private func isLeftOut(_ name: String) -> Bool {
        empty[package.identity]?[name] != nil
    }

    var manifestPath: String { package.manifestPath }

    /// The target of the same package a `.target` or plain-string dependency names, when there is one,
    /// and its position: what ``resolve(_:of:)`` resolves it to, as one edge of kind `.target`.
    func localTarget(_ dependency: TargetDependency) -> (name: String, position: Int)? {
        switch dependency {
        case let .target(name, _), let .byName(name, _): targetPositions[name].map { (name, $0) }
        case .product: nil
        }
    }

    func resolve(_ dependency: TargetDependency, of target: String) throws(LoadError) -> [ResolvedDependency] {
        switch dependency {
        case let .target(name, _):
            if isLeftOut(name) { return [] }
            guard targetPositions[name] != nil else {
                throw .unknownTarget(manifest: manifestPath, target: target, dependency: name)
            }
            return [local(name)]
        case let .byName(name, _):
            if targetPositions[name] != nil { return [local(name)] }
            if isLeftOut(name) { return [] }
            let requiresNamedPackage = (manifest.toolsVersion ?? .v5_2) >= .v5_2
            guard let found = try product(name, in: candidates(named: requiresNamedPackage ? name : nil), of: target) else {
                throw .unresolvedDependency(manifest: manifestPath, target: target, dependency: name)
            }
            return found
        case let .product(name, packageName, _):
            let dependencies = try candidates(named: packageName, for: target)
            if let found = try product(name, in: dependencies, of: target) { return found }
            // SwiftPM finds a product by its name among all of the package's dependencies and does not check that
            // `package:` vends it (ModulesGraph+Loading: `productDependencyMap[productRef.name]`). swiyu's wallet
            // writes `.product(name: "BITCore", package: "BITAppAuth")`, and SwiftPM builds it with BITCore's
            // package's product; so does this, from a loaded package that vends it.
            let loaded = manifest.dependencies.filter { workspace.package(for: $0)?.manifest != nil }
            guard packageName != nil, let found = try product(name, in: loaded, of: target) else {
                let packageName = dependencies.count == 1 ? dependencies[0].identity.rawValue : "(any)"
                throw .unknownProduct(manifest: manifestPath, target: target, product: name, package: packageName)
            }
            return found
        }
    }

    /// A plugin usage. Without `package:`, SwiftPM looks in the same package
    /// only: a target of that name, else a plugin product of that name (since
    /// 5.7, so that `plugins: ["MyPluginProduct"]` works), standing for its
    /// first target as SwiftPM takes it. Then, unlike SwiftPM, which needs
    /// `package:` for another package's plugin, a product of any dependency:
    /// older dumps and manifests that name one that way still get their edge.
    func resolvePlugin(_ usage: PluginUsage, of target: String) throws(LoadError) -> [ResolvedDependency] {
        if usage.package == nil {
            if targetPositions[usage.name] != nil { return [local(usage.name)] }
            if let product = manifest.products.first(where: { $0.name == usage.name && $0.type == "plugin" }),
                let pluginTarget = product.targets.first, targetPositions[pluginTarget] != nil
            {
                return [
                    ResolvedDependency(
                        target: TargetID(package: package.identity, name: pluginTarget), position: targetPositions[pluginTarget],
                        kind: .target, product: usage.name, isExternal: false)
                ]
            }
        }
        let dependencies = try candidates(named: usage.package, for: target)
        guard let found = try product(usage.name, in: dependencies, of: target) else {
            let searched = Set(dependencies.map { workspace.package(for: $0)?.identity ?? $0.identity }).map(\.rawValue).sorted()
            throw .unknownPlugin(manifest: manifestPath, target: target, plugin: usage.name, package: usage.package, searched: searched)
        }
        return found
    }

    private func local(_ name: String) -> ResolvedDependency {
        ResolvedDependency(
            target: TargetID(package: package.identity, name: name), position: targetPositions[name], kind: .target, product: nil,
            isExternal: false)
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

    /// The executable product SwiftPM makes for a root package's executable target that no
    /// executable product holds (its `PackageBuilder` does so for root packages only, and Xcode
    /// takes a project's local packages as roots): what a
    /// tool dependency by product name on such a target resolves to.
    private func implicitExecutable(_ name: String, of manifest: Manifest, _ identity: PackageIdentity) -> ManifestProduct? {
        guard workspace.roots.contains(identity) || workspace.locals.contains(identity),
            manifest.targets.contains(where: { $0.name == name && $0.type == .executable }),
            !manifest.products.contains(where: { $0.type == "executable" && $0.targets.contains(name) })
        else { return nil }
        return ManifestProduct(name: name, type: "executable", targets: [name])
    }

    /// The targets of the product `name` that one of `dependencies` vends;
    /// `nil` when none does, for the caller to say what was looked for.
    private func product(_ name: String, in dependencies: [PackageDependency], of target: String) throws(LoadError) -> [ResolvedDependency]?
    {
        var loadedMatches: [(PackageIdentity, ManifestProduct)] = []
        var unloaded: [PackageIdentity] = []
        var seen = Set<PackageIdentity>()
        for dependency in dependencies {
            let reached = workspace.package(for: dependency)
            let identity = reached?.identity ?? dependency.identity
            guard seen.insert(identity).inserted else { continue }
            if let other = reached?.manifest {
                if let product = other.products.first(where: { $0.name == name }) ?? implicitExecutable(name, of: other, identity) {
                    loadedMatches.append((identity, product))
                }
            } else {
                unloaded.append(identity)
            }
        }
        if loadedMatches.count > 1 {
            throw .ambiguousDependency(
                manifest: manifestPath, target: target, dependency: name,
                candidates: loadedMatches.map(\.0.rawValue).sorted())
        }
        if let (identity, product) = loadedMatches.first {
            if let leftOut = empty[identity], let emptyTarget = product.targets.first(where: { leftOut[$0] != nil }),
                let folder = leftOut[emptyTarget]
            {
                throw .emptyTargetInProduct(
                    manifest: workspace.packages[identity]?.manifestPath ?? identity.rawValue,
                    target: emptyTarget, product: product.name, folder: folder)
            }
            return product.targets.map {
                ResolvedDependency(
                    target: TargetID(package: identity, name: $0), position: positions[identity]?[$0], kind: .product, product: name,
                    isExternal: false)
            }
        }
        // An unloaded package cannot be asked what it vends; with one candidate, trust the manifest.
        let unloadedCandidates =
            unloaded.count == 1
            ? unloaded
            : unloaded.filter { identity in
                dependencies.contains { (workspace.aliases[$0.identity] ?? $0.identity) == identity && $0.isNamed(name) }
            }
        if unloadedCandidates.count == 1, let identity = unloadedCandidates.first {
            return [
                ResolvedDependency(
                    target: TargetID(package: identity, name: name), position: nil, kind: .product, product: name, isExternal: true)
            ]
        }
        if unloadedCandidates.count > 1 {
            throw .ambiguousDependency(
                manifest: manifestPath, target: target, dependency: name,
                candidates: unloadedCandidates.map(\.rawValue).sorted())
        }
        return nil
    }
}
