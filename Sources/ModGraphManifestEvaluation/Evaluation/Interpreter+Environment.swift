import ModGraphManifest
import SwiftSyntax

/// What manifests do with the environment: read a variable (`ProcessInfo.processInfo.environment["CI"]`
/// with Foundation or its ProcessInfo imported, `Context.environment["CI"]` from tools-version 5.6) and compare it with `nil`
/// or a string (`if Context.environment["SWIFTCI_USE_LOCAL_DEPS"] == nil { … }`, swift-nio's and
/// isowords' manifests). The value is the host's (``EvaluationHost/environment``), the one `dump-package`
/// would see; anything else about the environment falls back.
extension Interpreter {
    /// `base["NAME"]` where `base` is the environment: the variable's value, `String?`; nil for any other subscript.
    func environmentRead(_ subscriptCall: SubscriptCallExprSyntax) throws(EvaluationFallback) -> Typed? {
        let base = subscriptCall.calledExpression.trimmedDescription
        let readsProcess =
            base == "ProcessInfo.processInfo.environment" && (imports.contains("Foundation") || imports.contains("Foundation.ProcessInfo"))
        let readsContext = base == "Context.environment" && toolsVersion >= ToolsVersion(major: 5, minor: 6, patch: 0)
        guard readsProcess || readsContext else { return nil }
        guard subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first, argument.label == nil,
            subscriptCall.trailingClosure == nil, let literal = argument.expression.as(StringLiteralExprSyntax.self),
            literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else {
            throw fallback("an environment variable named other than by a plain string literal", at: subscriptCall)
        }
        let value = host.environment[segment.content.text]
        return Typed(type: .optional(.string), value: value.map(Value.string) ?? .none)
    }

    /// `a == b` or `a != b` on strings, optional strings and `nil`: a `Bool`.
    func comparison(_ left: ExprSyntax, _ operation: String, _ right: ExprSyntax, depth: Int) throws(EvaluationFallback) -> Typed {
        let first = try evaluate(left, expected: nil, depth: depth + 1)
        guard first.type.unwrapped == .string else { throw fallback("\(operation) on values other than strings", at: left) }
        let second = try evaluate(right, expected: .optional(.string), depth: depth + 1)
        let equal: Bool
        switch (first.value, second.value) {
        case let (.string(a), .string(b)): equal = a == b
        case (.none, .none): equal = true
        case (.string, .none), (.none, .string): equal = false
        default: throw fallback("\(operation) on values other than strings", at: right)
        }
        return Typed(type: .bool, value: .bool(operation == "==" ? equal : !equal))
    }
}
