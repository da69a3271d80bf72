import ModGraphSyntax
import SwiftSyntax

/// Lists the declarations of an interface module's file that the interface
/// rule judges (see ``InterfaceItem``). Reads the syntax as written: macros
/// are not expanded, and every clause of an `#if` is read.
struct InterfaceAuditor {
    let lines: LineTable

    /// - Complexity: O(n) in the number of declarations, members included.
    func audit(_ file: SourceFileSyntax) -> InterfaceAudit {
        var audit = InterfaceAudit()
        topLevel(file.statements, into: &audit)
        return audit
    }

    private func topLevel(_ items: CodeBlockItemListSyntax, into audit: inout InterfaceAudit) {
        for item in items {
            switch item.item {
            case let .decl(declaration):
                topLevel(declaration, into: &audit)
            case let .stmt(statement):
                audit.items.append(self.item(.topLevelCode, statement.trimmedText.firstLine, statement))
            case let .expr(expression):
                if let macro = expression.as(MacroExpansionExprSyntax.self) {
                    if !Self.diagnosticMacros.contains(macro.macroName.text) {
                        audit.items.append(self.item(.macro, "#" + macro.macroName.text, macro))
                    }
                } else {
                    audit.items.append(self.item(.topLevelCode, expression.trimmedText.firstLine, expression))
                }
            }
        }
    }

    /// `#warning`, `#error` and `#sourceLocation` say something to the compiler, not to the program.
    private static let diagnosticMacros: Set<String> = ["warning", "error", "sourceLocation"]

    private func topLevel(_ declaration: DeclSyntax, into audit: inout InterfaceAudit) {
        if declaration.is(ImportDeclSyntax.self) || declaration.is(TypeAliasDeclSyntax.self)
            || declaration.is(OperatorDeclSyntax.self) || declaration.is(PrecedenceGroupDeclSyntax.self)
        {
            return
        }
        if let block = declaration.as(IfConfigDeclSyntax.self) {
            for (clause, _) in ConditionReader.clauses(of: block) {
                if case let .statements(nested) = clause.elements { topLevel(nested, into: &audit) }
            }
        } else if let protocolDeclaration = declaration.as(ProtocolDeclSyntax.self) {
            audit.protocols.append(protocolDeclaration.name.text)
        } else if let structure = declaration.as(StructDeclSyntax.self) {
            typeBody(structure.memberBlock.members, container: structure.name.text, into: &audit)
        } else if let enumeration = declaration.as(EnumDeclSyntax.self) {
            typeBody(enumeration.memberBlock.members, container: enumeration.name.text, into: &audit)
        } else if let extensionDeclaration = declaration.as(ExtensionDeclSyntax.self) {
            extensionBody(
                extensionDeclaration.memberBlock.members, extended: extensionDeclaration.extendedType.trimmedText, into: &audit)
        } else if let classDeclaration = declaration.as(ClassDeclSyntax.self) {
            audit.items.append(item(.class, classDeclaration.name.text, declaration))
        } else if let actor = declaration.as(ActorDeclSyntax.self) {
            audit.items.append(item(.actor, actor.name.text, declaration))
        } else if let function = declaration.as(FunctionDeclSyntax.self) {
            audit.items.append(item(.function, Self.name(of: function), declaration))
        } else if let variable = declaration.as(VariableDeclSyntax.self) {
            let kind: InterfaceItem.Kind = variable.bindingSpecifier.text == "let" ? .constant : .variable
            audit.items.append(item(kind, Self.names(of: variable), declaration))
        } else if let macro = declaration.as(MacroDeclSyntax.self) {
            audit.items.append(item(.macro, macro.name.text, declaration))
        } else if let expansion = declaration.as(MacroExpansionDeclSyntax.self) {
            if !Self.diagnosticMacros.contains(expansion.macroName.text) {
                audit.items.append(item(.macro, "#" + expansion.macroName.text, declaration))
            }
        } else {
            audit.items.append(item(.other, declaration.kind.nameForMessage, declaration))
        }
    }

    /// A struct's or an enum's own body.
    private func typeBody(_ members: MemberBlockItemListSyntax, container: String, into audit: inout InterfaceAudit) {
        for member in members {
            let declaration = member.decl
            if let block = declaration.as(IfConfigDeclSyntax.self) {
                for (clause, _) in ConditionReader.clauses(of: block) {
                    if case let .decls(nested) = clause.elements { typeBody(nested, container: container, into: &audit) }
                }
            } else if nestedType(declaration, in: container, into: &audit) {
                continue
            } else if let function = declaration.as(FunctionDeclSyntax.self) {
                audit.items.append(
                    item(.method, Self.name(of: function), declaration, container: container, isStatic: Self.isStatic(function.modifiers)))
            } else if let variable = declaration.as(VariableDeclSyntax.self) {
                // Instance storage is what a DTO is for; static `let` is a constant; static `var` storage is shared mutable state.
                if Self.isStatic(variable.modifiers), variable.bindingSpecifier.text == "var", Self.isStored(variable) {
                    audit.items.append(item(.variable, Self.names(of: variable), declaration, container: container, isStatic: true))
                }
            } else if declaration.is(InitializerDeclSyntax.self) || declaration.is(SubscriptDeclSyntax.self)
                || declaration.is(EnumCaseDeclSyntax.self) || declaration.is(TypeAliasDeclSyntax.self)
            {
                continue
            } else if let expansion = declaration.as(MacroExpansionDeclSyntax.self),
                Self.diagnosticMacros.contains(expansion.macroName.text)
            {
                continue
            } else {
                audit.items.append(item(.other, declaration.kind.nameForMessage, declaration, container: container))
            }
        }
    }

    /// The members of `extension <extended>`.
    private func extensionBody(_ members: MemberBlockItemListSyntax, extended: String, into audit: inout InterfaceAudit) {
        for member in members {
            let declaration = member.decl
            if let block = declaration.as(IfConfigDeclSyntax.self) {
                for (clause, _) in ConditionReader.clauses(of: block) {
                    if case let .decls(nested) = clause.elements { extensionBody(nested, extended: extended, into: &audit) }
                }
            } else if nestedType(declaration, in: extended, into: &audit) {
                continue
            } else if let function = declaration.as(FunctionDeclSyntax.self) {
                audit.items.append(
                    item(
                        .method, Self.name(of: function), declaration, container: extended, isInExtension: true,
                        isStatic: Self.isStatic(function.modifiers)))
            } else if let variable = declaration.as(VariableDeclSyntax.self) {
                let isStatic = Self.isStatic(variable.modifiers)
                let kind: InterfaceItem.Kind =
                    Self.isStored(variable) ? (variable.bindingSpecifier.text == "let" ? .constant : .variable) : .computedProperty
                // Extensions hold storage only as `static`; a static `let` is a constant, as in a type's body.
                if kind == .constant { continue }
                audit.items.append(
                    item(kind, Self.names(of: variable), declaration, container: extended, isInExtension: true, isStatic: isStatic))
            } else if let initializer = declaration.as(InitializerDeclSyntax.self) {
                audit.items.append(
                    item(
                        .initializer, "init" + Self.labels(initializer.signature.parameterClause), declaration,
                        container: extended, isInExtension: true))
            } else if let subscriptDeclaration = declaration.as(SubscriptDeclSyntax.self) {
                audit.items.append(
                    item(
                        .subscript, "subscript" + Self.labels(subscriptDeclaration.parameterClause), declaration,
                        container: extended, isInExtension: true, isStatic: Self.isStatic(subscriptDeclaration.modifiers)))
            } else if declaration.is(TypeAliasDeclSyntax.self) {
                continue
            } else if let expansion = declaration.as(MacroExpansionDeclSyntax.self),
                Self.diagnosticMacros.contains(expansion.macroName.text)
            {
                continue
            } else {
                audit.items.append(item(.other, declaration.kind.nameForMessage, declaration, container: extended, isInExtension: true))
            }
        }
    }

    /// Nested structs, enums and protocols are checked like top-level ones; nested classes and actors are reported.
    /// Returns whether `declaration` was a nested type.
    private func nestedType(_ declaration: DeclSyntax, in container: String, into audit: inout InterfaceAudit) -> Bool {
        if let structure = declaration.as(StructDeclSyntax.self) {
            typeBody(structure.memberBlock.members, container: "\(container).\(structure.name.text)", into: &audit)
        } else if let enumeration = declaration.as(EnumDeclSyntax.self) {
            typeBody(enumeration.memberBlock.members, container: "\(container).\(enumeration.name.text)", into: &audit)
        } else if let protocolDeclaration = declaration.as(ProtocolDeclSyntax.self) {
            audit.protocols.append("\(container).\(protocolDeclaration.name.text)")
        } else if let classDeclaration = declaration.as(ClassDeclSyntax.self) {
            audit.items.append(item(.class, classDeclaration.name.text, declaration, container: container))
        } else if let actor = declaration.as(ActorDeclSyntax.self) {
            audit.items.append(item(.actor, actor.name.text, declaration, container: container))
        } else {
            return false
        }
        return true
    }

    private func item(
        _ kind: InterfaceItem.Kind, _ name: String, _ node: some SyntaxProtocol, container: String? = nil,
        isInExtension: Bool = false, isStatic: Bool = false
    ) -> InterfaceItem {
        let location = lines.location(of: node)
        return InterfaceItem(
            kind: kind, name: name, container: container, isInExtension: isInExtension, isStatic: isStatic,
            line: location.line, column: location.column)
    }

    /// `name(label:other:)`, or the operator alone (`==`).
    private static func name(of function: FunctionDeclSyntax) -> String {
        let name = function.name.text
        if case .binaryOperator = function.name.tokenKind { return name }
        if case .prefixOperator = function.name.tokenKind { return name }
        if case .postfixOperator = function.name.tokenKind { return name }
        return name + labels(function.signature.parameterClause)
    }

    private static func labels(_ clause: FunctionParameterClauseSyntax) -> String {
        "(" + clause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
    }

    private static func names(of variable: VariableDeclSyntax) -> String {
        variable.bindings.map(\.pattern.trimmedText).joined(separator: ", ")
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    }

    /// Storage: no accessor block, or only observers (`willSet`, `didSet`).
    private static func isStored(_ variable: VariableDeclSyntax) -> Bool {
        variable.bindings.allSatisfy { binding in
            guard let block = binding.accessorBlock else { return true }
            guard case let .accessors(accessors) = block.accessors else { return false }
            return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }
}

extension String {
    /// The first line, for statements quoted in messages.
    var firstLine: String {
        String(split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }
}

extension SyntaxKind {
    /// `deinitializerDecl` → `deinitializer declaration`, for the rare declarations the rule names by kind.
    var nameForMessage: String {
        let raw = "\(self)"
        var words = ""
        for character in raw {
            if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words.hasSuffix(" decl") ? words.dropLast(" decl".count) + " declaration" : words
    }
}
