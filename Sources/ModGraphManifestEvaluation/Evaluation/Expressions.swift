import ModGraphCore
import ModGraphManifest
import SwiftSyntax

/// Type-checks and evaluates one expression against the type its context
/// expects, as Swift's bidirectional inference would for the subset
/// supported: literals take their type from the context, `.member` needs one,
/// and a value of the wrong type falls back (it would not compile).
extension Interpreter {
    func evaluate(_ expression: ExprSyntax, expected: ValueType?, depth: Int) throws(EvaluationFallback) -> Typed {
        try step(depth, expression)
        let result: Typed
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            // PackageDescription's string-literal types (`Target.Dependency`, `Version`, traits, …) are
            // not ExpressibleByStringInterpolation: only a `String` takes `"\(x)"`.
            if let wanted = expected?.unwrapped, wanted != .string, literal.segments.contains(where: { $0.is(ExpressionSegmentSyntax.self) }) {
                throw fallback("string interpolation where a \(wanted) literal is expected", at: expression)
            }
            result = try stringLiteral(try stringValue(literal, depth: depth), expected: expected, at: expression)
        } else if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            result = Typed(type: .bool, value: .bool(literal.literal.tokenKind == .keyword(.true)))
        } else if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            let digits = literal.literal.text
            guard digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else {
                throw fallback("an integer literal of another form", at: expression)
            }
            result = Typed(type: .int, value: .int(number))
        } else if expression.is(NilLiteralExprSyntax.self) {
            guard let expected, case .optional = expected else { throw fallback("nil where no optional is expected", at: expression) }
            return Typed(type: expected, value: .none)
        } else if let array = expression.as(ArrayExprSyntax.self) {
            result = try arrayLiteral(array, expected: expected, depth: depth)
        } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
            result = try variable(reference, depth: depth)
        } else if let access = expression.as(MemberAccessExprSyntax.self) {
            result = try member(access, arguments: nil, expected: expected, depth: depth)
        } else if let call = expression.as(FunctionCallExprSyntax.self) {
            result = try self.call(call, expected: expected, depth: depth)
        } else if let sequence = expression.as(SequenceExprSyntax.self) {
            result = try operators(sequence, expected: expected, depth: depth)
        } else if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            let operand = try evaluate(prefix.expression, expected: .bool, depth: depth + 1)
            guard case let .bool(flag) = operand.value else { throw fallback("! on something other than a Bool", at: expression) }
            result = Typed(type: .bool, value: .bool(!flag))
        } else if let subscriptCall = expression.as(SubscriptCallExprSyntax.self), let read = try environmentRead(subscriptCall) {
            result = read
        } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            result = try evaluate(only.expression, expected: expected, depth: depth + 1)
        } else {
            throw fallback("an expression of a kind not evaluated (\(expression.kind))", at: expression)
        }
        return try convert(result, to: expected, at: expression)
    }

    /// `value` where `expected` is wanted: the same type, or wrapped in an optional.
    func convert(_ value: Typed, to expected: ValueType?, at node: some SyntaxProtocol) throws(EvaluationFallback) -> Typed {
        guard let expected else { return value }
        if value.type == expected { return value }
        if case let .optional(wrapped) = expected, let inner = try? convert(value, to: wrapped, at: node) {
            return Typed(type: expected, value: inner.value)
        }
        throw fallback("a \(value.type) where a \(expected) is expected", at: node)
    }

    // MARK: Names

    private func variable(_ reference: DeclReferenceExprSyntax, depth: Int) throws(EvaluationFallback) -> Typed {
        guard reference.argumentNames == nil, case let .identifier(name) = reference.baseName.tokenKind else {
            throw fallback("a reference of another form", at: reference)
        }
        guard let binding = bindings[name] else {
            guard let (type, body) = computed[name], !evaluatingComputed.contains(name) else {
                throw fallback("an unknown name '\(name)'", at: reference)
            }
            evaluatingComputed.insert(name)
            defer { evaluatingComputed.remove(name) }
            return try evaluate(body, expected: type, depth: depth + 1)
        }
        guard binding.typed.type != .api(.package) else { throw fallback("the package used as a value", at: reference) }
        return binding.typed
    }

    /// The type a base expression names (`Target`, `Target.Dependency`, `Package.Dependency`), if it names one.
    func typeName(_ expression: ExprSyntax, depth: Int = 0) -> String? {
        guard depth <= 4 else { return nil }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            case let .identifier(name) = reference.baseName.tokenKind, bindings[name] == nil, computed[name] == nil
        {
            return name
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base, let outer = typeName(base, depth: depth + 1),
            case let .identifier(name) = access.declName.baseName.tokenKind
        {
            return outer == "PackageDescription" ? name : outer + "." + name
        }
        return nil
    }

    // MARK: Members and calls

    /// `.name` or `Type.name`, called with `arguments` or, when `nil`, read as a property.
    private func member(
        _ access: MemberAccessExprSyntax, arguments: LabeledExprListSyntax?, expected: ValueType?,
        depth: Int
    ) throws(EvaluationFallback) -> Typed {
        guard access.declName.argumentNames == nil else { throw fallback("a member reference with argument names", at: access) }
        let name = access.declName.baseName.text
        let owner: APIType
        if let base = access.base {
            if name == "self", arguments == nil, typeName(base) == "MainActor" {
                return Typed(type: .api(.mainActorType), value: .opaque)
            }
            guard let typeName = typeName(base), let named = APIType.byName[typeName] else {
                throw fallback("a member of something other than a PackageDescription type", at: access)
            }
            owner = named
        } else {
            guard case let .api(contextual)? = expected?.unwrapped else {
                throw fallback("'.\(name)' without a type from its context", at: access)
            }
            owner = contextual
        }
        return try apply(owner: owner, name: name, arguments: arguments, at: access, depth: depth)
    }

    private func call(_ call: FunctionCallExprSyntax, expected: ValueType?, depth: Int) throws(EvaluationFallback) -> Typed {
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty, call.leftParen != nil else {
            throw fallback("a call with a trailing closure", at: call)
        }
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return try member(access, arguments: call.arguments, expected: expected, depth: depth)
        }
        if let name = typeName(call.calledExpression), let owner = APIType.byName[name] {
            return try apply(owner: owner, name: "init", arguments: call.arguments, at: call, depth: depth)
        }
        throw fallback("a call of a function the evaluator does not know", at: call)
    }

    /// Picks the one member whose labels match, evaluates the arguments against its parameters, and runs it.
    private func apply(
        owner: APIType, name: String, arguments: LabeledExprListSyntax?, at node: some SyntaxProtocol,
        depth: Int
    ) throws(EvaluationFallback) -> Typed {
        if owner == .target, name == "macro", !imports.contains("CompilerPluginSupport") {
            throw fallback("'.macro' without importing CompilerPluginSupport", at: node)
        }
        let candidates = APICatalogue.members(of: owner, named: name).filter { member in
            member.isAvailable(in: toolsVersion) && (member.parameters == nil) == (arguments == nil)
        }
        guard let arguments else {
            guard candidates.count == 1, let member = candidates.first else {
                throw fallback("an unknown API '\(owner.rawValue).\(name)'", at: node)
            }
            return Typed(type: member.result, value: try member.make(Arguments()))
        }
        var matches: [(APIMember, [(Parameter, LabeledExprSyntax)])] = []
        for member in candidates {
            if let pairs = match(arguments, member.parameters ?? []) { matches.append((member, pairs)) }
        }
        guard !matches.isEmpty else {
            throw fallback("an unknown API or arguments '\(owner.rawValue).\(name)(\(labels(arguments)))'", at: node)
        }
        // Overloads with the same labels (`.macOS(.v13)` and `.macOS("13.0")`) are told apart by
        // the types of the arguments: exactly one may type-check.
        var results: [Typed] = []
        var firstFailure: EvaluationFallback?
        for (member, pairs) in matches {
            do throws(EvaluationFallback) {
                var values = Arguments()
                for (parameter, argument) in pairs {
                    values.set(parameter.key, try evaluate(argument.expression, expected: parameter.type, depth: depth + 1))
                }
                do {
                    results.append(Typed(type: member.result, value: try member.make(values)))
                } catch {
                    throw EvaluationFallback(error.reason, line: line(of: node))
                }
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        guard results.count <= 1 else { throw fallback("a call several overloads match", at: node) }
        guard let result = results.first else { throw firstFailure ?? fallback("a call no overload takes", at: node) }
        return result
    }

    /// The parameters `arguments` bind to, by label and order, skipping defaulted ones; `nil` when they do not fit.
    private func match(_ arguments: LabeledExprListSyntax, _ parameters: [Parameter]) -> [(Parameter, LabeledExprSyntax)]? {
        var pairs: [(Parameter, LabeledExprSyntax)] = []
        var remaining = arguments[...]
        for parameter in parameters where parameter.since.map({ toolsVersion >= $0 }) ?? true {
            if let argument = remaining.first, argument.label?.text == parameter.label {
                pairs.append((parameter, argument))
                remaining = remaining.dropFirst()
            } else if !parameter.hasDefault {
                return nil
            }
        }
        return remaining.isEmpty ? pairs : nil
    }

    private func labels(_ arguments: LabeledExprListSyntax) -> String {
        arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
    }

    // MARK: Operators

    /// `a && b || c` on `Bool`s: `&&` binds tighter than `||`; every operand is evaluated (they have no effects).
    private func logical(_ elements: [ExprSyntax], at node: SequenceExprSyntax, depth: Int) throws(EvaluationFallback) -> Typed {
        func flag(_ expression: ExprSyntax) throws(EvaluationFallback) -> Bool {
            guard case let .bool(value) = try evaluate(expression, expected: .bool, depth: depth + 1).value else {
                throw fallback("&& or || on something other than a Bool", at: expression)
            }
            return value
        }
        var any = false
        var group = try flag(elements[0])
        for index in stride(from: 1, to: elements.count, by: 2) {
            let operand = try flag(elements[index + 1])
            if elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" {
                group = group && operand
            } else {
                any = any || group
                group = operand
            }
        }
        return Typed(type: .bool, value: .bool(any || group))
    }

    /// `a + b + …` on arrays or strings, `a..<b` or `a...b` on versions, `a == b` and `a != b` on strings.
    private func operators(_ sequence: SequenceExprSyntax, expected: ValueType?, depth: Int) throws(EvaluationFallback) -> Typed {
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements.count % 2 == 1 else { throw fallback("an operator sequence of another form", at: sequence) }
        if elements.count == 3, let ternary = elements[1].as(UnresolvedTernaryExprSyntax.self) {
            // `flag ? a : b`: both branches must type-check; the one taken is the value.
            guard case let .bool(flag) = try evaluate(elements[0], expected: .bool, depth: depth + 1).value else {
                throw fallback("a ternary condition that is not a Bool", at: sequence)
            }
            let first = try evaluate(ternary.thenExpression, expected: expected, depth: depth + 1)
            let second = try evaluate(elements[2], expected: expected ?? first.type, depth: depth + 1)
            guard first.type == second.type else { throw fallback("a ternary whose branches differ in type", at: sequence) }
            return flag ? first : second
        }
        let operators = stride(from: 1, to: elements.count, by: 2).map { elements[$0].as(BinaryOperatorExprSyntax.self)?.operator.text }
        if elements.count == 3, let range = operators[0], range == "..<" || range == "..." {
            guard expected?.unwrapped == .api(.requirement) else {
                throw fallback("a range where no version requirement is expected", at: sequence)
            }
            let lower = try evaluate(elements[0], expected: .api(.version), depth: depth + 1)
            let upper = try evaluate(elements[2], expected: .api(.version), depth: depth + 1)
            guard case let .version(low) = lower.value, case let .version(high) = upper.value, low < high else {
                throw fallback("a version range that is empty or reversed", at: sequence)
            }
            // `a...b` is `a..<b` with the next patch, as PackageDescription turns a closed range into a half-open one.
            let end = range == "..." ? SemanticVersion(major: high.major, minor: high.minor, patch: high.patch + 1) : high
            return Typed(type: .api(.requirement), value: .requirement(.range(lowerBound: low.text, upperBound: end.text), legacy: false))
        }
        if elements.count == 3, let operation = operators[0], operation == "==" || operation == "!=" {
            return try comparison(elements[0], operation, elements[2], depth: depth)
        }
        if operators.allSatisfy({ $0 == "&&" || $0 == "||" }) {
            return try logical(elements, at: sequence, depth: depth)
        }
        guard operators.allSatisfy({ $0 == "+" }) else { throw fallback("an operator other than +", at: sequence) }
        var context = expected?.unwrapped
        if let known = context {
            guard known == .string || { if case .array = known { return true } else { return false } }() else {
                throw fallback("+ where a \(known) is expected", at: sequence)
            }
        }
        var result = try evaluate(elements[0], expected: context, depth: depth + 1)
        context = result.type
        for index in stride(from: 2, to: elements.count, by: 2) {
            let next = try evaluate(elements[index], expected: context, depth: depth + 1)
            switch (result.value, next.value) {
            case let (.string(left), .string(right)):
                guard left.utf8.count + right.utf8.count <= EvaluationBounds.maximumStringBytes else {
                    throw fallback("a string past the size bound", at: sequence)
                }
                result.value = .string(left + right)
            case let (.list(left), .list(right)):
                guard case .array = result.type else { throw fallback("+ on sets", at: sequence) }
                guard left.count + right.count <= EvaluationBounds.maximumArrayCount else {
                    throw fallback("an array past the size bound", at: sequence)
                }
                try charge(left.count + right.count, at: sequence)
                result.value = .list(left + right)
            default:
                throw fallback("+ on values other than arrays and strings", at: sequence)
            }
        }
        return result
    }
}
