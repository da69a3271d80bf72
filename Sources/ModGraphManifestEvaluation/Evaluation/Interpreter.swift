import ModGraphManifest
import SwiftSyntax

/// Runs a manifest's top-level statements in order, as the compiled manifest
/// would: imports, `let`/`var` declarations, `#if` blocks, and the few
/// mutations manifests make (`package.targets += …`, `list.append(…)`).
/// Anything else throws ``EvaluationFallback``.
///
/// A class so that the expression code in other files shares its state;
/// one per manifest, never shared between threads.
final class Interpreter {
    struct Binding {
        var typed: Typed
        let isMutable: Bool
    }

    let toolsVersion: ToolsVersion
    let host: EvaluationHost
    /// The UTF-8 offset where each line starts, for line numbers (SwiftSyntax's converter walks the tree recursively).
    private let lineStarts: [Int]
    private(set) var imports: Set<String> = []
    var bindings: [String: Binding] = [:]
    /// Top-level computed variables (`var settings: [SwiftSetting] { [...] }`), which Swift lets
    /// code use before their declaration: evaluated at each use.
    var computed: [String: (type: ValueType, body: ExprSyntax)] = [:]
    /// The computed variables being evaluated, so that one that uses itself falls back.
    var evaluatingComputed: Set<String> = []
    /// The name bound to the one `Package(...)`.
    private(set) var packageVariable: String?
    private var steps = 0

    /// Names a binding may not take: it would change what the PackageDescription names below mean.
    private static let reservedNames: Set<String> = {
        var names: Set<String> = [
            "String", "Bool", "Int", "Array", "Set", "Optional", "Range", "ClosedRange", "Swift",
            "PackageDescription", "CompilerPluginSupport", "Foundation", "Context", "ProcessInfo",
        ]
        for type in APIType.byName.keys { names.insert(String(type.split(separator: ".")[0])) }
        return names
    }()

    private static let allowedImports: Set<String> = ["PackageDescription", "CompilerPluginSupport", "Foundation"]

    init(toolsVersion: ToolsVersion, host: EvaluationHost, source: String) {
        self.toolsVersion = toolsVersion
        self.host = host
        var starts = [0]
        for (offset, byte) in source.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.lineStarts = starts
    }

    /// The package the statements made.
    func run(_ file: SourceFileSyntax) throws(EvaluationFallback) -> PackageState {
        for item in file.statements {
            if let variable = item.item.as(VariableDeclSyntax.self), let (name, type, body) = try computedVariable(variable) {
                guard computed[name] == nil, !Self.reservedNames.contains(name) else {
                    throw fallback("the name '\(name)' declared twice or reserved", at: variable)
                }
                computed[name] = (type, body)
            }
        }
        try run(file.statements, depth: 0)
        // The compiler type-checks a computed variable whether or not anything uses it.
        for name in computed.keys.sorted() {
            guard let (type, body) = computed[name] else { continue }
            try typeCheckingOnly { () throws(EvaluationFallback) in
                evaluatingComputed.insert(name)
                _ = try evaluate(body, expected: type, depth: 1)
            }
        }
        guard imports.contains("PackageDescription") else { throw EvaluationFallback("no import of PackageDescription") }
        guard let packageVariable, case let .package(state)? = bindings[packageVariable]?.typed.value else {
            throw EvaluationFallback("no Package(...)")
        }
        return state
    }

    func run(_ items: CodeBlockItemListSyntax, depth: Int) throws(EvaluationFallback) {
        for item in items {
            try step(depth, item)
            switch item.item {
            case let .decl(declaration):
                if let importDeclaration = declaration.as(ImportDeclSyntax.self) {
                    try importModule(importDeclaration)
                } else if let variable = declaration.as(VariableDeclSyntax.self) {
                    try declare(variable, depth: depth)
                } else if let conditional = declaration.as(IfConfigDeclSyntax.self) {
                    try runActiveClause(of: conditional, depth: depth)
                } else {
                    throw fallback("a declaration of a kind not evaluated (\(declaration.kind))", at: declaration)
                }
            case let .expr(expression):
                try mutate(expression, depth: depth)
            case let .stmt(statement):
                if let loop = statement.as(ForStmtSyntax.self), depth == 0 {
                    try runSettingsLoop(loop, depth: depth)
                } else if let conditional = statement.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) {
                    try runIf(conditional, depth: depth)
                } else {
                    throw fallback("a statement of a kind not evaluated (\(statement.kind))", at: statement)
                }
            }
        }
    }

    /// Runs `body` for what it checks only: code the manifest compiles but does not run (an `if`
    /// branch not taken, a computed variable nothing reads) must still type-check, or the manifest
    /// would not compile; whatever it declares or changes is undone afterwards.
    func typeCheckingOnly(_ body: () throws(EvaluationFallback) -> Void) throws(EvaluationFallback) {
        let (savedBindings, savedPackage, savedComputing) = (bindings, packageVariable, evaluatingComputed)
        defer { (bindings, packageVariable, evaluatingComputed) = (savedBindings, savedPackage, savedComputing) }
        try body()
    }

    // MARK: Declarations

    /// Declarations of Foundation a manifest may import alone (`import class Foundation.ProcessInfo`, SwiftPM's own
    /// manifest's), by the kind the import names: one of another kind, or another declaration, might not compile.
    private static let scopedImports: [String: String] = [
        "Foundation.ProcessInfo": "class", "Foundation.FileManager": "class", "Foundation.URL": "struct",
    ]

    private func importModule(_ declaration: ImportDeclSyntax) throws(EvaluationFallback) {
        if let kind = declaration.importKindSpecifier, declaration.attributes.isEmpty, declaration.modifiers.isEmpty {
            let path = declaration.path.map(\.name.text).joined(separator: ".")
            guard Self.scopedImports[path] == kind.text else {
                throw fallback("an import of a declaration other than Foundation's ProcessInfo, FileManager or URL", at: declaration)
            }
            imports.insert(path)
            return
        }
        guard declaration.attributes.isEmpty, declaration.modifiers.isEmpty, declaration.importKindSpecifier == nil,
            declaration.path.count == 1, let module = declaration.path.first?.name.text,
            Self.allowedImports.contains(module)
        else {
            throw fallback("an import other than PackageDescription, CompilerPluginSupport or Foundation", at: declaration)
        }
        imports.insert(module)
    }

    /// `var name: T { expression }` or `{ return expression }`: its name, type and expression; `nil` for a stored variable.
    private func computedVariable(_ declaration: VariableDeclSyntax) throws(EvaluationFallback) -> (String, ValueType, ExprSyntax)? {
        guard let binding = declaration.bindings.first, let accessors = binding.accessorBlock else { return nil }
        guard declaration.attributes.isEmpty, declaration.modifiers.isEmpty, declaration.bindings.count == 1,
            declaration.bindingSpecifier.tokenKind == .keyword(.var), binding.initializer == nil,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self), case let .identifier(name) = pattern.identifier.tokenKind,
            let annotation = binding.typeAnnotation, case let .getter(items) = accessors.accessors, items.count == 1,
            let only = items.first
        else {
            throw fallback("a computed variable of another form", at: declaration)
        }
        let body: ExprSyntax
        switch only.item {
        case let .expr(expression): body = expression
        case let .stmt(statement):
            guard let returned = statement.as(ReturnStmtSyntax.self)?.expression else {
                throw fallback("a computed variable of another form", at: declaration)
            }
            body = returned
        default: throw fallback("a computed variable of another form", at: declaration)
        }
        return (name, try type(annotation.type), body)
    }

    private func declare(_ declaration: VariableDeclSyntax, depth: Int) throws(EvaluationFallback) {
        if declaration.bindings.first?.accessorBlock != nil, depth == 0 {
            return  // a computed variable, registered before the statements ran
        }
        guard declaration.attributes.isEmpty, declaration.modifiers.isEmpty, declaration.bindings.count == 1,
            let binding = declaration.bindings.first, binding.accessorBlock == nil,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self), case let .identifier(name) = pattern.identifier.tokenKind,
            let initializer = binding.initializer
        else {
            throw fallback("a declaration of another form", at: declaration)
        }
        guard bindings[name] == nil, computed[name] == nil, !Self.reservedNames.contains(name) else {
            throw fallback("the name '\(name)' declared twice or reserved", at: declaration)
        }
        guard bindings.count < EvaluationBounds.maximumBindings else { throw fallback("more constants than the bound", at: declaration) }
        let annotated = try binding.typeAnnotation.map { annotation throws(EvaluationFallback) in try type(annotation.type) }
        let isPackage = annotated == .api(.package) || isPackageCall(initializer.value)
        if isPackage {
            guard packageVariable == nil else { throw fallback("a second Package(...)", at: declaration) }
            let value = try evaluate(initializer.value, expected: .api(.package), depth: depth + 1)
            packageVariable = name
            bindings[name] = Binding(typed: value, isMutable: false)
            return
        }
        let value = try evaluate(initializer.value, expected: annotated, depth: depth + 1)
        bindings[name] = Binding(typed: value, isMutable: declaration.bindingSpecifier.tokenKind == .keyword(.var))
    }

    private func isPackageCall(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        return typeName(call.calledExpression) == "Package"
    }

    /// A type annotation: `String`, `[T]`, `Set<T>`, `T?`, and the PackageDescription types.
    private func type(_ syntax: TypeSyntax, depth: Int = 0) throws(EvaluationFallback) -> ValueType {
        guard depth <= 8 else { throw fallback("a type nested past the bound", at: syntax) }
        if let array = syntax.as(ArrayTypeSyntax.self) { return .array(try type(array.element, depth: depth + 1)) }
        if let optional = syntax.as(OptionalTypeSyntax.self) { return .optional(try type(optional.wrappedType, depth: depth + 1)) }
        if let identifier = syntax.as(IdentifierTypeSyntax.self) {
            let name = identifier.name.text
            if let generic = identifier.genericArgumentClause {
                guard name == "Set", generic.arguments.count == 1, case let .type(element)? = generic.arguments.first?.argument else {
                    throw fallback("a generic type other than Set<T>", at: syntax)
                }
                return .set(try type(element, depth: depth + 1))
            }
            switch name {
            case "String": return .string
            case "Bool": return .bool
            case "Int": return .int
            default:
                if let api = APIType.byName[name] { return .api(api) }
            }
        }
        if let member = syntax.as(MemberTypeSyntax.self), let text = memberTypeName(member), let api = APIType.byName[text] {
            return .api(api)
        }
        throw fallback("a type annotation not evaluated", at: syntax)
    }

    /// `Target.Dependency` from its syntax, at most four names deep (walking a deep tree would recurse).
    private func memberTypeName(_ member: MemberTypeSyntax) -> String? {
        var names = [member.name.text]
        var base = member.baseType
        while names.count <= 4 {
            if let identifier = base.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
                let qualified = identifier.name.text == "PackageDescription" ? names.reversed() : [identifier.name.text] + names.reversed()
                return qualified.joined(separator: ".")
            }
            guard let outer = base.as(MemberTypeSyntax.self), outer.genericArgumentClause == nil else { return nil }
            names.append(outer.name.text)
            base = outer.baseType
        }
        return nil
    }

    // MARK: Bounds and errors

    /// One step of evaluation at `depth`: bounds the nesting and the total work.
    func step(_ depth: Int, _ node: some SyntaxProtocol) throws(EvaluationFallback) {
        try charge(1, at: node)
        guard depth <= EvaluationBounds.maximumNesting else { throw fallback("nesting past the bound", at: node) }
    }

    /// Counts `count` steps of work against the bound.
    func charge(_ count: Int, at node: some SyntaxProtocol) throws(EvaluationFallback) {
        steps += count
        guard steps <= EvaluationBounds.maximumSteps else { throw fallback("more work than the bound", at: node) }
    }

    func fallback(_ reason: String, at node: some SyntaxProtocol) -> EvaluationFallback {
        EvaluationFallback(reason, line: line(of: node))
    }

    /// 1-based; O(log n) by binary search over the line starts.
    func line(of node: some SyntaxProtocol) -> Int {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }
}
