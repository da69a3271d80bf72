import SwiftSyntax

/// A function of a Tuist manifest that makes targets: `func mainTarget(name: String, …) -> Target {
/// .target(name: name, …) }`, called with a literal name for each (kMail makes its two app targets
/// so). Its one `.target(…)` is where those targets' dependencies are written: a change every target
/// it makes needs is made there, once.
struct TargetMaker {
    /// The function's name.
    let function: String
    /// Its `.target(…)` or `Target(…)` call, whose `name:` is the function's parameter.
    let call: FunctionCallExprSyntax
    /// The names of the targets it makes: the literal each of its calls passes.
    let made: [String]

    /// The functions of `syntax` that make targets: each top-level function with one `.target(…)` named by a
    /// parameter, every call of which names its target with a literal. One walk of each function's body and
    /// one of the file, whatever the number of functions.
    static func all(in syntax: ManifestSyntax) -> [TargetMaker] {
        var callsByName: [String: [FunctionCallExprSyntax]] = [:]
        for call in syntax.calls(where: { $0.calledExpression.is(DeclReferenceExprSyntax.self) }) {
            if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                callsByName[name, default: []].append(call)
            }
        }
        return syntax.file.statements.compactMap { item in
            item.item.as(FunctionDeclSyntax.self).flatMap { maker($0, calls: callsByName[$0.name.text] ?? [], in: syntax) }
        }
    }

    private static func maker(_ function: FunctionDeclSyntax, calls: [FunctionCallExprSyntax], in syntax: ManifestSyntax) -> TargetMaker? {
        guard let body = function.body, !calls.isEmpty else { return nil }
        let parameters = function.signature.parameterClause.parameters.map { ($0.firstName.text, ($0.secondName ?? $0.firstName).text) }
        var declarations: [(call: FunctionCallExprSyntax, label: String)] = []
        for call in syntax.calls(in: Syntax(body), where: TuistEditor.declaresTarget) {
            guard let reference = ManifestSyntax.argument("name", of: call)?.expression.as(DeclReferenceExprSyntax.self),
                let parameter = parameters.first(where: { $0.1 == reference.baseName.text })
            else { continue }
            declarations.append((call, parameter.0))
        }
        guard declarations.count == 1, let declaration = declarations.first, declaration.label != "_" else { return nil }
        var made: [String] = []
        for call in calls {
            guard let argument = ManifestSyntax.argument(declaration.label, of: call),
                let literal = ManifestSyntax.literal(argument.expression)
            else { return nil }
            made.append(literal)
        }
        return TargetMaker(function: function.name.text, call: declaration.call, made: made)
    }
}
