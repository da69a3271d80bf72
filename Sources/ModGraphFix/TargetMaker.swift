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

    /// The function of `syntax` that makes target `name`, when there is exactly one such declaration in it
    /// and every call of it names its target with a literal.
    static func of(_ name: String, in syntax: ManifestSyntax) -> TargetMaker? {
        for item in syntax.file.statements {
            guard let function = item.item.as(FunctionDeclSyntax.self), let maker = maker(function, in: syntax),
                maker.made.contains(name)
            else { continue }
            return maker
        }
        return nil
    }

    private static func maker(_ function: FunctionDeclSyntax, in syntax: ManifestSyntax) -> TargetMaker? {
        guard let body = function.body else { return nil }
        let parameters = function.signature.parameterClause.parameters.map { ($0.firstName.text, ($0.secondName ?? $0.firstName).text) }
        var declarations: [(call: FunctionCallExprSyntax, label: String)] = []
        // Inside the body, by place in the text (each walk of the tree makes its nodes anew).
        let inside = body.position..<body.endPosition
        for call in syntax.calls(where: { inside.contains($0.position) && $0.endPosition <= inside.upperBound }) {
            let called = call.calledExpression
            guard
                called.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "target"
                    || called.as(DeclReferenceExprSyntax.self)?.baseName.text == "Target",
                ManifestSyntax.argument("product", of: call) != nil,
                let reference = ManifestSyntax.argument("name", of: call)?.expression.as(DeclReferenceExprSyntax.self),
                let parameter = parameters.first(where: { $0.1 == reference.baseName.text })
            else { continue }
            declarations.append((call, parameter.0))
        }
        guard declarations.count == 1, let declaration = declarations.first, declaration.label != "_" else { return nil }
        let name = function.name.text
        var made: [String] = []
        for call in syntax.calls(where: { $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name }) {
            guard let argument = ManifestSyntax.argument(declaration.label, of: call),
                let literal = ManifestSyntax.literal(argument.expression)
            else { return nil }
            made.append(literal)
        }
        return made.isEmpty ? nil : TargetMaker(function: name, call: declaration.call, made: made)
    }
}
