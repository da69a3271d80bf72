import SwiftSyntax

/// The statements that change a value: `x = v`, `x += v`, `x.append(v)` and
/// `x.append(contentsOf: v)`, on a `var` or on a property of the package.
extension Interpreter {
    /// `x = v`, `x += v`, `x.append(v)`, `x.append(contentsOf: v)`, where `x` is a `var` or a property of the package.
    func mutate(_ expression: ExprSyntax, depth: Int) throws(EvaluationFallback) {
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let parts = Array(sequence.elements)
            let isAssignment = parts[1].is(AssignmentExprSyntax.self)
            let isAppend = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+="
            guard isAssignment || isAppend else { throw fallback("an operator statement other than = and +=", at: expression) }
            let place = try lvalue(parts[0])
            let current = try read(place, at: expression)
            if isAssignment {
                let value = try evaluate(parts[2], expected: current.type, depth: depth + 1)
                return try write(value, to: place, at: expression)
            }
            let addition = try evaluate(parts[2], expected: current.type, depth: depth + 1)
            return try write(try concatenate(current, addition, at: expression), to: place, at: expression)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = access.base, access.declName.baseName.text == "append", call.trailingClosure == nil,
            call.arguments.count == 1, let argument = call.arguments.first
        {
            let place = try lvalue(base)
            let current = try read(place, at: expression)
            guard case let .array(element) = current.type else { throw fallback("append on something other than an array", at: expression) }
            let addition: Typed
            switch argument.label?.text {
            case nil:
                let one = try evaluate(argument.expression, expected: element, depth: depth + 1)
                addition = Typed(type: current.type, value: .list([one.value]))
            case "contentsOf":
                addition = try evaluate(argument.expression, expected: current.type, depth: depth + 1)
            default:
                throw fallback("append with another label", at: expression)
            }
            return try write(try concatenate(current, addition, at: expression), to: place, at: expression)
        }
        throw fallback("a statement of a kind not evaluated", at: expression)
    }

    enum Place {
        case variable(String)
        case packageProperty(String)
    }

    func lvalue(_ expression: ExprSyntax) throws(EvaluationFallback) -> Place {
        if let reference = expression.as(DeclReferenceExprSyntax.self), case let .identifier(name) = reference.baseName.tokenKind,
            let binding = bindings[name], binding.isMutable
        {
            return .variable(name)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text == packageVariable, access.declName.argumentNames == nil
        {
            return .packageProperty(access.declName.baseName.text)
        }
        throw fallback("a change to something other than a var or the package's properties", at: expression)
    }

    func read(_ place: Place, at node: some SyntaxProtocol) throws(EvaluationFallback) -> Typed {
        switch place {
        case let .variable(name):
            guard let binding = bindings[name] else { throw fallback("an unknown name '\(name)'", at: node) }
            return binding.typed
        case let .packageProperty(property):
            guard let packageVariable, case let .package(state)? = bindings[packageVariable]?.typed.value else {
                throw fallback("no package yet", at: node)
            }
            switch property {
            case "name": return Typed(type: .string, value: .string(state.name))
            case "targets": return Typed(type: .array(.api(.target)), value: .list(state.targets.map(Value.target)))
            case "products": return Typed(type: .array(.api(.product)), value: .list(state.products.map(Value.product)))
            case "dependencies":
                return Typed(type: .array(.api(.packageDependency)), value: .list(state.dependencies.map(Value.packageDependency)))
            case "platforms":
                return Typed(
                    type: .optional(.array(.api(.supportedPlatform))),
                    value: state.platforms.map { .list($0.map(Value.supportedPlatform)) } ?? .none)
            case "swiftLanguageVersions", "swiftLanguageModes":
                return Typed(
                    type: .optional(.array(.api(.swiftLanguageMode))),
                    value: state.swiftLanguageVersions.map { .list($0.map(Value.name)) } ?? .none)
            case "cLanguageStandard":
                return Typed(type: .optional(.api(.cLanguageStandard)), value: state.cLanguageStandard.map(Value.name) ?? .none)
            case "cxxLanguageStandard":
                return Typed(type: .optional(.api(.cxxLanguageStandard)), value: state.cxxLanguageStandard.map(Value.name) ?? .none)
            default: throw fallback("a change to the package's '\(property)'", at: node)
            }
        }
    }

    func write(_ value: Typed, to place: Place, at node: some SyntaxProtocol) throws(EvaluationFallback) {
        switch place {
        case let .variable(name):
            bindings[name]?.typed = value
        case let .packageProperty(property):
            guard let packageVariable, case var .package(state)? = bindings[packageVariable]?.typed.value else {
                throw fallback("no package yet", at: node)
            }
            switch (property, value.value) {
            case let ("name", .string(name)): state.name = name
            case let ("targets", .list(values)):
                state.targets = try values.map { value throws(EvaluationFallback) in
                    guard case let .target(target) = value else { throw fallback("a target of an unknown kind", at: node) }
                    return target
                }
            case let ("products", .list(values)):
                state.products = try values.map { value throws(EvaluationFallback) in
                    guard case let .product(product) = value else { throw fallback("a product of an unknown kind", at: node) }
                    return product
                }
            case let ("dependencies", .list(values)):
                state.dependencies = try values.map { value throws(EvaluationFallback) in
                    guard case let .packageDependency(dependency) = value else {
                        throw fallback("a dependency of an unknown kind", at: node)
                    }
                    return dependency
                }
            case let ("platforms", .list(values)):
                do { state.platforms = try PackageAPI.platforms(values) } catch { throw fallback(error.reason, at: node) }
            case ("platforms", .none): state.platforms = nil
            case let ("swiftLanguageVersions", .list(values)), let ("swiftLanguageModes", .list(values)):
                do { state.swiftLanguageVersions = try PackageAPI.names(values) } catch { throw fallback(error.reason, at: node) }
            case ("swiftLanguageVersions", .none), ("swiftLanguageModes", .none): state.swiftLanguageVersions = nil
            case let ("cLanguageStandard", .name(standard)): state.cLanguageStandard = standard
            case ("cLanguageStandard", .none): state.cLanguageStandard = nil
            case let ("cxxLanguageStandard", .name(standard)): state.cxxLanguageStandard = standard
            case ("cxxLanguageStandard", .none): state.cxxLanguageStandard = nil
            default: throw fallback("a change to the package's '\(property)'", at: node)
            }
            bindings[packageVariable]?.typed.value = .package(state)
        }
    }

    func concatenate(_ left: Typed, _ right: Typed, at node: some SyntaxProtocol) throws(EvaluationFallback) -> Typed {
        switch (left.value, right.value) {
        case let (.list(first), .list(second)):
            guard case .array = left.type, left.type == right.type else { throw fallback("+= on values of other types", at: node) }
            guard first.count + second.count <= EvaluationBounds.maximumArrayCount else {
                throw fallback("an array past the size bound", at: node)
            }
            try charge(first.count + second.count, at: node)
            return Typed(type: left.type, value: .list(first + second))
        case let (.string(first), .string(second)):
            guard first.utf8.count + second.utf8.count <= EvaluationBounds.maximumStringBytes else {
                throw fallback("a string past the size bound", at: node)
            }
            return Typed(type: .string, value: .string(first + second))
        default:
            throw fallback("+= on values other than arrays and strings", at: node)
        }
    }

}
