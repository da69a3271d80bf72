import Foundation
import ModGraphManifest
import ModGraphSyntax
import SwiftParser
import SwiftSyntax

/// The environment variables a manifest reads (`ProcessInfo.processInfo.environment["CI"]`,
/// `Context.environment["X"]`, `getenv("X")`): a manifest that reads one can
/// declare a different package where it is set otherwise, so what is built
/// from it, and what a change affects, depends on the environment.
public struct EnvironmentReads: Sendable, Equatable {
    /// The names read with a string literal, sorted.
    public let variables: [String]
    /// Whether the manifest also reads the environment in a way whose names cannot be told
    /// (a computed key, the whole dictionary).
    public let readsOthers: Bool

    public init(variables: [String], readsOthers: Bool) {
        self.variables = variables
        self.readsOthers = readsOthers
    }

    /// What `source` reads; nil when it reads nothing, or when it cannot be parsed within the
    /// evaluator's bounds (then ``unknown``).
    ///
    /// - Complexity: O(n) in the manifest's size.
    public static func of(manifest source: Data) -> EnvironmentReads? {
        guard source.count <= EvaluationBounds.maximumManifestBytes, let text = String(data: source, encoding: .utf8) else {
            return unknown
        }
        // A manifest that names no environment reads none: most do not, and are not parsed.
        guard text.contains("environment") || text.contains("getenv") else { return nil }
        let (deepest, excess) = source.withUnsafeBytes {
            SyntaxDepth.measure($0.bindMemory(to: UInt8.self), limits: EvaluationBounds.syntaxLimits)
        }
        guard excess == nil else { return unknown }
        let reads = SyntaxStack.run(depth: deepest.treeDepth) { () -> EnvironmentReads? in
            var parser = Parser(text, maximumNestingLevel: EvaluationBounds.maximumNesting)
            let file = SourceFileSyntax.parse(from: &parser)
            let finder = Finder(viewMode: .sourceAccurate)
            finder.walk(file)
            guard !finder.names.isEmpty || finder.others else { return nil }
            return EnvironmentReads(variables: finder.names.sorted(), readsOthers: finder.others)
        }
        // Too deep for this thread's stack to read: it may read anything.
        return reads ?? unknown
    }

    /// A manifest that could not be read: it may read anything.
    public static let unknown = EnvironmentReads(variables: [], readsOthers: true)

    /// The most names kept from one manifest.
    static let maximumNames = 100

    private final class Finder: SyntaxVisitor {
        var names: Set<String> = []
        var others = false

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.declName.baseName.text == "environment" else { return .visitChildren }
            // `….environment["NAME"]`: the name; any other use of the dictionary: names not known.
            if let subscriptCall = node.parent?.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == node.id,
                subscriptCall.arguments.count == 1, let name = Self.literal(subscriptCall.arguments.first?.expression)
            {
                add(name)
            } else {
                others = true
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let called = node.calledExpression.as(DeclReferenceExprSyntax.self), called.baseName.text == "getenv" else {
                return .visitChildren
            }
            if node.arguments.count == 1, let name = Self.literal(node.arguments.first?.expression) { add(name) } else { others = true }
            return .visitChildren
        }

        private func add(_ name: String) {
            if names.count < EnvironmentReads.maximumNames { names.insert(name) } else { others = true }
        }

        /// The text of a string literal without interpolation.
        static func literal(_ expression: ExprSyntax?) -> String? {
            guard let literal = expression?.as(StringLiteralExprSyntax.self) else { return nil }
            var text = ""
            for segment in literal.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
                text += plain.content.text
            }
            return text
        }
    }
}

extension ManifestEnvironment {
    /// The variables each manifest reads, told from its syntax tree (``EnvironmentReads``):
    /// only their values key its cache entry, so an unrelated variable (a shell's `PWD`)
    /// leaves the entry warm.
    public static func read(values: [String: String] = ProcessInfo.processInfo.environment) -> ManifestEnvironment {
        ManifestEnvironment(values: values) { contents in
            guard let reads = EnvironmentReads.of(manifest: contents) else { return .nothing }
            return reads.readsOthers ? .everything : .names(reads.variables)
        }
    }
}
