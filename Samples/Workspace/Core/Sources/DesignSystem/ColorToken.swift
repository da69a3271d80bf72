/// An sRGB colour with 8-bit channels.
public struct ColorToken: Hashable, Sendable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public init(hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    public var hexString: String {
        "#" + [red, green, blue].map { channel in
            let digits = String(channel, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    public static let ink = ColorToken(hex: 0x1C1C1E)
    public static let paper = ColorToken(hex: 0xFFFFFF)
    public static let accent = ColorToken(hex: 0x0A84FF)
    public static let danger = ColorToken(hex: 0xFF453A)
}
