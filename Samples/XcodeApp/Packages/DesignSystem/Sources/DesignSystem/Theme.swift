/// Colours and type, by name.
public struct Theme: Sendable {
    public let name: String

    public static let standard = Theme(name: "standard")
}
