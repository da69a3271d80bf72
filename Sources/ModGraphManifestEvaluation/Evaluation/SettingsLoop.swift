import ModGraphCore
import SwiftSyntax

/// `for target in package.targets [where …] { … }` when the loop only adds
/// build settings, a common way to turn on compiler features for every
/// target. Settings are not part of ModGraph's ``Manifest``, so such a loop
/// changes nothing evaluated here, but it must still compile, and
/// `dump-package` rejects settings on system, binary and plugin targets: the
/// loop is type-checked, and run once per target type in the package to find
/// whether it gives such a target settings.
///
/// The body may hold only `var s = target.swiftSettings ?? []` (or `cSettings`,
/// `cxxSettings`, `linkerSettings`), `s.append(…)`, `s.append(contentsOf: …)`,
/// `s += …`, `target.swiftSettings = s`, `()`, and a `switch target.type` of
/// such statements; the `where` clause may compare `target.type` with `==`,
/// `!=` or `[…].contains(target.type)`, under `!`, `&&`, `||`.
extension Interpreter {
    private static let settingKinds: [String: APIType] = [
        "swiftSettings": .swiftSetting, "cSettings": .cSetting, "cxxSettings": .cxxSetting, "linkerSettings": .linkerSetting,
    ]
    private static let targetTypes: [String: TargetType] = [
        "regular": .regular, "executable": .executable, "test": .test, "system": .system, "binary": .binary, "plugin": .plugin,
        "macro": .macro,
    ]

    func runSettingsLoop(_ loop: ForStmtSyntax, depth: Int) throws(EvaluationFallback) {
        guard loop.tryKeyword == nil, loop.awaitKeyword == nil, loop.caseKeyword == nil, loop.typeAnnotation == nil,
            let pattern = loop.pattern.as(IdentifierPatternSyntax.self), case let .identifier(variable) = pattern.identifier.tokenKind,
            let sequence = loop.sequence.as(MemberAccessExprSyntax.self), sequence.declName.baseName.text == "targets",
            let base = sequence.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == packageVariable,
            let packageVariable, case let .package(state)? = bindings[packageVariable]?.typed.value
        else {
            throw fallback("a loop of a kind not evaluated", at: loop)
        }
        // The loop variable and the body's locals hide globals of the same names while the body runs.
        let hidden = bindings
        defer { bindings = hidden }
        bindings[variable] = nil
        for type in Set(state.targets.map(\.type)) {
            if let condition = loop.whereClause?.condition {
                guard try typeCondition(condition, variable: variable, type: type, depth: depth + 1) else { continue }
            }
            var locals: [String: (kind: String, count: Int)] = [:]
            let givesSettings = try settingsBlock(loop.body.statements, variable: variable, type: type, locals: &locals, depth: depth + 1)
            if givesSettings, ![.regular, .executable, .test, .macro].contains(type) {
                throw fallback("a loop that gives build settings to a \(type.rawValue) target", at: loop)
            }
        }
    }

    /// Runs a block of the loop's body for targets of `type`; whether it assigns a non-empty settings list.
    private func settingsBlock(
        _ items: CodeBlockItemListSyntax, variable: String, type: TargetType,
        locals: inout [String: (kind: String, count: Int)], depth: Int
    ) throws(EvaluationFallback) -> Bool {
        var givesSettings = false
        for item in items {
            try step(depth, item)
            if let declaration = item.item.as(VariableDeclSyntax.self) {
                guard declaration.attributes.isEmpty, declaration.modifiers.isEmpty, declaration.bindings.count == 1,
                    let binding = declaration.bindings.first, binding.typeAnnotation == nil, binding.accessorBlock == nil,
                    let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
                    case let .identifier(name) = pattern.identifier.tokenKind,
                    let value = binding.initializer?.value.as(SequenceExprSyntax.self),
                    let kind = existingSettings(value, variable: variable),
                    locals[name] == nil
                else {
                    throw fallback("a declaration in a loop of another form", at: declaration)
                }
                bindings[name] = nil
                locals[name] = (kind, 0)
                continue
            }
            if let switchStatement = item.item.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self) {
                givesSettings =
                    try settingsSwitch(switchStatement, variable: variable, type: type, locals: &locals, depth: depth + 1) || givesSettings
                continue
            }
            guard let expression = item.item.as(ExprSyntax.self) else { throw fallback("a statement in a loop of another form", at: item) }
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.isEmpty { continue }
            if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
                let parts = Array(sequence.elements)
                let isAssignment = parts[1].is(AssignmentExprSyntax.self)
                if isAssignment, let target = parts[0].as(MemberAccessExprSyntax.self), isProperty(target, of: variable),
                    let reference = parts[2].as(DeclReferenceExprSyntax.self), let local = locals[reference.baseName.text],
                    local.kind == target.declName.baseName.text
                {
                    givesSettings = givesSettings || local.count > 0
                    continue
                }
                if parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=",
                    let reference = parts[0].as(DeclReferenceExprSyntax.self),
                    let local = locals[reference.baseName.text], let element = Self.settingKinds[local.kind]
                {
                    let added = try evaluate(parts[2], expected: .array(.api(element)), depth: depth + 1)
                    locals[reference.baseName.text]?.count += added.value.list?.count ?? 0
                    continue
                }
            }
            if let call = expression.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
                access.declName.baseName.text == "append", call.trailingClosure == nil, call.arguments.count == 1,
                let argument = call.arguments.first, let reference = access.base?.as(DeclReferenceExprSyntax.self),
                let local = locals[reference.baseName.text], let element = Self.settingKinds[local.kind]
            {
                switch argument.label?.text {
                case nil:
                    _ = try evaluate(argument.expression, expected: .api(element), depth: depth + 1)
                    locals[reference.baseName.text]?.count += 1
                case "contentsOf":
                    let added = try evaluate(argument.expression, expected: .array(.api(element)), depth: depth + 1)
                    locals[reference.baseName.text]?.count += added.value.list?.count ?? 0
                default:
                    throw fallback("append with another label", at: call)
                }
                continue
            }
            throw fallback("a statement in a loop of another form", at: expression)
        }
        return givesSettings
    }

    /// `target.swiftSettings ?? []`: the settings kind.
    private func existingSettings(_ sequence: SequenceExprSyntax, variable: String) -> String? {
        let parts = Array(sequence.elements)
        guard parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let array = parts[2].as(ArrayExprSyntax.self), array.elements.isEmpty,
            let access = parts[0].as(MemberAccessExprSyntax.self), isProperty(access, of: variable)
        else { return nil }
        return access.declName.baseName.text
    }

    private func isProperty(_ access: MemberAccessExprSyntax, of variable: String) -> Bool {
        access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == variable && Self.settingKinds[access.declName.baseName.text] != nil
    }

    /// `switch target.type { case .regular, .test: …; default: … }`, exhaustive as Swift requires.
    private func settingsSwitch(
        _ statement: SwitchExprSyntax, variable: String, type: TargetType,
        locals: inout [String: (kind: String, count: Int)], depth: Int
    ) throws(EvaluationFallback) -> Bool {
        guard let subject = statement.subject.as(MemberAccessExprSyntax.self), subject.declName.baseName.text == "type",
            subject.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == variable
        else {
            throw fallback("a switch on something other than the target's type", at: statement)
        }
        var covered = Set<String>()
        var chosen: CodeBlockItemListSyntax?
        var defaultBlock: CodeBlockItemListSyntax?
        for element in statement.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else { throw fallback("an #if among switch cases", at: element) }
            switch switchCase.label {
            case let .default(label):
                guard defaultBlock == nil else { throw fallback("two defaults", at: label) }
                defaultBlock = switchCase.statements
            case let .case(label):
                for item in label.caseItems {
                    guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self),
                        let member = pattern.expression.as(MemberAccessExprSyntax.self), member.base == nil,
                        let named = Self.targetTypes[member.declName.baseName.text],
                        member.declName.baseName.text != "macro" || toolsVersion >= version(5, 9),
                        covered.insert(named.rawValue).inserted
                    else {
                        throw fallback("a case of another form", at: item)
                    }
                    if named == type, chosen == nil { chosen = switchCase.statements }
                }
            }
        }
        // TargetType is not frozen: without a default, whether the switch compiles depends on the language mode.
        guard defaultBlock != nil else { throw fallback("a switch on the target type without a default", at: statement) }
        guard let block = chosen ?? defaultBlock else { return false }
        return try settingsBlock(block, variable: variable, type: type, locals: &locals, depth: depth + 1)
    }

    /// A `where` clause on the target's type, decided for `type`.
    private func typeCondition(_ condition: ExprSyntax, variable: String, type: TargetType, depth: Int) throws(EvaluationFallback) -> Bool {
        try step(depth, condition)
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return try typeCondition(only.expression, variable: variable, type: type, depth: depth + 1)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return try !typeCondition(prefix.expression, variable: variable, type: type, depth: depth + 1)
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return try typeSequence(Array(sequence.elements), variable: variable, type: type, depth: depth + 1)
        }
        if let call = condition.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "contains", let array = access.base?.as(ArrayExprSyntax.self), !array.elements.isEmpty,
            call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil, isTypeOf(argument.expression, variable),
            call.trailingClosure == nil
        {
            var types: [TargetType] = []
            for element in array.elements {
                guard let named = typeName(of: element.expression) else { throw fallback("a target type of another form", at: element) }
                types.append(named)
            }
            return types.contains(type)
        }
        throw fallback("a where clause of another form", at: condition)
    }

    /// `a == .x && b != .y || …`: `||` binds loosest, then `&&`, then `==` and `!=`.
    private func typeSequence(_ parts: [ExprSyntax], variable: String, type: TargetType, depth: Int) throws(EvaluationFallback) -> Bool {
        guard let first = parts.first, parts.count % 2 == 1 else { throw EvaluationFallback("a where clause of another form") }
        for operation in ["||", "&&"] {
            let splits = stride(from: 1, to: parts.count, by: 2).filter {
                parts[$0].as(BinaryOperatorExprSyntax.self)?.operator.text == operation
            }
            guard !splits.isEmpty else { continue }
            var result = operation == "&&"
            var start = 0
            for end in splits + [parts.count] {
                let value = try typeSequence(Array(parts[start..<end]), variable: variable, type: type, depth: depth + 1)
                result = operation == "&&" ? (result && value) : (result || value)
                start = end + 1
            }
            return result
        }
        if parts.count == 1 { return try typeCondition(first, variable: variable, type: type, depth: depth + 1) }
        guard parts.count == 3, let operation = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            ["==", "!="].contains(operation),
            isTypeOf(parts[0], variable), let named = typeName(of: parts[2])
        else {
            throw fallback("a where clause of another form", at: first)
        }
        return (named == type) == (operation == "==")
    }

    private func isTypeOf(_ expression: ExprSyntax, _ variable: String) -> Bool {
        guard let access = expression.as(MemberAccessExprSyntax.self) else { return false }
        return access.declName.baseName.text == "type" && access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == variable
    }

    /// `.regular`, `.macro` (5.9), …
    private func typeName(of expression: ExprSyntax) -> TargetType? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.base == nil,
            let type = Self.targetTypes[member.declName.baseName.text]
        else { return nil }
        return type == .macro && toolsVersion < version(5, 9) ? nil : type
    }
}
