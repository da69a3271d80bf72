import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// Turns loaded Xcode projects into nodes and edges of the module graph,
/// beside the packages already loaded.
///
/// Every target is a node `identity/Name` (see ``ProjectIdentities``) of its
/// kind (``XcodeTargetKind/targetType``). A dependency becomes an edge,
/// whichever way the project declares it (target dependency, linked or
/// embedded product, package product): to a target of the same project, to
/// another loaded project's target (by object id, else by name), to the
/// targets of a loaded package's product, or to an external product node
/// named by the package identity of a remote package, as for manifests. A
/// dependency declared several ways is one edge; it is conditional on
/// platforms only when every declaration is.
struct XcodeGraphBuilder {
    let projects: [XcodeProject]
    let workspace: Workspace
    /// Package paths are shown relative to it.
    let base: String
    /// Folders a workspace lists that are missing or empty: where products that name no
    /// package may come from, when nothing loaded vends them.
    var missingFolders: [MissingPackageFolder] = []
    /// Packages left out on purpose (``LoadExclusions``), absolute: products that name no
    /// package may come from them too, and are then shown as theirs without a warning.
    var excludedFolders: [String] = []
    /// The pods the targets link, from the Podfiles beside the projects.
    var pods: [CocoaPodsLinks.Use] = []
    /// Tuist's package lists (a `Tuist` folder, canonical) → the local packages their `Package.swift` names,
    /// canonical, in its order: a manifest's `.external(name:)` is a product of one of them before it is a
    /// product of the list (NOFFICE-iOS's `OpenapiGenerated`, of `../openapi-generator-cli`).
    var packageLists: [String: [String]] = [:]

    struct Result {
        var parts = GraphParts()
        var files: [TargetID: TargetFiles] = [:]
        var warnings: [String] = []
        /// What is worth knowing but needs no action (a prebuilt framework shown as an external product).
        var notes: [String] = []
        /// Where each target and its dependencies are written in its `project.pbxproj`.
        var declarations: [TargetID: DeclarationLines] = [:]
        /// The products that name no package shown as products of a missing folder of the workspace, by folder.
        var productsOfMissingFolders: [String: [String]] = [:]
        /// The pods each target sees without linking them (CocoaPods' `inherit! :search_paths`): it may import them.
        var searchPaths: [TargetID: [TargetID]] = [:]
        /// The compilation conditions known set (true) or unset (false) for each target (``SwiftConditions/flags(judging:)``).
        var conditions: [TargetID: [String: Bool]] = [:]
        /// What each target embeds (a *Copy Files* phase: *Embed Frameworks*): bundled on purpose, for its extensions or plugins.
        var embedded: [TargetID: Set<TargetID>] = [:]
    }

    /// What the build of one target needs to look up, made once for all targets.
    struct Lookups {
        let identities: ProjectIdentities
        let projectByPath: [String: XcodeProject]
        let packageByFolder: [String: WorkspacePackage]
        /// Product file name (`Core.framework`) → the targets that make it.
        let productFiles: [String: [(project: XcodeProject, target: XcodeTarget)]]
        /// Per project, the packages its products name, by product name (distinct, in order).
        let namedPackages: [String: [String: [XcodePackageReference]]]
        /// Products the loaded manifests use from local packages that are missing, and those packages.
        let productsOfMissingPackages: [String: Set<PackageIdentity>]
        /// Product file name (`ZIPFoundation.framework`) → the missing projects a loaded project links it
        /// from through a reference proxy: what Xcode's build would make it from.
        let productFilesOfMissingProjects: [String: Set<String>]
        /// Product file name → the target that makes it in a missing project, as the reference proxies name it
        /// (`remoteInfo`; `Harmony-Drive` makes `Harmony_Drive.framework`): one node per target, however it is reached.
        let targetsOfMissingProducts: [String: String]
    }

    /// What the edges found along the way add to the graph besides them.
    /// (Internal, not private: the prebuilt frameworks' helpers extend the builder in a file of their own.)
    struct Found {
        var remotePackages: [PackageIdentity: String] = [:]
        var externalProducts: Set<TargetID> = []
        /// Packages the graph has no entry for that external nodes belong to: missing projects and folders.
        var missingPackages: [PackageIdentity: (name: String, path: String)] = [:]
        var productsOfMissingFolders: [String: [String]] = [:]
        /// The modules of external nodes whose module is not named after them.
        var moduleNames: [TargetID: String] = [:]
        /// Per project (by path), the framework files its targets link that no target makes, and where the first is linked.
        var prebuilt: [String: Prebuilt] = [:]

        struct Prebuilt {
            let at: String
            let target: String
            var files: Set<String> = []
        }
    }

    /// - Complexity: O(T + D) for T targets and D declared dependencies, plus
    ///   O(P) per product lookup in a package of P products.
    func build() -> Result {
        let identities = ProjectIdentities(projects: projects, taken: Set(workspace.packages.keys))
        var packageByFolder: [String: WorkspacePackage] = [:]
        for package in workspace.packages.values {
            if let folder = package.directory { packageByFolder[folder] = package }
        }
        var productFiles: [String: [(project: XcodeProject, target: XcodeTarget)]] = [:]
        var namedPackages: [String: [String: [XcodePackageReference]]] = [:]
        var productFilesOfMissingProjects: [String: Set<String>] = [:]
        var targetsOfMissingProducts: [String: String] = [:]
        let projectByPath = Dictionary(projects.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for project in projects {
            var named: [String: [XcodePackageReference]] = [:]
            for target in project.targets {
                if let file = target.productFileName { productFiles[file, default: []].append((project, target)) }
                for dependency in target.dependencies {
                    if case let .productOfTarget(_, file?, _, other) = dependency.reference,
                        loadedProject(project.resolvedPath(other), projectByPath) == nil
                    {
                        productFilesOfMissingProjects[file, default: []].insert(project.resolvedPath(other))
                        if case let .productOfTarget(_, _, name?, _) = dependency.reference, targetsOfMissingProducts[file] == nil {
                            targetsOfMissingProducts[file] = name
                        }
                    }
                    guard case let .packageProduct(product) = dependency.reference, let package = product.package,
                        !(named[product.name] ?? []).contains(package)
                    else { continue }
                    named[product.name, default: []].append(package)
                }
            }
            namedPackages[project.path] = named
        }
        let lookups = Lookups(
            identities: identities, projectByPath: projectByPath,
            packageByFolder: packageByFolder, productFiles: productFiles, namedPackages: namedPackages,
            productsOfMissingPackages: productsOfMissingPackages(), productFilesOfMissingProjects: productFilesOfMissingProjects,
            targetsOfMissingProducts: targetsOfMissingProducts)
        var result = Result()
        var warned: Set<String> = []
        // Apart from `result`: a warning changes `result` while the lookups hold this inout.
        var found = Found()
        for project in projects {
            guard let identity = identities.byPath[project.path] else { continue }
            result.parts.packages.append(
                Package(
                    identity: identity, name: project.name, path: Paths.relative(project.path, from: base),
                    origin: .project, location: project.isGenerated ? Paths.relative(project.declarationFile, from: base) : nil,
                    isLoaded: true))
            // The names the project sets for any of its targets: one it sets for others is unset for a target that does not.
            let conditionNames = project.targets.reduce(into: Set<String>()) { $0.formUnion($1.swiftConditions.sometimes) }
            for target in project.targets {
                add(target, of: project, as: identity, conditionNames: conditionNames, lookups, &found, into: &result, warned: &warned)
            }
        }
        result.parts.externalProducts = found.externalProducts
        for (identity, url) in found.remotePackages where workspace.packages[identity] == nil {
            result.parts.packages.append(
                Package(
                    identity: identity, name: identity.rawValue, path: nil, origin: .remote,
                    location: url, isLoaded: false))
        }
        for (identity, missing) in found.missingPackages.sorted(by: { $0.key < $1.key }) where workspace.packages[identity] == nil {
            result.parts.packages.append(
                Package(identity: identity, name: missing.name, path: missing.path, origin: .local, location: nil, isLoaded: false))
        }
        for use in pods where result.parts.moduleNames.keys.contains(where: { $0.package == use.identity }) {
            result.parts.packages.append(
                Package(
                    identity: use.identity, name: "Pods", path: Paths.relative(use.podfile, from: base), origin: .cocoapods, location: nil,
                    isLoaded: false))
        }
        result.productsOfMissingFolders = found.productsOfMissingFolders
        result.notes += Self.prebuiltNotes(found.prebuilt, projects: projects)
        result.parts.moduleNames.merge(found.moduleNames) { first, _ in first }
        return result
    }

    /// The edge to `name` of the project at `path`, which is not there: an external product node
    /// of the project's identity, so that the dependency is still seen (and an import of it is
    /// not taken for undeclared), as a missing local package's products are.
    /// `file` is the product's file, when known: its base name is the module (`CwlPreconditionTesting.framework`
    /// of target `CwlPreconditionTesting_iOS`).
    func missingProjectEdge(to name: String, file: String? = nil, in path: String, _ lookups: Lookups, _ found: inout Found) -> EdgeKey {
        let projectName = XcodePath.baseName(path)
        var identity = PackageIdentity(projectName)
        let taken = Set(lookups.identities.byPath.values)
        if taken.contains(identity) || workspace.packages[identity]?.manifest != nil {
            identity = PackageIdentity(projectName + ".xcodeproj")
        }
        found.missingPackages[identity] = (projectName, Paths.relative(XcodePath.normalised(path), from: base))
        let node = TargetID(package: identity, name: name)
        found.externalProducts.insert(node)
        if let file, XcodePath.baseName(file) != name, found.moduleNames[node] == nil { found.moduleNames[node] = XcodePath.baseName(file) }
        return EdgeKey(to: node, kind: .product, product: name)
    }

    /// The target a file in `BUILT_PRODUCTS_DIR` (or linked by name from a folder of the checkout)
    /// is made by, as Xcode's build system finds it: the targets that make a file of that name for a
    /// platform the linking target builds for (``XcodeTarget/platforms``, narrowed by the
    /// declaration's platform filters), this project's first; a warning when several remain.
    func maker(
        of fileName: String, for target: XcodeTarget, _ dependency: XcodeDependency, at place: String, in project: XcodeProject,
        _ lookups: Lookups, warn: (String) -> Void
    ) -> (project: XcodeProject, target: XcodeTarget)? {
        let makers = lookups.productFiles[fileName] ?? []
        guard !makers.isEmpty else { return nil }
        let linking = Self.platforms(of: target, narrowedBy: dependency.platformFilters)
        var candidates = makers.filter { Self.overlap($0.target.platforms, linking) }
        let here = candidates.filter { $0.project.path == project.path }
        if !here.isEmpty { candidates = here }
        guard candidates.count > 1 else { return candidates.first }
        let names = candidates.map { "'\($0.target.name)' of \($0.project.name)" }
        warn(
            "\(place): target '\(target.name)' links \(fileName), which "
                + "\(names.count) targets make for its platforms (\(names.prefix(4).joined(separator: ", "))\(names.count > 4 ? ", …" : "")); skipped"
        )
        return nil
    }

    /// The platforms a declaration of `target` applies to: the target's, narrowed by the
    /// declaration's platform filters; empty for any.
    static func platforms(of target: XcodeTarget, narrowedBy filters: [String]) -> Set<String> {
        let own = Set(target.platforms)
        let filtered = Set(filters.map(TargetPlatforms.swiftPMName(ofFilter:)))
        if own.isEmpty { return filtered }
        if filtered.isEmpty { return own }
        let both = own.intersection(filtered)
        return both.isEmpty ? own : both
    }

    /// Whether a target built for `platforms` can serve one built for `linking` (empty: any).
    static func overlap(_ platforms: [String], _ linking: Set<String>) -> Bool {
        platforms.isEmpty || linking.isEmpty || !linking.isDisjoint(with: platforms)
    }

    /// The products loaded manifests use from `path:` packages that are missing (or empty), with
    /// those packages: a product an Xcode project names without a package can come from there.
    private func productsOfMissingPackages() -> [String: Set<PackageIdentity>] {
        var result: [String: Set<PackageIdentity>] = [:]
        for package in workspace.packages.values {
            guard let manifest = package.manifest else { continue }
            let local = Set(manifest.targets.map(\.name))
            for target in manifest.targets {
                for dependency in target.dependencies {
                    let declared: PackageDependency?
                    switch dependency {
                    case let .product(name, package: packageName?, _):
                        declared = manifest.dependencies.first { candidate in
                            candidate.identity.rawValue == packageName.lowercased()
                                || candidate.explicitName?.lowercased() == packageName.lowercased()
                        }
                        if let declared, let missing = workspace.package(for: declared), missing.manifest == nil,
                            declared.kind == .fileSystem
                        {
                            result[name, default: []].insert(missing.identity)
                        }
                    case let .byName(name, _) where !local.contains(name):
                        declared = manifest.dependencies.first { $0.identity.rawValue == name.lowercased() }
                        if let declared, let missing = workspace.package(for: declared), missing.manifest == nil,
                            declared.kind == .fileSystem
                        {
                            result[name, default: []].insert(missing.identity)
                        }
                    default:
                        continue
                    }
                }
            }
        }
        return result
    }

    /// Where an edge leads, as the graph keys it.
    struct EdgeKey: Hashable {
        let to: TargetID
        let kind: EdgeKind
        let product: String?
    }

    /// The project at `path`, when it was loaded (``ProjectSet`` said once why one was not).
    func loadedProject(_ path: String, _ byPath: [String: XcodeProject]) -> XcodeProject? {
        byPath[InputDiscovery.canonical(path) ?? path]
    }

    /// The edges a package product dependency leads to.
    /// `projectFile` is where warnings point: the project file and the line of the dependency.
    func packageProductEdges(
        _ product: XcodePackageProduct, of target: XcodeTarget, at projectFile: String, in project: XcodeProject,
        _ lookups: Lookups, _ found: inout Found, warn: (String) -> Void
    ) -> [EdgeKey] {
        switch product.package {
        case let .local(path):
            let folder = InputDiscovery.canonical(project.resolvedPath(path))
            for listed in folder.flatMap({ packageLists[$0] }) ?? [] {
                if let package = lookups.packageByFolder[listed], let edges = vendedEdges(product, by: package), !edges.isEmpty {
                    return edges
                }
            }
            if let folder, let package = lookups.packageByFolder[folder], let edges = vendedEdges(product, by: package) {
                if edges.isEmpty {
                    warn(
                        "\(projectFile): target '\(target.name)' uses product '\(product.name)', which package '\(package.manifest?.name ?? path)' does not vend; skipped"
                    )
                }
                return edges
            }
            // The package's folder is missing (said once by the loader): the product stands in for it, in a package
            // listed as not loaded (an XcodeGen spec's `path:` into a submodule not checked out had products of no
            // package, and the loader's warning about it was dropped with it).
            let identity = workspace.packages[PackageIdentity(location: path)]?.identity ?? PackageIdentity(location: path)
            if workspace.packages[identity] == nil {
                let absolute = Paths.lexical(project.resolvedPath(path))
                found.missingPackages[identity] = (XcodePath.lastComponent(absolute), Paths.relative(absolute, from: base))
            }
            return externalEdges(product, of: identity, &found)
        case let .remote(url):
            let identity = PackageIdentity(location: url)
            if let package = workspace.packages[identity], let edges = vendedEdges(product, by: package), !edges.isEmpty { return edges }
            found.remotePackages[identity] = found.remotePackages[identity] ?? url
            return externalEdges(product, of: identity, &found)
        case nil:
            return unnamedPackageEdges(product, of: target, at: projectFile, in: project, lookups, &found, warn: warn)
        }
    }

    /// The edges to the targets `package` vends as `product`: empty when it vends no such
    /// product, nil when the package was not loaded (no manifest).
    func vendedEdges(_ product: XcodePackageProduct, by package: WorkspacePackage) -> [EdgeKey]? {
        guard let manifest = package.manifest else { return nil }
        guard let vended = manifest.products.first(where: { $0.name == product.name }) else { return [] }
        let kind: EdgeKind = product.isPlugin ? .plugin : .product
        return vended.targets.map { EdgeKey(to: TargetID(package: package.identity, name: $0), kind: kind, product: product.name) }
    }

    /// The edge to `product` of a package not loaded, as an external product node.
    func externalEdges(_ product: XcodePackageProduct, of identity: PackageIdentity, _ found: inout Found) -> [EdgeKey] {
        let node = TargetID(package: identity, name: product.name)
        found.externalProducts.insert(node)
        return [EdgeKey(to: node, kind: product.isPlugin ? .plugin : .product, product: product.name)]
    }

    /// The edges of a product dependency that names no package, found as Xcode
    /// resolves it: the one package the project names for it, its own local
    /// packages, the one package loaded that vends it, a missing folder that
    /// would, else the likeliest remote package the project references.
    func unnamedPackageEdges(
        _ product: XcodePackageProduct, of target: XcodeTarget, at projectFile: String, in project: XcodeProject,
        _ lookups: Lookups, _ found: inout Found, warn: (String) -> Void
    ) -> [EdgeKey] {
        func edges(to package: WorkspacePackage) -> [EdgeKey]? { vendedEdges(product, by: package) }
        func external(_ identity: PackageIdentity) -> [EdgeKey] { externalEdges(product, of: identity, &found) }
        // Xcode resolves a product that names no package as the project resolves it elsewhere: the
        // one package the same project names for that product (Swiftfin's `StatefulMacros`).
        if let named = lookups.namedPackages[project.path]?[product.name], named.count == 1, let package = named.first {
            return packageProductEdges(
                XcodePackageProduct(name: product.name, isPlugin: product.isPlugin, package: package), of: target, at: projectFile,
                in: project, lookups, &found, warn: warn)
        }
        // Then among the packages of the project and of the workspace: first the project's own local packages
        // (references, then folders, as before Xcode 15, and packages in its synchronised folders), then any other.
        let own =
            project.packageReferences.compactMap { reference -> String? in
                if case let .local(path) = reference { return path }
                return nil
            } + project.localPackageCandidates
        var seen: Set<PackageIdentity> = []
        for path in own {
            guard let folder = InputDiscovery.canonical(project.resolvedPath(path)), let package = lookups.packageByFolder[folder],
                seen.insert(package.identity).inserted, let edges = edges(to: package), !edges.isEmpty
            else { continue }
            return edges
        }
        let vendors = workspace.packages.values
            .filter { !seen.contains($0.identity) && !(edges(to: $0) ?? []).isEmpty }
            .sorted { $0.identity.rawValue < $1.identity.rawValue }
        if vendors.count == 1, let edges = edges(to: vendors[0]) { return edges }
        if vendors.count > 1 {
            let names = vendors.map { "'\($0.identity.rawValue)'" }.joined(separator: ", ")
            warn(
                "\(projectFile): target '\(target.name)' uses product '\(product.name)', which names no package and several packages vend (\(names)); skipped"
            )
            return []
        }
        // Not loaded anywhere: a missing local package the manifests take it from, else a folder
        // the workspace lists that is missing (an uninitialised submodule), as its product.
        if let packages = lookups.productsOfMissingPackages[product.name], packages.count == 1, let identity = packages.first {
            return external(identity)
        }
        if let edges = missingFolderEdges(product, &found) { return edges }
        // The project names several packages for it elsewhere (Swiftfin's CollectionHStack, also
        // declared from swift-identified-collections): which one vends it is not known.
        if let named = lookups.namedPackages[project.path]?[product.name], named.count > 1 {
            let names = named.map { "'\($0.identity.rawValue)'" }.joined(separator: ", ")
            warn(
                "\(projectFile): target '\(target.name)' uses product '\(product.name)', which names no package, and the project names several for it (\(names)); skipped"
            )
            return []
        }
        // Else a remote package the project references and nobody checked out: Xcode resolves the product
        // among them (CodeEdit's `CodeEditSourceEditor`). Without that edge a moved pin or requirement of
        // the package would select nothing of the target.
        if let url = remoteVending(product.name, for: project, lookups) {
            return packageProductEdges(
                XcodePackageProduct(name: product.name, isPlugin: product.isPlugin, package: .remote(url: url)), of: target,
                at: projectFile, in: project, lookups, &found, warn: warn)
        }
        warn(
            "\(projectFile): target '\(target.name)' uses product '\(product.name)', which names no package and no package loaded vends (a remote package's product, perhaps); skipped"
        )
        return []
    }

    /// The remote package not checked out that `product` comes from: among the project's own references
    /// (``likeliestRemote(_:vending:)``), else, as Xcode resolves packages across the workspace, the one
    /// another project references whose name says so (a Tuist module's `.package(product: "DeviceKit")`,
    /// whose package the app's project declares).
    private func remoteVending(_ product: String, for project: XcodeProject, _ lookups: Lookups) -> String? {
        func remotes(of project: XcodeProject) -> [String] {
            project.packageReferences.compactMap { reference -> String? in
                guard case let .remote(url) = reference, workspace.packages[reference.identity]?.manifest == nil else { return nil }
                return url
            }
        }
        let own = remotes(of: project)
        if let url = Self.likeliestRemote(own, vending: product) { return url }
        if let url = Self.unclaimedRemote(own, vending: product, claimedBy: Self.productReferences(of: project)) { return url }
        if let url = Self.wordRemote(own, vending: product) { return url }
        let others = lookups.projectByPath.keys.sorted().filter { $0 != project.path }.flatMap {
            lookups.projectByPath[$0].map(remotes) ?? []
        }
        return Self.namedRemote(others, vending: product) ?? Self.wordRemote(others, vending: product)
    }

    /// The edge to `product` as the product of a missing folder that would vend it (a local package not on
    /// disk, an uninitialised submodule the workspace lists), recorded in `found`; nil when none would.
    private func missingFolderEdges(_ product: XcodePackageProduct, _ found: inout Found) -> [EdgeKey]? {
        guard let folder = folder(vending: product.name) else { return nil }
        let identity = PackageIdentity(location: folder)
        if workspace.packages[identity] == nil {
            found.missingPackages[identity] = (XcodePath.lastComponent(folder), Paths.relative(folder, from: base))
        }
        if missingFolders.contains(where: { $0.folder == folder }), !(found.productsOfMissingFolders[folder] ?? []).contains(product.name) {
            found.productsOfMissingFolders[folder, default: []].append(product.name)
        }
        return externalEdges(product, of: identity, &found)
    }

    /// Of the places (folders, URLs) a product may come from, the one it does: the only one, or
    /// among several the one whose last component shares the longest run of letters and digits
    /// with the product's name (at least four: `tunnelkit` for `TunnelKitOpenVPN`), when one alone does.
    static func likeliest(_ places: [String], vending product: String) -> String? {
        guard places.count > 1 else { return places.first }
        let name = Array(letters(product))
        let scored = places.map { ($0, longestCommonRun(Array(letters(XcodePath.lastComponent($0))), name)) }
        guard let best = scored.map(\.1).max(), best >= 4, scored.filter({ $0.1 == best }).count == 1 else { return nil }
        return scored.first { $0.1 == best }?.0
    }

    /// The folder not loaded (missing from the workspace, or left out) a product that names no
    /// package comes from: the only one, or among several the one whose name shares the longest
    /// run of letters and digits with the product's (at least four: `tunnelkit` for
    /// `TunnelKitOpenVPN`), when one alone does.
    func folder(vending product: String) -> String? {
        Self.likeliest(missingFolders.map(\.folder) + excludedFolders, vending: product)
    }

    /// The length of the longest run of characters both hold.
    ///
    /// - Complexity: O(a × b); names are short.
    static func longestCommonRun(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty, a.count * b.count <= 1 << 20 else { return 0 }
        var previous = [Int](repeating: 0, count: b.count + 1)
        var best = 0
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            for j in 1...b.count where a[i - 1] == b[j - 1] {
                current[j] = previous[j - 1] + 1
                best = max(best, current[j])
            }
            previous = current
        }
        return best
    }

    /// The folder the target's sources share, relative to the project's folder; `nil` without sources.
    static func sourceFolder(of target: XcodeTarget) -> String? {
        let folders = target.synchronizedFolders.map(\.path) + target.sources.map(XcodePath.parent)
        guard var common = folders.first?.split(separator: "/", omittingEmptySubsequences: false).map(String.init) else { return nil }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            var count = 0
            while count < common.count, count < parts.count, common[count] == parts[count] { count += 1 }
            common = Array(common.prefix(count))
        }
        let joined = common.joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }
}
