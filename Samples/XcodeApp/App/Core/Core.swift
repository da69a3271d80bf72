/// An identifier of any entity, typed by what it identifies.
public struct Identifier<Entity>: Hashable, Sendable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
