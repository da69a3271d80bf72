/// A strongly typed identifier. `Tag` is a phantom type, so `Identifier<User>` and
/// `Identifier<Order>` cannot be mixed up even though both wrap a string.
public struct Identifier<Tag>: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// True when the identifier holds something other than whitespace.
    public var isValid: Bool {
        rawValue.contains { !$0.isWhitespace }
    }
}

/// Hands out sequential identifiers with a common prefix, e.g. `order-1`, `order-2`.
public struct IdentifierSequence<Tag> {
    public let prefix: String
    private var counter = 0

    public init(prefix: String) {
        self.prefix = prefix
    }

    public mutating func next() -> Identifier<Tag> {
        counter += 1
        return Identifier("\(prefix)-\(counter)")
    }
}
