import ModGraphSystem
import SwiftSyntax

/// Why a manifest was not evaluated statically: it is compiled instead (or, where running
/// manifests is forbidden, it is an error that says this).
struct StaticFallback: Error, Sendable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// Runs a Tuist manifest and the helper functions it calls, statement by statement, over a subset
/// of Swift: constants and variables, functions with labelled parameters and defaults, enums (raw
/// values, `allCases`, `switch`), structs made by their memberwise initializers, extensions of
/// ProjectDescription's types, closures, `if`/`guard`/`for`/`switch`, string interpolation, and the
/// collection methods templates use (`map`, `flatMap`, `filter`, `contains`, `+`, `append`).
/// Anything else throws ``StaticFallback`` when it decides something modgraph reads.
///
/// One per manifest; a class so that the files of its parts share its state.
final class TuistInterpreter {
    enum Flow {
        case next
        case returned(TuistValue)
        case broke
        case continued
    }

    let declarations: TuistDeclarations
    let catalog: APICatalog
    /// The `TUIST_*` variables `Environment` reads, as the compiled manifest would see them.
    let environment: [String: String]
    /// The manifest's top-level names, which its own functions see.
    let top: Scope
    /// Each `Project(...)` made, in order: as with the compiled manifest, the last one is the project.
    private(set) var projects: [APIValue] = []
    /// Helper globals and static stored properties, evaluated once on first use (as Swift's are).
    private var stored: [String: TuistValue] = [:]
    private var evaluating: Set<String> = []
    private var steps = 0
    private var callDepth = 0
    /// The helper functions running, innermost last (``invoke(_:slots:values:frame:)``).
    var running: [SyntaxIdentifier] = []
    /// The expression evaluated last and its file: where a fallback is said to be.
    var lastPlace: (node: Syntax, file: String)?
    /// The line of the manifest's innermost expression being evaluated (``APIValue/line``).
    private(set) var manifestLine: Int?
    /// Lines of the manifest's positions, made when its run starts.
    private var manifestLines: SourceLocationConverter?
    /// The lowest stack address the evaluation may reach: its recursion follows the syntax tree and the
    /// calls, and stops, leaving ``stackReserve`` in hand, before the thread's stack ends. Nil: no bound known.
    private let stackFloor: UInt?

    static let maximumSteps = 2_000_000
    static let maximumCallDepth = 48
    static let maximumCount = 100_000
    static let maximumStringBytes = 65_536
    /// Stack the evaluation keeps in hand at each call, beyond what it has used.
    static let stackReserve = 256 << 10

    init(declarations: TuistDeclarations, catalog: APICatalog, manifest: String, environment: [String: String]) {
        self.declarations = declarations
        self.catalog = catalog
        self.environment = environment
        self.top = Scope(parent: nil, file: manifest)
        let here = Self.stackAddress()
        self.stackFloor = StackRoom.remaining().map { here - UInt(max(0, $0 - Self.stackReserve)) }
    }

    private static func stackAddress() -> UInt {
        var marker = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// Runs the manifest's top-level statements; the last project made is the answer.
    func run(manifest tree: SourceFileSyntax) throws(StaticFallback) -> APIValue {
        manifestLines = SourceLocationConverter(fileName: top.file, tree: tree)
        for item in tree.statements {
            if let declaration = item.item.as(DeclSyntax.self), !declaration.is(VariableDeclSyntax.self) {
                guard
                    declaration.is(ImportDeclSyntax.self) || declaration.is(FunctionDeclSyntax.self) || declaration.is(EnumDeclSyntax.self)
                        || declaration.is(StructDeclSyntax.self) || declaration.is(ExtensionDeclSyntax.self)
                else { throw StaticFallback("a top-level declaration of a kind not evaluated (\(declaration.kind))") }
                continue
            }
            if case let .returned(value) = try execute(item, in: top) {
                _ = value
                throw StaticFallback("a return at the top level")
            }
        }
        guard let project = projects.last else { throw StaticFallback("no Project(...) made") }
        return project
    }

    func recordProject(_ value: APIValue) {
        projects.append(value)
    }

    /// Evaluates `body`, an expression of the file `scope` is in, with ``manifestLine`` at `expression`'s
    /// line when that file is the manifest; helpers' files leave it at the manifest's expression calling them.
    func atManifestLine<T>(of expression: ExprSyntax, in scope: Scope, _ body: () throws(StaticFallback) -> T) throws(StaticFallback) -> T {
        guard scope.file == top.file, let lines = manifestLines else { return try body() }
        let outer = manifestLine
        manifestLine = lines.location(for: expression.positionAfterSkippingLeadingTrivia).line
        defer { manifestLine = outer }
        return try body()
    }

    /// `value` as made now: a helper's constant read again (`static let domain: TargetDependency = …`, evaluated once)
    /// points at the manifest's line that reads it this time, as a value made afresh would.
    func madeHere(_ value: TuistValue) -> TuistValue {
        switch value {
        case var .api(api):
            api.line = manifestLine
            return .api(api)
        case let .list(items): return .list(items.map(madeHere))
        default: return value
        }
    }

    // MARK: Statements

    func execute(_ items: CodeBlockItemListSyntax, in scope: Scope) throws(StaticFallback) -> Flow {
        for item in items {
            let flow = try execute(item, in: scope)
            if case .next = flow { continue }
            return flow
        }
        return .next
    }

    private func execute(_ item: CodeBlockItemSyntax, in scope: Scope) throws(StaticFallback) -> Flow {
        try step()
        switch item.item {
        case let .decl(declaration):
            if let variable = declaration.as(VariableDeclSyntax.self) {
                try declare(variable, in: scope)
            } else if let function = declaration.as(FunctionDeclSyntax.self) {
                scope.declare(function.name.unquoted, .function(Callable(body: .function(function), scope: scope)), mutable: false)
            } else if !declaration.is(ImportDeclSyntax.self) {
                throw StaticFallback("a local declaration of a kind not evaluated (\(declaration.kind))")
            }
            return .next
        case let .stmt(statement):
            return try execute(statement, in: scope)
        case let .expr(expression):
            return try executeExpression(expression, in: scope)
        }
    }

    private func execute(_ statement: StmtSyntax, in scope: Scope) throws(StaticFallback) -> Flow {
        if let returned = statement.as(ReturnStmtSyntax.self) {
            return .returned(
                try returned.expression.map { expression throws(StaticFallback) in
                    try evaluate(expression, in: scope, hint: scope.returnHint)
                }
                    ?? .none)
        }
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            return try executeExpression(expression.expression, in: scope)
        }
        if let guardStatement = statement.as(GuardStmtSyntax.self) {
            let inner = Scope(parent: scope)
            if try conditions(guardStatement.conditions, in: scope, binding: scope) { return .next }
            let flow = try execute(guardStatement.body.statements, in: inner)
            if case .next = flow { throw StaticFallback("a guard whose else does not leave") }
            return flow
        }
        if let loop = statement.as(ForStmtSyntax.self) {
            return try runLoop(loop, in: scope)
        }
        if statement.is(BreakStmtSyntax.self) { return .broke }
        if statement.is(ContinueStmtSyntax.self) { return .continued }
        throw StaticFallback("a statement of a kind not evaluated (\(statement.kind))")
    }

    /// An expression used as a statement: `if`, `switch`, an assignment, a mutation (`list.append(x)`), a call.
    private func executeExpression(_ expression: ExprSyntax, in scope: Scope) throws(StaticFallback) -> Flow {
        if let conditional = expression.as(IfExprSyntax.self) {
            return try runIf(conditional, in: scope)
        }
        if let choice = expression.as(SwitchExprSyntax.self) {
            let (body, inner) = try chooseCase(choice, in: scope)
            guard let body else { return .next }
            let flow = try execute(body, in: inner)
            if case .broke = flow { return .next }
            return flow
        }
        if try mutate(expression, in: scope) { return .next }
        _ = try evaluate(expression, in: scope)
        return .next
    }

    func runIf(_ conditional: IfExprSyntax, in scope: Scope) throws(StaticFallback) -> Flow {
        let inner = Scope(parent: scope)
        if try conditions(conditional.conditions, in: scope, binding: inner) {
            return try execute(conditional.body.statements, in: inner)
        }
        switch conditional.elseBody {
        case let .ifExpr(next)?: return try runIf(next, in: scope)
        case let .codeBlock(block)?: return try execute(block.statements, in: Scope(parent: scope))
        case nil: return .next
        }
    }

    private func runLoop(_ loop: ForStmtSyntax, in scope: Scope) throws(StaticFallback) -> Flow {
        guard loop.tryKeyword == nil, loop.awaitKeyword == nil, loop.caseKeyword == nil else {
            throw StaticFallback("a for loop of another form")
        }
        let sequence = try evaluate(loop.sequence, in: scope)
        guard case let .list(items) = sequence else { throw StaticFallback("a loop over \(describe(sequence))") }
        for item in items {
            let inner = Scope(parent: scope)
            try bind(loop.pattern, to: item, in: inner)
            if let condition = loop.whereClause?.condition, try !truth(evaluate(condition, in: inner)) { continue }
            switch try execute(loop.body.statements, in: inner) {
            case .next, .continued: continue
            case .broke: return .next
            case let .returned(value): return .returned(value)
            }
        }
        return .next
    }

    /// Binds a loop's or closure's pattern: a name, `_`, or a tuple of those, to a tuple of as many.
    func bind(_ pattern: PatternSyntax, to value: TuistValue, in scope: Scope) throws(StaticFallback) {
        if let name = pattern.as(IdentifierPatternSyntax.self) {
            scope.declare(name.identifier.unquoted, value, mutable: false)
        } else if let tuple = pattern.as(TuplePatternSyntax.self) {
            guard case let .instance(item) = value, item.type == Self.tupleType, tuple.elements.count == item.fields.count else {
                throw StaticFallback("a tuple pattern of \(describe(value))")
            }
            for (index, element) in tuple.elements.enumerated() {
                try bind(element.pattern, to: item.fields[index].value, in: scope)
            }
        } else if !pattern.is(WildcardPatternSyntax.self) {
            throw StaticFallback("a pattern of another form")
        }
    }

    /// The type an ``Instance`` made of a tuple has: no declaration can extend it.
    static let tupleType = "()"

    /// A tuple of two or more values (`(Data: "MorningBearData", UI: "MorningBearUI")`, MorningBear's helper's
    /// argument): an instance whose fields are the elements in order, each under its label (its position without
    /// one), so that `.UI` and `.1` read it (``Instance/field(_:)``) and a tuple pattern binds it.
    func tuple(_ tuple: TupleExprSyntax, in scope: Scope) throws(StaticFallback) -> TuistValue {
        var fields: [(name: String, value: TuistValue)] = []
        for (index, element) in tuple.elements.enumerated() {
            let value = try evaluate(element.expression, in: scope)
            fields.append((element.label?.unquoted ?? String(index), value))
        }
        return .instance(Instance(type: Self.tupleType, fields: fields))
    }

    /// The conditions of an `if` or `guard`, all true; `if let x = e` binds `x` in `binding`.
    func conditions(_ list: ConditionElementListSyntax, in scope: Scope, binding: Scope) throws(StaticFallback) -> Bool {
        for element in list {
            switch element.condition {
            case let .expression(expression):
                guard try truth(evaluate(expression, in: binding)) else { return false }
            case let .optionalBinding(optional):
                guard let name = optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.unquoted else {
                    throw StaticFallback("an optional binding of another form")
                }
                // `if let x` alone unwraps what `x` names there: a local, or a property of `self` (`guard let deploymentTargets`).
                let value: TuistValue
                if let initializer = optional.initializer {
                    value = try evaluate(initializer.value, in: binding)
                } else {
                    value = try self.name(name, in: binding)
                }
                if value.isUnknown { throw StaticFallback("a condition on \(describe(value))") }
                if case .none = value { return false }
                binding.declare(name, value, mutable: optional.bindingSpecifier.tokenKind == .keyword(.var))
            default:
                throw StaticFallback("a condition of another form")
            }
        }
        return true
    }

    func truth(_ value: TuistValue) throws(StaticFallback) -> Bool {
        guard case let .bool(flag) = value else { throw StaticFallback("a condition on \(describe(value))") }
        return flag
    }

    private func declare(_ variable: VariableDeclSyntax, in scope: Scope) throws(StaticFallback) {
        let mutable = variable.bindingSpecifier.tokenKind == .keyword(.var)
        for binding in variable.bindings {
            // `let (kit, ui) = names`: each name bound to its element of the tuple.
            if binding.pattern.is(TuplePatternSyntax.self), !mutable, binding.typeAnnotation == nil, let initializer = binding.initializer {
                try bind(binding.pattern, to: evaluate(initializer.value, in: scope), in: scope)
                continue
            }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.unquoted else {
                throw StaticFallback("a declaration of another pattern")
            }
            if binding.accessorBlock != nil {
                throw StaticFallback("a local computed variable")
            }
            let hint = binding.typeAnnotation.map { TypeHint($0.type) }
            guard let initializer = binding.initializer else {
                scope.declare(name, .unknown("'\(name)' before it is assigned"), mutable: true, hint: hint)
                continue
            }
            scope.declare(name, try evaluate(initializer.value, in: scope, hint: hint), mutable: mutable, hint: hint)
        }
    }

    // MARK: Stored values

    /// A helper's global or a type's static stored property, evaluated once.
    func storedValue(_ key: String, _ property: TuistDeclarations.Property, typeContext: String?) throws(StaticFallback) -> TuistValue {
        if let accessors = property.binding.accessorBlock {
            return try getter(accessors, scope: Scope(parent: nil, file: property.file, typeContext: typeContext), hint: property.type)
        }
        if let value = stored[key] { return madeHere(value) }
        guard let initializer = property.binding.initializer else { return .unknown("'\(key)' without a value") }
        guard evaluating.insert(key).inserted else { throw StaticFallback("'\(key)' defined by itself") }
        defer { evaluating.remove(key) }
        let value = try evaluate(
            initializer.value, in: Scope(parent: nil, file: property.file, typeContext: typeContext), hint: property.type)
        stored[key] = value
        return value
    }

    /// A computed property's value: its getter run in `scope`.
    func getter(_ block: AccessorBlockSyntax, scope unprepared: Scope, hint: TypeHint?) throws(StaticFallback) -> TuistValue {
        let scope = unprepared.returns(hint)
        switch block.accessors {
        case let .getter(items):
            return try body(items, in: scope, hint: hint)
        case let .accessors(list):
            guard let get = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), let items = get.body?.statements else {
                throw StaticFallback("a property without a getter")
            }
            return try body(items, in: scope, hint: hint)
        }
    }

    /// What a function's, closure's or getter's body returns: a single expression is its value.
    func body(_ items: CodeBlockItemListSyntax, in scope: Scope, hint: TypeHint?) throws(StaticFallback) -> TuistValue {
        if items.count == 1, let only = items.first, let expression = Self.singleExpression(only) {
            if try mutate(expression, in: scope) { return .none }
            if !expression.is(IfExprSyntax.self) && !expression.is(SwitchExprSyntax.self) || Self.isValueBranching(expression) {
                return try evaluate(expression, in: scope, hint: hint)
            }
        }
        switch try execute(items, in: scope) {
        case let .returned(value): return value
        case .next: return .none
        case .broke, .continued: throw StaticFallback("a break outside a loop")
        }
    }

    /// The expression a body's one item is, an `if` or `switch` statement included.
    static func singleExpression(_ item: CodeBlockItemSyntax) -> ExprSyntax? {
        switch item.item {
        case let .expr(expression): expression
        case let .stmt(statement): statement.as(ExpressionStmtSyntax.self)?.expression
        case .decl: nil
        }
    }

    /// Whether an `if` or `switch` is an expression (Swift 5.9): each branch one expression, and an `else` to every `if`.
    static func isValueBranching(_ expression: ExprSyntax) -> Bool {
        func single(_ items: CodeBlockItemListSyntax) -> Bool {
            guard items.count == 1, let only = items.first, let inner = singleExpression(only) else { return false }
            return !(inner.is(IfExprSyntax.self) || inner.is(SwitchExprSyntax.self)) || isValueBranching(inner)
        }
        if let conditional = expression.as(IfExprSyntax.self) {
            guard single(conditional.body.statements) else { return false }
            switch conditional.elseBody {
            case let .ifExpr(next)?: return isValueBranching(ExprSyntax(next))
            case let .codeBlock(block)?: return single(block.statements)
            case nil: return false
            }
        }
        if let choice = expression.as(SwitchExprSyntax.self) {
            return choice.cases.allSatisfy { element in
                guard case let .switchCase(switchCase) = element else { return false }
                return single(switchCase.statements)
            }
        }
        return false
    }

    // MARK: Bounds

    /// Counts work against the bound, and checks the stack has room for one more level.
    func step(_ count: Int = 1) throws(StaticFallback) {
        steps += count
        guard steps <= Self.maximumSteps else { throw StaticFallback("more work than the bound") }
        if let stackFloor, Self.stackAddress() < stackFloor { throw StaticFallback("nested deeper than the thread's stack has room for") }
    }

    /// Runs `body` one call deeper, within the depth bound.
    func deeper<T>(_ body: () throws(StaticFallback) -> T) throws(StaticFallback) -> T {
        guard callDepth < Self.maximumCallDepth else { throw StaticFallback("calls nested past the bound") }
        callDepth += 1
        defer { callDepth -= 1 }
        return try body()
    }

    /// `file:line` of the expression evaluated last, for a fallback's reason.
    var lastPlaceDescription: String? {
        guard let (node, file) = lastPlace else { return nil }
        let converter = SourceLocationConverter(fileName: file, tree: node.root)
        return "\(file):\(converter.location(for: node.positionAfterSkippingLeadingTrivia).line)"
    }

    func describe(_ value: TuistValue) -> String {
        switch value {
        case let .unknown(reason): reason
        case .string: "a string"
        case .int, .double: "a number"
        case .bool: "a Bool"
        case .none: "nil"
        case .list: "an array"
        case .dictionary: "a dictionary"
        case let .api(api): "\(api.type.isEmpty ? "" : api.type).\(api.member)"
        case let .userCase(value): "\(value.type).\(value.name)"
        case let .instance(value): "a \(value.type)"
        case .function, .keyPath: "a function"
        case let .type(name): "the type \(name)"
        }
    }
}
