import SwiftSyntax

/// An argument as written at a call, before it is evaluated: its label, its expression, and
/// whether it is a trailing closure (which matches a parameter of function type whatever its label).
struct WrittenArgument {
    let label: String?
    let expression: ExprSyntax
    let isTrailing: Bool
}

extension TuistInterpreter {
    // MARK: Names

    /// The value a name stands for: a local, a member of the type the code runs in, a helper's
    /// global, or a type.
    func name(_ name: String, in scope: Scope) throws(StaticFallback) -> TuistValue {
        if let value = scope.lookup(name) { return value }
        if name == "self" { return scope.selfValue ?? scope.typeContext.map(TuistValue.type) ?? .unknown("self") }
        if name == "Self", let context = scope.typeContext { return .type(context) }
        if let context = scope.typeContext {
            if let selfValue = scope.selfValue, let value = try property(name, of: selfValue, scope: scope) { return value }
            for owner in Self.enclosing(context) {
                if let value = try staticProperty(name, of: owner) { return value }
            }
        }
        if scope.file == top.file, let value = top.lookup(name) { return value }
        if let global = declarations.globals[name] { return try storedValue(name, global, typeContext: nil) }
        if let type = resolveType(name, context: scope.typeContext) { return .type(type) }
        return .unknown("'\(name)'")
    }

    /// `A.B.C`, `A.B`, `A`: the type and the types it is nested in, innermost first.
    static func enclosing(_ type: String) -> [String] {
        var names: [String] = []
        var parts = type.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            names.append(parts.joined(separator: "."))
            parts.removeLast()
        }
        return names
    }

    /// The helpers' type (qualified) or ProjectDescription's that `name` names where the code runs in `context`.
    /// A helper's alias is resolved here (`Dep` is `TargetDependency`), so that what follows meets the type's own name.
    func resolveType(_ name: String, context: String?) -> String? {
        // `Element` in an extension of an array (`extension Array<TargetDependency>`, kept as `[TargetDependency]`) and
        // in the types nested in it is the array's element (Pepsi-Club/WhereMyBus-iOS: `Element.external(name:)`).
        if name == "Element", declarations.type("Element") == nil,
            let array = context.map(Self.enclosing)?.last(where: { $0.hasPrefix("[") && $0.hasSuffix("]") })
        {
            return resolveType(String(array.dropFirst().dropLast()), context: nil)
        }
        for owner in context.map(Self.enclosing) ?? [] where declarations.type("\(owner).\(name)") != nil {
            return declarations.canonical("\(owner).\(name)")
        }
        let name = declarations.canonical(name)
        if declarations.type(name) != nil { return name }
        if let candidates = declarations.simpleNames[name], candidates.count == 1, let only = candidates.first { return only }
        if catalog.isType(name) { return name }
        return nil
    }

    // MARK: Members

    func access(_ member: MemberAccessExprSyntax, in scope: Scope, hint: TypeHint?) throws(StaticFallback) -> TuistValue {
        let name = member.declName.baseName.unquoted
        guard let baseSyntax = member.base else { return try implicitMember(name, arguments: nil, in: scope, hint: hint) }
        if name == "environment", baseSyntax.trimmedDescription == "ProcessInfo.processInfo", declarations.type("ProcessInfo") == nil {
            return processEnvironment
        }
        // `String.init` passed as a function (`.map(String.init)`): the type, applied as its initializer.
        if name == "init", baseSyntax.trimmedDescription == "String", declarations.type("String") == nil { return .type("String") }
        let base = try evaluate(baseSyntax, in: scope, hint: Self.isImplicitChain(baseSyntax) ? hint : nil)
        if case let .type(type) = base {
            if name == "self" { return base }
            if let value = try staticProperty(name, of: type) { return value }
            // ProjectDescription's `Environment.someName`, also where the helpers extend it with members of their own.
            if type == "Environment", declarations.type(type)?.isDeclared != true { return environmentValue(name) }
            if let nested = resolveType(name, context: type), nested.hasPrefix(type + ".") { return .type(nested) }
            if catalog.isType(type) { return try apiProperty(name, of: type) }
            return .unknown("\(type).\(name)")
        }
        return try property(name, of: base, scope: scope) ?? .unknown("the property \(name) of \(describe(base))")
    }

    /// `Environment.someName`: the value of `TUIST_SOME_NAME` where the manifest runs, or nil, as ProjectDescription reads it.
    func environmentValue(_ name: String) -> TuistValue {
        environment["TUIST_" + Self.snakeCased(name).uppercased()].map(TuistValue.string) ?? .none
    }

    /// `ProcessInfo.processInfo.environment` as the compiled manifest sees it: `PATH` and the `TUIST_*`
    /// variables, `HOME` and `TMPDIR` private folders made for the run (not known here), nothing else.
    var processEnvironment: TuistValue {
        var entries = environment.sorted { $0.key < $1.key }.map { (key: TuistKey.string($0.key), value: TuistValue.string($0.value)) }
        for name in ["HOME", "TMPDIR"] where environment[name] == nil {
            entries.append((.string(name), .unknown("\(name), a folder made for the run")))
        }
        return .dictionary(entries)
    }

    /// camelCase made snake_case with the word boundaries ProjectDescription's `Environment` uses ("myURLValue" is "my_url_value").
    static func snakeCased(_ key: String) -> String {
        let characters = Array(key)
        guard !characters.isEmpty else { return key }
        var words: [ArraySlice<Character>] = []
        var wordStart = 0
        var searchFrom = 1
        while let upper = (searchFrom..<max(searchFrom, characters.count)).first(where: { characters[$0].isUppercase }) {
            words.append(characters[wordStart..<upper])
            guard let lower = (upper..<characters.count).first(where: { characters[$0].isLowercase }) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(characters[upper..<lower - 1])
                wordStart = lower - 1
            }
            searchFrom = lower + 1
        }
        words.append(characters[wordStart...])
        return words.map { String($0).lowercased() }.joined(separator: "_")
    }

    /// Whether a value is one of the standard library's (a string, an array, a dictionary, a number, a Bool).
    static func isStandardValue(_ value: TuistValue) -> Bool {
        switch value {
        case .string, .list, .dictionary, .int, .double, .bool: true
        default: false
        }
    }

    /// Whether `expression` is a chain that starts with an implicit member (`.SPM` in `.SPM.GRDB`): Swift
    /// looks its start up in the type the whole chain is expected to be.
    static func isImplicitChain(_ expression: ExprSyntax) -> Bool {
        var current = expression
        for _ in 0..<32 {
            if let member = current.as(MemberAccessExprSyntax.self) {
                guard let base = member.base else { return true }
                current = base
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else {
                return false
            }
        }
        return false
    }

    /// A static property, enum case without payload, or `allCases` of a type the helpers declare or extend.
    func staticProperty(_ name: String, of type: String) throws(StaticFallback) -> TuistValue? {
        guard let declaration = declarations.type(type) else { return nil }
        if let property = declaration.staticProperties[name] {
            return try storedValue("\(type).\(name)", property, typeContext: type)
        }
        if let found = declaration.cases.first(where: { $0.name == name }), found.labels == nil {
            return .userCase(UserCase(type: type, name: name, raw: found.raw, payload: []))
        }
        if name == "allCases", declaration.isEnum {
            return .list(
                declaration.cases.filter { $0.labels == nil }.map {
                    .userCase(UserCase(type: type, name: $0.name, raw: $0.raw, payload: []))
                })
        }
        // A protocol extension's static property, run for this type (`allCases` in it is this type's).
        if let property = declarations.inheritedStatic(name, of: type).property {
            return try storedValue("\(type).\(name)", property, typeContext: type)
        }
        return nil
    }

    /// A ProjectDescription static property or case: a constant written as a literal, a member, or the standard
    /// library's `Set(…)` or `Array(…)` of one is evaluated (`Destinations.iOS` is `[.iPhone, .iPad, .macWithiPadDesign]`;
    /// `PlatformFilters.all`, which `.when(.all)` names, is `Set(PlatformFilter.allCases)`); an enum's `allCases` is its
    /// cases in order. Anything else stays symbolic.
    func apiProperty(_ name: String, of type: String) throws(StaticFallback) -> TuistValue {
        guard let entry = catalog.entry(type) else {
            return .api(APIValue(type: type, member: name, arguments: nil, file: "", line: manifestLine))
        }
        if name == "allCases", entry.properties[name] == nil, !entry.cases.isEmpty {
            return .list(entry.cases.map { .api(APIValue(type: type, member: $0, arguments: nil, file: "", line: manifestLine)) })
        }
        if let constant = entry.constants[name],
            constant.is(ArrayExprSyntax.self) || constant.is(MemberAccessExprSyntax.self) || Self.isConversion(constant)
        {
            return try evaluate(constant, in: Scope(parent: nil, file: "", typeContext: type), hint: entry.properties[name])
        }
        return .api(APIValue(type: type, member: name, arguments: nil, file: "", line: manifestLine))
    }

    /// Whether ProjectDescription's `type` has a member `name` that arguments labelled `labels` fit.
    static func apiTakes(_ name: String, on type: String, _ labels: [String?], catalog: APICatalog) -> Bool {
        catalog.signature(of: type, member: name, labels: labels) != nil
    }

    /// `Set(x)` or `Array(x)`: one unlabelled argument.
    private static func isConversion(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            ["Set", "Array"].contains(callee.baseName.unquoted), call.arguments.count == 1, call.arguments.first?.label == nil
        else { return false }
        return call.trailingClosure == nil
    }

    /// A property of a value: a field, a computed property the helpers declare, an argument of a
    /// ProjectDescription value, or one of the standard library's; `nil` when there is none.
    func property(_ name: String, of value: TuistValue, scope: Scope) throws(StaticFallback) -> TuistValue? {
        switch value {
        case .unknown: return value
        case .none: return TuistValue.none
        case let .userCase(item):
            if name == "rawValue" { return item.raw ?? .unknown("a case without a raw value") }
            return try computedProperty(name, of: value, type: item.type)
        case let .instance(item):
            if let field = item.field(name) { return field }
            return try computedProperty(name, of: value, type: item.type)
        case let .api(item):
            if let argument = item.argument(name) { return argument }
            if let value = defaultArgument(name, of: item) { return value }
            if let value = forwardedArgument(name, of: item) { return value }
            return try computedProperty(name, of: value, type: item.type) ?? .unknown("\(item.type).\(item.member)'s \(name)")
        case let .string(text):
            for owner in ["String", "StringProtocol"] {
                if let extended = try computedProperty(name, of: value, type: owner) { return extended }
            }
            switch name {
            case "count": return .int(text.count)
            case "isEmpty": return .bool(text.isEmpty)
            case "first": return text.first.map { .string(String($0)) } ?? TuistValue.none
            case "last": return text.last.map { .string(String($0)) } ?? TuistValue.none
            case "capitalized": return .string(Self.capitalized(text))
            // A Character's tests, on a string of one (the evaluator's characters: noffice-iOS's helper writes
            // `for (index, char) in self.enumerated() where char.isUppercase`).
            case "isUppercase", "isLowercase", "isLetter", "isNumber", "isWhitespace":
                guard text.count == 1, let character = text.first else { return nil }
                switch name {
                case "isUppercase": return .bool(character.isUppercase)
                case "isLowercase": return .bool(character.isLowercase)
                case "isLetter": return .bool(character.isLetter)
                case "isNumber": return .bool(character.isNumber)
                default: return .bool(character.isWhitespace)
                }
            default: return nil
            }
        case let .list(items):
            for owner in ["Array", "Collection", "Sequence"] {
                if let extended = try computedProperty(name, of: value, type: owner) { return extended }
            }
            switch name {
            case "count": return .int(items.count)
            case "isEmpty": return .bool(items.isEmpty)
            case "first": return items.first ?? TuistValue.none
            case "last": return items.last ?? TuistValue.none
            default: return nil
            }
        case let .dictionary(entries):
            // A property the manifest's own extension declares (AvocadoApps/azkar-ios's `extension SettingsDictionary
            // { var addingObjcLinkerFlag: Self { merging([…]) } }`), on Dictionary or an alias ProjectDescription makes.
            for owner in ["Dictionary"] + catalog.dictionaryAliases {
                if let extended = try computedProperty(name, of: value, type: owner) { return extended }
            }
            switch name {
            case "count": return .int(entries.count)
            case "isEmpty": return .bool(entries.isEmpty)
            // No such member: a name a method of `extension SettingsDictionary` uses (`Environment`) is looked
            // for outside it, as Swift looks for it, not taken for a property of the dictionary.
            default: return nil
            }
        default:
            return nil
        }
    }

    private func computedProperty(_ name: String, of value: TuistValue, type: String) throws(StaticFallback) -> TuistValue? {
        guard let property = declarations.instanceProperty(name, of: type), let accessors = property.binding.accessorBlock else {
            return nil
        }
        return try deeper { () throws(StaticFallback) in
            try getter(accessors, scope: Scope(parent: nil, file: property.file, typeContext: type, selfValue: value), hint: property.type)
        }
    }

    /// Foundation's `capitalized`: each word's first letter upper-cased, the rest lower-cased.
    static func capitalized(_ text: String) -> String {
        var result = ""
        var atWordStart = true
        for character in text {
            result += atWordStart ? character.uppercased() : character.lowercased()
            atWordStart = !(character.isLetter || character.isNumber)
        }
        return result
    }

    // MARK: Calls

    func call(_ call: FunctionCallExprSyntax, in scope: Scope, hint: TypeHint?) throws(StaticFallback) -> TuistValue {
        var written = call.arguments.map { WrittenArgument(label: $0.label?.unquoted, expression: $0.expression, isTrailing: false) }
        if let closure = call.trailingClosure {
            written.append(WrittenArgument(label: nil, expression: ExprSyntax(closure), isTrailing: true))
        }
        for extra in call.additionalTrailingClosures {
            written.append(WrittenArgument(label: extra.label.unquoted, expression: ExprSyntax(extra.closure), isTrailing: true))
        }
        let called = call.calledExpression
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            return try callName(reference.baseName.unquoted, written, in: scope, hint: hint)
        }
        if let member = called.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.unquoted
            guard let baseSyntax = member.base else { return try implicitMember(name, arguments: written, in: scope, hint: hint) }
            // `Swift.max(a, b)`: the standard library's function, named by its module.
            if baseSyntax.as(DeclReferenceExprSyntax.self)?.baseName.unquoted == "Swift", scope.lookup("Swift") == nil {
                return try standardCall(name, written, in: scope, hint: hint)
            }
            let base = try evaluate(baseSyntax, in: scope, hint: Self.isImplicitChain(baseSyntax) ? hint : nil)
            if case let .type(type) = base { return try staticCall(name, on: type, written, in: scope, hint: hint) }
            let declared = baseSyntax.as(DeclReferenceExprSyntax.self).flatMap { scope.hint(for: $0.baseName.unquoted) }
            return try method(name, of: base, written, in: scope, declared: declared, hint: hint)
        }
        if let generic = called.as(GenericSpecializationExprSyntax.self), let base = generic.expression.as(DeclReferenceExprSyntax.self),
            ["Set", "Array"].contains(base.baseName.unquoted), generic.genericArgumentClause.arguments.count == 1,
            case let .type(element)? = generic.genericArgumentClause.arguments.first?.argument, written.count <= 1
        {
            // `Set<Destination>([.iPhone, .iPad])`: the elements take the type written.
            let hint: TypeHint = .array(TypeHint(element))
            guard let only = written.first else { return .list([]) }
            guard only.label == nil else { throw StaticFallback("\(base.baseName.unquoted)(...) of another form") }
            let value = try evaluate(only.expression, in: scope, hint: hint)
            if base.baseName.unquoted == "Set", case let .list(items) = value { return .list(deduplicated(items)) }
            return value
        }
        if written.isEmpty, let array = called.as(ArrayExprSyntax.self), array.elements.count == 1 { return .list([]) }
        if written.isEmpty, called.is(DictionaryExprSyntax.self) { return .dictionary([]) }
        let function = try evaluate(called, in: scope)
        return try apply(function, evaluatePositional(written, in: scope))
    }

    func evaluatePositional(_ written: [WrittenArgument], in scope: Scope) throws(StaticFallback) -> [TuistValue] {
        var values: [TuistValue] = []
        for argument in written { values.append(try evaluate(argument.expression, in: scope)) }
        return values
    }

    private func callName(_ name: String, _ written: [WrittenArgument], in scope: Scope, hint: TypeHint?) throws(StaticFallback)
        -> TuistValue
    {
        if let value = scope.lookup(name) ?? (scope.file == top.file ? top.lookup(name) : nil) {
            return try call(value, written, in: scope)
        }
        if let context = scope.typeContext {
            for owner in Self.enclosing(context) {
                guard let declaration = declarations.type(owner) else { continue }
                // A protocol extension's static function counts as the type's own (`struct Feature: DependencyProvider`
                // calling `featureDependency(target:)` from a type nested in it).
                var candidates = declaration.staticFunctions[name] ?? declarations.inheritedStatic(name, of: owner).functions ?? []
                if scope.selfValue != nil, owner == context { candidates += declaration.instanceFunctions[name] ?? [] }
                if !candidates.isEmpty {
                    return try callDeclared(candidates, written, in: scope, owner: owner, selfValue: scope.selfValue, hint: hint)
                }
            }
        }
        if let functions = declarations.functions[name] {
            return try callDeclared(functions, written, in: scope, owner: nil, selfValue: nil, hint: hint)
        }
        // `prefix(1)` inside `extension StringProtocol`: the standard library's method on `self`. A capitalised
        // name is a type's initializer (`String(first)` inside `extension String`), as below.
        if let selfValue = scope.selfValue, Self.isStandardValue(selfValue), name.first?.isLowercase == true {
            return try method(name, of: selfValue, written, in: scope)
        }
        return try standardCall(name, written, in: scope, hint: hint)
    }

    /// A case with a payload, `.module(name: "Umbrella")`: the arguments written in the order of the case's
    /// parameters, a parameter left out taking its default value (`useDemo: Bool = false`), as Swift fills it in.
    private func caseValue(
        _ found: TuistDeclarations.Case, labels: [String?], of type: String, _ written: [WrittenArgument], in scope: Scope
    ) throws(StaticFallback) -> TuistValue {
        let parameters = labels.indices.map { (label: labels[$0], hasDefault: $0 < found.defaults.count && found.defaults[$0] != nil) }
        guard let slots = Self.slots(written.map(\.label), parameters) else {
            throw StaticFallback("the case \(type).\(found.name) with other labels")
        }
        var payload: [Argument] = []
        for (index, slot) in slots.enumerated() {
            var hint = index < found.types.count ? found.types[index] : nil
            if case let .named(written)? = hint, let resolved = resolveType(written, context: type) { hint = .named(resolved) }
            if let slot {
                payload.append(Argument(label: labels[index], value: try evaluate(written[slot].expression, in: scope, hint: hint)))
            } else if let initial = found.defaults[index] {
                let defaults = Scope(parent: nil, file: scope.file, typeContext: type)
                payload.append(Argument(label: labels[index], value: try evaluate(initial, in: defaults, hint: hint)))
            }
        }
        return .userCase(UserCase(type: type, name: found.name, raw: nil, payload: payload))
    }

    /// `T.name(...)`: a static function or case the helpers declare, an initializer, or ProjectDescription's member.
    func staticCall(_ name: String, on type: String, _ written: [WrittenArgument], in scope: Scope, hint: TypeHint?)
        throws(StaticFallback) -> TuistValue
    {
        if let declaration = declarations.type(type) {
            if let functions = declaration.staticFunctions[name] ?? declarations.inheritedStatic(name, of: type).functions,
                let match = try userMatch(functions, written)
            {
                // `static func project(target: String, path: ProjectPath)` whose body calls `.project(target:path: path.relativePath)`:
                // Swift picks ProjectDescription's overload by the argument's type; a helper calling itself with the labels of
                // ProjectDescription's member of that name means that member (calling itself unconditionally, it would never end).
                if running.last == match.syntax.id, Self.apiTakes(name, on: type, written.map(\.label), catalog: catalog) {
                    return try apiCall(name, on: type, written, in: scope)
                }
                return try callDeclared([match], written, in: scope, owner: type, selfValue: nil, hint: hint)
            }
            if let found = declaration.cases.first(where: { $0.name == name }), let labels = found.labels {
                return try caseValue(found, labels: labels, of: type, written, in: scope)
            }
            if name == "init", declaration.isEnum || declaration.isStruct {
                return try initialize(declaration, written, in: scope)
            }
            if name == "init",
                declaration.initializers.contains(where: {
                    Self.bindings(of: $0.syntax.signature.parameterClause.parameters, for: written) != nil
                })
            {
                // An initializer a helper adds to a ProjectDescription type (`extension Project { init(…) }`) runs its own code.
                throw StaticFallback("an initializer the helpers declare on \(type)")
            }
        }
        guard catalog.isType(type) else { return .unknown("\(type).\(name)(...)") }
        if name == "init", written.isEmpty, let empty = emptyCollection(type) { return empty }
        return try apiCall(name, on: type, written, in: scope)
    }

    /// `SettingsDictionary()`, `[String]()` spelled through an alias, and `.init()` where one is asked
    /// (sudopark/TodoCalendar's `base: .init().swiftVersion("6.0")`): an empty collection; nil for other types.
    private func emptyCollection(_ type: String) -> TuistValue? {
        switch catalog.resolve(.named(type)) {
        case .dictionary: .dictionary([])
        case .array, .set: .list([])
        default: nil
        }
    }

    /// A struct's memberwise initializer, or an enum's `init(rawValue:)`.
    private func initialize(_ declaration: TuistDeclarations.TypeDeclaration, _ written: [WrittenArgument], in scope: Scope)
        throws(StaticFallback) -> TuistValue
    {
        if declaration.isEnum, written.count == 1, written.first?.label == "rawValue", let argument = written.first {
            let raw = try evaluate(argument.expression, in: scope)
            if raw.isUnknown { return raw }
            for found in declaration.cases where found.labels == nil && found.raw?.equals(raw) == true {
                return .userCase(UserCase(type: declaration.name, name: found.name, raw: found.raw, payload: []))
            }
            return .none
        }
        guard declaration.isStruct else { throw StaticFallback("an initializer of \(declaration.name)") }
        if !declaration.initializers.isEmpty { return try initialize(declaration, with: declaration.initializers, written, in: scope) }
        var fields: [(name: String, value: TuistValue)] = []
        var index = 0
        for field in declaration.fields {
            if index < written.count, written[index].label == field.name {
                fields.append((field.name, try evaluate(written[index].expression, in: scope, hint: field.type)))
                index += 1
            } else if let initial = field.initial {
                fields.append((field.name, try evaluate(initial, in: Scope(parent: nil, file: scope.file), hint: field.type)))
            } else {
                throw StaticFallback("\(declaration.name)(...) with other labels")
            }
        }
        guard index == written.count else { throw StaticFallback("\(declaration.name)(...) with other labels") }
        return .instance(Instance(type: declaration.name, fields: fields))
    }

    /// `.name` or `.name(...)` where Swift infers the type from `hint`; without one, the one type the
    /// helpers declare the member in, or ProjectDescription's.
    func implicitMember(_ name: String, arguments written: [WrittenArgument]?, in scope: Scope, hint: TypeHint?)
        throws(StaticFallback) -> TuistValue
    {
        if name == "none", written == nil, case .optional? = hint { return .none }
        // `settings: .init(.settings(…))` where a `Settings?` is asked (cakk-client's helpers): Swift looks the
        // member up on `Optional` first, and `Optional.init(_:)` and `.some(_:)` wrap their one argument.
        if case let .optional(wrapped)? = hint, let written, written.count == 1, written[0].label == nil,
            name == "some" || (name == "init" && !takesOneUnlabelled(wrapped))
        {
            return try evaluate(written[0].expression, in: scope, hint: wrapped)
        }
        var types: [String] = []
        if let hint, let named = hint.memberOwner { types.append(declarations.canonical(named)) }
        if let hint, let resolved = catalog.resolve(hint.unwrapped).name, !types.contains(resolved) { types.append(resolved) }
        if let hint, types.isEmpty { types += catalog.aliasNames(for: catalog.resolve(hint.unwrapped)) }
        if types.isEmpty {
            let declaring = declarations.types.values.filter { declaration in
                declaration.staticFunctions[name] != nil || declaration.staticProperties[name] != nil
                    || declaration.cases.contains { $0.name == name }
            }
            guard declaring.count <= 1 else { throw StaticFallback("'.\(name)' declared by several types, with no type to tell which") }
            if let only = declaring.first { types.append(only.name) }
        }
        for type in types {
            if written == nil, let nested = resolveType(name, context: type), nested == "\(type).\(name)" { return .type(nested) }
            if let written {
                if let declaration = declarations.type(type),
                    declaration.cases.contains(where: { $0.name == name }) || declaration.staticFunctions[name] != nil
                        || (name == "init" && (declaration.isStruct || declaration.isEnum))
                {
                    return try staticCall(name, on: type, written, in: scope, hint: hint)
                }
            } else if let value = try staticProperty(name, of: type) {
                return value
            }
        }
        let apiType = types.first { catalog.isType($0) } ?? types.first ?? ""
        if name == "init", written?.isEmpty == true, let empty = emptyCollection(apiType) { return empty }
        if let written { return try apiCall(name, on: apiType, written, in: scope) }
        return apiType.isEmpty
            ? .api(APIValue(type: "", member: name, arguments: nil, file: scope.file, line: manifestLine))
            : try apiProperty(name, of: apiType)
    }

    /// Whether `type` (a ProjectDescription type or the manifests' own) has an initializer that one unlabelled
    /// argument fits, which `.init(x)` then names instead of `Optional`'s.
    private func takesOneUnlabelled(_ type: TypeHint) -> Bool {
        guard let name = type.name else { return true }
        if let resolved = catalog.resolve(type).name, Self.apiTakes("init", on: resolved, [nil], catalog: catalog) { return true }
        return declarations.type(declarations.canonical(name))?.initializers.contains { initializer in
            initializer.syntax.signature.parameterClause.parameters.first?.firstName.tokenKind == .wildcard
        } ?? false
    }

    /// A call of ProjectDescription's: kept symbolic, its arguments evaluated with the types the
    /// catalogue gives for the overload their labels pick.
    func apiCall(_ name: String, on writtenType: String, _ written: [WrittenArgument], in scope: Scope) throws(StaticFallback) -> TuistValue
    {
        let labels = written.map(\.label)
        // With no type to go by, the one ProjectDescription type whose member of that name takes these labels.
        let type = writtenType.isEmpty ? catalog.onlyType(declaring: name, labels: labels) ?? "" : writtenType
        let signature = catalog.signature(of: type, member: name, labels: labels)?.signature
        var arguments: [Argument] = []
        var parameters = signature?.parameters[...] ?? []
        for argument in written {
            while let next = parameters.first, next.label != argument.label { parameters = parameters.dropFirst() }
            let hint = parameters.first?.type
            parameters = parameters.dropFirst()
            arguments.append(Argument(label: argument.label, value: try evaluate(argument.expression, in: scope, hint: hint)))
        }
        let value = APIValue(type: type, member: name, arguments: arguments, file: scope.file, line: manifestLine)
        if type == "Project", name == "init" { recordProject(value) }
        return .api(value)
    }

    /// For each parameter, the index of the argument it takes (`nil`: its default), when arguments with `labels`
    /// fit parameters with these labels and defaults, in order; `nil` when they do not.
    static func slots(_ labels: [String?], _ parameters: [(label: String?, hasDefault: Bool)]) -> [Int?]? {
        slots(arguments: labels.count, defaults: parameters.map(\.hasDefault)) { labels[$0] == parameters[$1].label }
    }

    /// For each of the parameters (whether each has a default), the index of the argument it takes (`nil`: its
    /// default), the `count` arguments taken in order, each by the next parameter it `fits`; `nil` when a parameter
    /// without a default is left without one, or an argument is left over. Swift's matching of a call's arguments.
    static func slots(arguments count: Int, defaults: [Bool], fits: (_ argument: Int, _ parameter: Int) -> Bool) -> [Int?]? {
        var result: [Int?] = []
        var index = 0
        for (parameter, hasDefault) in defaults.enumerated() {
            if index < count, fits(index, parameter) {
                result.append(index)
                index += 1
            } else if hasDefault {
                result.append(nil)
            } else {
                return nil
            }
        }
        return index == count ? result : nil
    }
}
