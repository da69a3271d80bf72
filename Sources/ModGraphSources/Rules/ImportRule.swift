import ModGraphCore
import ModGraphRules

/// Compares what each target imports with what its manifest declares
/// (docs/configuration.md, "Declared and imported dependencies").
///
/// Modules are matched to graph nodes by name: a target builds the module
/// named after it (``ModuleNames/module(ofTarget:)``); an external product
/// that was not expanded is assumed to build the module named after the
/// product, and also to be the one a target uses when it imports a module the
/// workspace does not know. Platform modules and `ignoreModules` are skipped.
struct ImportRule {
    let graph: ModuleGraph
    let settings: CheckConfig.SourceChecks
    /// `--platform`: imports under an `#if os(…)` that is false there are left out.
    let platform: String?
    /// Modules a target may import without declaring them (``SourceChecker/searchPaths``).
    var searchPaths: [TargetID: [TargetID]] = [:]
    /// Compilation conditions known set or unset per target (``SourceChecker/conditions``).
    var conditions: [TargetID: [String: Bool]] = [:]
    /// What each target embeds (``SourceChecker/embedded``): not charged as unused.
    var embedded: [TargetID: Set<TargetID>] = [:]
    /// Where XcodeGen targets are declared (``SourceChecker/declarationFiles``).
    var declarationFiles: [TargetID: String] = [:]
    /// The packages each SwiftPM package declares (``SourceChecker/declaredPackages``).
    var declaredPackages: [PackageIdentity: Set<PackageIdentity>] = [:]
    /// The names XcodeGen specs give their packages (``SourceChecker/specPackageNames``).
    var specPackageNames: [PackageIdentity: [PackageIdentity: String]] = [:]
    /// What mixed targets' C-family files import (``ClangImports``).
    var clang: [TargetID: ClangImports.Result] = [:]
    /// The targets judged (all when nil): test targets are judged at `sources.tests`' levels by a rule of their own.
    var judging: ((TargetID) -> Bool)?

    /// The file an edit of `target`'s dependencies goes in.
    private func editedFile(of target: TargetID) -> String {
        declarationFiles[target] ?? DependencyEdit.file(of: target, in: graph)
    }

    /// One import of a target, in one of its files.
    struct Occurrence {
        let file: String
        let statement: ImportStatement
    }

    /// One entry of the target's `dependencies:` as written: a target, or a product (one edge per product target).
    struct Declaration {
        let written: String
        var edges: [Edge]
    }

    /// Whether `target` is a library whose Swift files are all its users can reach: a regular target of a
    /// package, or a framework or library of a project Tuist or XcodeGen generates (its manifest lists its
    /// sources and headers), with no C-family file. A project read from its `project.pbxproj` may export
    /// Objective-C headers from a build phase its Swift files do not show: none of its targets is one.
    func isSwiftOnlyLibrary(_ target: TargetID) -> Bool {
        guard let vertex = graph.index(of: target), let package = graph.package(target.package), package.origin != .cocoapods
        else { return false }
        let type = graph.targets[vertex].type
        let isLibrary =
            package.origin == .project
            ? package.isGeneratedProject && [.framework, .staticLibrary, .dynamicLibrary].contains(type) : type == .regular
        return isLibrary && (clang[target]?.files ?? 0) == 0
    }

    /// The module the node `target` builds.
    func module(of target: TargetID) -> String {
        graph.index(of: target).map { ModuleNames.module(of: graph.targets[$0]) } ?? ModuleNames.module(ofTarget: target.name)
    }

    /// Whether `target` imports a module that only `declaration` brings in: reached from it, and from none
    /// of the target's other dependencies (in any build).
    ///
    /// - Complexity: O(V + E).
    func carriesImport(_ declaration: Declaration, of target: TargetID, imported: Set<String>, _ edgesFrom: [TargetID: [Edge]]) -> Bool {
        let through = Set(declaration.edges.map(\.to))
        let carried = Set(through.map(module(of:))).union(modulesReached(from: Array(through), edgesFrom)).intersection(imported)
        guard !carried.isEmpty else { return false }
        let others = (edgesFrom[target] ?? []).map(\.to).filter { !through.contains($0) }
        return !carried.isSubset(of: Set(others.map(module(of:))).union(modulesReached(from: others, edgesFrom)))
    }

    /// The modules of every target `starts` reach, not counting `starts` themselves (`edgesFrom`: the graph's
    /// edges by their source, plugins left out); through dependencies without a condition only when
    /// `everyBuild`: what every build of them can import.
    ///
    /// - Complexity: O(V + E).
    func modulesReached(from starts: [TargetID], _ edgesFrom: [TargetID: [Edge]], everyBuild: Bool = false) -> Set<String> {
        var modules = Set<String>()
        var seen = Set(starts)
        var pending = starts
        while let next = pending.popLast() {
            for edge in edgesFrom[next] ?? [] where (!everyBuild || edge.condition == nil) && seen.insert(edge.to).inserted {
                modules.insert(module(of: edge.to))
                pending.append(edge.to)
            }
        }
        return modules
    }

    /// The modules of every target `vertex` reaches through its dependencies.
    ///
    /// - Complexity: O(V + E).
    func reachableModules(from vertex: Int) -> Set<String> {
        let parents = breadthFirstParents(from: vertex)
        var modules = Set<String>()
        for (other, parent) in parents.enumerated() where parent != nil && other != vertex {
            modules.insert(ModuleNames.module(of: graph.targets[other]))
        }
        return modules
    }

    /// A build in which an import is compiled but its module is not declared.
    struct Uncovered {
        /// The platform of that build; `nil` for "every build" (a target built for any platform).
        let platform: String?
    }

    /// A build in which `statement` is compiled but none of `edges` (the declarations of its
    /// module) applies, if any: an import in every build of a dependency declared only for some
    /// platforms. The platforms judged are `--platform` when given, else the ones the target is
    /// built for (an Xcode target's); for a target built for any platform, only an import outside
    /// any `#if` is judged (against every platform), as an `#if` is not decided without one.
    func uncoveredBuild(of statement: ImportStatement, _ edges: [Edge], builtFor: [String]?, flags: [String: Bool]) -> Uncovered? {
        func declared(on platform: String) -> Bool {
            edges.contains { edge in
                guard let condition = edge.condition else { return true }
                return condition.traits.isEmpty && condition.applies(toPlatform: platform)
            }
        }
        let candidates: [String]
        if let platform {
            candidates = [platform]
        } else if let builtFor {
            candidates = builtFor
        } else {
            guard statement.condition == nil else { return nil }
            return edges.contains { $0.condition == nil } ? nil : Uncovered(platform: nil)
        }
        for candidate in candidates where statement.condition.map({ $0.holds(onPlatform: candidate, defining: flags) == true }) ?? true {
            if !declared(on: candidate) { return Uncovered(platform: platform == nil ? candidate : nil) }
        }
        return nil
    }

    /// Dependencies SwiftPM builds for a target without it importing them:
    /// tools (executables), macro implementations, plugins, and binaries whose
    /// module names the manifest does not tell.
    static let notImported: Set<TargetType> = [
        .executable, .macro, .plugin, .binary, .application, .appExtension, .bundle, .aggregate,
    ]

    /// Modules a target sees through `@_exported import`s of its dependencies, followed transitively.
    func modulesReexported(from declared: Set<TargetID>, _ reexports: [TargetID: Set<String>], _ verticesByModule: [String: [Int]])
        -> Set<String>
    {
        var visible = Set<String>()
        var queue = Array(declared)
        var seen = declared
        while let next = queue.popLast() {
            for module in reexports[next] ?? [] where visible.insert(module).inserted {
                for vertex in verticesByModule[module] ?? [] where seen.insert(graph.targets[vertex].id).inserted {
                    queue.append(graph.targets[vertex].id)
                }
            }
        }
        return visible
    }

    private func location(_ occurrence: Occurrence) -> SourcePosition {
        SourcePosition(file: occurrence.file, line: occurrence.statement.line, column: occurrence.statement.column)
    }

    private var undeclaredSeverity: Severity { settings.undeclaredImports.severity ?? .error }

    /// How an import of a module the target does not declare compiles: the chain to the node it
    /// reaches (the nearest one the target depends on through other edges, else the first by id),
    /// and why it builds, in words.
    private func reach(_ target: TargetID, _ vertex: Int, module: String, candidates: [Int]) -> (chosen: Int, chain: [TargetID], how: String) {
        let parents = breadthFirstParents(from: vertex)
        let depth = { (candidate: Int) -> Int in
            var steps = 0
            var cursor = candidate
            while let parent = parents[cursor], cursor != vertex {
                steps += 1
                cursor = parent
            }
            return cursor == vertex ? steps : Int.max
        }
        let chosen =
            candidates.min { left, right in
                (depth(left), graph.targets[left].id) < (depth(right), graph.targets[right].id)
            } ?? vertex
        var path: [Int]?
        if parents[chosen] != nil {
            var reversed = [chosen]
            var cursor = chosen
            while cursor != vertex, let parent = parents[cursor] {
                reversed.append(parent)
                cursor = parent
            }
            path = reversed.reversed()
        }
        let chain = (path ?? [vertex, chosen]).map { graph.targets[$0].id }
        let how: String
        if let path, path.count > 2 {
            how = "it builds only because " + path.dropFirst().map { graph.targets[$0].name }.joined(separator: " → ") + " brings it in"
        } else if graph.package(graph.targets[chosen].id.package)?.origin.isOwn != true,
            let unopened = unopenedPackages(reachedFrom: vertex, parents: parents), !unopened.isEmpty
        {
            // modgraph cannot tell what a package it did not read brings in: it says so. A module of the repository's
            // own is not among what it could bring: a remote package cannot depend on a local package or a project.
            let names = unopened.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (unopened.count > 3 ? " and \(unopened.count - 3) more" : "")
            how =
                "nothing modgraph read of what it depends on brings it in, but \(names), remote \(unopened.count == 1 ? "package" : "packages") it depends on, \(unopened.count == 1 ? "was" : "were") not opened "
                + "(pass --externals expand after swift package resolve to read \(unopened.count == 1 ? "it" : "them")); if none does, it builds only when \(DependencyEdit.builder(of: target, in: graph)) happens to build \(module) first"
        } else {
            how =
                "nothing it depends on brings it in, so it builds only when \(DependencyEdit.builder(of: target, in: graph)) happens to build \(module) first"
        }
        return (chosen, chain, how)
    }

    func undeclaredImport(_ target: TargetID, _ vertex: Int, _ occurrence: Occurrence, files: Int, candidates: [Int]) -> Finding {
        let module = occurrence.statement.module
        let (chosen, chain, how) = reach(target, vertex, module: module, candidates: candidates)
        let condition = occurrence.statement.condition.map { " under #if \($0)" } ?? ""
        let elsewhere = files > 1 ? " (in \(files) files)" : ""
        return Finding(
            rule: .undeclaredImport, severity: undeclaredSeverity, chain: chain,
            message:
                "\(target.name) imports \(module)\(condition)\(elsewhere) without declaring it; \(how). In \(editedFile(of: target)), \(DependencyEdit.add(graph.targets[chosen].id, to: target, in: graph, declared: declaredPackages[target.package], specPackages: specPackageNames[target.package]))",
            source: settings.undeclaredImportsLocation ?? settings.location,
            sourcePosition: location(occurrence), fix: .add(target: target, dependency: graph.targets[chosen].id))
    }

    /// The remote and registry packages that were not opened (their products stand for them:
    /// `--externals products`) among what `vertex` reaches, by identity, sorted.
    private func unopenedPackages(reachedFrom vertex: Int, parents: [Int?]) -> [String]? {
        var names = Set<String>()
        for (other, parent) in parents.enumerated() where parent != nil && other != vertex {
            let node = graph.targets[other]
            guard node.type == .externalProduct, let package = graph.package(node.package),
                package.origin == .remote || package.origin == .registry
            else { continue }
            names.insert(package.identity.rawValue)
        }
        return names.sorted()
    }

    /// Whether targets built for `a` and for `b` (nil: any platform) share one.
    static func overlap(_ a: [String]?, _ b: [String]?) -> Bool {
        guard let a, let b else { return true }
        return !Set(a).isDisjoint(with: b)
    }

    /// A module of the graph imported under `#if canImport` of itself, not declared: a note
    /// (``RuleKind/optionalImport``), never an undeclared import.
    func optionalImport(_ target: TargetID, _ vertex: Int, _ occurrence: Occurrence, candidates: [Int]) -> Finding {
        let module = occurrence.statement.module
        let (chosen, chain, how) = reach(target, vertex, module: module, candidates: candidates)
        let condition = occurrence.statement.condition.map { " under #if \($0)" } ?? ""
        return Finding(
            rule: .optionalImport, severity: .note, chain: chain,
            message:
                "\(target.name) imports \(module)\(condition) without declaring it, optional by construction; \(how). If \(target.name) should always have it, in \(editedFile(of: target)), \(DependencyEdit.add(graph.targets[chosen].id, to: target, in: graph, declared: declaredPackages[target.package], specPackages: specPackageNames[target.package]))",
            source: settings.undeclaredImportsLocation ?? settings.location,
            sourcePosition: location(occurrence))
    }

    /// The parent of each vertex on a shortest path from `source` (the source is its own parent; `nil` when unreached).
    /// Successors are visited in ascending order, so the path is the same on every run.
    ///
    /// - Complexity: O(V + E).
    private func breadthFirstParents(from source: Int) -> [Int?] {
        var parents = [Int?](repeating: nil, count: graph.digraph.vertexCount)
        parents[source] = source
        var queue = [source]
        var head = 0
        while head < queue.count {
            let vertex = queue[head]
            head += 1
            for next in graph.digraph.successors(of: vertex) where parents[next] == nil {
                parents[next] = vertex
                queue.append(next)
            }
        }
        return parents
    }

    func conditionallyDeclared(_ target: TargetID, _ occurrence: Occurrence, _ edges: [Edge], missingOn platform: String?) -> Finding {
        let module = occurrence.statement.module
        let conditions = Set(edges.compactMap(\.condition)).sorted().map { condition -> String in
            var parts: [String] = []
            if !condition.platforms.isEmpty { parts.append("for " + condition.platforms.joined(separator: ", ")) }
            if !condition.traits.isEmpty { parts.append("with trait " + condition.traits.joined(separator: ", ")) }
            return parts.joined(separator: " ")
        }
        return Finding(
            rule: .undeclaredImport, severity: undeclaredSeverity, chain: [target, edges[0].to],
            message:
                "\(target.name) imports \(module) \(platform.map { "in its build for \($0), one of the platforms it is built for," } ?? "in every build") but declares it only \(conditions.joined(separator: " or ")); put the import under the matching #if, or in \(editedFile(of: target)) declare \"\(edges[0].product ?? edges[0].to.name)\" for target \"\(target.name)\" without a condition",
            source: settings.undeclaredImportsLocation ?? settings.location,
            sourcePosition: location(occurrence))
    }

    /// An import of a module no target of the graph builds (nor the platform, unless `@testable`) whose name is close to one of `modules`
    /// (`@testable import Network` beside a declared `NetworkClient`): the module was renamed and the
    /// import was not, so the dependency is used after all, under its old name.
    static func staleImport(of modules: Set<String>, in files: [ScannedFile], known: [String: [Int]]) -> (statement: ImportStatement, file: String, module: String)? {
        for file in files {
            // A platform's module (`SwiftUI` beside `SwiftUIIntrospect`) is imported for itself, unless `@testable`:
            // no SDK module is built for testing, so that import names one of the workspace's.
            for statement in file.imports
            where known[statement.module] == nil && !modules.contains(statement.module)
                && (!ModuleNames.platform.contains(statement.module) || statement.attributes.contains("@testable"))
            {
                let name = statement.module
                if let module = modules.sorted().first(where: { Self.similar(name, $0) }) { return (statement, file.path, module) }
            }
        }
        return nil
    }

    /// One name the start of the other (`Network`, `NetworkClient`), or a typo apart (`Netwrok`: two edits
    /// from 6 characters, one below), at 4 characters or more.
    static func similar(_ a: String, _ b: String) -> Bool {
        guard min(a.count, b.count) >= 4 else { return false }
        if a.hasPrefix(b) || b.hasPrefix(a) { return true }
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        guard abs(x.count - y.count) <= 2 else { return false }
        var row = Array(0...y.count)
        for i in 1...x.count {
            var previous = row[0]
            row[0] = i
            for j in 1...y.count {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (x[i - 1] == y[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[y.count] <= (min(x.count, y.count) >= 6 ? 2 : 1)
    }

    /// A declared dependency not imported under its name, while an import names a module close to it that
    /// no target builds: renaming the import is the fix, removing the dependency would break the build.
    func renamedImport(
        _ target: TargetID, _ declaration: Declaration, _ stale: (statement: ImportStatement, file: String, module: String)
    ) -> Finding {
        Finding(
            rule: .unusedDependency, severity: settings.unusedDependencies.severity ?? .warning,
            chain: [target, declaration.edges[0].to],
            message:
                "\(target.name) declares \(declaration.written) but imports \(stale.statement.module), which no target builds: was \(stale.module) renamed? Rename the import to \(stale.module) (keep the dependency)",
            source: settings.unusedDependenciesLocation ?? settings.location,
            sourcePosition: SourcePosition(file: stale.file, line: stale.statement.line, column: stale.statement.column))
    }

    func unusedDependency(_ target: TargetID, _ declaration: Declaration, fileCount: Int, otherCount: Int) -> Finding {
        let files =
            otherCount > 0
            ? "none of its \(fileCount) Swift and \(otherCount) Objective-C or C files imports it"
            : fileCount == 1 ? "its one Swift file does not import it" : "none of its \(fileCount) Swift files imports it"
        // An XcodeGen target's dependency may come from a template in another file: the position says which.
        let place =
            graph.package(target.package)?.isGeneratedProject == true
            ? "Where it is declared" : "In \(editedFile(of: target))"
        return Finding(
            rule: .unusedDependency, severity: settings.unusedDependencies.severity ?? .warning,
            chain: [target, declaration.edges[0].to],
            message:
                "\(target.name) declares \(declaration.written) but \(files), which lengthens the build for nothing. \(place), \(DependencyEdit.remove(declaration.written, from: target, in: graph))",
            source: settings.unusedDependenciesLocation ?? settings.location,
            fix: .remove(target: target, dependency: declaration.edges[0].to, written: declaration.written))
    }
}
