import SwiftSyntax

/// A type as the evaluator needs it: enough to give an implicit member (`.target(name:)`,
/// `.iOS`) the type Swift would infer for it, and the element type of a literal inside.
indirect enum TypeHint: Hashable, Sendable {
    case named(String)
    case array(TypeHint)
    case set(TypeHint)
    case dictionary(TypeHint, TypeHint)
    case optional(TypeHint)
    /// A function type, a tuple or a generic parameter: nothing the evaluator infers from.
    case other

    /// - Parameter generics: the generic parameters in scope (a helper's `<T: Modulable>`): they name no type
    ///   the evaluator knows, so nothing is inferred from them.
    init(_ syntax: TypeSyntax, selfType: TypeHint? = nil, generics: Set<String> = []) {
        if let array = syntax.as(ArrayTypeSyntax.self) {
            self = .array(TypeHint(array.element, selfType: selfType, generics: generics))
        } else if let dictionary = syntax.as(DictionaryTypeSyntax.self) {
            self = .dictionary(
                TypeHint(dictionary.key, selfType: selfType, generics: generics),
                TypeHint(dictionary.value, selfType: selfType, generics: generics))
        } else if let optional = syntax.as(OptionalTypeSyntax.self) {
            self = .optional(TypeHint(optional.wrappedType, selfType: selfType, generics: generics))
        } else if let optional = syntax.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .optional(TypeHint(optional.wrappedType, selfType: selfType, generics: generics))
        } else if let attributed = syntax.as(AttributedTypeSyntax.self) {
            self = TypeHint(attributed.baseType, selfType: selfType, generics: generics)
        } else if let identifier = syntax.as(IdentifierTypeSyntax.self) {
            let name = identifier.name.unquoted
            let arguments = identifier.genericArgumentClause?.arguments.compactMap { argument -> TypeHint? in
                guard case let .type(type) = argument.argument else { return nil }
                return TypeHint(type, selfType: selfType, generics: generics)
            }
            let list = arguments ?? []
            if generics.contains(name) {
                self = .other
            } else if arguments == nil {
                self = name == "Self" ? (selfType ?? .other) : .named(name)
            } else if list.count == 1, let element = list.first {
                switch name {
                case "Set": self = .set(element)
                case "Array": self = .array(element)
                case "Optional": self = .optional(element)
                default: self = .other
                }
            } else if list.count == 2, name == "Dictionary" {
                self = .dictionary(list[0], list[1])
            } else {
                self = .other
            }
        } else if let member = syntax.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            let base = TypeHint(member.baseType, selfType: selfType, generics: generics)
            switch base {
            case .named("ProjectDescription"): self = .named(member.name.unquoted)
            case let .named(outer): self = .named("\(outer).\(member.name.unquoted)")
            default: self = .other
            }
        } else {
            self = .other
        }
    }

    /// The generic parameters a function declares (`<T: Modulable>`), by name.
    static func generics(of function: FunctionDeclSyntax) -> Set<String> {
        Set(function.genericParameterClause?.parameters.map(\.name.unquoted) ?? [])
    }

    /// The name an extension's members are kept under: the type's, or `[X]` for `extension Array where
    /// Element == X` and `extension [X]`, whose members an implicit member of type `[X]` finds.
    static func extensionName(_ declaration: ExtensionDeclSyntax) -> String? {
        let extended = TypeHint(declaration.extendedType)
        if case let .array(element) = extended, let name = element.name { return "[\(name)]" }
        guard case let .named(name) = extended else { return nil }
        guard name == "Array" || name == "Collection" || name == "Sequence" else { return name }
        for requirement in declaration.genericWhereClause?.requirements ?? [] {
            guard case let .sameTypeRequirement(same) = requirement.requirement, same.leftType.trimmedDescription == "Element",
                case let .type(right) = same.rightType, let element = TypeHint(right).name
            else { continue }
            return "[\(element)]"
        }
        return name
    }

    /// The type whose members are kept under `owner` (``extensionName(_:)``): `[TargetDependency]` is an
    /// array of `TargetDependency`, which `Self` in its extension stands for.
    static func owner(_ owner: String) -> TypeHint {
        guard owner.hasPrefix("["), owner.hasSuffix("]"), owner.count > 2 else { return .named(owner) }
        return .array(.named(String(owner.dropFirst().dropLast())))
    }

    /// The name under which the members of an extension of this type are kept (``extensionName(_:)``).
    var memberOwner: String? {
        switch self {
        case let .named(name): name
        case let .array(element): element.name.map { "[\($0)]" }
        case let .optional(wrapped): wrapped.memberOwner
        default: nil
        }
    }

    /// The type of an element of a collection of this type.
    var element: TypeHint? {
        switch self {
        case let .array(element), let .set(element): element
        case let .optional(wrapped): wrapped.element
        default: nil
        }
    }

    /// The type without `Optional`.
    var unwrapped: TypeHint {
        if case let .optional(wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// The name of the nominal type (after `Optional`), for member lookups.
    var name: String? {
        if case let .named(name) = unwrapped { return name }
        return nil
    }
}

extension TokenSyntax {
    /// The name the token spells, without the backticks that make a keyword a name: helpers write
    /// `` static let `default`: SourceFilesList = "Sources/**" `` and manifests `.default`, one name.
    var unquoted: String {
        let text = self.text
        guard text.count > 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
        return String(text.dropFirst().dropLast())
    }
}
