import ModGraphSyntax
import SwiftSyntax

/// Finds a file's imports. Swift allows them only at the top level, inside
/// `#if` blocks at any depth, so only those are walked, not the whole tree.
struct ImportCollector {
    let lines: LineTable

    /// - Complexity: O(n) in the number of top-level items, `#if` clauses included.
    func imports(in file: SourceFileSyntax) -> [ImportStatement] {
        var result: [ImportStatement] = []
        collect(file.statements, conditions: [], into: &result)
        return result
    }

    /// Whether the file's top level holds imports and `#if` blocks of imports only (comments are trivia).
    ///
    /// - Complexity: O(n) in the number of top-level items, `#if` clauses included.
    static func holdsOnlyImports(_ file: SourceFileSyntax) -> Bool {
        func only(_ items: CodeBlockItemListSyntax) -> Bool {
            items.allSatisfy { item in
                if item.item.is(ImportDeclSyntax.self) { return true }
                guard let block = item.item.as(IfConfigDeclSyntax.self) else { return false }
                return block.clauses.allSatisfy { clause in
                    switch clause.elements {
                    case nil: return true
                    case let .statements(nested)?: return only(nested)
                    default: return false
                    }
                }
            }
        }
        return only(file.statements)
    }

    private func collect(_ items: CodeBlockItemListSyntax, conditions: [BuildCondition], into result: inout [ImportStatement]) {
        for item in items {
            if let declaration = item.item.as(ImportDeclSyntax.self) {
                result.append(statement(declaration, conditions))
            } else if let block = item.item.as(IfConfigDeclSyntax.self) {
                for (clause, condition) in ConditionReader.clauses(of: block) {
                    if case let .statements(nested) = clause.elements {
                        collect(nested, conditions: conditions + [condition], into: &result)
                    }
                }
            }
        }
    }

    private func statement(_ declaration: ImportDeclSyntax, _ conditions: [BuildCondition]) -> ImportStatement {
        let path = declaration.path.map(\.name.text)
        let attributes = declaration.attributes.map(\.trimmedText)
        let accessLevel = declaration.modifiers.first { modifier in
            ["public", "package", "internal", "fileprivate", "private", "open"].contains(modifier.name.text)
        }?.name.text
        let location = lines.location(of: declaration)
        return ImportStatement(
            module: path.first ?? "", path: path, kind: declaration.importKindSpecifier?.text,
            attributes: attributes, accessLevel: accessLevel, condition: BuildCondition.all(conditions),
            line: location.line, column: location.column)
    }
}

/// Reads `#if` conditions into ``BuildCondition``s.
enum ConditionReader {
    /// Each clause with the condition under which its body is compiled: its own
    /// condition, after the negation of every clause before it (`#elseif`, `#else`).
    static func clauses(of block: IfConfigDeclSyntax) -> [(IfConfigClauseSyntax, BuildCondition)] {
        var earlier: [BuildCondition] = []
        var result: [(IfConfigClauseSyntax, BuildCondition)] = []
        for clause in block.clauses {
            let own = clause.condition.map(condition(of:))
            let parts = earlier.map { BuildCondition.not($0) } + (own.map { [$0] } ?? [])
            // An `#else` with nothing before it cannot occur; `true` keeps the type total.
            result.append((clause, BuildCondition.all(parts) ?? .check(name: "true", argument: nil)))
            if let own { earlier.append(own) }
        }
        return result
    }

    /// The parser leaves `a || b && c` as a flat sequence; `&&` binds tighter than `||`.
    static func condition(of expression: ExprSyntax) -> BuildCondition {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return fold(Array(sequence.elements))
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let name = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            let left = condition(of: infix.leftOperand)
            let right = condition(of: infix.rightOperand)
            if name == "&&" { return .and(left, right) }
            if name == "||" { return .or(left, right) }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return .not(condition(of: prefix.expression))
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return condition(of: only.expression)
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return .check(name: name, argument: call.arguments.first?.expression.trimmedText)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return .check(name: reference.baseName.text, argument: nil)
        }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return .check(name: literal.literal.text, argument: nil)
        }
        return .other(expression.trimmedText)
    }

    private static func fold(_ elements: [ExprSyntax]) -> BuildCondition {
        func split(_ items: [ExprSyntax], on name: String) -> [[ExprSyntax]] {
            var groups: [[ExprSyntax]] = [[]]
            for item in items {
                if item.as(BinaryOperatorExprSyntax.self)?.operator.text == name {
                    groups.append([])
                } else {
                    groups[groups.count - 1].append(item)
                }
            }
            return groups
        }
        func operand(_ items: [ExprSyntax]) -> BuildCondition {
            items.count == 1 ? condition(of: items[0]) : .other(items.map(\.trimmedText).joined(separator: " "))
        }
        let alternatives = split(elements, on: "||").map { group in
            split(group, on: "&&").map(operand).reduce(nil as BuildCondition?) { partial, next in partial.map { .and($0, next) } ?? next }
        }.compactMap { $0 }
        guard var result = alternatives.first else { return .other(elements.map(\.trimmedText).joined(separator: " ")) }
        for next in alternatives.dropFirst() { result = .or(result, next) }
        return result
    }
}
