import ModGraphSyntax
import SwiftParser
import SwiftSyntax

/// A `Package.swift` (or a Tuist `Project.swift`, whose targets are calls too) read as the edits need it: its targets' calls and their
/// `dependencies:` arrays, and the package's own `dependencies:` array, found in
/// the syntax tree as the author wrote them (literals only: a target built by a
/// helper, a loop or a variable is not found, and the edit says why).
struct ManifestSyntax {
    /// The largest manifest edited; the evaluator's bound.
    static let maximumBytes = 1 << 20
    /// The parser's bounds, as the manifest evaluator keeps them (``ModGraphSyntax``).
    static let limits = SyntaxDepth.Limits(depth: 64, brackets: 12, treeDepth: 256)

    let text: String
    let file: SourceFileSyntax

    /// Why a manifest cannot be edited.
    enum Refusal: Error, Equatable {
        case tooLarge
        case tooDeep
        case doesNotParse
        case controlCharacters

        var reason: String {
            switch self {
            case .tooLarge: "it is larger than \(ManifestSyntax.maximumBytes >> 20) MB"
            case .tooDeep: "it nests deeper than modgraph reads"
            case .doesNotParse: "it does not parse as Swift"
            case .controlCharacters: "it holds control characters, which a diff would carry to the terminal"
            }
        }
    }

    /// The manifest parsed, or why an editor refuses it (``ManifestRefusal``, the reason for the user).
    static func forEditing(_ text: String) throws(ManifestRefusal) -> ManifestSyntax {
        do {
            return try ManifestSyntax(text)
        } catch {
            throw ManifestRefusal(reason: error.reason)
        }
    }

    /// The manifest parsed within the bounds; a manifest with syntax errors is refused,
    /// as an edit could not show that it parses back.
    init(_ text: String) throws(Refusal) {
        guard text.utf8.count <= Self.maximumBytes else { throw .tooLarge }
        // Its lines are printed in the diff: none may carry a terminal's escape sequences.
        guard !text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }) else {
            throw .controlCharacters
        }
        let bytes = Array(text.utf8)
        let (deepest, excess) = bytes.withUnsafeBufferPointer { SyntaxDepth.measure($0, limits: Self.limits) }
        guard excess == nil else { throw .tooDeep }
        let parsed = SyntaxStack.run(depth: deepest.treeDepth) { () -> SourceFileSyntax in
            var parser = Parser(text, maximumNestingLevel: 64)
            return SourceFileSyntax.parse(from: &parser)
        }
        guard let parsed else { throw .tooDeep }
        guard !parsed.hasError else { throw .doesNotParse }
        self.text = text
        self.file = parsed
    }

    /// Every target call (`.target(…)`, `.executableTarget(…)`, `.testTarget(…)`, `.macro(…)`,
    /// `.plugin(…)`) with its literal `name:` (nil when the name is not a literal first argument),
    /// wherever it is written, in file order.
    func targetCalls() -> [(name: String?, call: FunctionCallExprSyntax)] {
        let finder = CallFinder(viewMode: .sourceAccurate) { call in
            call.calledExpression.as(MemberAccessExprSyntax.self).map { Self.targetKinds.contains($0.declName.baseName.text) } ?? false
        }
        finder.walk(file)
        return finder.found.map { call in
            (call.arguments.first.flatMap { $0.label?.text == "name" ? Self.literal($0.expression) : nil }, call)
        }
    }

    /// Every call `matches` accepts, wherever it is written (within `node` when given), in file order.
    func calls(in node: Syntax? = nil, where matches: @escaping (FunctionCallExprSyntax) -> Bool) -> [FunctionCallExprSyntax] {
        let finder = CallFinder(viewMode: .sourceAccurate, matches: matches)
        if let node { finder.walk(node) } else { finder.walk(file) }
        return finder.found
    }

    /// Every `.target(name: "NAME", …)` call, of any kind of target, wherever it is written.
    func targetCalls(named name: String) -> [FunctionCallExprSyntax] {
        targetCalls().filter { $0.name == name }.map(\.call)
    }

    /// The arrays of `Package(…, dependencies: [...], …)`: one for a manifest written
    /// the usual way.
    func packageDependencyArrays() -> [ArrayExprSyntax] {
        let finder = CallFinder(viewMode: .sourceAccurate) { call in
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package"
        }
        finder.walk(file)
        return finder.found.compactMap { Self.argument("dependencies", of: $0)?.expression.as(ArrayExprSyntax.self) }
    }

    /// Every `package:` argument's literal, wherever it is (products and plugins of other packages).
    func packageArguments() -> [String] {
        let finder = CallFinder(viewMode: .sourceAccurate) { call in
            call.calledExpression.is(MemberAccessExprSyntax.self) && Self.argument("package", of: call) != nil
        }
        finder.walk(file)
        return finder.found.compactMap { Self.argument("package", of: $0).flatMap { Self.literal($0.expression) } }
    }

    /// The names of the targets the manifest writes as literals.
    func targetNames() -> Set<String> {
        Set(targetCalls().compactMap(\.name))
    }

    /// The dependencies of every target written by name alone (`"Name"`, `.byName(name:)`), which may be a
    /// target of the package or a product of another.
    func dependenciesByName() -> [String] {
        targetCalls().flatMap { _, call -> [String] in
            guard let array = Self.argument("dependencies", of: call)?.expression.as(ArrayExprSyntax.self) else { return [] }
            return array.elements.compactMap { element in
                if let name = Self.literal(element.expression) { return name }
                guard let byName = element.expression.as(FunctionCallExprSyntax.self),
                    byName.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "byName"
                else { return nil }
                return Self.argument("name", of: byName).flatMap { Self.literal($0.expression) }
            }
        }
    }

    /// The manifest's own names for products, `let swiftAtomics: Target.Dependency = .product(name: "Atomics",
    /// package: "swift-atomics")` at the top level: by product and package (lowercased), the variable's name.
    func productVariables() -> [String: String] {
        var names: [String: String] = [:]
        for statement in file.statements {
            guard let declaration = statement.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.tokenKind == .keyword(.let)
            else { continue }
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value, let call = value.as(FunctionCallExprSyntax.self),
                    call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "product",
                    call.arguments.count == 2, let dependency = Self.dependency(value), let package = dependency.package
                else { continue }
                names[dependency.name + "\u{0}" + package.lowercased()] = names[dependency.name + "\u{0}" + package.lowercased()] ?? name
            }
        }
        return names
    }

    static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

    /// The array literal `expression` is, or that starts a concatenation of arrays (`[…] + (isAppStore ? […] : [])`,
    /// every operator a `+`): what is added there is added whatever the rest holds.
    static func literalArray(_ expression: ExprSyntax) -> ArrayExprSyntax? {
        if let array = expression.as(ArrayExprSyntax.self) { return array }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements.count % 2 == 1, let first = elements.first?.as(ArrayExprSyntax.self) else { return nil }
        for index in stride(from: 1, to: elements.count, by: 2) {
            guard elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
        }
        return first
    }

    static func argument(_ label: String, of call: FunctionCallExprSyntax) -> LabeledExprSyntax? {
        call.arguments.first { $0.label?.text == label }
    }

    /// A string literal's value when it has no interpolation; nil for anything else.
    static func literal(_ expression: ExprSyntax) -> String? {
        guard let string = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var value = ""
        for segment in string.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }

    /// A target's dependency as written: its name (a product's or a target's) and, for
    /// `.product(name:package:)`, the package. nil for what is not a literal.
    static func dependency(_ expression: ExprSyntax) -> (name: String, package: String?)? {
        if let name = literal(expression) { return (name, nil) }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["product", "target", "byName"].contains(member.declName.baseName.text),
            let name = argument("name", of: call).flatMap({ literal($0.expression) })
        else { return nil }
        return (name, argument("package", of: call).flatMap { literal($0.expression) })
    }

    /// A package dependency's reference as `package:` may name it: the last component of its
    /// `path:` or `url:` (without `.git`), its `name:`, or the name of its registry `id:`.
    static func packageNames(_ expression: ExprSyntax) -> [String] {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "package"
        else { return [] }
        var names: [String] = []
        for label in ["path", "url"] {
            if var last = argument(label, of: call).flatMap({ literal($0.expression) })?.split(separator: "/").last.map(String.init) {
                if last.lowercased().hasSuffix(".git") { last = String(last.dropLast(4)) }
                names.append(last)
            }
        }
        if let name = argument("name", of: call).flatMap({ literal($0.expression) }) { names.append(name) }
        if let id = argument("id", of: call).flatMap({ literal($0.expression) }), let last = id.split(separator: ".").last {
            names.append(String(last))
        }
        return names
    }

    private final class CallFinder: SyntaxVisitor {
        let matches: (FunctionCallExprSyntax) -> Bool
        var found: [FunctionCallExprSyntax] = []

        init(viewMode: SyntaxTreeViewMode, matches: @escaping (FunctionCallExprSyntax) -> Bool) {
            self.matches = matches
            super.init(viewMode: viewMode)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if matches(node) { found.append(node) }
            return .visitChildren
        }
    }
}
