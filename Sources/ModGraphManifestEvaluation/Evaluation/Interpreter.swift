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
        var names: Set<String> = ["String", "Bool", "Int", "Array", "Set", "Optional", "Range", "ClosedRange", "Swift",
                                  "PackageDescription", "CompilerPluginSupport", "Foundation", "Context", "ProcessInfo"]
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
                guard computed[name] == nil, !Self.reservedNames.contains(name) else { throw fallback("the name '\(name)' declared twice or reserved", at: variable) }
                computed[name] = (type, body)
            }
        }
        try run(file.statements, depth: 0)
        guard imports.contains("PackageDescription") else { throw EvaluationFallback("no import of PackageDescription") }
        guard let packageVariable, case let .package(state)? = bindings[packageVariable]?.typed.value else {
            throw EvaluationFallback("no Package(...)")
        }
        return state
    }

    private func run(_ items: CodeBlockItemListSyntax, depth: Int) throws(EvaluationFallback) {
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

    // MARK: Declarations

    private func importModule(_ declaration: ImportDeclSyntax) throws(EvaluationFallback) {
        guard declaration.attributes.isEmpty, declaration.modifiers.isEmpty, declaration.importKindSpecifier == nil,
              declaration.path.count == 1, let module = declaration.path.first?.name.text,
              Self.allowedImports.contains(module) else {
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
              let only = items.first else {
            throw fallback("a computed variable of another form", at: declaration)
        }
        let body: ExprSyntax
        switch only.item {
        case let .expr(expression): body = expression
        case let .stmt(statement):
            guard let returned = statement.as(ReturnStmtSyntax.self)?.expression else { throw fallback("a computed variable of another form", at: declaration) }
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
              let initializer = binding.initializer else {
            throw fallback("a declaration of another form", at: declaration)
        }
        guard bindings[name] == nil, computed[name] == nil, !Self.reservedNames.contains(name) else { throw fallback("the name '\(name)' declared twice or reserved", at: declaration) }
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

    // MARK: Conditional compilation

    private func runActiveClause(of conditional: IfConfigDeclSyntax, depth: Int) throws(EvaluationFallback) {
        for clause in conditional.clauses {
            var isActive = true
            if let condition = clause.condition {
                isActive = try CompilationConditions(host: host, toolsVersion: toolsVersion).evaluate(condition) { node, reason in fallback(reason, at: node) }
            }
            guard isActive else { continue }
            switch clause.elements {
            case nil: return
            case let .statements(items)?: return try run(items, depth: depth + 1)
            default: throw fallback("an #if around something other than statements", at: clause)
            }
        }
    }

    // MARK: if statements

    /// `if flag { … } else if … { … } else { … }` on `Bool` constants (`!`, `&&`, `||` allowed):
    /// the branch taken runs as a scope of its own, whose declarations end with it.
    private func runIf(_ statement: IfExprSyntax, depth: Int) throws(EvaluationFallback) {
        guard statement.conditions.count == 1, case let .expression(condition)? = statement.conditions.first?.condition else {
            throw fallback("an if statement of another form (let, case, several conditions)", at: statement)
        }
        let value = try evaluate(condition, expected: .bool, depth: depth + 1)
        guard case let .bool(taken) = value.value else { throw fallback("an if condition that is not a Bool", at: condition) }
        if taken {
            try runScope(statement.body.statements, depth: depth)
        } else if let elseBody = statement.elseBody {
            switch elseBody {
            case let .ifExpr(next): try runIf(next, depth: depth + 1)
            case let .codeBlock(block): try runScope(block.statements, depth: depth)
            }
        }
    }

    /// Runs `items` as a nested scope: what it declares is gone afterwards, and it may not declare the package.
    private func runScope(_ items: CodeBlockItemListSyntax, depth: Int) throws(EvaluationFallback) {
        let outer = Set(bindings.keys)
        let package = packageVariable
        try run(items, depth: depth + 1)
        guard packageVariable == package else { throw fallback("a Package(...) inside an if statement", at: items) }
        for name in bindings.keys where !outer.contains(name) { bindings[name] = nil }
    }

    // MARK: Mutations

    /// `x = v`, `x += v`, `x.append(v)`, `x.append(contentsOf: v)`, where `x` is a `var` or a property of the package.
    private func mutate(_ expression: ExprSyntax, depth: Int) throws(EvaluationFallback) {
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let parts = Array(sequence.elements)
            let isAssignment = parts[1].is(AssignmentExprSyntax.self)
            let isAppend = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+="
            guard isAssignment || isAppend else { throw fallback("an operator statement other than = and +=", at: expression) }
            let place = try lvalue(parts[0])
            let current = try read(place, at: expression)
            if isAssignment {
                let value = try evaluate(parts[2], expected: current.type, depth: depth + 1)
                return try write(value, to: place, at: expression)
            }
            let addition = try evaluate(parts[2], expected: current.type, depth: depth + 1)
            return try write(try concatenate(current, addition, at: expression), to: place, at: expression)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = access.base, access.declName.baseName.text == "append", call.trailingClosure == nil,
           call.arguments.count == 1, let argument = call.arguments.first {
            let place = try lvalue(base)
            let current = try read(place, at: expression)
            guard case let .array(element) = current.type else { throw fallback("append on something other than an array", at: expression) }
            let addition: Typed
            switch argument.label?.text {
            case nil:
                let one = try evaluate(argument.expression, expected: element, depth: depth + 1)
                addition = Typed(type: current.type, value: .list([one.value]))
            case "contentsOf":
                addition = try evaluate(argument.expression, expected: current.type, depth: depth + 1)
            default:
                throw fallback("append with another label", at: expression)
            }
            return try write(try concatenate(current, addition, at: expression), to: place, at: expression)
        }
        throw fallback("a statement of a kind not evaluated", at: expression)
    }

    private enum Place {
        case variable(String)
        case packageProperty(String)
    }

    private func lvalue(_ expression: ExprSyntax) throws(EvaluationFallback) -> Place {
        if let reference = expression.as(DeclReferenceExprSyntax.self), case let .identifier(name) = reference.baseName.tokenKind,
           let binding = bindings[name], binding.isMutable {
            return .variable(name)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self),
           base.baseName.text == packageVariable, access.declName.argumentNames == nil {
            return .packageProperty(access.declName.baseName.text)
        }
        throw fallback("a change to something other than a var or the package's properties", at: expression)
    }

    private func read(_ place: Place, at node: some SyntaxProtocol) throws(EvaluationFallback) -> Typed {
        switch place {
        case let .variable(name):
            guard let binding = bindings[name] else { throw fallback("an unknown name '\(name)'", at: node) }
            return binding.typed
        case let .packageProperty(property):
            guard let packageVariable, case let .package(state)? = bindings[packageVariable]?.typed.value else {
                throw fallback("no package yet", at: node)
            }
            switch property {
            case "name": return Typed(type: .string, value: .string(state.name))
            case "targets": return Typed(type: .array(.api(.target)), value: .list(state.targets.map(Value.target)))
            case "products": return Typed(type: .array(.api(.product)), value: .list(state.products.map(Value.product)))
            case "dependencies": return Typed(type: .array(.api(.packageDependency)), value: .list(state.dependencies.map(Value.packageDependency)))
            case "platforms": return Typed(type: .optional(.array(.api(.supportedPlatform))), value: .opaque)
            case "swiftLanguageVersions", "swiftLanguageModes":
                return Typed(type: .optional(.array(.api(.swiftLanguageMode))), value: .opaque)
            case "cLanguageStandard": return Typed(type: .optional(.api(.cLanguageStandard)), value: .opaque)
            case "cxxLanguageStandard": return Typed(type: .optional(.api(.cxxLanguageStandard)), value: .opaque)
            default: throw fallback("a change to the package's '\(property)'", at: node)
            }
        }
    }

    private func write(_ value: Typed, to place: Place, at node: some SyntaxProtocol) throws(EvaluationFallback) {
        switch place {
        case let .variable(name):
            bindings[name]?.typed = value
        case let .packageProperty(property):
            guard let packageVariable, case var .package(state)? = bindings[packageVariable]?.typed.value else {
                throw fallback("no package yet", at: node)
            }
            switch (property, value.value) {
            case let ("name", .string(name)): state.name = name
            case let ("targets", .list(values)): state.targets = try values.map { value throws(EvaluationFallback) in
                guard case let .target(target) = value else { throw fallback("a target of an unknown kind", at: node) }
                return target
            }
            case let ("products", .list(values)): state.products = try values.map { value throws(EvaluationFallback) in
                guard case let .product(product) = value else { throw fallback("a product of an unknown kind", at: node) }
                return product
            }
            case let ("dependencies", .list(values)): state.dependencies = try values.map { value throws(EvaluationFallback) in
                guard case let .packageDependency(dependency) = value else { throw fallback("a dependency of an unknown kind", at: node) }
                return dependency
            }
            case let ("platforms", .list(values)):
                var names: [String] = []
                for case let .supportedPlatform(name) in values {
                    guard !names.contains(name) else { throw fallback("the platform '\(name)' twice", at: node) }
                    names.append(name)
                }
                guard !names.isEmpty else { throw fallback("an empty platforms: list", at: node) }
                state.platforms = names
            case ("platforms", .none): state.platforms = nil
            case ("swiftLanguageVersions", _), ("swiftLanguageModes", _), ("cLanguageStandard", _), ("cxxLanguageStandard", _): break
            default: throw fallback("a change to the package's '\(property)'", at: node)
            }
            bindings[packageVariable]?.typed.value = .package(state)
        }
    }

    private func concatenate(_ left: Typed, _ right: Typed, at node: some SyntaxProtocol) throws(EvaluationFallback) -> Typed {
        switch (left.value, right.value) {
        case let (.list(first), .list(second)):
            guard case .array = left.type, left.type == right.type else { throw fallback("+= on values of other types", at: node) }
            guard first.count + second.count <= EvaluationBounds.maximumArrayCount else { throw fallback("an array past the size bound", at: node) }
            try charge(first.count + second.count, at: node)
            return Typed(type: left.type, value: .list(first + second))
        case let (.string(first), .string(second)):
            guard first.utf8.count + second.utf8.count <= EvaluationBounds.maximumStringBytes else { throw fallback("a string past the size bound", at: node) }
            return Typed(type: .string, value: .string(first + second))
        default:
            throw fallback("+= on values other than arrays and strings", at: node)
        }
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
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }
}
