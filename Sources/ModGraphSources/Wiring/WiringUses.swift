@_spi(RawSyntax) import SwiftSyntax

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

    /// Adds what `node` uses, in order: the capitalised names of its references and every name written
    /// where a type goes, as a walk of the tree meets them (the node first, then its children in order).
    mutating func walk(_ node: RawSyntax) {
        guard let layout = node.layoutView else { return }
        switch node.kind {
        case .declReferenceExpr:
            if let reference = RawDeclReferenceExprSyntax(node) {
                let name = reference.baseName.text
                if name.isCapitalised { add(name) }
            }
        case .identifierType:
            if let identifier = RawIdentifierTypeSyntax(node) { add(identifier.name.text) }
        default: break
        }
        for case let child? in layout.children { walk(child) }
    }
}

/// One walk over a whole file for what it uses (``WiringFile``), and for what each
/// member's body, initial value or accessor block uses (``memberUses``): a part met
/// outside any other is gathered while the walk is inside it, as a walk of the part
/// alone (``Uses``) would gather it. A part inside another (a local function's body, a
/// closure's `let`) belongs to no member the declarations pass reads, which descends
/// no body.
///
/// The walk is over swift-syntax's raw tree, each node's place counted as it goes: a
/// `SyntaxVisitor` makes a node, with its parent and its place, of every one it passes
/// (every token too), and this walk reads a handful of kinds and makes none. The order,
/// the parts and the places are a visitor's (pre-order, children in their order, each
/// node at its first token past that token's leading trivia): `WiringRawWalkTests`
/// keeps the visitor this replaced and compares the two.
struct UseWalker {
    let lines: LineTable
    private(set) var memberUses: [RawSyntax.ID: Uses] = [:]
    /// The part being gathered, by its node, and what it uses so far.
    private var current: (id: RawSyntax.ID, uses: Uses)?
    var mentions = UniqueNames(limit: WiringFile.nameLimit)
    var references = UniqueNames(limit: WiringFile.nameLimit)
    var paths = UniqueNames(limit: WiringFile.nameLimit)
    var constructions: [ConstructionSite] = []
    var scopedCalls: [ScopedSite] = []
    var isTruncated = false

    init(lines: LineTable) {
        self.lines = lines
    }

    /// Walks `node`, which starts `offset` bytes into the file, under `parent`.
    mutating func walk(_ node: RawSyntax, at offset: Int = 0, parent: RawSyntax? = nil) {
        guard let layout = node.layoutView else { return }
        // The part this node begins, ended after its children.
        var begun: RawSyntax.ID?
        switch node.kind {
        case .inheritanceClause:
            // What a type is made of is not what it uses; a local type's inheritance is what the member
            // whose body declares it uses, gathered on its own.
            current?.uses.walk(node)
            return
        case .initializerClause:
            // The parts a member's uses are gathered from: an initial value, an accessor block, a function's or an initialiser's body.
            begun = RawInitializerClauseSyntax(node).map { $0.value.raw.id }
        case .accessorBlock:
            begun = node.id
        case .codeBlock:
            // A body inside another part (a local function's) is no member's: its parent is not asked for.
            if current == nil, let parent, parent.kind == .functionDecl || parent.kind == .initializerDecl { begun = node.id }
        case .identifierType:
            if let identifier = RawIdentifierTypeSyntax(node) { identifierType(identifier, at: start(of: node, at: offset)) }
        case .memberType:
            if let member = RawMemberTypeSyntax(node) { memberType(member, at: offset) }
        case .declReferenceExpr:
            if let reference = RawDeclReferenceExprSyntax(node) { declReference(reference, at: start(of: node, at: offset)) }
        case .memberAccessExpr:
            if let access = RawMemberAccessExprSyntax(node) { memberAccess(access, parent: parent, at: start(of: node, at: offset)) }
        case .functionCallExpr:
            if let call = RawFunctionCallExprSyntax(node) { functionCall(call, at: start(of: node, at: offset)) }
        default: break
        }
        if let begun, current == nil { current = (begun, Uses()) }
        var childOffset = offset
        for case let child? in layout.children {
            walk(child, at: childOffset, parent: node)
            childOffset += child.byteLength
        }
        if let begun, let part = current, part.id == begun {
            memberUses[begun] = part.uses
            current = nil
        }
    }

    /// Where a node at `offset` is placed: its first token, past that token's leading trivia.
    private func start(of node: RawSyntax, at offset: Int) -> (line: Int, column: Int) {
        lines.location(ofOffset: offset + node.leadingTriviaByteLength)
    }

    private mutating func identifierType(_ node: RawIdentifierTypeSyntax, at location: (line: Int, column: Int)) {
        let name = node.name.text
        mentions.add(name, line: location.line, column: location.column)
        current?.uses.add(name)
    }

    /// `A.B`: placed at `B`, its name.
    private mutating func memberType(_ node: RawMemberTypeSyntax, at offset: Int) {
        let name = node.name
        var nameOffset = offset
        for case let child? in node.layoutView.children {
            if child.id == name.raw.id { break }
            nameOffset += child.byteLength
        }
        let location = start(of: name.raw, at: nameOffset)
        mentions.add(name.text, line: location.line, column: location.column)
    }

    private mutating func declReference(_ node: RawDeclReferenceExprSyntax, at location: (line: Int, column: Int)) {
        let name = node.baseName.text
        guard name.isCapitalised else { return }
        references.add(name, line: location.line, column: location.column)
        current?.uses.add(name)
    }

    private mutating func memberAccess(_ node: RawMemberAccessExprSyntax, parent: RawSyntax?, at location: (line: Int, column: Int)) {
        // Only the outermost access of a chain: `A.b.c` once, not `A.b` again.
        if let parent = parent.flatMap({ RawMemberAccessExprSyntax($0) }), parent.base?.raw.id == node.raw.id { return }
        var components: [String] = [node.declName.baseName.text]
        var base = node.base
        while let access = base.flatMap({ RawMemberAccessExprSyntax($0) }) {
            components.append(access.declName.baseName.text)
            base = access.base
        }
        if let root = base.flatMap({ RawDeclReferenceExprSyntax($0) }), root.baseName.text.isCapitalised {
            components.append(root.baseName.text)
            let chain = Array(components.reversed().prefix(4))
            paths.add(chain.joined(separator: "."), line: location.line, column: location.column)
        }
    }

    private mutating func functionCall(_ node: RawFunctionCallExprSyntax, at location: (line: Int, column: Int)) {
        if let access = RawMemberAccessExprSyntax(node.calledExpression), access.declName.baseName.text == "scoped", let base = access.base
        {
            var builders = Uses()
            builders.walk(base.raw)
            var closure = Uses()
            closure.walk(node.arguments.raw)
            if let trailing = node.trailingClosure { closure.walk(trailing.raw) }
            if scopedCalls.count < WiringFile.nameLimit {
                scopedCalls.append(
                    ScopedSite(
                        builders: builders.references.items.map(\.name), dependencies: closure.references.items.map(\.name),
                        line: location.line, column: location.column))
            } else {
                isTruncated = true
            }
        }
        var callee = node.calledExpression.raw
        if let specialised = RawGenericSpecializationExprSyntax(callee) { callee = specialised.expression.raw }
        if let access = RawMemberAccessExprSyntax(callee), access.declName.baseName.text == "init", let base = access.base {
            callee = base.raw
        }
        guard let reference = RawDeclReferenceExprSyntax(callee), reference.baseName.text.isCapitalised else { return }
        // The arguments in parentheses only: what a generic parameter is bound to. A trailing closure (a
        // view's content) is walked by the walk anyway, and walking it here too would cost a walk per level of nesting.
        let arguments: [ConstructionSite.Argument] = node.arguments.elements.map { argument in
            var uses = Uses()
            uses.walk(argument.expression.raw)
            return .init(label: argument.label?.text ?? "_", references: uses.references.items.map(\.name))
        }
        if constructions.count < WiringFile.nameLimit {
            constructions.append(
                ConstructionSite(type: reference.baseName.text, arguments: arguments, line: location.line, column: location.column))
        } else {
            isTruncated = true
        }
    }
}

extension RawTokenSyntax {
    /// The token's text as `TokenSyntax.text` gives it: as written (a missing token's is its kind's default).
    var text: String { String(syntaxText: tokenText) }
}
