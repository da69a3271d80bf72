import SwiftSyntax

/// `#if` blocks and `if` statements: the clause or branch taken runs, the rest is skipped
/// (it must still parse, which SwiftParser has checked).
extension Interpreter {
    func runActiveClause(of conditional: IfConfigDeclSyntax, depth: Int) throws(EvaluationFallback) {
        for clause in conditional.clauses {
            var isActive = true
            if let condition = clause.condition {
                isActive = try CompilationConditions(host: host, toolsVersion: toolsVersion).evaluate(condition) { node, reason in
                    fallback(reason, at: node)
                }
            }
            guard isActive else { continue }
            switch clause.elements {
            case nil: return
            case let .statements(items)?: return try run(items, depth: depth + 1)
            default: throw fallback("an #if around something other than statements", at: clause)
            }
        }
    }

    /// `if flag { … } else if … { … } else { … }` on `Bool` constants (`!`, `&&`, `||` allowed):
    /// the branch taken runs as a scope of its own, whose declarations end with it.
    func runIf(_ statement: IfExprSyntax, depth: Int) throws(EvaluationFallback) {
        guard statement.conditions.count == 1, case let .expression(condition)? = statement.conditions.first?.condition else {
            throw fallback("an if statement of another form (let, case, several conditions)", at: statement)
        }
        let value = try evaluate(condition, expected: .bool, depth: depth + 1)
        guard case let .bool(taken) = value.value else { throw fallback("an if condition that is not a Bool", at: condition) }
        if taken {
            try runScope(statement.body.statements, depth: depth)
        } else if let elseBody = statement.elseBody {
            switch elseBody {
            case let .ifExpr(next): try runIf(next, depth: depth + 1)
            case let .codeBlock(block): try runScope(block.statements, depth: depth)
            }
        }
    }

    /// Runs `items` as a nested scope: what it declares is gone afterwards, and it may not declare the package.
    func runScope(_ items: CodeBlockItemListSyntax, depth: Int) throws(EvaluationFallback) {
        let outer = Set(bindings.keys)
        let package = packageVariable
        try run(items, depth: depth + 1)
        guard packageVariable == package else { throw fallback("a Package(...) inside an if statement", at: items) }
        for name in bindings.keys where !outer.contains(name) { bindings[name] = nil }
    }

}
