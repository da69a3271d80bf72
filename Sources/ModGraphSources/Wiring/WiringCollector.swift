import ModGraphSyntax
import SwiftSyntax

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
    private var memberUses: [SyntaxIdentifier: Uses] = [:]

    init(lines: LineTable) {
        self.lines = lines
    }

    func collect(_ file: SourceFileSyntax) -> WiringFile {
        var result = WiringFile()
        let walker = UseWalker(lines: lines)
        walker.walk(file)
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
        for parameter in genericClause?.parameters ?? [] {
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
        (clause?.requirements ?? []).compactMap { requirement in
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
        memberUses[node.id] ?? Uses()
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
        for argument in clause?.arguments ?? [] {
            switch argument.argument {
            case let .type(argumentType): arguments.append(Self.baseName(of: argumentType))
            case let .expr(expression): arguments.append(Self.cut(expression.trimmedText))
            }
        }
        var names = UniqueNames(limit: WiringFile.memberNameLimit)
        TypeNames.collect(type, into: &names)
        return WrittenType(
            text: Self.cut(type.trimmedText), base: base, arguments: arguments, names: names.items.map(\.name), isOpaque: isOpaque)
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

/// The capitalised names an expression or a body uses, in the order first met: gathered by a walk of
/// their own (``walk(_:)``), or by the walk over the file while it is inside a member's part
/// (``UseWalker``). The values it reads (`parent` and `paywallBuilder` in `parent.paywallBuilder`) are
/// not kept: no wiring check matches them.
struct Uses {
    private(set) var references = UniqueNames(limit: WiringFile.memberNameLimit)

    /// A type name an expression uses (`PaywallBuilder`, ``Swift/String/isCapitalised``) or a name written where a type goes.
    mutating func add(_ name: String) {
        references.add(name)
    }

    /// `other`'s names after these, as one walk over both parts in turn would meet them: each part keeps
    /// its first ``WiringFile/memberNameLimit`` names, which are all the two together can keep of it.
    mutating func append(_ other: Uses) {
        for item in other.references.items { references.add(item.name) }
    }

    /// Adds what `node` uses, in order.
    mutating func walk(_ node: some SyntaxProtocol) {
        let visitor = UsesVisitor(uses: self)
        visitor.walk(node)
        self = visitor.uses
    }
}

private final class UsesVisitor: SyntaxVisitor {
    var uses: Uses

    init(uses: Uses) {
        self.uses = uses
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if name.isCapitalised { uses.add(name) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        uses.add(node.name.text)
        return .visitChildren
    }
}

/// One walk over a whole file for what it uses (``WiringFile``), and for what each
/// member's body, initial value or accessor block uses (``memberUses``): a part met
/// outside any other is gathered while the walk is inside it, as a walk of the part
/// alone (``Uses``) would gather it. A part inside another (a local function's body, a
/// closure's `let`) belongs to no member the declarations pass reads, which descends
/// no body.
private final class UseWalker: SyntaxVisitor {
    let lines: LineTable
    private(set) var memberUses: [SyntaxIdentifier: Uses] = [:]
    /// The part being gathered, by the id of its node, and what it uses so far.
    private var current: (id: SyntaxIdentifier, uses: Uses)?
    var mentions = UniqueNames(limit: WiringFile.nameLimit)
    var references = UniqueNames(limit: WiringFile.nameLimit)
    var paths = UniqueNames(limit: WiringFile.nameLimit)
    var constructions: [ConstructionSite] = []
    var scopedCalls: [ScopedSite] = []
    var isTruncated = false

    init(lines: LineTable) {
        self.lines = lines
        super.init(viewMode: .sourceAccurate)
    }

    /// What a type is made of is not what it uses; a local type's inheritance is what the member
    /// whose body declares it uses, gathered on its own.
    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind {
        current?.uses.walk(node)
        return .skipChildren
    }

    // The parts a member's uses are gathered from: an initial value, an accessor block, a function's or an initialiser's body.

    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind {
        begin(node.value.id)
        return .visitChildren
    }

    override func visitPost(_ node: InitializerClauseSyntax) {
        end(node.value.id)
    }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        begin(node.id)
        return .visitChildren
    }

    override func visitPost(_ node: AccessorBlockSyntax) {
        end(node.id)
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        // A body inside another part (a local function's) is no member's: its parent is not asked for.
        if current == nil, let parent = node.parent, parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) {
            begin(node.id)
        }
        return .visitChildren
    }

    override func visitPost(_ node: CodeBlockSyntax) {
        end(node.id)
    }

    private func begin(_ id: SyntaxIdentifier) {
        if current == nil { current = (id, Uses()) }
    }

    private func end(_ id: SyntaxIdentifier) {
        guard let part = current, part.id == id else { return }
        memberUses[id] = part.uses
        current = nil
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        let location = lines.location(of: node)
        mentions.add(node.name.text, line: location.line, column: location.column)
        current?.uses.add(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        let location = lines.location(of: node.name)
        mentions.add(node.name.text, line: location.line, column: location.column)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        let capitalised = name.isCapitalised
        if capitalised {
            let location = lines.location(of: node)
            references.add(name, line: location.line, column: location.column)
            current?.uses.add(name)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // Only the outermost access of a chain: `A.b.c` once, not `A.b` again.
        if let parent = node.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == node.id { return .visitChildren }
        var components: [String] = [node.declName.baseName.text]
        var base = node.base
        while let access = base?.as(MemberAccessExprSyntax.self) {
            components.append(access.declName.baseName.text)
            base = access.base
        }
        if let root = base?.as(DeclReferenceExprSyntax.self), root.baseName.text.isCapitalised {
            components.append(root.baseName.text)
            let chain = Array(components.reversed().prefix(4))
            let location = lines.location(of: node)
            paths.add(chain.joined(separator: "."), line: location.line, column: location.column)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let location = lines.location(of: node)
        if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "scoped",
            let base = access.base
        {
            var builders = Uses()
            builders.walk(base)
            var closure = Uses()
            closure.walk(node.arguments)
            if let trailing = node.trailingClosure { closure.walk(trailing) }
            if scopedCalls.count < WiringFile.nameLimit {
                scopedCalls.append(
                    ScopedSite(
                        builders: builders.references.items.map(\.name), dependencies: closure.references.items.map(\.name),
                        line: location.line, column: location.column))
            } else {
                isTruncated = true
            }
        }
        var callee = node.calledExpression
        if let specialised = callee.as(GenericSpecializationExprSyntax.self) { callee = specialised.expression }
        if let access = callee.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init", let base = access.base {
            callee = base
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text.isCapitalised {
            // The arguments in parentheses only: what a generic parameter is bound to. A trailing closure (a
            // view's content) is walked by the visit anyway, and walking it here too would cost a walk per level of nesting.
            let arguments: [ConstructionSite.Argument] = node.arguments.map { argument in
                var uses = Uses()
                uses.walk(argument.expression)
                return .init(label: argument.label?.text ?? "_", references: uses.references.items.map(\.name))
            }
            if constructions.count < WiringFile.nameLimit {
                constructions.append(
                    ConstructionSite(type: reference.baseName.text, arguments: arguments, line: location.line, column: location.column))
            } else {
                isTruncated = true
            }
        }
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
