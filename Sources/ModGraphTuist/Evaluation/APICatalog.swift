import SwiftOperators
import SwiftParser
import SwiftSyntax

/// What the static evaluator knows of ProjectDescription: its types, and for each the members a
/// manifest may name (cases, static functions and properties, initializers) with their parameters'
/// labels and types. It is read from modgraph's own ProjectDescription source (the text the compiled
/// path compiles), so the two paths cannot drift apart: a member added there is known here.
///
/// The evaluator keeps ProjectDescription values symbolic (``TuistValue/api(_:)``); the catalogue
/// gives the types of a call's arguments (which resolve implicit members such as `.target(name:)`
/// inside them), the values of static constants (`Destinations.iOS`), and enums' raw values.
struct APICatalog: Sendable {
    /// One function, initializer or case with a payload: its parameters in order.
    struct Signature: Sendable {
        struct Parameter: Sendable {
            /// `nil` for `_`.
            let label: String?
            let type: TypeHint
            let hasDefault: Bool
            /// The default when it is a literal the evaluator can take as written (`nil`, `[]`, `[:]`, a Boolean, a
            /// string): what a property of a value made without this argument reads (`target.deploymentTargets`).
            var literalDefault: LiteralDefault? = nil
        }

        /// A default value written as a literal.
        enum LiteralDefault: Sendable, Equatable {
            case nothing, emptyList, emptyDictionary
            case bool(Bool)
            case string(String)

            init?(_ expression: ExprSyntax?) {
                guard let expression else { return nil }
                if expression.is(NilLiteralExprSyntax.self) {
                    self = .nothing
                } else if let array = expression.as(ArrayExprSyntax.self), array.elements.isEmpty {
                    self = .emptyList
                } else if let dictionary = expression.as(DictionaryExprSyntax.self), case .colon = dictionary.content {
                    self = .emptyDictionary
                } else if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
                    self = .bool(boolean.literal.tokenKind == .keyword(.true))
                } else if let text = expression.as(StringLiteralExprSyntax.self)?.plainText {
                    self = .string(text)
                } else {
                    return nil
                }
            }
        }

        let parameters: [Parameter]
        let result: TypeHint
        /// For a static function whose body is one call of its type's initializer (`static func iOS(_ version: String)
        /// -> DeploymentTargets { Self(iOS: version) }`): each label of that call, in its order, with the index of the
        /// parameter it passes on as it is. A property of the value it makes is that parameter's argument, or, for a
        /// label the call does not give, the initializer's default.
        var forwarded: [(label: String, parameter: Int)]? = nil

        /// Which parameter each argument labelled `labels` fills (nil: a defaulted one), when they fit this
        /// signature (``TuistInterpreter/slots(_:_:)``); nil when they do not.
        func slots(for labels: [String?]) -> [Int?]? {
            TuistInterpreter.slots(labels, parameters.map { ($0.label, $0.hasDefault) })
        }
    }

    struct TypeEntry: Sendable {
        /// Functions, initializers (`init`) and cases with payloads, by name.
        var functions: [String: [Signature]] = [:]
        /// Cases without payloads and static properties, by name, with their types.
        var properties: [String: TypeHint] = [:]
        /// Static constants written as a literal (`static let iOS: Destinations = [...]`), evaluated on demand.
        var constants: [String: ExprSyntax] = [:]
        /// An enum's cases without payloads, in order: its `allCases` (`PlatformFilter.allCases`).
        var cases: [String] = []
        /// Enum cases' raw values, where written (`case staticLibrary = "static_library"`).
        var rawValues: [String: String] = [:]
        /// Stored instance properties (a struct's fields), by name.
        var fields: [String: TypeHint] = [:]
        /// What an array literal of this type holds (`init(arrayLiteral elements: SourceFileGlob...)`).
        var arrayElement: TypeHint?
        /// Instance methods' names (`SettingsDictionary`'s `.swiftVersion(_:)`).
        var methods: Set<String> = []
    }

    private(set) var types: [String: TypeEntry] = [:]
    /// `typealias` names and what they stand for.
    private(set) var aliases: [String: TypeHint] = [:]
    /// The aliases of dictionary types (`SettingsDictionary`), whose extensions' methods a dictionary has.
    private(set) var dictionaryAliases: [String] = []

    /// The catalogue of modgraph's ProjectDescription, read once.
    static let shared = APICatalog(files: ProjectDescriptionSource.files.map { String(decoding: $0.text, as: UTF8.self) })

    init(files: [String]) {
        for text in files {
            // Folded as the evaluator's own trees are (TuistStaticEvaluator.parse): the constants it evaluates
            // from here then hold no unfolded operators.
            let parsed = Parser.parse(source: text)
            let file = (try? OperatorTable.standardOperators.foldAll(parsed))?.as(SourceFileSyntax.self) ?? parsed
            for item in file.statements {
                if let declaration = item.item.as(DeclSyntax.self) { read(declaration, in: nil) }
            }
        }
        dictionaryAliases = aliases.filter { if case .dictionary = $0.value { true } else { false } }.map(\.key).sorted()
    }

    /// The type a name stands for, aliases followed (`Destinations` is `Set<Destination>`).
    func resolve(_ hint: TypeHint) -> TypeHint {
        var current = hint
        for _ in 0..<8 {
            guard case let .named(name) = current, let target = aliases[name] else { return current }
            current = target
        }
        return current
    }

    /// The aliases that stand for `hint` (`Destinations` for `Set<Destination>`), where an implicit member is looked up.
    func aliasNames(for hint: TypeHint) -> [String] {
        aliases.filter { $0.value == hint }.map(\.key).sorted()
    }

    /// The one type with a function or case `name` that arguments labelled `labels` fit; nil when none or several do.
    func onlyType(declaring name: String, labels: [String?]) -> String? {
        let fitting = types.filter { _, entry in
            entry.functions[name]?.contains { $0.slots(for: labels) != nil } ?? false
        }
        return fitting.count == 1 ? fitting.first?.key : nil
    }

    /// The parameter `label` of `type`'s member `member` (`init` for an initializer), in the signature that
    /// arguments labelled `labels` fit; nil when none fits or it has no such parameter.
    func parameter(_ label: String, of type: String, member: String, labels: [String?]) -> Signature.Parameter? {
        signature(of: type, member: member, labels: labels)?.signature.parameters.first { $0.label == label }
    }

    /// The first signature of `type`'s member `member` (`init` for an initializer) that arguments labelled `labels`
    /// fit, as Swift picks among ProjectDescription's overloads, with which parameter each argument fills.
    func signature(of type: String, member: String, labels: [String?]) -> (signature: Signature, slots: [Int?])? {
        for signature in entry(type)?.functions[member] ?? [] {
            if let slots = signature.slots(for: labels) { return (signature, slots) }
        }
        return nil
    }

    func entry(_ name: String) -> TypeEntry? {
        if let entry = types[name] { return entry }
        if case let .named(target) = resolve(.named(name)) { return types[target] }
        return nil
    }

    /// Whether `name` is a type of ProjectDescription (or an alias of one).
    func isType(_ name: String) -> Bool {
        types[name] != nil || aliases[name] != nil
    }

    // MARK: Reading

    private mutating func read(_ declaration: DeclSyntax, in owner: String?) {
        if let alias = declaration.as(TypeAliasDeclSyntax.self) {
            let name = qualified(alias.name.unquoted, in: owner)
            aliases[name] = TypeHint(alias.initializer.value)
            if owner != nil { aliases[alias.name.unquoted] = aliases[alias.name.unquoted] ?? TypeHint(alias.initializer.value) }
            return
        }
        let members: MemberBlockSyntax
        let name: String
        if let type = declaration.as(EnumDeclSyntax.self) {
            (name, members) = (qualified(type.name.unquoted, in: owner), type.memberBlock)
        } else if let type = declaration.as(StructDeclSyntax.self) {
            (name, members) = (qualified(type.name.unquoted, in: owner), type.memberBlock)
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            (name, members) = (qualified(type.name.unquoted, in: owner), type.memberBlock)
        } else if let type = declaration.as(ExtensionDeclSyntax.self) {
            guard let extended = TypeHint.extensionName(type) else { return }
            (name, members) = (extended, type.memberBlock)
        } else {
            return
        }
        types[name, default: TypeEntry()] = types[name] ?? TypeEntry()
        for member in members.members {
            read(member: member.decl, of: name)
        }
    }

    private mutating func read(member declaration: DeclSyntax, of owner: String) {
        let selfType = TypeHint.named(owner)
        if let cases = declaration.as(EnumCaseDeclSyntax.self) {
            for element in cases.elements {
                let name = element.name.unquoted
                if let parameters = element.parameterClause {
                    let list = parameters.parameters.map { parameter in
                        Signature.Parameter(
                            label: parameter.firstName.map { $0.tokenKind == .wildcard ? nil : $0.unquoted } ?? nil,
                            type: TypeHint(parameter.type), hasDefault: parameter.defaultValue != nil,
                            literalDefault: Signature.LiteralDefault(parameter.defaultValue?.value))
                    }
                    types[owner]?.functions[name, default: []].append(Signature(parameters: list, result: selfType))
                } else {
                    types[owner]?.properties[name] = selfType
                    types[owner]?.cases.append(name)
                }
                if let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self), let text = raw.plainText {
                    types[owner]?.rawValues[name] = text
                }
            }
        } else if let function = declaration.as(FunctionDeclSyntax.self), !function.isStatic, function.isPublic {
            types[owner]?.methods.insert(function.name.unquoted)
        } else if let function = declaration.as(FunctionDeclSyntax.self), function.isPublicStatic {
            let result = function.signature.returnClause.map { TypeHint($0.type, selfType: selfType) } ?? .named("Void")
            var signature = Signature(parameters: Self.parameters(function.signature.parameterClause, selfType: selfType), result: result)
            signature.forwarded = Self.forwarded(function, owner: owner)
            types[owner]?.functions[function.name.unquoted, default: []].append(signature)
        } else if let initializer = declaration.as(InitializerDeclSyntax.self), initializer.isPublic {
            let parameters = initializer.signature.parameterClause.parameters
            if parameters.count == 1, let only = parameters.first, only.firstName.unquoted == "arrayLiteral", only.ellipsis != nil {
                types[owner]?.arrayElement = TypeHint(only.type, selfType: selfType)
            }
            types[owner]?.functions["init", default: []].append(
                Signature(parameters: Self.parameters(initializer.signature.parameterClause, selfType: selfType), result: selfType))
        } else if let variable = declaration.as(VariableDeclSyntax.self) {
            let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.unquoted else { continue }
                let type = binding.typeAnnotation.map { TypeHint($0.type, selfType: selfType) } ?? selfType
                if isStatic {
                    types[owner]?.properties[name] = type
                    if let value = binding.initializer?.value { types[owner]?.constants[name] = value }
                } else if binding.accessorBlock == nil {
                    types[owner]?.fields[name] = type
                }
            }
        } else {
            read(declaration, in: owner)
        }
    }

    private static func parameters(_ clause: FunctionParameterClauseSyntax, selfType: TypeHint) -> [Signature.Parameter] {
        clause.parameters.map { parameter in
            Signature.Parameter(
                label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.unquoted,
                type: TypeHint(parameter.type, selfType: selfType), hasDefault: parameter.defaultValue != nil,
                literalDefault: Signature.LiteralDefault(parameter.defaultValue?.value))
        }
    }

    /// What ``Signature/forwarded`` holds for `function`: nil unless its body is one call of `Self(…)` or
    /// `Owner(…)` whose every argument is labelled and is one of the function's parameters.
    private static func forwarded(_ function: FunctionDeclSyntax, owner: String) -> [(label: String, parameter: Int)]? {
        guard let statements = function.body?.statements, statements.count == 1, let only = statements.first else { return nil }
        let expression = only.item.as(ExprSyntax.self) ?? only.item.as(ReturnStmtSyntax.self)?.expression
        guard let call = expression?.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.unquoted, callee == "Self" || callee == owner
        else { return nil }
        let names = function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).unquoted }
        var forwarded: [(label: String, parameter: Int)] = []
        for argument in call.arguments {
            guard let label = argument.label?.unquoted, let passed = argument.expression.as(DeclReferenceExprSyntax.self),
                let index = names.firstIndex(of: passed.baseName.unquoted)
            else { return nil }
            forwarded.append((label, index))
        }
        return forwarded
    }

    private func qualified(_ name: String, in owner: String?) -> String {
        owner.map { "\($0).\(name)" } ?? name
    }
}

extension FunctionDeclSyntax {
    fileprivate var isStatic: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.static) } }
    fileprivate var isPublic: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.public) } }
    fileprivate var isPublicStatic: Bool { isStatic && isPublic }
}

extension InitializerDeclSyntax {
    fileprivate var isPublic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.public) }
    }
}

extension StringLiteralExprSyntax {
    /// The text of a literal without interpolation; `nil` when it interpolates.
    var plainText: String? {
        var text = ""
        for segment in segments {
            guard let part = segment.as(StringSegmentSyntax.self) else { return nil }
            text += part.content.text
        }
        return text
    }
}
