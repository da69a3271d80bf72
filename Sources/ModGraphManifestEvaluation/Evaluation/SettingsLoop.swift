import ModGraphCore
import ModGraphManifest
import SwiftSyntax

/// `for target in package.targets [where …] { … }` when the loop only adds
/// build settings, a common way to turn on compiler features for every
/// target. The loop is type-checked and run for each target, whose settings
/// it changes; `dump-package` rejects settings on system, binary and plugin
/// targets, so a loop that gives such a target settings falls back.
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
        var hidden = bindings
        defer { bindings = hidden }
        bindings[variable] = nil
        var targets = state.targets
        for index in targets.indices {
            let type = targets[index].type
            if let condition = loop.whereClause?.condition {
                guard try typeCondition(condition, variable: variable, type: type, depth: depth + 1) else { continue }
            }
            var run = SettingsRun(target: targets[index])
            try settingsBlock(loop.body.statements, variable: variable, run: &run, depth: depth + 1)
            if run.givesSettings, ![.regular, .executable, .test, .macro].contains(type) {
                throw fallback("a loop that gives build settings to a \(type.rawValue) target", at: loop)
            }
            targets[index] = run.target
        }
        var changed = state
        changed.targets = targets
        hidden[packageVariable]?.typed.value = .package(changed)
    }

    /// One target's pass through the loop's body: the locals it declared (each a settings list of one kind), and the target as changed.
    private struct SettingsRun {
        var target: TargetValue
        var locals: [String: (kind: String, settings: [BuildSetting])] = [:]
        /// Whether the body assigned the target a non-empty settings list.
        var givesSettings = false
    }

    /// Runs a block of the loop's body for one target.
    private func settingsBlock(
        _ items: CodeBlockItemListSyntax, variable: String, run: inout SettingsRun, depth: Int
    ) throws(EvaluationFallback) {
        for item in items {
            try step(depth, item)
            if let declaration = item.item.as(VariableDeclSyntax.self) {
                guard declaration.attributes.isEmpty, declaration.modifiers.isEmpty, declaration.bindings.count == 1,
                    let binding = declaration.bindings.first, binding.typeAnnotation == nil, binding.accessorBlock == nil,
                    let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
                    case let .identifier(name) = pattern.identifier.tokenKind,
                    let value = binding.initializer?.value.as(SequenceExprSyntax.self),
                    let kind = existingSettings(value, variable: variable),
                    run.locals[name] == nil
                else {
                    throw fallback("a declaration in a loop of another form", at: declaration)
                }
                bindings[name] = nil
                run.locals[name] = (kind, run.target.settings[kind] ?? [])
                continue
            }
            if let switchStatement = item.item.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self) {
                try settingsSwitch(switchStatement, variable: variable, run: &run, depth: depth + 1)
                continue
            }
            guard let expression = item.item.as(ExprSyntax.self) else { throw fallback("a statement in a loop of another form", at: item) }
            if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.isEmpty { continue }
            if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
                let parts = Array(sequence.elements)
                let isAssignment = parts[1].is(AssignmentExprSyntax.self)
                if isAssignment, let target = parts[0].as(MemberAccessExprSyntax.self), isProperty(target, of: variable),
                    let reference = parts[2].as(DeclReferenceExprSyntax.self), let local = run.locals[reference.baseName.text],
                    local.kind == target.declName.baseName.text
                {
                    run.givesSettings = run.givesSettings || !local.settings.isEmpty
                    run.target.settings[local.kind] = local.settings
                    continue
                }
                if parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=",
                    let reference = parts[0].as(DeclReferenceExprSyntax.self),
                    let local = run.locals[reference.baseName.text], let element = Self.settingKinds[local.kind]
                {
                    let added = try evaluate(parts[2], expected: .array(.api(element)), depth: depth + 1)
                    run.locals[reference.baseName.text]?.settings += try settings(added.value.list ?? [], at: expression)
                    continue
                }
            }
            if let call = expression.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
                access.declName.baseName.text == "append", call.trailingClosure == nil, call.arguments.count == 1,
                let argument = call.arguments.first, let reference = access.base?.as(DeclReferenceExprSyntax.self),
                let local = run.locals[reference.baseName.text], let element = Self.settingKinds[local.kind]
            {
                switch argument.label?.text {
                case nil:
                    let added = try evaluate(argument.expression, expected: .api(element), depth: depth + 1)
                    run.locals[reference.baseName.text]?.settings += try settings([added.value], at: expression)
                case "contentsOf":
                    let added = try evaluate(argument.expression, expected: .array(.api(element)), depth: depth + 1)
                    run.locals[reference.baseName.text]?.settings += try settings(added.value.list ?? [], at: expression)
                default:
                    throw fallback("append with another label", at: call)
                }
                continue
            }
            throw fallback("a statement in a loop of another form", at: expression)
        }
    }

    private func settings(_ values: [Value], at node: some SyntaxProtocol) throws(EvaluationFallback) -> [BuildSetting] {
        try values.map { value throws(EvaluationFallback) in
            guard case let .setting(setting) = value else { throw fallback("a build setting of an unknown kind", at: node) }
            return setting
        }
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
        _ statement: SwitchExprSyntax, variable: String, run: inout SettingsRun, depth: Int
    ) throws(EvaluationFallback) {
        let type = run.target.type
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
        guard let block = chosen ?? defaultBlock else { return }
        try settingsBlock(block, variable: variable, run: &run, depth: depth + 1)
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
