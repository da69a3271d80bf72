import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// One target of a project: its node, its files, and an edge for each product it reaches.
extension XcodeGraphBuilder {
    /// The edges one target declares, in the order first declared: one per (target, product)
    /// reached, unconditional if any declaration is, with the line that declares each.
    struct DeclaredEdges {
        let from: TargetID
        /// The file the target is declared in.
        let projectFile: String
        var reached: [(edge: EdgeKey, filters: [[String]])] = []
        var position: [EdgeKey: Int] = [:]
        /// The first line that declares each dependency, by the name a finding gives it.
        var lines: [String: Int] = [:]
        /// The file a dependency is declared in, where it is not the target's (a pod's Podfile, an XcodeGen template's file).
        var elsewhere: [String: String] = [:]
        var linesFromTargetDependencies: Set<String> = []
        /// What the target embeds (a *Copy Files* phase).
        var embedded: Set<TargetID> = []

        mutating func add(_ key: EdgeKey, _ dependency: XcodeDependency) {
            if key.to == from { return }
            if dependency.declaration == .embedded { embedded.insert(key.to) }
            let named = key.product ?? key.to.name
            // A build file's line names the dependency (`Kit.framework in Frameworks`); a target dependency's
            // object opens a few lines above its name: the first build file wins over it.
            let namesIt = dependency.declaration != .targetDependency
            if let line = dependency.line, lines[named] == nil || (namesIt && linesFromTargetDependencies.contains(named)) {
                lines[named] = line
                if namesIt { linesFromTargetDependencies.remove(named) } else { linesFromTargetDependencies.insert(named) }
                if let file = dependency.file, file != projectFile { elsewhere[named] = file }
            }
            if let index = position[key] {
                reached[index].filters.append(dependency.platformFilters)
            } else {
                position[key] = reached.count
                reached.append((key, [dependency.platformFilters]))
            }
        }

        /// A pod its Podfile block declares at `line` of `podfile`, on every platform.
        mutating func addPod(_ key: EdgeKey, name: String, line: Int?, podfile: String) {
            guard position[key] == nil else { return }
            position[key] = reached.count
            reached.append((key, [[]]))
            if lines[name] == nil {
                lines[name] = line
                elsewhere[name] = podfile
            }
        }

        /// The edges, each conditional on the platforms its declarations filter on when every one filters.
        var edges: [Edge] {
            reached.map { key, filters in
                // Any declaration without platform filters makes the dependency unconditional.
                let platforms =
                    filters.contains(where: \.isEmpty) ? [] : Array(Set(filters.joined())).map(TargetPlatforms.swiftPMName(ofFilter:))
                // A target of another project is reached through its product, as a package's is (docs/json-format.md).
                let across = key.kind == .target && key.to.package != from.package
                return Edge(
                    from: from, to: key.to, kind: across ? .product : key.kind, product: across ? key.to.name : key.product,
                    condition: Condition(platforms: platforms))
            }
        }
    }

    /// Adds `target` of `project` (whose identity is `identity`) to `result`: its node, its files,
    /// its conditions, and the edges of its dependencies and of the pods its Podfile gives it.
    func add(
        _ target: XcodeTarget, of project: XcodeProject, as identity: PackageIdentity, conditionNames: Set<String>,
        _ lookups: Lookups, _ found: inout Found, into result: inout Result, warned: inout Set<String>
    ) {
        func warn(_ message: String) {
            if warned.insert(message).inserted { result.warnings.append(message) }
        }
        let projectFile = target.file ?? project.declarationFile
        let from = TargetID(package: identity, name: target.name)
        result.parts.targets.append(
            Target(
                id: from, type: target.kind.targetType, path: Self.sourceFolder(of: target),
                moduleName: target.moduleName, platforms: target.platforms.isEmpty ? nil : target.platforms))
        result.files[from] = project.files(of: target)
        let flags = target.swiftConditions.flags(judging: conditionNames)
        if !flags.isEmpty { result.conditions[from] = flags }

        var declared = DeclaredEdges(from: from, projectFile: projectFile)
        // A dependency declared several times is warned about once, at its first declaration.
        var firstLines: [XcodeDependency.Reference: Int] = [:]
        for dependency in target.dependencies {
            if let line = dependency.line, firstLines[dependency.reference] == nil { firstLines[dependency.reference] = line }
        }
        for dependency in target.dependencies {
            /// `App.xcodeproj/project.pbxproj:12`: where a warning about `dependency` points.
            let at = (dependency.file ?? projectFile) + ((firstLines[dependency.reference] ?? dependency.line).map { ":\($0)" } ?? "")
            for key in edgeKeys(of: dependency, of: target, in: project, at: at, lookups, &found, warn: warn) {
                declared.add(key, dependency)
            }
        }
        // The pods its Podfile blocks declare: products of the Podfile's package, declared at their `pod` lines.
        for use in pods {
            for pod in use.searchPaths[project.path]?[target.name] ?? [] {
                result.searchPaths[from, default: []].append(TargetID(package: use.identity, name: pod.name))
            }
            for pod in use.pods[project.path]?[target.name] ?? [] {
                let node = TargetID(package: use.identity, name: pod.name)
                found.externalProducts.insert(node)
                result.parts.moduleNames[node] = use.moduleNames[pod.name] ?? ModuleIdentifier.c99(pod.name)
                declared.addPod(EdgeKey(to: node, kind: .product, product: pod.name), name: pod.name, line: pod.line, podfile: use.podfile)
            }
        }
        if !declared.embedded.isEmpty { result.embedded[from, default: []].formUnion(declared.embedded) }
        result.parts.edges += declared.edges
        result.declarations[from] = DeclarationLines(
            file: projectFile, target: target.line, dependencies: declared.lines, files: declared.elsewhere)
    }

    /// What one declared dependency of `target` reaches (none when it reaches nothing loaded and says so
    /// through `warn`, pointing `at` its declaration): a target of the same or another loaded project, a
    /// product of a missing project, a prebuilt framework, or a package's product.
    private func edgeKeys(
        of dependency: XcodeDependency, of target: XcodeTarget, in project: XcodeProject, at: String, _ lookups: Lookups,
        _ found: inout Found, warn: (String) -> Void
    ) -> [EdgeKey] {
        let identities = lookups.identities
        switch dependency.reference {
        case let .target(id, name, other):
            guard let owner = other.map({ loadedProject(project.resolvedPath($0), lookups.projectByPath) }) ?? project else {
                // Into a project that is not there (an uninitialised submodule): still declared.
                guard let other, let name else { return [] }
                return [missingProjectEdge(to: name, in: project.resolvedPath(other), lookups, &found)]
            }
            guard let ownerIdentity = identities.byPath[owner.path] else { return [] }
            guard let chosen = owner.target(withID: id) ?? name.flatMap({ name in owner.targets.first { $0.name == name } }) else {
                warn(
                    "\(at): target '\(target.name)' depends on \(name.map { "'\($0)'" } ?? "a target") of \(owner.name), which has no such target; skipped"
                )
                return []
            }
            return [EdgeKey(to: TargetID(package: ownerIdentity, name: chosen.name), kind: .target, product: nil)]
        case let .productOfTarget(productReference, fileName, name, other):
            guard let owner = loadedProject(project.resolvedPath(other), lookups.projectByPath) else {
                // The target's name (`remoteInfo`), as a target dependency on it names it, else the file's.
                guard let product = name ?? fileName.map(XcodePath.baseName) else { return [] }
                return [missingProjectEdge(to: product, file: fileName, in: project.resolvedPath(other), lookups, &found)]
            }
            guard let ownerIdentity = identities.byPath[owner.path] else { return [] }
            guard
                let chosen = owner.target(producing: productReference)
                    ?? fileName.flatMap({ file in owner.targets.first { $0.productFileName == file } })
                    ?? name.flatMap({ name in owner.targets.first { $0.name == name } })
            else {
                warn(
                    "\(at): target '\(target.name)' uses \((fileName ?? name).map { "'\($0)'" } ?? "a product") of \(owner.name), which no target there makes; skipped"
                )
                return []
            }
            return [EdgeKey(to: TargetID(package: ownerIdentity, name: chosen.name), kind: .target, product: nil)]
        case let .builtProduct(fileName):
            return builtProductEdges(fileName, of: target, dependency, at: at, in: project, lookups, &found, warn: warn)
        case let .packageProduct(product):
            return packageProductEdges(product, of: target, at: at, in: project, lookups, &found, warn: warn)
        }
    }

    /// A linked product file no reference says the maker of.
    private func builtProductEdges(
        _ fileName: String, of target: XcodeTarget, _ dependency: XcodeDependency, at: String, in project: XcodeProject,
        _ lookups: Lookups, _ found: inout Found, warn: (String) -> Void
    ) -> [EdgeKey] {
        // Made by no target loaded, but by one of a missing project another project links it
        // from (Delta's ZIPFoundation.framework, in DeltaCore's subproject): that project's product.
        if lookups.productFiles[fileName] == nil, let paths = lookups.productFilesOfMissingProjects[fileName],
            paths.count == 1, let path = paths.first
        {
            let product = lookups.targetsOfMissingProducts[fileName] ?? XcodePath.baseName(fileName)
            return [missingProjectEdge(to: product, file: fileName, in: path, lookups, &found)]
        }
        // Made by no target of the workspace: a prebuilt framework (Carthage, an .xcframework) or a product
        // of something not loaded. An external node, so that the link is seen and an import of it is declared.
        if lookups.productFiles[fileName] == nil, let module = Self.prebuiltModule(fileName) {
            let node = TargetID(package: prebuiltIdentity(of: project, lookups.identities, &found), name: module)
            found.externalProducts.insert(node)
            found.prebuilt[project.path, default: Found.Prebuilt(at: at, target: target.name)].files.insert(fileName)
            return [EdgeKey(to: node, kind: .product, product: module)]
        }
        guard let chosen = maker(of: fileName, for: target, dependency, at: at, in: project, lookups, warn: warn),
            let ownerIdentity = lookups.identities.byPath[chosen.project.path]
        else { return [] }
        return [EdgeKey(to: TargetID(package: ownerIdentity, name: chosen.target.name), kind: .target, product: nil)]
    }
}
