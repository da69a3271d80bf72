import Prelude

public struct Theme: Sendable {
    public let name: Identifier<Theme>
    public let foreground: ColorToken
    public let background: ColorToken
    public let accent: ColorToken
    public let titleFont: Typography
    public let bodyFont: Typography

    public init(
        name: String,
        foreground: ColorToken,
        background: ColorToken,
        accent: ColorToken,
        titleFont: Typography = .title,
        bodyFont: Typography = .body
    ) {
        self.name = Identifier(name)
        self.foreground = foreground
        self.background = background
        self.accent = accent
        self.titleFont = titleFont
        self.bodyFont = bodyFont
    }

    public static let light = Theme(name: "light", foreground: .ink, background: .paper, accent: .accent)
    public static let dark = Theme(name: "dark", foreground: .paper, background: .ink, accent: .accent)

    /// A one-line summary, handy in logs: "light ink=#1C1C1E accent=#0A84FF".
    public var summary: String {
        "\(name) ink=\(foreground.hexString) accent=\(accent.hexString)"
    }
}
