import Foundation
import SwiftSyntax

extension TuistInterpreter {
    /// A function of the standard library's (`max`, `String(describing:)`, `Set(…)`) or a type's initializer: what a
    /// name called means once no local, helper or method of `self` has it, or when written `Swift.name`.
    func standardCall(_ name: String, _ written: [WrittenArgument], in scope: Scope, hint: TypeHint?) throws(StaticFallback)
        -> TuistValue
    {
        switch name {
        case "fatalError", "preconditionFailure":
            // The compiled manifest stops here: it prints no project.
            throw StaticFallback("\(name)(...) reached")
        case "precondition", "assert":
            guard let condition = written.first else { throw StaticFallback("\(name) without a condition") }
            if try !truth(evaluate(condition.expression, in: scope)) { throw StaticFallback("a failed \(name)") }
            return .none
        case "Int" where written.count == 1 && written.first?.label == nil:
            // `Int("15")`: nil where the text is no number, as Swift's failable initializer.
            guard let first = try evaluatePositional(written, in: scope).first else { return .none }
            switch first {
            case let .int(number): return .int(number)
            case let .string(text): return Int(text).map(TuistValue.int) ?? .none
            default: return first.isUnknown ? first : .unknown("Int of \(describe(first))")
            }
        case "max", "min":
            let values = try evaluatePositional(written, in: scope)
            let numbers = values.compactMap { value -> Int? in if case let .int(number) = value { number } else { nil } }
            guard values.count >= 2, numbers.count == values.count, written.allSatisfy({ $0.label == nil }) else {
                return .unknown("\(name)(...) of other values")
            }
            return .int((name == "max" ? numbers.max() : numbers.min()) ?? 0)
        case "Set":
            // `Set([.framework, .tests])` where a `Set<FeatureTarget>` is expected: the elements take its element type.
            let element = hint.flatMap { elementHint(of: $0) }
            let values = try written.map { argument throws(StaticFallback) in
                try evaluate(argument.expression, in: scope, hint: element.map { TypeHint.array($0) })
            }
            guard values.count <= 1, written.first?.label == nil else { throw StaticFallback("Set(...) of another form") }
            guard let first = values.first else { return .list([]) }
            if case let .list(items) = first { return .list(deduplicated(items)) }
            return first.isUnknown ? first : .unknown("Set of \(describe(first))")
        case "Array":
            let values = try written.map { argument throws(StaticFallback) in try evaluate(argument.expression, in: scope, hint: hint) }
            guard values.count == 1, let first = values.first else { throw StaticFallback("Array(...) of another form") }
            return first
        case "String":
            let values = try evaluatePositional(written, in: scope)
            guard values.count == 1, written.first?.label == nil || written.first?.label == "describing", let first = values.first else {
                return .unknown("String(...) of another form")
            }
            // `String(characters)`: the characters (strings of one, ``builtin``) joined.
            if written.first?.label == nil, case let .list(items) = first, let texts = items.strings, texts.allSatisfy({ $0.count == 1 }) {
                return .string(texts.joined())
            }
            return interpolated(first).map(TuistValue.string) ?? .unknown("String of \(describe(first))")
        case "Character" where written.count == 1 && written.first?.label == nil:
            let values = try evaluatePositional(written, in: scope)
            guard case let .string(text)? = values.first, text.count == 1 else { return .unknown("Character(...) of another kind") }
            return .string(text)
        default:
            break
        }
        if let type = name == "Self" ? scope.typeContext : resolveType(name, context: scope.typeContext) {
            return try staticCall("init", on: type, written, in: scope, hint: hint)
        }
        return .unknown("a call of '\(name)'")
    }

    /// Foundation's `text.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines)` (or `.whitespaces`,
    /// `.newlines`), as RevenueCat's BinarySizeTest manifest trims an environment variable; nil for another set,
    /// or where the helpers declare a `CharacterSet` of their own.
    func trimmed(_ text: String, _ written: [WrittenArgument]) -> String? {
        guard written.count == 1, written[0].label == "in", declarations.type("CharacterSet") == nil,
            let member = written[0].expression.as(MemberAccessExprSyntax.self),
            member.base.map({ $0.trimmedDescription == "CharacterSet" }) ?? true
        else { return nil }
        let set: CharacterSet
        switch member.declName.baseName.text {
        case "whitespacesAndNewlines": set = .whitespacesAndNewlines
        case "whitespaces": set = .whitespaces
        case "newlines": set = .newlines
        default: return nil
        }
        return text.trimmingCharacters(in: set)
    }
}
