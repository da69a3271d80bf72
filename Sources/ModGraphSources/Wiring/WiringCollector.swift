import ModGraphSyntax
@_spi(RawSyntax) import SwiftSyntax

/// Reads what the wiring inventory needs from one parsed file (``WiringFile``):
/// its declarations with their members, the names it writes where a type goes,
/// the capitalised names and member chains its expressions use, the calls that
/// make a capitalised type, and the `.scoped { … }` calls. Syntax only: macros
/// are not expanded, every clause of an `#if` is read, and names are names.
///
/// One walk over the whole tree for the uses, which also gathers what each
/// member's body, initial value and accessors use (``UseWalker/memberUses``),
/// then a pass over the declarations, which descends no body: a body is the
/// bulk of a file, and walking each member's again cost as much as the walk
/// over the whole file.
struct WiringCollector {
    let lines: LineTable
    /// What each member's body, initial value or accessor block uses, by the node's id (``UseWalker``).
    private var memberUses: [RawSyntax.ID: Uses] = [:]

    init(lines: LineTable) {
        self.lines = lines
    }

    func collect(_ file: SourceFileSyntax) -> WiringFile {
        var result = WiringFile()
        var walker = UseWalker(lines: lines)
        walker.walk(Syntax(file).raw)
        var collector = self
        collector.memberUses = walker.memberUses
        var top: [WiringMember] = []
        collector.topLevel(file.statements, into: &result.declarations, top: &top)
        if !top.isEmpty { result.declarations.append(WiringDeclaration(kind: .file, name: "", members: top, line: 1, column: 1)) }
        result.mentions = walker.mentions.items
        result.references = walker.references.items
        result.paths = walker.paths.items
        result.constructions = walker.constructions
        result.scopedCalls = walker.scopedCalls
        result.isTruncated = walker.mentions.isFull || walker.references.isFull || walker.paths.isFull || walker.isTruncated
        return result
    }

    // MARK: Declarations

    private func topLevel(_ items: CodeBlockItemListSyntax, into declarations: inout [WiringDeclaration], top: inout [WiringMember]) {
        for item in items {
            guard case let .decl(declaration) = item.item else { continue }
            if let block = declaration.as(IfConfigDeclSyntax.self) {
                for clause in block.clauses {
                    if case let .statements(nested) = clause.elements { topLevel(nested, into: &declarations, top: &top) }
                }
            } else if type(declaration, prefix: nil, inExtension: false, into: &declarations) == nil {
                top += members(of: declaration, inProtocol: false)
            }
        }
    }

    /// Appends `declaration` (and the types nested in it) when it declares a type, a protocol or an
    /// extension, and returns its name; nil for any other declaration.
    private func type(_ declaration: DeclSyntax, prefix: String?, inExtension: Bool, into declarations: inout [WiringDeclaration])
        -> String?
    {
        func qualified(_ name: String) -> String { prefix.map { "\($0).\(name)" } ?? name }
        let kind: WiringDeclaration.Kind
        let name: String
        let inheritance: InheritanceClauseSyntax?
        let genericClause: GenericParameterClauseSyntax?
        let whereClause: GenericWhereClauseSyntax?
        let body: MemberBlockSyntax
        if let node = declaration.as(StructDeclSyntax.self) {
            (kind, name, inheritance, genericClause, whereClause, body) =
                (.struct, qualified(node.name.text), node.inheritanceClause, node.genericParameterClause, node.genericWhereClause, node.memberBlock)
        } else if let node = declaration.as(ClassDeclSyntax.self) {
            (kind, name, inheritance, genericClause, whereClause, body) =
                (.class, qualified(node.name.text), node.inheritanceClause, node.genericParameterClause, node.genericWhereClause, node.memberBlock)
        } else if let node = declaration.as(EnumDeclSyntax.self) {
            (kind, name, inheritance, genericClause, whereClause, body) =
                (.enum, qualified(node.name.text), node.inheritanceClause, node.genericParameterClause, node.genericWhereClause, node.memberBlock)
        } else if let node = declaration.as(ActorDeclSyntax.self) {
            (kind, name, inheritance, genericClause, whereClause, body) =
                (.actor, qualified(node.name.text), node.inheritanceClause, node.genericParameterClause, node.genericWhereClause, node.memberBlock)
        } else if let node = declaration.as(ProtocolDeclSyntax.self) {
            (kind, name, inheritance, genericClause, whereClause, body) =
                (.protocol, qualified(node.name.text), node.inheritanceClause, nil, node.genericWhereClause, node.memberBlock)
        } else if let node = declaration.as(ExtensionDeclSyntax.self) {
            let extended = Self.cut(node.extendedType.trimmedText)
            (kind, name, inheritance, genericClause, whereClause, body) =
                (.extension, qualified(extended), node.inheritanceClause, nil, node.genericWhereClause, node.memberBlock)
        } else {
            return nil
        }
        let isInExtension = inExtension || kind == .extension
        var memberList: [WiringMember] = []
        var nested: [String] = []
        var hasCases = false
        var inner: [WiringDeclaration] = []
        body.members.forEachDeclaration { member in
            if let inside = type(member, prefix: name, inExtension: isInExtension, into: &inner) {
                nested.append(String(WiringName.components(of: inside).last ?? Substring(inside)))
                return
            }
            if member.is(EnumCaseDeclSyntax.self) { hasCases = true }
            if let alias = member.as(TypeAliasDeclSyntax.self) { nested.append(alias.name.text) }
            if let associated = member.as(AssociatedTypeDeclSyntax.self) { nested.append(associated.name.text) }
            memberList += members(of: member, inProtocol: kind == .protocol)
        }
        var constraints: [WiringDeclaration.Constraint] = []
        var generics: [String] = []
        // Not `genericClause?.parameters ?? []`: the empty list would be a syntax collection built for each
        // declaration, a tree allocated from an array literal.
        for parameter in genericClause.map({ Array($0.parameters) }) ?? [] {
            generics.append(parameter.name.text)
            if let inherited = parameter.inheritedType {
                constraints.append(.init(parameter: parameter.name.text, type: written(inherited)))
            }
        }
        constraints += whereConstraints(whereClause)
        let location = lines.location(of: declaration)
        declarations.append(
            WiringDeclaration(
                kind: kind, name: name, isInExtension: isInExtension,
                inherited: inheritance?.inheritedTypes.map { written($0.type) } ?? [], generics: generics, constraints: constraints,
                members: memberList, nested: nested, hasCases: hasCases, line: location.line, column: location.column))
        declarations += inner
        return name
    }

    private func whereConstraints(_ clause: GenericWhereClauseSyntax?) -> [WiringDeclaration.Constraint] {
        guard let clause else { return [] }
        return clause.requirements.compactMap { requirement in
            guard case let .conformanceRequirement(conformance) = requirement.requirement,
                let left = conformance.leftType.as(IdentifierTypeSyntax.self)
            else { return nil }
            return .init(parameter: left.name.text, type: written(conformance.rightType))
        }
    }

    /// The members `declaration` declares: each variable binding, function, initialiser, typealias and associated type.
    private func members(of declaration: DeclSyntax, inProtocol: Bool) -> [WiringMember] {
        let location = lines.location(of: declaration)
        if let variable = declaration.as(VariableDeclSyntax.self) {
            let isStatic = Self.isStatic(variable.modifiers)
            let isLazy = variable.modifiers.contains { $0.name.text == "lazy" }
            return variable.bindings.compactMap { binding in
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
                var uses = Uses()
                if let value = binding.initializer?.value { uses.append(used(value)) }
                if let accessors = binding.accessorBlock { uses.append(used(accessors)) }
                let isStored = binding.accessorBlock.map { block -> Bool in
                    guard case let .accessors(list) = block.accessors else { return false }
                    return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
                } ?? true
                let injected = inProtocol || (isStored && binding.initializer == nil && !isLazy && !isStatic)
                return WiringMember(
                    kind: .property, name: identifier.identifier.text, isStatic: isStatic,
                    type: binding.typeAnnotation.map { written($0.type) }, isInjected: injected,
                    references: uses.references.items.map(\.name), line: location.line, column: location.column)
            }
        }
        if let function = declaration.as(FunctionDeclSyntax.self) {
            let uses = function.body.map(used) ?? Uses()
            let parameters = function.signature.parameterClause.parameters.map {
                WiringMember.Parameter(label: $0.firstName.text, type: written($0.type))
            }
            return [
                WiringMember(
                    kind: .function, name: function.name.text + "(" + parameters.map { "\($0.label):" }.joined() + ")",
                    isStatic: Self.isStatic(function.modifiers), type: function.signature.returnClause.map { written($0.type) },
                    parameters: parameters, isInjected: inProtocol, references: uses.references.items.map(\.name),
                    line: location.line, column: location.column)
            ]
        }
        if let initializer = declaration.as(InitializerDeclSyntax.self) {
            let uses = initializer.body.map(used) ?? Uses()
            let parameters = initializer.signature.parameterClause.parameters.map {
                WiringMember.Parameter(label: $0.firstName.text, type: written($0.type))
            }
            return [
                WiringMember(
                    kind: .initializer, name: "init(" + parameters.map { "\($0.label):" }.joined() + ")", parameters: parameters,
                    references: uses.references.items.map(\.name), line: location.line, column: location.column)
            ]
        }
        if let alias = declaration.as(TypeAliasDeclSyntax.self) {
            let value = written(alias.initializer.value)
            return [
                WiringMember(
                    kind: .typealias, name: alias.name.text, type: value, references: value.names, line: location.line,
                    column: location.column)
            ]
        }
        if let associated = declaration.as(AssociatedTypeDeclSyntax.self) {
            return [
                WiringMember(
                    kind: .associatedtype, name: associated.name.text,
                    constraints: associated.inheritanceClause?.inheritedTypes.map { written($0.type) } ?? [], isInjected: true,
                    line: location.line, column: location.column)
            ]
        }
        return []
    }

    /// What `node` (a member's body, initial value or accessor block) uses, as the walk over the file gathered it.
    private func used(_ node: some SyntaxProtocol) -> Uses {
        memberUses[Syntax(node).raw.id] ?? Uses()
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    }

    // MARK: Types

    /// `type` as the wiring matches it (see ``WrittenType``).
    func written(_ type: TypeSyntax) -> WrittenType {
        var principal = type
        var isOpaque = false
        while true {
            if let node = principal.as(SomeOrAnyTypeSyntax.self) {
                if node.someOrAnySpecifier.text == "some" { isOpaque = true }
                principal = node.constraint
            } else if let node = principal.as(OptionalTypeSyntax.self) {
                principal = node.wrappedType
            } else if let node = principal.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                principal = node.wrappedType
            } else if let node = principal.as(AttributedTypeSyntax.self) {
                principal = node.baseType
            } else if let node = principal.as(MetatypeTypeSyntax.self) {
                principal = node.baseType
            } else {
                break
            }
        }
        var base: String?
        var arguments: [String] = []
        var clause: GenericArgumentClauseSyntax?
        if let identifier = principal.as(IdentifierTypeSyntax.self) {
            base = identifier.name.text
            clause = identifier.genericArgumentClause
        } else if let member = principal.as(MemberTypeSyntax.self) {
            base = member.name.text
            clause = member.genericArgumentClause
        }
        // Not `clause?.arguments ?? []`, which builds an empty syntax collection for each type without one.
        for argument in clause.map({ Array($0.arguments) }) ?? [] {
            switch argument.argument {
            case let .type(argumentType): arguments.append(Self.baseName(of: argumentType))
            case let .expr(expression): arguments.append(Self.cut(expression.trimmedText))
            }
        }
        return WrittenType(
            text: Self.cut(type.trimmedText), base: base, arguments: arguments, names: Self.names(in: type), isOpaque: isOpaque)
    }

    /// The type names `type` holds (``WrittenType/names``). A plain name (`PaywallBuilder`, most of the
    /// types a file writes) holds only itself, read without starting a visitor for it.
    static func names(in type: TypeSyntax) -> [String] {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return [identifier.name.text]
        }
        var names = UniqueNames(limit: WiringFile.memberNameLimit)
        TypeNames.collect(type, into: &names)
        return names.items.map(\.name)
    }

    /// The principal name of a generic argument, or the argument as written when it names no one type.
    static func baseName(of type: TypeSyntax) -> String {
        var principal = type
        while true {
            if let node = principal.as(SomeOrAnyTypeSyntax.self) {
                principal = node.constraint
            } else if let node = principal.as(OptionalTypeSyntax.self) {
                principal = node.wrappedType
            } else if let node = principal.as(AttributedTypeSyntax.self) {
                principal = node.baseType
            } else {
                break
            }
        }
        if let identifier = principal.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = principal.as(MemberTypeSyntax.self) { return member.name.text }
        if let tuple = principal.as(TupleTypeSyntax.self), tuple.elements.isEmpty { return "()" }
        return cut(principal.trimmedText)
    }

    /// At most ``WiringFile/textLimit`` characters.
    static func cut(_ text: String) -> String {
        text.count <= WiringFile.textLimit ? text : String(text.prefix(WiringFile.textLimit)) + "…"
    }
}

/// Names kept once each, in the order first seen, up to a bound.
struct UniqueNames {
    let limit: Int
    private(set) var items: [NameSite] = []
    private var seen: Set<String> = []

    init(limit: Int) {
        self.limit = limit
    }

    var isFull: Bool { items.count >= limit }

    mutating func add(_ name: String, line: Int = 0, column: Int = 0) {
        guard items.count < limit, seen.insert(name).inserted else { return }
        items.append(NameSite(name: name, line: line, column: column))
    }
}

/// The type names a type holds.
private final class TypeNames: SyntaxVisitor {
    private var names: UniqueNames

    private init(names: UniqueNames) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    static func collect(_ type: TypeSyntax, into names: inout UniqueNames) {
        let visitor = TypeNames(names: names)
        visitor.walk(type)
        names = visitor.names
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        names.add(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        names.add(node.name.text)
        return .visitChildren
    }
}

extension MemberBlockItemListSyntax {
    /// Each declaration, those of every `#if` clause included.
    func forEachDeclaration(_ body: (DeclSyntax) -> Void) {
        for member in self {
            if let block = member.decl.as(IfConfigDeclSyntax.self) {
                for clause in block.clauses {
                    if case let .decls(nested) = clause.elements { nested.forEachDeclaration(body) }
                }
            } else {
                body(member.decl)
            }
        }
    }
}

extension String {
    /// Starts with an upper-case letter: how Swift code names types (`PaywallBuilder`), unlike values.
    /// An ASCII first letter (nearly every name) is answered from its byte; Unicode's tables only for others.
    var isCapitalised: Bool {
        guard let first = utf8.first else { return false }
        if first < 0x80 { return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") && self != "Self" }
        guard let scalar = unicodeScalars.first else { return false }
        return scalar.properties.isUppercase
    }
}
