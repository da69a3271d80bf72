public struct Typography: Hashable, Sendable {
    public enum Weight: String, Sendable {
        case regular, medium, bold
    }

    public let family: String
    public let size: Int
    public let weight: Weight

    public init(family: String = "Inter", size: Int, weight: Weight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    public static let title = Typography(size: 28, weight: .bold)
    public static let headline = Typography(size: 17, weight: .medium)
    public static let body = Typography(size: 15)
    public static let caption = Typography(size: 12)
}
