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

    /// One import of a target, in one of its files.
    private struct Occurrence {
        let file: String
        let statement: ImportStatement
    }

    /// One entry of the target's `dependencies:` as written: a target, or a product (one edge per product target).
    private struct Declaration {
        let written: String
        var edges: [Edge]
    }

    /// - Complexity: O(I + E + V) for I imports, plus a breadth-first search per undeclared module.
    func findings(scanned: [TargetID: [ScannedFile]]) -> [Finding] {
        let ignored = ModuleNames.platform.union(settings.ignoredModules)
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

        var findings: [Finding] = []
        for target in scanned.keys.sorted() {
            guard let vertex = graph.index(of: target), let files = scanned[target] else { continue }
            let ownModule = ModuleNames.module(of: graph.targets[vertex])
            let occurrences = files.flatMap { file in file.imports.map { Occurrence(file: file.path, statement: $0) } }
                .filter { occurrence in
                    let statement = occurrence.statement
                    guard !statement.module.isEmpty, !ignored.contains(statement.module), statement.module != ownModule else {
                        return false
                    }
                    if let platform, statement.condition?.holds(onPlatform: platform) == false { return false }
                    return true
                }
                .sorted { ($0.file, $0.statement.line, $0.statement.column) < ($1.file, $1.statement.line, $1.statement.column) }

            var declarations: [String: Declaration] = [:]
            var declaredModules: [String: [Edge]] = [:]
            for edge in edgesFrom[target] ?? [] {
                let written = edge.product ?? edge.to.name
                let key = edge.product.map { "product \($0) of \(edge.to.package)" } ?? "target \(edge.to)"
                declarations[key, default: Declaration(written: written, edges: [])].edges.append(edge)
                let module =
                    graph.index(of: edge.to).map { ModuleNames.module(of: graph.targets[$0]) } ?? ModuleNames.module(ofTarget: edge.to.name)
                declaredModules[module, default: []].append(edge)
            }
            let visible = modulesReexported(from: Set((edgesFrom[target] ?? []).map(\.to)), reexports, verticesByModule)

            var imported = Set<String>()
            var hasUnknownImport = false
            var undeclared: [String: [Occurrence]] = [:]
            var conditionallyDeclaredModules = Set<String>()
            for occurrence in occurrences {
                let module = occurrence.statement.module
                imported.insert(module)
                if let edges = declaredModules[module] {
                    if occurrence.statement.condition == nil, !edges.contains(where: isAlwaysDeclared),
                        settings.undeclaredImports != .ignore,
                        conditionallyDeclaredModules.insert(module).inserted
                    {
                        findings.append(conditionallyDeclared(target, occurrence, edges))
                    }
                } else if visible.contains(module) {
                    continue
                } else if verticesByModule[module] != nil {
                    undeclared[module, default: []].append(occurrence)
                } else {
                    hasUnknownImport = true
                }
            }
            if settings.undeclaredImports != .ignore {
                for module in undeclared.keys.sorted() {
                    guard let occurrences = undeclared[module], let first = occurrences.first else { continue }
                    let files = Set(occurrences.map(\.file)).count
                    findings.append(undeclaredImport(target, vertex, first, files: files, candidates: verticesByModule[module] ?? []))
                }
            }
            // A file over the source budget was not read: any dependency may be imported there.
            if settings.unusedDependencies != .ignore, !files.contains(where: { $0.skipped != nil }) {
                for key in declarations.keys.sorted() {
                    guard let declaration = declarations[key] else { continue }
                    let nodes = declaration.edges.compactMap { graph.index(of: $0.to) }.map { graph.targets[$0] }
                    guard nodes.contains(where: { !Self.notImported.contains($0.type) }) else { continue }
                    let modules = Set(nodes.map(ModuleNames.module(of:)))
                    if !modules.isDisjoint(with: imported) { continue }
                    if hasUnknownImport, nodes.contains(where: { $0.type == .externalProduct }) { continue }
                    findings.append(unusedDependency(target, declaration, fileCount: files.count))
                }
            }
        }
        return findings
    }

    /// Dependencies SwiftPM builds for a target without it importing them:
    /// tools (executables), macro implementations, plugins, and binaries whose
    /// module names the manifest does not tell.
    private static let notImported: Set<TargetType> = [
        .executable, .macro, .plugin, .binary, .application, .appExtension, .bundle, .aggregate,
    ]

    /// Modules a target sees through `@_exported import`s of its dependencies, followed transitively.
    private func modulesReexported(from declared: Set<TargetID>, _ reexports: [TargetID: Set<String>], _ verticesByModule: [String: [Int]])
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

    /// Whether the edge exists in every build this check stands for: no
    /// condition, or (with `--platform`) a platform condition that holds.
    private func isAlwaysDeclared(_ edge: Edge) -> Bool {
        guard let condition = edge.condition else { return true }
        guard let platform else { return false }
        return condition.traits.isEmpty && condition.applies(toPlatform: platform)
    }

    private func location(_ occurrence: Occurrence) -> SourcePosition {
        SourcePosition(file: occurrence.file, line: occurrence.statement.line, column: occurrence.statement.column)
    }

    private var undeclaredSeverity: Severity { settings.undeclaredImports == .warning ? .warning : .error }

    private func undeclaredImport(_ target: TargetID, _ vertex: Int, _ occurrence: Occurrence, files: Int, candidates: [Int]) -> Finding {
        let module = occurrence.statement.module
        // The node the import reaches: the nearest one the target depends on through other edges, else the first by id.
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
        } else {
            how =
                "nothing it depends on brings it in, so it builds only when \(DependencyEdit.builder(of: target, in: graph)) happens to build \(module) first"
        }
        let condition = occurrence.statement.condition.map { " under #if \($0)" } ?? ""
        let elsewhere = files > 1 ? " (in \(files) files)" : ""
        return Finding(
            rule: .undeclaredImport, severity: undeclaredSeverity, chain: chain,
            message:
                "\(target.name) imports \(module)\(condition)\(elsewhere) without declaring it; \(how). In \(DependencyEdit.file(of: target, in: graph)), \(DependencyEdit.add(graph.targets[chosen].id, to: target, in: graph))",
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

    private func conditionallyDeclared(_ target: TargetID, _ occurrence: Occurrence, _ edges: [Edge]) -> Finding {
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
                "\(target.name) imports \(module) in every build but declares it only \(conditions.joined(separator: " or ")); put the import under the matching #if, or in \(DependencyEdit.file(of: target, in: graph)) declare \"\(edges[0].product ?? edges[0].to.name)\" for target \"\(target.name)\" without a condition",
            source: settings.undeclaredImportsLocation ?? settings.location,
            sourcePosition: location(occurrence))
    }

    private func unusedDependency(_ target: TargetID, _ declaration: Declaration, fileCount: Int) -> Finding {
        let files = fileCount == 1 ? "its one Swift file does not import it" : "none of its \(fileCount) Swift files imports it"
        return Finding(
            rule: .unusedDependency, severity: settings.unusedDependencies == .error ? .error : .warning,
            chain: [target, declaration.edges[0].to],
            message:
                "\(target.name) declares \(declaration.written) but \(files), which lengthens the build for nothing. In \(DependencyEdit.file(of: target, in: graph)), \(DependencyEdit.remove(declaration.written, from: target, in: graph))",
            source: settings.unusedDependenciesLocation ?? settings.location)
    }
}
