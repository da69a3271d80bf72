import ModGraphSyntax
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Reads a Tuist `Project.swift` without compiling it: the manifest and the helper modules it
/// imports are parsed, their declarations collected, and the manifest's statements run by
/// ``TuistInterpreter``; ``StaticProjectReading`` then takes the project modgraph reads. What it
/// cannot evaluate falls back to the compiled path (``ManifestCompiler``), and `--verify-manifests`
/// runs both on every manifest and says each difference.
///
/// No code of the repository runs: this is what `--no-run-manifests` leaves, and the default
/// where it succeeds.
struct TuistStaticEvaluator {
    /// A file parsed once per load and shared by the manifests that import it.
    struct ParsedFile: @unchecked Sendable {
        /// Absolute.
        let path: String
        let tree: SourceFileSyntax
        /// The modules it imports.
        let imports: [String]
    }

    /// The modules a manifest may import besides the helper modules: what the compiled path provides.
    static let providedModules: Set<String> = ["ProjectDescription", "Foundation"]

    /// Bounds of the parse, as for `Package.swift`: real manifests and helpers stay far below.
    static let limits = SyntaxDepth.Limits(depth: 64, brackets: 16, treeDepth: 256)

    /// Parses `text` within the bounds; nil (with the reason) for text past them or that does not parse.
    static func parse(_ text: [UInt8], path: String) -> Result<ParsedFile, StaticFallback> {
        let (deepest, excess) = text.withUnsafeBufferPointer { SyntaxDepth.measure($0, limits: limits) }
        if excess != nil { return .failure(StaticFallback("\(path): nested past the bound")) }
        let parsed = SyntaxStack.run(depth: deepest.treeDepth) { () -> Result<ParsedFile, StaticFallback> in
            var parser = Parser(String(decoding: text, as: UTF8.self), maximumNestingLevel: 64)
            let parsed = SourceFileSyntax.parse(from: &parser)
            guard !parsed.hasError else { return .failure(StaticFallback("\(path): the parser rejects it")) }
            // Operators folded once, in place (`a + b * c` as the tree of its precedence), so that every
            // expression keeps its position in the file for the line a fallback names.
            guard let tree = (try? OperatorTable.standardOperators.foldAll(parsed))?.as(SourceFileSyntax.self) else {
                return .failure(StaticFallback("\(path): operators that cannot be folded"))
            }
            let imports = tree.statements.compactMap { item -> String? in
                item.item.as(ImportDeclSyntax.self)?.path.first?.name.unquoted
            }
            return .success(ParsedFile(path: path, tree: tree, imports: imports))
        }
        return parsed ?? .failure(StaticFallback("\(path): nested deeper than this thread's stack has room to parse"))
    }

    /// The project `manifest` declares.
    /// - Parameters:
    ///   - helpers: the parsed `Tuist/ProjectDescriptionHelpers` files.
    ///   - plugins: each local plugin's module name and parsed helper files.
    ///   - environment: the `TUIST_*` variables `Environment` reads.
    static func project(manifest: ParsedFile, helpers: [ParsedFile], plugins: [String: [ParsedFile]], environment: [String: String])
        -> Result<TuistDump.Project, StaticFallback>
    {
        var modules: Set<String> = []
        var files: [ParsedFile] = []
        var pending = manifest.imports
        while let module = pending.popLast() {
            guard modules.insert(module).inserted else { continue }
            let added: [ParsedFile]
            if module == "ProjectDescriptionHelpers" {
                // As the compiler says "no such module" when the folder holds no Swift file.
                guard !helpers.isEmpty else {
                    return .failure(StaticFallback("an import of ProjectDescriptionHelpers, which has no Swift file"))
                }
                added = helpers
            } else if let plugin = plugins[module] {
                added = plugin
            } else if providedModules.contains(module) {
                continue
            } else {
                return .failure(StaticFallback("an import of '\(module)', not a module the manifest's folder provides"))
            }
            files += added
            pending += added.flatMap(\.imports)
        }
        let declarations = TuistDeclarations(files: files.map { ($0.path, $0.tree) }, manifest: (manifest.path, manifest.tree))
        if let conflict = declarations.conflicts.first {
            return .failure(StaticFallback("'\(conflict)' declared twice among the helpers"))
        }
        let catalog = APICatalog.shared
        let interpreter = TuistInterpreter(declarations: declarations, catalog: catalog, manifest: manifest.path, environment: environment)
        let value: APIValue
        do throws(StaticFallback) {
            value = try interpreter.run(manifest: manifest.tree)
        } catch {
            // Where the evaluation stopped: the file and line of the expression it could not evaluate.
            return .failure(StaticFallback(interpreter.lastPlaceDescription.map { "\(error.reason), at \($0)" } ?? error.reason))
        }
        do throws(StaticFallback) {
            return .success(try StaticProjectReading(catalog: catalog).project(value))
        } catch {
            return .failure(error)
        }
    }
}
