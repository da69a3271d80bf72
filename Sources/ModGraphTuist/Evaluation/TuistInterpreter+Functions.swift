import Foundation
import SwiftSyntax

extension TuistInterpreter {
    // MARK: Declared functions

    /// The one of `functions` whose parameters the written arguments fit; `nil` when none does.
    func userMatch(_ functions: [TuistDeclarations.Function], _ written: [WrittenArgument]) throws(StaticFallback) -> TuistDeclarations
        .Function?
    {
        let fitting = functions.filter { Self.bindings(of: $0.syntax.signature.parameterClause.parameters, for: written) != nil }
        guard fitting.count <= 1 else { throw StaticFallback("an overloaded helper '\(functions[0].syntax.name.unquoted)'") }
        return fitting.first
    }

    /// For each parameter, the index of the written argument it takes (`nil`: its default); `nil` when they do not fit.
    /// A trailing closure takes the next parameter of function type, whatever its label; a variadic parameter fits nothing.
    static func bindings(of parameters: FunctionParameterListSyntax, for written: [WrittenArgument]) -> [Int?]? {
        let list = Array(parameters)
        guard list.allSatisfy({ $0.ellipsis == nil }) else { return nil }
        let labels = list.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.unquoted }
        return slots(arguments: written.count, defaults: list.map { $0.defaultValue != nil }) { argument, parameter in
            written[argument].label == labels[parameter] || (written[argument].isTrailing && isFunctionType(list[parameter].type))
        }
    }

    private static func isFunctionType(_ type: TypeSyntax) -> Bool {
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return isFunctionType(optional.wrappedType) }
        return type.is(FunctionTypeSyntax.self)
    }

    /// Calls the declared function the arguments fit, with `self` and its type as given.
    func callDeclared(
        _ functions: [TuistDeclarations.Function], _ written: [WrittenArgument], in scope: Scope, owner: String?, selfValue: TuistValue?,
        hint: TypeHint?
    ) throws(StaticFallback) -> TuistValue {
        guard let function = try userMatch(functions, written) else {
            throw StaticFallback("a call of '\(functions[0].syntax.name.unquoted)' with other labels")
        }
        var values: [TuistValue] = []
        let parameters = Array(function.syntax.signature.parameterClause.parameters)
        guard let slots = Self.bindings(of: function.syntax.signature.parameterClause.parameters, for: written) else {
            throw StaticFallback("a call with other labels")
        }
        let generics = TypeHint.generics(of: function.syntax)
        for (parameter, slot) in zip(parameters, slots) {
            guard let slot else { continue }
            let hint = nested(TypeHint(parameter.type, selfType: owner.map(TypeHint.owner), generics: generics), in: owner)
            values.append(try evaluate(written[slot].expression, in: scope, hint: hint))
        }
        let parent = function.file == top.file ? top : nil
        let frame = Scope(parent: parent, file: function.file, typeContext: owner, selfValue: selfValue)
        return try invoke(function.syntax, slots: slots, values: values, frame: frame)
    }

    /// Runs a declared function in `frame`: parameters bound (the written ones from `values`, the
    /// others to their defaults), then its body.
    ///
    /// A generic helper (`static func dependency<T: Modulable>(module: T)`) runs as any other: the evaluator's
    /// values carry their own types, and a generic parameter's name gives no hint. A generic parameter that a
    /// parameter's type names (`T`, `T.Type`) takes its argument's type (``genericBinding(_:_:generics:)``); one
    /// no argument decides finds no type of its name where the body uses it, and the manifest falls back.
    func invoke(_ function: FunctionDeclSyntax, slots: [Int?], values: [TuistValue], frame: Scope) throws(StaticFallback) -> TuistValue {
        guard function.signature.effectSpecifiers?.asyncSpecifier == nil else {
            throw StaticFallback("an async helper '\(function.name.unquoted)'")
        }
        guard let body = function.body else { throw StaticFallback("a function without a body") }
        let selfType = frame.typeContext.map(TypeHint.owner)
        let generics = TypeHint.generics(of: function)
        var next = values.makeIterator()
        for (parameter, slot) in zip(function.signature.parameterClause.parameters, slots) {
            let name = (parameter.secondName ?? parameter.firstName).unquoted
            let hint = nested(TypeHint(parameter.type, selfType: selfType, generics: generics), in: frame.typeContext)
            if slot != nil, let value = next.next() {
                frame.declare(name, value, mutable: false, hint: hint)
                if let (generic, type) = Self.genericBinding(parameter.type, value, generics: generics), frame.lookup(generic) == nil {
                    frame.declare(generic, .type(type), mutable: false)
                }
            } else if let initial = parameter.defaultValue?.value {
                frame.declare(name, try evaluate(initial, in: frame, hint: hint), mutable: false, hint: hint)
            }
        }
        let result = function.signature.returnClause.map {
            nested(TypeHint($0.type, selfType: selfType, generics: generics), in: frame.typeContext)
        }
        running.append(function.id)
        defer { running.removeLast() }
        return try deeper { () throws(StaticFallback) in try self.body(body.statements, in: frame.returns(result), hint: result) }
    }

    /// The generic parameter a parameter's type is (`module: T`, `rootModule: T.Type`) and the type `value`, its
    /// argument, gives it, as Swift infers it: the body's `T.self` and `T.allCases` then name that type.
    static func genericBinding(_ type: TypeSyntax, _ value: TuistValue, generics: Set<String>) -> (String, String)? {
        if let metatype = type.as(MetatypeTypeSyntax.self), metatype.metatypeSpecifier.text == "Type",
            let base = metatype.baseType.as(IdentifierTypeSyntax.self), generics.contains(base.name.unquoted),
            case let .type(name) = value
        {
            return (base.name.unquoted, name)
        }
        guard let identifier = type.as(IdentifierTypeSyntax.self), generics.contains(identifier.name.unquoted) else { return nil }
        switch value {
        case let .userCase(item): return (identifier.name.unquoted, item.type)
        case let .instance(item): return (identifier.name.unquoted, item.type)
        default: return nil
        }
    }

    /// `hint` as written in `context`, a name there meaning the type nested in it or around it: in
    /// `extension TargetDependency { enum TargetType …; static func dependency(target: TargetType = .sources) }`,
    /// `TargetType` is `TargetDependency.TargetType`, where the argument and the default are evaluated.
    func nested(_ hint: TypeHint, in context: String?) -> TypeHint {
        guard let context else { return hint }
        switch hint {
        case let .named(name):
            for owner in Self.enclosing(context) where declarations.type("\(owner).\(name)") != nil {
                return .named(declarations.canonical("\(owner).\(name)"))
            }
            return hint
        case let .array(element): return .array(nested(element, in: context))
        case let .set(element): return .set(nested(element, in: context))
        case let .optional(wrapped): return .optional(nested(wrapped, in: context))
        case let .dictionary(key, value): return .dictionary(nested(key, in: context), nested(value, in: context))
        case .other: return hint
        }
    }

    /// Calls a function value (a closure, a local function, a key path) with positional arguments; a closure
    /// that does not say what it returns returns a value of type `returning` where that is known.
    func apply(_ function: TuistValue, _ arguments: [TuistValue], returning: TypeHint? = nil) throws(StaticFallback) -> TuistValue {
        switch function {
        case let .keyPath(names):
            guard arguments.count == 1, var value = arguments.first else { throw StaticFallback("a key path applied to other arguments") }
            for name in names {
                value = try property(name, of: value, scope: top) ?? .unknown("the property \(name) of \(describe(value))")
            }
            return value
        case let .function(callable):
            switch callable.body {
            case let .closure(closure):
                var frame: Scope?
                return try applyClosure(closure, scope: callable.scope, arguments, frame: &frame, returning: returning)
            case let .function(declaration):
                let slots = declaration.signature.parameterClause.parameters.indices.enumerated().map { index, _ in Optional(index) }
                guard slots.count == arguments.count else { throw StaticFallback("a local function called with other arguments") }
                return try invoke(declaration, slots: slots, values: arguments, frame: Scope(parent: callable.scope))
            }
        case .type("String") where arguments.count == 1:
            // `.map(String.init)` over substrings and numbers: what `String(describing:)` prints.
            return interpolated(arguments[0]).map(TuistValue.string) ?? .unknown("String of \(describe(arguments[0]))")
        case .unknown:
            return function
        default:
            throw StaticFallback("a call of \(describe(function))")
        }
    }

    /// - Parameter frame: set to the closure's own scope, where an `inout` argument's new value is read back.
    func applyClosure(
        _ closure: ClosureExprSyntax, scope: Scope, _ arguments: [TuistValue], frame made: inout Scope?, returning: TypeHint? = nil
    ) throws(StaticFallback) -> TuistValue {
        let frame = Scope(parent: scope)
        made = frame
        let names = Self.parameterNames(of: closure, count: arguments.count)
        if names.count == 1, arguments.count > 1 {
            throw StaticFallback("a closure taking a tuple")
        }
        guard names.count == arguments.count else { throw StaticFallback("a closure called with other arguments") }
        for (name, value) in zip(names, arguments) {
            // Mutable, for an `inout` parameter (`spec.with { $0.sources = … }`).
            if let name { frame.declare(name, value, mutable: true) }
        }
        let result = closure.signature?.returnClause.map { TypeHint($0.type) } ?? returning
        return try deeper { () throws(StaticFallback) in try body(closure.statements, in: frame.returns(result), hint: result) }
    }

    /// `list[i]` and `dictionary["key"]`.
    func subscriptValue(_ call: SubscriptCallExprSyntax, in scope: Scope) throws(StaticFallback) -> TuistValue {
        guard call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil else {
            throw StaticFallback("a subscript of another form")
        }
        let base = try evaluate(call.calledExpression, in: scope)
        // A dictionary's key is evaluated as its type says (`dependencies[.interface]`).
        var keyHint: TypeHint?
        if case let .dictionary(entries) = base, let first = entries.first?.key.value { keyHint = typeHint(of: first) }
        let key = try evaluate(argument.expression, in: scope, hint: keyHint)
        switch (base, key, TuistKey(key)) {
        case let (.list(items), .int(index), _):
            guard items.indices.contains(index) else { throw StaticFallback("an index out of range") }
            return items[index]
        case let (.dictionary(entries), _, wanted?):
            return entries.first { $0.key == wanted }?.value ?? .none
        case (.unknown, _, _): return base
        case (_, .unknown, _): return key
        default: throw StaticFallback("a subscript of \(describe(base))")
        }
    }

    /// A closure's parameters' names in order (`$0`, `$1` for a closure that names none; `nil` for `_`).
    static func parameterNames(of closure: ClosureExprSyntax, count: Int) -> [String?] {
        switch closure.signature?.parameterClause {
        case let .simpleInput(list)?:
            return list.map { $0.name.tokenKind == .wildcard ? nil : $0.name.unquoted }
        case let .parameterClause(clause)?:
            return clause.parameters.map { parameter in
                let name = parameter.secondName ?? parameter.firstName
                return name.tokenKind == .wildcard ? nil : name.unquoted
            }
        case nil:
            return (0..<count).map { "$\($0)" }
        }
    }

    /// Calls a function value with the written arguments; an `inout` argument (`block(&copy)`) of a
    /// closure gets the value the closure left in its parameter.
    func call(_ function: TuistValue, _ written: [WrittenArgument], in scope: Scope) throws(StaticFallback) -> TuistValue {
        var values: [TuistValue] = []
        for argument in written {
            let expression = argument.expression.as(InOutExprSyntax.self)?.expression ?? argument.expression
            values.append(try evaluate(expression, in: scope))
        }
        guard case let .function(callable) = function, case let .closure(closure) = callable.body,
            written.contains(where: { $0.expression.is(InOutExprSyntax.self) })
        else { return try apply(function, values) }
        var frame: Scope?
        let result = try applyClosure(closure, scope: callable.scope, values, frame: &frame)
        let names = Self.parameterNames(of: closure, count: values.count)
        for (index, argument) in written.enumerated() {
            guard
                let variable = argument.expression.as(InOutExprSyntax.self)?.expression.as(DeclReferenceExprSyntax.self)?.baseName.unquoted,
                index < names.count, let parameter = names[index], let value = frame?.lookup(parameter)
            else { continue }
            guard scope.assign(variable, value) else { throw StaticFallback("an inout argument that is not a variable") }
        }
        return result
    }

    /// The type a value is of, where it says (a case of the helpers' enums, a struct, a ProjectDescription value):
    /// what an implicit member compared with it or looked for among such values is inferred to be.
    /// The name an extension of arrays of `value`'s elements is kept under (`[Target]`), from the type the array
    /// was declared with, else its first element's.
    private func arrayOwner(of value: TuistValue, declared: TypeHint?) -> String? {
        guard case let .list(items) = value else { return nil }
        let element = declared.flatMap { elementHint(of: $0) } ?? items.first.flatMap(typeHint(of:))
        return element.flatMap { TypeHint.array($0).memberOwner }
    }

    func typeHint(of value: TuistValue) -> TypeHint? {
        switch value {
        case let .userCase(item): .named(item.type)
        case let .instance(item): .named(item.type)
        case let .api(item) where !item.type.isEmpty: .named(item.type)
        default: nil
        }
    }

    // MARK: Initializers

    /// A struct's initializer written out: its parameters bound, `self.x = …` run, the fields not assigned taking
    /// their initial values.
    func initialize(
        _ declaration: TuistDeclarations.TypeDeclaration, with initializers: [(syntax: InitializerDeclSyntax, file: String)],
        _ written: [WrittenArgument], in scope: Scope
    ) throws(StaticFallback) -> TuistValue {
        let fitting = initializers.filter { Self.bindings(of: $0.syntax.signature.parameterClause.parameters, for: written) != nil }
        guard fitting.count == 1, let (syntax, file) = fitting.first, let body = syntax.body,
            let slots = Self.bindings(of: syntax.signature.parameterClause.parameters, for: written)
        else { throw StaticFallback("an initializer of \(declaration.name) that the arguments do not pick") }
        guard syntax.optionalMark == nil, syntax.genericParameterClause == nil else {
            throw StaticFallback("a failable or generic initializer")
        }
        let selfType = TypeHint.named(declaration.name)
        let frame = Scope(parent: nil, file: file, typeContext: declaration.name)
        for (parameter, slot) in zip(syntax.signature.parameterClause.parameters, slots) {
            let hint = TypeHint(parameter.type, selfType: selfType)
            let name = (parameter.secondName ?? parameter.firstName).unquoted
            if let slot {
                frame.declare(name, try evaluate(written[slot].expression, in: scope, hint: hint), mutable: false)
            } else if let initial = parameter.defaultValue?.value {
                frame.declare(name, try evaluate(initial, in: frame, hint: hint), mutable: false)
            }
        }
        frame.declare("self", .instance(Instance(type: declaration.name, fields: [])), mutable: true)
        _ = try deeper { () throws(StaticFallback) in try execute(body.statements, in: frame) }
        guard case let .instance(made)? = frame.lookup("self") else { throw StaticFallback("an initializer that replaces self") }
        var fields: [(name: String, value: TuistValue)] = []
        for field in declaration.fields {
            if let value = made.field(field.name) {
                fields.append((field.name, value))
            } else if let initial = field.initial {
                fields.append((field.name, try evaluate(initial, in: Scope(parent: nil, file: file), hint: field.type)))
            } else {
                fields.append((field.name, .unknown("\(declaration.name).\(field.name), not assigned")))
            }
        }
        return .instance(Instance(type: declaration.name, fields: fields))
    }

    // MARK: Methods

    /// `value.name(...)`: a method the helpers declare on the value's type, or one of the standard library's.
    /// - Parameters:
    ///   - declared: the type the receiver was declared with, where it is a variable or parameter.
    ///   - hint: the type the call's result is to have, which gives a closure passed to `map`, `compactMap` or
    ///     `flatMap` the type of what it returns (`let targets: [Target] = kinds.compactMap { .target(…) }`).
    func method(
        _ name: String, of value: TuistValue, _ written: [WrittenArgument], in scope: Scope, declared: TypeHint? = nil,
        hint: TypeHint? = nil
    ) throws(StaticFallback) -> TuistValue {
        let type: String? =
            switch value {
            case let .userCase(item): item.type
            case let .instance(item): item.type
            case let .api(item): item.type
            case .string: "String"
            case .list: "Array"
            case .dictionary: "Dictionary"
            case .int: "Int"
            case .bool: "Bool"
            default: nil
            }
        let owners: [String] =
            switch type {
            case "String": ["String", "StringProtocol"]
            // `extension [Target] { func addingOverrides() }`: an array's methods are first those of its element's arrays.
            case "Array": (arrayOwner(of: value, declared: declared).map { [$0] } ?? []) + ["Array", "Collection", "Sequence"]
            // `extension SettingsDictionary { func setCodeSignManual() -> SettingsDictionary }`: a dictionary's
            // methods are also those declared on ProjectDescription's aliases of dictionaries.
            case "Dictionary": ["Dictionary"] + catalog.dictionaryAliases
            default: type.map { [$0] } ?? []
            }
        for owner in owners {
            if let functions = declarations.instanceFunctions(name, of: owner) {
                return try callDeclared(functions, written, in: scope, owner: owner, selfValue: value, hint: nil)
            }
        }
        if value.isUnknown { return value }
        if case let .string(text) = value, name == "trimmingCharacters", let trimmed = trimmed(text, written) { return .string(trimmed) }
        // `modules.contains(.interface)`: the argument takes the type of the elements.
        var elementType: TypeHint?
        if case let .list(items) = value { elementType = declared.flatMap { elementHint(of: $0) } ?? items.first.flatMap(typeHint(of:)) }
        let arguments = try written.map { argument throws(StaticFallback) in
            Argument(label: argument.label, value: try evaluate(argument.expression, in: scope, hint: elementType))
        }
        if case let .api(item) = value { return .unknown("the method \(name) of \(item.type)") }
        return try builtin(name, of: value, arguments, hint: hint)
    }

    private func builtin(_ name: String, of value: TuistValue, _ arguments: [Argument], hint: TypeHint?) throws(StaticFallback)
        -> TuistValue
    {
        let labels = arguments.map(\.label)
        let first = arguments.first?.value
        switch (value, name, labels) {
        case let (.list(items), "map", [nil]), let (.list(items), "flatMap", [nil]), let (.list(items), "compactMap", [nil]),
            let (.list(items), "filter", [nil]), let (.list(items), "forEach", [nil]), let (.list(items), "sorted", ["by"]),
            let (.list(items), "first", ["where"]), let (.list(items), "contains", ["where"]), let (.list(items), "allSatisfy", [nil]):
            return try transform(items, name, first ?? .none, result: hint)
        case let (.list(items), "contains", [nil]) where { if case .function = first { true } else { false } }():
            return try transform(items, name, first ?? .none)
        case let (.list(items), "contains", [nil]):
            guard let first else { throw StaticFallback("contains without an argument") }
            for item in items {
                guard let same = item.equals(first) else { throw StaticFallback("contains on \(describe(item))") }
                if same { return .bool(true) }
            }
            return .bool(false)
        case let (.list(items), "joined", []), let (.list(items), "joined", ["separator"]):
            let separator: String
            switch first {
            case nil: separator = ""
            case let .string(text)?: separator = text
            default: return .unknown("joined with \(describe(first ?? .none))")
            }
            if items.allSatisfy({ if case .list = $0 { true } else { false } }), first == nil {
                var total = TuistValue.list([])
                for item in items { total = try binary("+", total, item) }
                return total
            }
            var texts: [String] = []
            for item in items {
                guard case let .string(text) = item else { return .unknown("joined of \(describe(item))") }
                texts.append(text)
            }
            return .string(texts.joined(separator: separator))
        case let (.list(items), "sorted", []):
            if let texts = items.strings { return .list(texts.sorted().map(TuistValue.string)) }
            return .unknown("sorted of another kind")
        case let (.list(items), "reversed", []):
            return .list(items.reversed())
        // `(offset, element)` tuples, which a tuple pattern binds by position and `.offset`, `.element` read.
        case let (.list(items), "enumerated", []):
            return .list(items.enumerated().map { Self.offsetTuple($0.offset, $0.element) })
        case let (.string(text), "enumerated", []):
            return .list(text.enumerated().map { Self.offsetTuple($0.offset, .string(String($0.element))) })
        case let (.list(items), "reduce", [nil, nil]):
            var total = first ?? .none
            for item in items { total = try apply(arguments[1].value, [total, item]) }
            return total
        // A string's characters, each a string of one: `rawValue.map { $0 }` (WhereMyBus-iOS capitalises a case's name so,
        // and `String(…)` joins them again; `Character(…)` is its argument).
        case let (.string(text), "map", [nil]), let (.string(text), "compactMap", [nil]):
            return try transform(text.map { .string(String($0)) }, name, first ?? .none, result: hint)
        case let (.string(text), _, _) where name != "getBoolean" && name != "getString":
            return try stringMethod(text, name, arguments)
        case (.string, "getBoolean", ["default"]), (.none, "getBoolean", ["default"]):
            // `Environment.x.getBoolean(default:)`, as ProjectDescription reads the variable.
            guard case let .bool(fallback)? = first else { return .unknown("getBoolean's default") }
            guard case let .string(text) = value else { return .bool(fallback) }
            return .bool(
                ["1", "true", "TRUE", "yes", "YES"].contains(text)
                    ? true : ["0", "false", "FALSE", "no", "NO"].contains(text) ? false : fallback)
        case (.string, "getString", ["default"]), (.none, "getString", ["default"]):
            if case .string = value { return value }
            return first ?? .unknown("getString's default")
        case let (.dictionary(entries), "merging", [nil]):
            // SettingsDictionary's `merging(_:)`: the other's values win.
            guard case let .dictionary(other)? = first else { return .unknown("merging of \(describe(first ?? .none))") }
            var result = entries
            for (key, value) in other {
                if let index = result.firstIndex(where: { $0.key == key }) {
                    result[index].value = value
                } else {
                    result.append((key, value))
                }
            }
            return .dictionary(result)
        case let (.dictionary(entries), _, _) where catalog.entry("SettingsDictionary")?.methods.contains(name) == true:
            // A SettingsDictionary method (`.swiftVersion(_:)`, `.currentProjectVersion(_:)`) adds settings other than the
            // product's and module's names, which are all modgraph reads: they are kept as settings not known.
            return .dictionary(entries + [(key: .string("modgraph.unread.\(name)"), value: .unknown("the settings .\(name) adds"))])
        case let (.dictionary(entries), "merging", [nil, "uniquingKeysWith"]):
            guard case let .dictionary(other)? = first else { return .unknown("merging of \(describe(first ?? .none))") }
            return try .dictionary(merged(entries, other, arguments[1].value))
        case (.none, _, _):
            // `optional?.method()` on nil.
            return .none
        default:
            return .unknown("the method \(name) of \(describe(value))")
        }
    }

    /// An element of `enumerated()`: a tuple labelled as Swift labels it.
    private static func offsetTuple(_ offset: Int, _ element: TuistValue) -> TuistValue {
        .instance(Instance(type: tupleType, fields: [("offset", .int(offset)), ("element", element)]))
    }

    /// `items.name(function)`; `result`, the type the call's result is to have, gives the type `function` returns.
    private func transform(_ items: [TuistValue], _ name: String, _ function: TuistValue, result hint: TypeHint? = nil)
        throws(StaticFallback) -> TuistValue
    {
        let returns: TypeHint? =
            switch name {
            case "map": hint.flatMap { elementHint(of: $0) }
            case "compactMap": hint.flatMap { elementHint(of: $0) }.map { .optional($0) }
            case "flatMap": hint
            default: nil
            }
        var result: [TuistValue] = []
        try step(items.count)
        for item in items {
            let output = try apply(function, [item], returning: returns)
            if output.isUnknown, name != "map", name != "forEach" { return output }
            switch name {
            case "map": result.append(output)
            case "forEach": continue
            case "flatMap":
                guard case let .list(inner) = output else { return .unknown("flatMap to \(describe(output))") }
                result += inner
            case "compactMap":
                if case .none = output { continue }
                result.append(output)
            case "filter":
                if try truth(output) { result.append(item) }
            case "first":
                if try truth(output) { return item }
            case "contains":
                if try truth(output) { return .bool(true) }
            case "allSatisfy":
                if try !truth(output) { return .bool(false) }
            default:
                return .unknown("sorted(by:)")
            }
            guard result.count <= Self.maximumCount else { throw StaticFallback("an array longer than the bound") }
        }
        switch name {
        case "first": return .none
        case "contains": return .bool(false)
        case "allSatisfy": return .bool(true)
        case "forEach": return .none
        default: return .list(result)
        }
    }

    private func stringMethod(_ text: String, _ name: String, _ arguments: [Argument]) throws(StaticFallback) -> TuistValue {
        let values = arguments.map(\.value)
        let labels = arguments.map(\.label)
        func count(_ index: Int, default fallback: Int) -> Int? {
            guard index < values.count else { return fallback }
            if case let .int(number) = values[index], number >= 0 { return number }
            return nil
        }
        switch (name, labels) {
        case ("lowercased", []): return .string(text.lowercased())
        case ("uppercased", []): return .string(text.uppercased())
        case ("hasPrefix", [nil]), ("hasSuffix", [nil]), ("contains", [nil]):
            guard case let .string(other)? = values.first else { return .unknown("\(name) of another kind") }
            let answer = name == "hasPrefix" ? text.hasPrefix(other) : name == "hasSuffix" ? text.hasSuffix(other) : text.contains(other)
            return .bool(answer)
        case ("replacingOccurrences", ["of", "with"]):
            guard case let .string(target)? = values.first, case let .string(replacement) = values[1] else {
                return .unknown("replacingOccurrences of another kind")
            }
            return .string(text.replacingOccurrences(of: target, with: replacement))
        case ("components", ["separatedBy"]):
            guard case let .string(separator)? = values.first else { return .unknown("components of another kind") }
            return .list(text.components(separatedBy: separator).map(TuistValue.string))
        case ("split", ["separator"]), ("split", ["separator", "maxSplits"]), ("split", ["separator", "omittingEmptySubsequences"]),
            ("split", ["separator", "maxSplits", "omittingEmptySubsequences"]):
            // `split(separator: " ")` on a string: a Character, its parts without the empty ones unless asked.
            guard case let .string(separator)? = values.first, separator.count == 1, let character = separator.first,
                let limit = labels.contains("maxSplits") ? count(1, default: Int.max) : Int.max
            else { return .unknown("split of another kind") }
            var omitting = true
            if let index = labels.firstIndex(of: "omittingEmptySubsequences") {
                guard case let .bool(flag) = values[index] else { return .unknown("split of another kind") }
                omitting = flag
            }
            let parts = text.split(separator: character, maxSplits: limit, omittingEmptySubsequences: omitting)
            guard parts.count <= Self.maximumCount else { throw StaticFallback("an array longer than the bound") }
            return .list(parts.map { .string(String($0)) })
        case ("prefix", [nil]):
            return count(0, default: 0).map { .string(String(text.prefix($0))) } ?? .unknown("prefix")
        case ("suffix", [nil]):
            return count(0, default: 0).map { .string(String(text.suffix($0))) } ?? .unknown("suffix")
        case ("dropFirst", []), ("dropFirst", [nil]):
            return count(0, default: 1).map { .string(String(text.dropFirst($0))) } ?? .unknown("dropFirst")
        case ("dropLast", []), ("dropLast", [nil]):
            return count(0, default: 1).map { .string(String(text.dropLast($0))) } ?? .unknown("dropLast")
        default:
            return .unknown("the method \(name) of a string")
        }
    }
}

extension [TuistValue] {
    /// The strings, when every element is one.
    var strings: [String]? {
        var texts: [String] = []
        for item in self {
            guard case let .string(text) = item else { return nil }
            texts.append(text)
        }
        return texts
    }
}
