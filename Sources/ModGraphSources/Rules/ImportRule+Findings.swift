import ModGraphCore
import ModGraphRules

/// The import rule's walk, in phases: what the graph says once for every target
/// (``Context``), then for each target the imports its builds compile
/// (``occurrences(of:_:_:)``), what its declarations bring in (``declared(by:_:)``),
/// the undeclared and conditionally declared imports, and the unused dependencies.
extension ImportRule {
    /// What the graph and the scanned files say once, for every target judged.
    struct Context {
        let ignored: Set<String>
        /// The vertices that build each module.
        let verticesByModule: [String: [Int]]
        /// Each target's edges but plugins'.
        let edgesFrom: [TargetID: [Edge]]
        /// The modules each target re-exports (`@_exported import`).
        let reexports: [TargetID: Set<String>]
        /// Targets there to bring their dependencies into a product (``wrappers(_:)``).
        let wrappers: Set<TargetID>
    }

    /// - Complexity: O(I + E + V) for I imports, plus a breadth-first search per undeclared module
    ///   and per target that imports a module named like a platform's.
    func findings(scanned: [TargetID: [ScannedFile]]) -> [Finding] {
        let context = context(scanned)
        var findings: [Finding] = []
        for target in scanned.keys.sorted() where judging?(target) ?? true {
            guard let vertex = graph.index(of: target), let files = scanned[target] else { continue }
            findings += self.findings(of: target, vertex, files, context)
        }
        return findings
    }

    func context(_ scanned: [TargetID: [ScannedFile]]) -> Context {
        var verticesByModule: [String: [Int]] = [:]
        for (vertex, target) in graph.targets.enumerated() {
            verticesByModule[ModuleNames.module(of: target), default: []].append(vertex)
        }
        var edgesFrom: [TargetID: [Edge]] = [:]
        for edge in graph.edges where edge.kind != .plugin { edgesFrom[edge.from, default: []].append(edge) }
        var reexports: [TargetID: Set<String>] = [:]
        for (target, files) in scanned {
            reexports[target] = Set(files.flatMap(\.imports).filter(\.isReexport).map(\.module))
        }
        return Context(
            ignored: Set(settings.ignoredModules), verticesByModule: verticesByModule, edgesFrom: edgesFrom, reexports: reexports,
            wrappers: wrappers(scanned))
    }

    /// A target whose files declare and import nothing (a licence, `@_exported` imports at most) is
    /// there to bring its dependencies into a product (a wrapper): what it depends on is declared by
    /// whoever declares it, and none of it is unused. So is a Swift library that targets depend on
    /// (``isSwiftOnlyLibrary(_:)``), whose Swift files declare something and surely give their users none
    /// of it: Marconio's `AppDelegate_iOS` (one internal placeholder struct, there to link a platform's
    /// dependencies, which SwiftPM cannot condition on the platform; the app imports it for what it
    /// brings in), ugglan's Tuist frameworks `CoreDependencies` and its kind (a `struct Dependencies {}`,
    /// there to bundle the packages each module would otherwise declare).
    private func wrappers(_ scanned: [TargetID: [ScannedFile]]) -> Set<TargetID> {
        let dependedOn = Set(graph.edges.lazy.filter { $0.kind != .plugin }.map(\.to))
        return Set(
            scanned.filter { entry in
                !entry.value.isEmpty && entry.value.allSatisfy { $0.skipped == nil }
                    && (entry.value.allSatisfy { $0.declaresNothing && $0.imports.allSatisfy(\.isReexport) }
                        || (entry.value.allSatisfy(\.exportsNothing) && entry.value.contains { !$0.declaresNothing }
                            && dependedOn.contains(entry.key)
                            && isSwiftOnlyLibrary(entry.key)))
            }.keys)
    }

    /// One target's findings.
    private func findings(of target: TargetID, _ vertex: Int, _ files: [ScannedFile], _ context: Context) -> [Finding] {
        let builtFor = graph.targets[vertex].platforms
        // SwiftPM sets `SWIFT_PACKAGE` for a package's targets; Xcode sets it for no project's (the
        // same sources built both ways import differently under it).
        var flags = conditions[target] ?? [:]
        flags["SWIFT_PACKAGE"] = graph.package(target.package)?.origin != .project
        let occurrences = occurrences(of: target, vertex, files, flags: flags, context)
        let (declarations, declaredModules) = declared(by: target, context)
        var visible = modulesReexported(from: Set((context.edgesFrom[target] ?? []).map(\.to)), context.reexports, context.verticesByModule)
        for seen in searchPaths[target] ?? [] { visible.insert(module(of: seen)) }

        var findings: [Finding] = []
        var imported = Set<String>()
        var hasUnknownImport = false
        var undeclared: [String: [Occurrence]] = [:]
        var optional: [String: [Occurrence]] = [:]
        var conditionallyDeclaredModules = Set<String>()
        for occurrence in occurrences {
            let module = occurrence.statement.module
            imported.insert(module)
            if let edges = declaredModules[module] {
                if let uncovered = uncoveredBuild(of: occurrence.statement, edges, builtFor: builtFor, flags: flags),
                    settings.undeclaredImports != .ignore,
                    conditionallyDeclaredModules.insert(module).inserted
                {
                    findings.append(conditionallyDeclared(target, occurrence, edges, missingOn: uncovered.platform))
                }
            } else if visible.contains(module) {
                continue
            } else if context.verticesByModule[module] != nil {
                // `#if canImport(M)` around `import M`: optional by construction, never undeclared.
                if occurrence.statement.condition?.requiresCanImport(module) == true {
                    optional[module, default: []].append(occurrence)
                } else {
                    undeclared[module, default: []].append(occurrence)
                }
            } else {
                hasUnknownImport = true
            }
        }
        if settings.undeclaredImports != .ignore {
            findings += undeclaredFindings(target, vertex, undeclared: undeclared, optional: optional, context)
        }
        // A file over the source budget was not read: any dependency may be imported there; so may a
        // C-family file that could not be read. What the readable ones import is used.
        let other = clang[target] ?? ClangImports.Result()
        imported.formUnion(other.modules)
        if settings.unusedDependencies != .ignore, !files.contains(where: { $0.skipped != nil }), other.unreadable == 0,
            !context.wrappers.contains(target)
        {
            for key in declarations.keys.sorted() {
                guard let declaration = declarations[key],
                    let finding = unusedFinding(
                        declaration, of: target, files, imported: imported, hasUnknownImport: hasUnknownImport, otherFiles: other.files,
                        context)
                else { continue }
                findings.append(finding)
            }
        }
        return findings
    }

    /// The imports of `target`'s files that some build of it compiles, in file and line order.
    private func occurrences(
        of target: TargetID, _ vertex: Int, _ files: [ScannedFile], flags: [String: Bool], _ context: Context
    ) -> [Occurrence] {
        let ownModule = ModuleNames.module(of: graph.targets[vertex])
        let builtFor = graph.targets[vertex].platforms
        // A module named like one of the platform's (`Network`, `Security`) is the graph's when the
        // graph has one the target reaches: the build finds it before the SDK's.
        var reached: Set<String>?
        func reaches(_ module: String) -> Bool {
            if reached == nil { reached = reachableModules(from: vertex) }
            return reached?.contains(module) ?? false
        }
        // What every build of the target can import: the modules reached through unconditional edges.
        var alwaysReached: Set<String>?
        func reachesInEveryBuild(_ name: String) -> Bool {
            if alwaysReached == nil { alwaysReached = modulesReached(from: [target], context.edgesFrom, everyBuild: true) }
            return alwaysReached?.contains(name) ?? false
        }
        // A loop, not a closure over `self`: the filter's closure copied the rule (a dozen tables) for every import.
        let canImport = { (module: String) -> Bool? in reachesInEveryBuild(module) ? true : nil }
        var kept: [Occurrence] = []
        for file in files {
            for statement in file.imports {
                let module = statement.module
                guard !module.isEmpty, !context.ignored.contains(module), module != ownModule else { continue }
                if ModuleNames.platform.contains(module), context.verticesByModule[module] == nil || !reaches(module) { continue }
                if let condition = statement.condition {
                    // `#if canImport(A) … #elseif canImport(B)`: where the target reaches A, the later branches
                    // are never compiled (a module it reaches is built before it, so it can be imported).
                    if condition.holds(onPlatform: platform, defining: flags, canImport: canImport) == false { continue }
                    // Under `#if os(…)` of no platform the target is built for, it is never compiled.
                    if let builtFor, !builtFor.contains(where: { condition.holds(onPlatform: $0, defining: flags) != false }) { continue }
                }
                kept.append(Occurrence(file: file.path, statement: statement))
            }
        }
        return
            kept
            .sorted { ($0.file, $0.statement.line, $0.statement.column) < ($1.file, $1.statement.line, $1.statement.column) }
    }

    /// `target`'s declarations as written (by the target or product each names) and the edges
    /// that declare each module it may import: its dependencies', and through a wrapper, the
    /// wrapper's own, on the wrapper's conditions.
    private func declared(by target: TargetID, _ context: Context) -> (declarations: [String: Declaration], modules: [String: [Edge]]) {
        var declarations: [String: Declaration] = [:]
        var declaredModules: [String: [Edge]] = [:]
        for edge in context.edgesFrom[target] ?? [] {
            let written = edge.product ?? edge.to.name
            let key = edge.product.map { "product \($0) of \(edge.to.package)" } ?? "target \(edge.to)"
            declarations[key, default: Declaration(written: written, edges: [])].edges.append(edge)
            declaredModules[module(of: edge.to), default: []].append(edge)
            var pending = context.wrappers.contains(edge.to) ? [edge.to] : []
            var seen = Set(pending)
            while let wrapper = pending.popLast() {
                for inner in context.edgesFrom[wrapper] ?? [] {
                    declaredModules[module(of: inner.to), default: []].append(inner)
                    if context.wrappers.contains(inner.to), seen.insert(inner.to).inserted { pending.append(inner.to) }
                }
            }
        }
        return (declarations, declaredModules)
    }

    /// An undeclared import per module, then an optional one (under `#if canImport`) per module not also imported plainly.
    private func undeclaredFindings(
        _ target: TargetID, _ vertex: Int, undeclared: [String: [Occurrence]], optional: [String: [Occurrence]], _ context: Context
    ) -> [Finding] {
        var findings: [Finding] = []
        let builtFor = graph.targets[vertex].platforms
        for module in undeclared.keys.sorted() {
            guard let occurrences = undeclared[module], let first = occurrences.first else { continue }
            let files = Set(occurrences.map(\.file)).count
            findings.append(undeclaredImport(target, vertex, first, files: files, candidates: context.verticesByModule[module] ?? []))
        }
        for module in optional.keys.sorted() where undeclared[module] == nil {
            guard let occurrences = optional[module], let first = occurrences.first else { continue }
            // Only a provider built for a platform the target is built for could be declared: a watchOS
            // target is not told to add an iOS-only framework.
            let providers = (context.verticesByModule[module] ?? []).filter { Self.overlap(builtFor, graph.targets[$0].platforms) }
            guard !providers.isEmpty else { continue }
            findings.append(optionalImport(target, vertex, first, candidates: providers))
        }
        return findings
    }

    /// The finding about one declaration of `target` that no import uses, if it is one: not for what
    /// is never imported (tools, resources), a pod, what the target embeds, or what carries a
    /// module the target imports; a renamed import when a file imports a module named almost so.
    private func unusedFinding(
        _ declaration: Declaration, of target: TargetID, _ files: [ScannedFile], imported: Set<String>, hasUnknownImport: Bool,
        otherFiles: Int, _ context: Context
    ) -> Finding? {
        let nodes = declaration.edges.compactMap { graph.index(of: $0.to) }.map { graph.targets[$0] }
        guard nodes.contains(where: { !Self.notImported.contains($0.type) }) else { return nil }
        // A pod no Swift file imports is often linked for its resources or used from Objective-C,
        // and its module may not be the one CocoaPods names by default: not charged (docs/xcode.md).
        if nodes.contains(where: { graph.package($0.package)?.origin == .cocoapods }) { return nil }
        // Embedded in the product on purpose (NetNewsWire bundles SyncDatabase for its extensions).
        if let bundled = embedded[target], declaration.edges.contains(where: { bundled.contains($0.to) }) { return nil }
        var modules = Set(nodes.map(ModuleNames.module(of:)))
        // A C library's headers sit in a folder named after its target, whatever its module: AltStore's
        // `libimobiledevice` builds module `imobiledevice` (PRODUCT_NAME), and AltServer's Objective-C++
        // uses it through `#include <libimobiledevice/libimobiledevice.h>`.
        if otherFiles > 0 { modules.formUnion(nodes.map { ModuleNames.module(ofTarget: $0.name) }) }
        // A wrapper's modules are those it brings in.
        for node in nodes where context.wrappers.contains(node.id) {
            for inner in context.edgesFrom[node.id] ?? [] { modules.insert(module(of: inner.to)) }
        }
        if !modules.isDisjoint(with: imported) { return nil }
        if hasUnknownImport, nodes.contains(where: { $0.type == .externalProduct }) { return nil }
        if let stale = Self.staleImport(of: modules, in: files, known: context.verticesByModule) {
            return renamedImport(target, declaration, stale)
        }
        // Removing it would take away a module the target imports that only it brings in (9oya's App → Feature,
        // its one way to RxSwift): the undeclared import says to declare that module; until then this one is used.
        if carriesImport(declaration, of: target, imported: imported, context.edgesFrom) { return nil }
        return unusedDependency(target, declaration, fileCount: files.count, otherCount: otherFiles)
    }
}
