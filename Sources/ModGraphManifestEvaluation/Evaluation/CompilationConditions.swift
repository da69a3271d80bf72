import ModGraphManifest
import SwiftSyntax

/// Decides an `#if` condition for the host, where it can be decided exactly:
/// `os(...)`, `arch(...)`, `compiler(>=…)`/`compiler(<…)`, `swift(>=…)`/`swift(<…)`,
/// `canImport(Darwin)` off Apple's systems, `TUIST` (false), `true`, `false`, and `!`, `&&`,
/// `||`, parentheses over them. Other `canImport`s, custom flags and the rest fall back.
struct CompilationConditions {
    let host: EvaluationHost
    /// The manifest's tools-version, which sets the language mode `swift(...)` compares with.
    let toolsVersion: ToolsVersion

    private static let operatingSystems: Set<String> = [
        "macOS", "iOS", "tvOS", "watchOS", "visionOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Haiku", "Cygwin",
        "PS4",
    ]
    private static let architectures: Set<String> = [
        "x86_64", "arm64", "i386", "arm", "arm64_32", "powerpc64", "powerpc64le", "s390x", "wasm32", "riscv64",
    ]

    typealias Failure = (_ node: ExprSyntax, _ reason: String) -> EvaluationFallback

    func evaluate(_ condition: ExprSyntax, depth: Int = 0, failure: Failure) throws(EvaluationFallback) -> Bool {
        guard depth <= EvaluationBounds.maximumNesting else { throw failure(condition, "an #if condition nested past the bound") }
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return try evaluate(only.expression, depth: depth + 1, failure: failure)
        }
        // `#if TUIST`: Tuist defines it where it compiles `Tuist/Package.swift` for its `PackageSettings`; SwiftPM,
        // whose reading this is, defines no custom condition for a manifest (`swift package dump-package` takes the
        // `#else`). Other custom conditions are left undecided.
        if let flag = condition.as(DeclReferenceExprSyntax.self), flag.argumentNames == nil, flag.baseName.text == "TUIST" {
            return false
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return try !evaluate(prefix.expression, depth: depth + 1, failure: failure)
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return try logical(Array(sequence.elements), depth: depth, failure: failure)
        }
        if let call = condition.as(FunctionCallExprSyntax.self), let function = call.calledExpression.as(DeclReferenceExprSyntax.self),
            call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil, call.trailingClosure == nil
        {
            switch function.baseName.text {
            case "os":
                guard let name = identifier(argument.expression), Self.operatingSystems.contains(name) else {
                    throw failure(condition, "an os() the evaluator does not know")
                }
                return name == host.operatingSystem
            case "arch":
                guard let name = identifier(argument.expression), Self.architectures.contains(name) else {
                    throw failure(condition, "an arch() the evaluator does not know")
                }
                return name == host.architecture
            case "compiler":
                return try compare(argument.expression, with: host.compilerVersion, failure: failure)
            case "swift":
                return try compare(argument.expression, with: languageVersion(failure: { failure(condition, $0) }), failure: failure)
            case "canImport":
                // Darwin is on Apple's systems only; every other module depends on the toolchain and the system.
                guard identifier(argument.expression) == "Darwin", host.operatingSystem == "Linux" else {
                    throw failure(condition, "a canImport() not decided here")
                }
                return false
            default:
                break
            }
        }
        throw failure(condition, "an #if condition not decided here")
    }

    /// `a && b || c`: `&&` binds tighter than `||`; both are evaluated whole (no side effects).
    private func logical(_ elements: [ExprSyntax], depth: Int, failure: Failure) throws(EvaluationFallback) -> Bool {
        guard elements.count >= 3, elements.count % 2 == 1 else { throw failure(elements[0], "an #if condition of another form") }
        var anyGroup = false
        var group = try evaluate(elements[0], depth: depth + 1, failure: failure)
        for index in stride(from: 1, to: elements.count, by: 2) {
            let operand = try evaluate(elements[index + 1], depth: depth + 1, failure: failure)
            switch elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text {
            case "&&": group = group && operand
            case "||":
                anyGroup = anyGroup || group
                group = operand
            default: throw failure(elements[index], "an operator other than && and || in #if")
            }
        }
        return anyGroup || group
    }

    private func identifier(_ expression: ExprSyntax) -> String? {
        guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            case let .identifier(name) = reference.baseName.tokenKind
        else { return nil }
        return name
    }

    /// The version `swift(...)` compares with: manifests of tools-version 6 and later compile
    /// in the Swift 6 language mode, where it is the compiler's version; earlier ones in the
    /// Swift 5 mode, where a Swift 6 compiler says 5.10 (`dump-package` on 6.3.1, tested).
    private func languageVersion(failure: (String) -> EvaluationFallback) throws(EvaluationFallback) -> ToolsVersion {
        if toolsVersion.major >= 6 { return host.compilerVersion }
        guard host.compilerVersion.major >= 6, toolsVersion.major == 5 else { throw failure("swift() with an older compiler") }
        return ToolsVersion(major: 5, minor: 10)
    }

    /// `compiler(>=6.0)`, `swift(<6)`, compared with `actual`.
    private func compare(_ expression: ExprSyntax, with actual: ToolsVersion, failure: Failure) throws(EvaluationFallback) -> Bool {
        guard let prefix = expression.as(PrefixOperatorExprSyntax.self), [">=", "<"].contains(prefix.operator.text) else {
            throw failure(expression, "a compiler() condition of another form")
        }
        let text: String
        if let float = prefix.expression.as(FloatLiteralExprSyntax.self) {
            text = float.literal.text
        } else if let integer = prefix.expression.as(IntegerLiteralExprSyntax.self) {
            text = integer.literal.text
        } else {
            throw failure(expression, "a compiler() version of another form")
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let major = parts[0], parts.allSatisfy({ $0 != nil }) else {
            throw failure(expression, "a compiler() version of another form")
        }
        let wanted = ToolsVersion(major: major, minor: parts.count > 1 ? parts[1] ?? 0 : 0)
        return prefix.operator.text == ">=" ? actual >= wanted : actual < wanted
    }
}
