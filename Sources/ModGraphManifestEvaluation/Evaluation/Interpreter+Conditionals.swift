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
    /// the branch taken runs as a scope of its own, whose declarations end with it. The branches
    /// not taken are type-checked all the same (``typeCheckingOnly(_:)``), as the compiler checks them.
    func runIf(_ statement: IfExprSyntax, depth: Int, running: Bool = true) throws(EvaluationFallback) {
        guard statement.conditions.count == 1, case let .expression(condition)? = statement.conditions.first?.condition else {
            throw fallback("an if statement of another form (let, case, several conditions)", at: statement)
        }
        let value = try evaluate(condition, expected: .bool, depth: depth + 1)
        guard case let .bool(flag) = value.value else { throw fallback("an if condition that is not a Bool", at: condition) }
        let taken = running && flag
        if taken {
            try runScope(statement.body.statements, depth: depth)
        } else {
            try typeCheckingOnly { () throws(EvaluationFallback) in try runScope(statement.body.statements, depth: depth) }
        }
        guard let elseBody = statement.elseBody else { return }
        let elseRuns = running && !flag
        switch elseBody {
        case let .ifExpr(next):
            try runIf(next, depth: depth + 1, running: elseRuns)
        case let .codeBlock(block):
            if elseRuns {
                try runScope(block.statements, depth: depth)
            } else {
                try typeCheckingOnly { () throws(EvaluationFallback) in try runScope(block.statements, depth: depth) }
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
