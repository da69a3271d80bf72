/// A declaration of an interface module's file that the interface rule has
/// to judge. Declarations that are always allowed there (protocols, structs,
/// enums, typealiases, stored properties, initialisers and computed
/// properties in a type's own body) are not listed.
public struct InterfaceItem: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case `class`, actor
        case function
        /// `var` at the top level, or `static var` / `class var` storage in a type.
        case variable
        /// `let` at the top level.
        case constant
        /// Statements outside any declaration.
        case topLevelCode = "top-level code"
        /// `macro` declarations and freestanding macros at the top level, whose expansion is not checked.
        case macro
        /// `func` inside a struct or enum body, or in an extension.
        case method
        /// Computed property, initialiser or subscript in an extension (allowed
        /// for a DTO, an implementation for a protocol).
        case computedProperty = "computed property"
        case initializer
        case `subscript`
        /// A declaration kind the rule has no place for (`deinit`, an unknown node).
        case other
    }

    public let kind: Kind
    /// `ScreenCache`, `formatted()`, `hash(into:)`, `==`.
    public let name: String
    /// The type whose body or extension holds it (`Money`, `Outer.Inner`); `nil` at the top level.
    public let container: String?
    public let isInExtension: Bool
    /// `static` or `class` members.
    public let isStatic: Bool
    public let line: Int
    public let column: Int

    public init(
        kind: Kind, name: String, container: String? = nil, isInExtension: Bool = false, isStatic: Bool = false,
        line: Int, column: Int
    ) {
        self.kind = kind
        self.name = name
        self.container = container
        self.isInExtension = isInExtension
        self.isStatic = isStatic
        self.line = line
        self.column = column
    }
}

/// What one file of an interface module declares, as far as the interface rule cares.
public struct InterfaceAudit: Hashable, Sendable, Codable {
    /// Protocols the file declares, qualified when nested (`Outer.Inner`).
    public var protocols: [String] = []
    public var items: [InterfaceItem] = []

    public init(protocols: [String] = [], items: [InterfaceItem] = []) {
        self.protocols = protocols
        self.items = items
    }
}
