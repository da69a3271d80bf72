import SwiftSyntax

extension TuistInterpreter {
    /// The value of `expression` where Swift would infer it to be of type `hint`.
    func evaluate(_ expression: ExprSyntax, in scope: Scope, hint: TypeHint? = nil) throws(StaticFallback) -> TuistValue {
        try atManifestLine(of: expression, in: scope) { () throws(StaticFallback) -> TuistValue in
            try evaluateHere(expression, in: scope, hint: hint)
        }
    }

    private func evaluateHere(_ expression: ExprSyntax, in scope: Scope, hint: TypeHint?) throws(StaticFallback) -> TuistValue {
        try step()
        lastPlace = (Syntax(expression), scope.file)
        if let literal = expression.as(StringLiteralExprSyntax.self) { return try string(literal, in: scope) }
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            guard let value = Int(literal.literal.text.replacingOccurrences(of: "_", with: "")) else { return .unknown("a number") }
            return hint?.name == "Double" ? .double(Double(value)) : .int(value)
        }
        if let literal = expression.as(FloatLiteralExprSyntax.self) {
            return Double(literal.literal.text.replacingOccurrences(of: "_", with: "")).map(TuistValue.double) ?? .unknown("a number")
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.tokenKind == .keyword(.true)) }
        if expression.is(NilLiteralExprSyntax.self) { return .none }
        if let array = expression.as(ArrayExprSyntax.self) { return try self.array(array, in: scope, hint: hint) }
        if let dictionary = expression.as(DictionaryExprSyntax.self) { return try self.dictionary(dictionary, in: scope, hint: hint) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return try name(reference.baseName.unquoted, in: scope) }
        if let member = expression.as(MemberAccessExprSyntax.self) { return try access(member, in: scope, hint: hint) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return try self.call(call, in: scope, hint: hint) }
        if let tuple = expression.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                return try evaluate(only.expression, in: scope, hint: hint)
            }
            return try self.tuple(tuple, in: scope)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) { return try operation(infix, in: scope, hint: hint) }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            let chosen = try truth(evaluate(ternary.condition, in: scope)) ? ternary.thenExpression : ternary.elseExpression
            return try evaluate(chosen, in: scope, hint: hint)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) { return try self.prefix(prefix, in: scope) }
        if let closure = expression.as(ClosureExprSyntax.self) { return .function(Callable(body: .closure(closure), scope: scope)) }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            let value = try evaluate(unwrap.expression, in: scope, hint: hint.map { .optional($0) })
            if case .none = value { throw StaticFallback("a force unwrap of nil") }
            return value
        }
        if let chain = expression.as(OptionalChainingExprSyntax.self) { return try evaluate(chain.expression, in: scope) }
        if let attempt = expression.as(TryExprSyntax.self) { return try evaluate(attempt.expression, in: scope, hint: hint) }
        if let reference = expression.as(InOutExprSyntax.self) { return try evaluate(reference.expression, in: scope, hint: hint) }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return try self.subscriptValue(subscriptCall, in: scope) }
        if let keyPath = expression.as(KeyPathExprSyntax.self) { return try self.keyPath(keyPath) }
        if let macro = expression.as(MacroExpansionExprSyntax.self) {
            switch macro.macroName.text {
            case "file", "filePath", "fileID": return .string(scope.file)
            default: return .unknown("#\(macro.macroName.text)")
            }
        }
        if let conditional = expression.as(IfExprSyntax.self) { return try ifValue(conditional, in: scope, hint: hint) }
        if let choice = expression.as(SwitchExprSyntax.self) {
            let (body, inner) = try chooseCase(choice, in: scope)
            guard let body else { throw StaticFallback("a switch expression without a matching case") }
            return try self.body(body, in: inner, hint: hint)
        }
        if let cast = expression.as(AsExprSyntax.self) {
            guard cast.questionOrExclamationMark == nil else { return .unknown("a cast") }
            return try evaluate(cast.expression, in: scope, hint: TypeHint(cast.type))
        }
        if expression.is(DiscardAssignmentExprSyntax.self) { return .unknown("_") }
        throw StaticFallback("an expression of a kind not evaluated (\(expression.kind))")
    }

    private func ifValue(_ conditional: IfExprSyntax, in scope: Scope, hint: TypeHint?) throws(StaticFallback) -> TuistValue {
        let inner = Scope(parent: scope)
        if try conditions(conditional.conditions, in: scope, binding: inner) {
            return try body(conditional.body.statements, in: inner, hint: hint)
        }
        switch conditional.elseBody {
        case let .ifExpr(next)?: return try ifValue(next, in: scope, hint: hint)
        case let .codeBlock(block)?: return try body(block.statements, in: Scope(parent: scope), hint: hint)
        case nil: throw StaticFallback("an if expression without else")
        }
    }

    // MARK: Literals

    private func string(_ literal: StringLiteralExprSyntax, in scope: Scope) throws(StaticFallback) -> TuistValue {
        var text = ""
        let isRaw = literal.openingPounds != nil
        for segment in literal.segments {
            if let part = segment.as(StringSegmentSyntax.self) {
                guard let piece = isRaw ? part.content.text : Self.unescaped(part.content.text) else {
                    return .unknown("a string with an escape the evaluator does not read")
                }
                text += piece
            } else if let part = segment.as(ExpressionSegmentSyntax.self) {
                guard part.expressions.count == 1, let only = part.expressions.first, only.label == nil else {
                    return .unknown("an interpolation with arguments")
                }
                let value = try evaluate(only.expression, in: scope)
                guard let piece = interpolated(value) else { return .unknown("an interpolation of \(describe(value))") }
                text += piece
            }
            guard text.utf8.count <= Self.maximumStringBytes else { throw StaticFallback("a string longer than the bound") }
        }
        return .string(text)
    }

    /// What `"\(value)"` and `String(describing:)` print, where the evaluator knows it: a case its name
    /// (unless its type declares a `description` of its own), a type its name without the types around it
    /// (`"\(Self.self)"` in `Feature.Home` is `Home`).
    func interpolated(_ value: TuistValue) -> String? {
        switch value {
        case let .string(text): text
        case let .int(number): String(number)
        case let .double(number): String(number)
        case let .bool(flag): flag ? "true" : "false"
        case let .userCase(value) where value.payload.isEmpty:
            declarations.type(value.type)?.instanceProperties["description"] == nil ? value.name : nil
        case let .type(name): name.split(separator: ".").last.map(String.init)
        default: nil
        }
    }

    /// A string literal's text with its escapes (`\n`, `\"`, `\u{41}`) read; `nil` for one it does not read.
    static func unescaped(_ text: String) -> String? {
        guard text.contains("\\") else { return text }
        var result = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            switch characters.next() {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "\\": result.append("\\")
            case "\"": result.append("\"")
            case "'": result.append("'")
            case "u":
                guard characters.next() == "{" else { return nil }
                var digits = ""
                while let next = characters.next(), next != "}" { digits.append(next) }
                guard let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
                result.unicodeScalars.append(scalar)
            default: return nil
            }
        }
        return result
    }

    /// Without a type where it is written, Swift infers the literal's from its elements: in
    /// `[deps, [.SPM.FLEX]].flatMap { $0 }` the second element has the type of `deps`. Elements are still
    /// evaluated once each, in order, so an implicit member takes the type of an element before it.
    private func array(_ array: ArrayExprSyntax, in scope: Scope, hint: TypeHint?) throws(StaticFallback) -> TuistValue {
        var element = hint.flatMap { elementHint(of: $0) }
        var items: [TuistValue] = []
        for item in array.elements {
            let value = try evaluate(item.expression, in: scope, hint: element)
            if hint == nil, element == nil { element = literalHint(of: value) }
            items.append(value)
        }
        if case .set? = hint.map(catalog.resolve)?.unwrapped { return .list(deduplicated(items)) }
        return .list(items)
    }

    /// The type of a value as an element of an inferred literal: a value of a known type, or an array of them.
    private func literalHint(of value: TuistValue) -> TypeHint? {
        if case let .list(items) = value { return items.first.flatMap(literalHint(of:)).map(TypeHint.array) }
        return typeHint(of: value)
    }

    /// The element type of a literal written where `hint` is expected: an array's, a set's, or an
    /// array-literal ProjectDescription type's (`SourceFilesList` holds `SourceFileGlob`s).
    func elementHint(of hint: TypeHint) -> TypeHint? {
        let resolved = catalog.resolve(hint.unwrapped)
        if let element = resolved.element { return element }
        if case let .named(name) = resolved { return catalog.entry(name)?.arrayElement }
        return nil
    }

    func deduplicated(_ items: [TuistValue]) -> [TuistValue] {
        var kept: [TuistValue] = []
        for item in items where !kept.contains(where: { $0.equals(item) == true }) {
            kept.append(item)
        }
        return kept
    }

    private func dictionary(_ dictionary: DictionaryExprSyntax, in scope: Scope, hint: TypeHint?) throws(StaticFallback) -> TuistValue {
        guard case let .elements(elements) = dictionary.content else { return .dictionary([]) }
        let (keyHint, valueHint) = dictionaryHints(hint)
        var entries: [(key: TuistKey, value: TuistValue)] = []
        for element in elements {
            let written = try evaluate(element.key, in: scope, hint: keyHint)
            guard let key = TuistKey(written) else { return .unknown("a dictionary with keys of \(describe(written))") }
            let value = try evaluate(element.value, in: scope, hint: valueHint)
            if let index = entries.firstIndex(where: { $0.key == key }) {
                entries[index].value = value
            } else {
                entries.append((key, value))
            }
        }
        return .dictionary(entries)
    }

    private func keyPath(_ path: KeyPathExprSyntax) throws(StaticFallback) -> TuistValue {
        guard path.root == nil else { throw StaticFallback("a key path with a root type") }
        var names: [String] = []
        for component in path.components {
            guard case let .property(property) = component.component else { throw StaticFallback("a key path of another form") }
            names.append(property.declName.baseName.unquoted)
        }
        return .keyPath(names)
    }

    /// The type a call of an initializer makes (`Kind(rawValue:)`, `Kind.init(…)`), read from the syntax.
    func madeType(_ expression: ExprSyntax, in scope: Scope) -> TypeHint? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.unquoted == "init", let base = member.base {
            called = base
        }
        guard let reference = called.as(DeclReferenceExprSyntax.self) else { return nil }
        return resolveType(reference.baseName.unquoted, context: scope.typeContext).map(TypeHint.named)
    }

    // MARK: Operators

    private func prefix(_ expression: PrefixOperatorExprSyntax, in scope: Scope) throws(StaticFallback) -> TuistValue {
        let value = try evaluate(expression.expression, in: scope)
        switch (expression.operator.text, value) {
        case let ("!", .bool(flag)): return .bool(!flag)
        case let ("-", .int(number)): return .int(-number)
        case let ("-", .double(number)): return .double(-number)
        case (_, .unknown): return value
        default: throw StaticFallback("the operator \(expression.operator.text) on \(describe(value))")
        }
    }

    private func operation(_ infix: InfixOperatorExprSyntax, in scope: Scope, hint: TypeHint?) throws(StaticFallback) -> TuistValue {
        guard let symbol = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            throw StaticFallback("an assignment inside an expression")
        }
        switch symbol {
        case "&&":
            guard try truth(evaluate(infix.leftOperand, in: scope)) else { return .bool(false) }
            return .bool(try truth(evaluate(infix.rightOperand, in: scope)))
        case "||":
            if try truth(evaluate(infix.leftOperand, in: scope)) { return .bool(true) }
            return .bool(try truth(evaluate(infix.rightOperand, in: scope)))
        case "??":
            let left = try evaluate(infix.leftOperand, in: scope, hint: hint.map { .optional($0) })
            if case .none = left {
                // `Kind(rawValue: text) ?? .dev`: the default takes the type the left side makes.
                return try evaluate(infix.rightOperand, in: scope, hint: hint ?? madeType(infix.leftOperand, in: scope))
            }
            return left
        default:
            break
        }
        let left = try evaluate(infix.leftOperand, in: scope, hint: hint)
        // `$0.product == .app`: the right side takes the left's type.
        let right = try evaluate(infix.rightOperand, in: scope, hint: ["==", "!="].contains(symbol) ? typeHint(of: left) ?? hint : hint)
        return try binary(symbol, left, right)
    }

    func binary(_ symbol: String, _ left: TuistValue, _ right: TuistValue) throws(StaticFallback) -> TuistValue {
        if left.isUnknown { return left }
        if right.isUnknown { return right }
        // A ProjectDescription value the evaluator keeps symbolic (`.default + [...]` of resource synthesizers): not computed.
        if symbol != "==", symbol != "!=", case .api = left { return .unknown("\(describe(left)) \(symbol) \(describe(right))") }
        if symbol != "==", symbol != "!=", case .api = right { return .unknown("\(describe(left)) \(symbol) \(describe(right))") }
        switch (symbol, left, right) {
        case let ("+", .string(a), .string(b)):
            guard a.utf8.count + b.utf8.count <= Self.maximumStringBytes else { throw StaticFallback("a string longer than the bound") }
            return .string(a + b)
        case let ("+", .list(a), .list(b)):
            guard a.count + b.count <= Self.maximumCount else { throw StaticFallback("an array longer than the bound") }
            try step(a.count + b.count)
            return .list(a + b)
        case let ("+", .int(a), .int(b)): return .int(a &+ b)
        case let ("-", .int(a), .int(b)): return .int(a &- b)
        case let ("*", .int(a), .int(b)): return .int(a &* b)
        case let ("..<", .int(a), .int(b)), let ("...", .int(a), .int(b)):
            // A range, as the list of its numbers (`for index in 0..<count`).
            let end = symbol == "..<" ? b : b &+ 1
            guard a <= end else { throw StaticFallback("a range with its bounds reversed") }
            guard end - a <= Self.maximumCount else { throw StaticFallback("a range longer than the bound") }
            try step(end - a)
            return .list((a..<end).map(TuistValue.int))
        case let ("<", .int(a), .int(b)): return .bool(a < b)
        case let (">", .int(a), .int(b)): return .bool(a > b)
        case let ("<=", .int(a), .int(b)): return .bool(a <= b)
        case let (">=", .int(a), .int(b)): return .bool(a >= b)
        case ("==", _, _), ("!=", _, _):
            guard let same = left.equals(right) else { throw StaticFallback("a comparison of \(describe(left)) and \(describe(right))") }
            return .bool(symbol == "==" ? same : !same)
        default:
            throw StaticFallback("the operator \(symbol) on \(describe(left)) and \(describe(right))")
        }
    }

    // MARK: Mutations

    /// `x = e`, `x += e`, `x.append(e)`, `x.append(contentsOf: e)`, `x.insert(e, at: i)` on a local
    /// variable; `false` for an expression that is none of these.
    func mutate(_ expression: ExprSyntax, in scope: Scope) throws(StaticFallback) -> Bool {
        var target: String?
        var newValue: TuistValue?
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            infix.operator.is(AssignmentExprSyntax.self) || infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+="
        {
            let isAssignment = infix.operator.is(AssignmentExprSyntax.self)
            let (left, right) = (infix.leftOperand, infix.rightOperand)
            if let member = left.as(MemberAccessExprSyntax.self) {
                try assignField(member, right, compound: !isAssignment, in: scope)
                return true
            }
            if let element = left.as(SubscriptCallExprSyntax.self), isAssignment {
                try assignElement(element, right, in: scope)
                return true
            }
            guard let name = left.as(DeclReferenceExprSyntax.self)?.baseName.unquoted else {
                throw StaticFallback("an assignment to something other than a local variable")
            }
            guard let current = scope.lookup(name) else {
                // A field assigned without `self.` in an initializer.
                let field = MemberAccessExprSyntax(base: DeclReferenceExprSyntax(baseName: .keyword(.self)), name: .identifier(name))
                try assignField(field, right, compound: !isAssignment, in: scope)
                return true
            }
            let value = try evaluate(right, in: scope, hint: scope.hint(for: name))
            target = name
            newValue = isAssignment ? value : try binary("+", current, value)
        } else if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.unquoted,
            ["append", "insert", "removeAll", "removeFirst", "removeLast", "formUnion", "merge"].contains(member.declName.baseName.unquoted)
        {
            guard let current = scope.lookup(name) else { return false }
            // `targets.append(.target(…))`: the element takes the type the variable was declared with, or its elements'.
            var element = scope.hint(for: name).flatMap { elementHint(of: $0) }
            if element == nil, case let .list(items) = current, let first = items.first { element = typeHint(of: first) }
            let arguments = try call.arguments.map { argument throws(StaticFallback) in
                let hint = argument.label?.unquoted == "contentsOf" ? element.map { TypeHint.array($0) } : element
                return Argument(label: argument.label?.unquoted, value: try evaluate(argument.expression, in: scope, hint: hint))
            }
            target = name
            newValue = try mutated(current, member.declName.baseName.unquoted, arguments)
        }
        guard let target, let newValue else { return false }
        guard scope.assign(target, newValue) else { throw StaticFallback("an assignment to '\(target)', not a local variable") }
        return true
    }

    /// The types of a dictionary's keys and values, where `hint` says it is one (aliases such as `SettingsDictionary` followed).
    private func dictionaryHints(_ hint: TypeHint?) -> (key: TypeHint?, value: TypeHint?) {
        if case let .dictionary(key, value)? = hint.map(catalog.resolve)?.unwrapped { return (key, value) }
        return (nil, nil)
    }

    /// `infoPlist["CFBundleIdentifier"] = .string(id)` on a local dictionary (`= nil` removes the key), or
    /// `list[2] = value` on a local array within its bounds, where Swift would otherwise stop.
    private func assignElement(_ element: SubscriptCallExprSyntax, _ valueSyntax: ExprSyntax, in scope: Scope) throws(StaticFallback) {
        guard let name = element.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.unquoted, let current = scope.lookup(name),
            element.arguments.count == 1, let argument = element.arguments.first, argument.label == nil
        else { throw StaticFallback("an assignment to an element of something other than a local variable") }
        let (keyHint, valueHint) = dictionaryHints(scope.hint(for: name))
        let key = try evaluate(argument.expression, in: scope, hint: keyHint)
        var updated: TuistValue
        switch (current, key, TuistKey(key)) {
        case let (.dictionary(entries), _, text?):
            let value = try evaluate(valueSyntax, in: scope, hint: valueHint)
            if case .none = value {
                updated = .dictionary(entries.filter { $0.key != text })
            } else if let index = entries.firstIndex(where: { $0.key == text }) {
                var replaced = entries
                replaced[index].value = value
                updated = .dictionary(replaced)
            } else {
                guard entries.count < Self.maximumCount else { throw StaticFallback("a dictionary larger than the bound") }
                updated = .dictionary(entries + [(key: text, value: value)])
            }
        case let (.list(items), .int(index), _) where items.indices.contains(index):
            var list = items
            list[index] = try evaluate(valueSyntax, in: scope, hint: scope.hint(for: name).flatMap { elementHint(of: $0) })
            updated = .list(list)
        default:
            throw StaticFallback("an assignment to an element of \(describe(current))")
        }
        guard scope.assign(name, updated) else { throw StaticFallback("an assignment to '\(name)', not a local variable") }
    }

    /// `variable.field = value` (and `+=`) on a local holding a struct's value, `self` in an initializer included,
    /// or a ProjectDescription value (``assignArgument(_:of:named:_:compound:in:)``).
    private func assignField(_ member: MemberAccessExprSyntax, _ valueSyntax: ExprSyntax, compound: Bool, in scope: Scope)
        throws(StaticFallback)
    {
        let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.unquoted
        let field = member.declName.baseName.unquoted
        if let base, case let .api(call)? = scope.lookup(base) {
            return try assignArgument(field, of: call, named: base, valueSyntax, compound: compound, in: scope)
        }
        guard let base, case let .instance(instance)? = scope.lookup(base) else {
            throw StaticFallback("an assignment to a property of something other than a local struct")
        }
        let hint = declarations.type(instance.type)?.fields.first { $0.name == field }?.type
        var value = try evaluate(valueSyntax, in: scope, hint: hint)
        if compound { value = try binary("+", instance.field(field) ?? .unknown("\(instance.type).\(field)"), value) }
        var updated = instance
        if let index = updated.fields.firstIndex(where: { $0.name == field }) {
            updated.fields[index].value = value
        } else {
            updated.fields.append((field, value))
        }
        guard scope.assign(base, .instance(updated)) else { throw StaticFallback("an assignment to a property of the constant '\(base)'") }
    }

    /// `target.infoPlist = …` on a local `var target = Target.target(…)`: ProjectDescription's values are structs whose
    /// properties are the arguments they are made with (a property read is the argument of its label), so the
    /// assignment sets that argument, as if it had been written in the call. Only a property the signature its
    /// arguments fit takes (ProjectDescription's catalogue, as a property read finds a default) is set: another
    /// is not known to be one.
    private func assignArgument(
        _ field: String, of call: APIValue, named base: String, _ valueSyntax: ExprSyntax, compound: Bool, in scope: Scope
    ) throws(StaticFallback) {
        guard var arguments = call.arguments,
            let parameter = catalog.parameter(field, of: call.type, member: call.member, labels: arguments.map(\.label))
        else {
            throw StaticFallback("an assignment to \(call.type).\(call.member)'s \(field), which the evaluator does not know")
        }
        var value = try evaluate(valueSyntax, in: scope, hint: parameter.type)
        if compound {
            let current = call.argument(field) ?? defaultArgument(field, of: call) ?? .unknown("\(call.type)'s \(field)")
            value = try binary("+", current, value)
        }
        if let index = arguments.firstIndex(where: { $0.label == field }) {
            arguments[index].value = value
        } else {
            arguments.append(Argument(label: field, value: value))
        }
        var updated = call
        updated.arguments = arguments
        guard scope.assign(base, .api(updated)) else { throw StaticFallback("an assignment to a property of the constant '\(base)'") }
    }

    private func mutated(_ current: TuistValue, _ method: String, _ arguments: [Argument]) throws(StaticFallback) -> TuistValue {
        if current.isUnknown { return current }
        switch (current, method, arguments.map(\.label), arguments.first?.value) {
        case let (.list(items), "append", [nil], value?):
            guard items.count < Self.maximumCount else { throw StaticFallback("an array longer than the bound") }
            return .list(items + [value])
        case let (.list, "append", ["contentsOf"], value?), let (.list, "formUnion", [nil], value?):
            return try binary("+", current, value)
        case let (.list(items), "insert", [nil, "at"], value?):
            guard case let .int(index) = arguments[1].value, index >= 0, index <= items.count else {
                throw StaticFallback("an insert at an index the evaluator cannot tell")
            }
            var copy = items
            copy.insert(value, at: index)
            return .list(copy)
        case (.list, "removeAll", [], nil):
            return .list([])
        case let (.list(items), "removeFirst", [], nil) where !items.isEmpty:
            return .list(Array(items.dropFirst()))
        case let (.list(items), "removeLast", [], nil) where !items.isEmpty:
            return .list(Array(items.dropLast()))
        case let (.dictionary(entries), "merge", [nil, "uniquingKeysWith"], .dictionary(other)?):
            return try .dictionary(merged(entries, other, arguments[1].value))
        default:
            throw StaticFallback("the mutation \(method) of \(describe(current))")
        }
    }

    func merged(_ entries: [(key: TuistKey, value: TuistValue)], _ other: [(key: TuistKey, value: TuistValue)], _ combine: TuistValue)
        throws(StaticFallback) -> [(key: TuistKey, value: TuistValue)]
    {
        var result = entries
        for (key, value) in other {
            if let index = result.firstIndex(where: { $0.key == key }) {
                result[index].value = try apply(combine, [result[index].value, value])
            } else {
                result.append((key, value))
            }
        }
        return result
    }

    // MARK: Switch

    /// The body of the case `choice` takes, with a scope holding what its pattern binds; `nil` when no case matches.
    func chooseCase(_ choice: SwitchExprSyntax, in scope: Scope) throws(StaticFallback) -> (CodeBlockItemListSyntax?, Scope) {
        let subject = try evaluate(choice.subject, in: scope)
        if subject.isUnknown { throw StaticFallback("a switch over \(describe(subject))") }
        for element in choice.cases {
            guard case let .switchCase(switchCase) = element else { throw StaticFallback("#if inside a switch") }
            let inner = Scope(parent: scope)
            switch switchCase.label {
            case .default:
                return (switchCase.statements, inner)
            case let .case(label):
                for item in label.caseItems {
                    guard item.whereClause == nil else { throw StaticFallback("a case with where") }
                    if try matches(item.pattern, subject, binding: inner, in: scope) { return (switchCase.statements, inner) }
                }
            }
        }
        return (nil, scope)
    }

    private func matches(_ pattern: PatternSyntax, _ subject: TuistValue, binding: Scope, in scope: Scope) throws(StaticFallback) -> Bool {
        if pattern.is(WildcardPatternSyntax.self) { return true }
        if let bound = pattern.as(ValueBindingPatternSyntax.self) {
            return try matches(bound.pattern, subject, binding: binding, in: scope)
        }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else {
            throw StaticFallback("a case pattern of another form")
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            return caseName(of: subject) == member.declName.baseName.unquoted
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil
        {
            guard caseName(of: subject) == member.declName.baseName.unquoted, case let .userCase(value) = subject,
                value.payload.count == call.arguments.count
            else { return false }
            for (argument, payload) in zip(call.arguments, value.payload) {
                if let name = Self.boundName(argument.expression) {
                    binding.declare(name, payload.value, mutable: false)
                } else if !argument.expression.is(DiscardAssignmentExprSyntax.self) {
                    throw StaticFallback("a case pattern of another form")
                }
            }
            return true
        }
        let value = try evaluate(expression, in: scope)
        guard let same = value.equals(subject) else { throw StaticFallback("a case comparing \(describe(value))") }
        return same
    }

    /// `let x` or `x` (under an outer `let`) in a case pattern.
    private static func boundName(_ expression: ExprSyntax) -> String? {
        if let pattern = expression.as(PatternExprSyntax.self) {
            if let bound = pattern.pattern.as(ValueBindingPatternSyntax.self) {
                return bound.pattern.as(IdentifierPatternSyntax.self)?.identifier.unquoted
            }
            return pattern.pattern.as(IdentifierPatternSyntax.self)?.identifier.unquoted
        }
        // `let .feature(module as any Convertible)`: a cast to a protocol the payload conforms to binds it as it is.
        if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil { return boundName(cast.expression) }
        return expression.as(DeclReferenceExprSyntax.self)?.baseName.unquoted
    }

    private func caseName(of value: TuistValue) -> String? {
        switch value {
        case let .userCase(value): value.name
        case let .api(value) where value.arguments == nil: value.member
        default: nil
        }
    }
}
