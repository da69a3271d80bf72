/// Source text with markers where findings are expected, as swift-format's tests write them
/// (`1️⃣public final class Cache {}`): the markers are taken out of the text, and the place of
/// each is kept by name, so that a test says where a finding points by pointing at it instead of
/// counting lines by hand. A place is a 1-based line and a 1-based column in UTF-8 bytes, as
/// swift-syntax (and so every finding) counts them.
public struct MarkedText: Sendable {
    /// The text without its markers.
    public let text: String
    /// Where each marker was, by marker.
    public let places: [String: (line: Int, column: Int)]

    /// The markers: the keycap digits `0️⃣` to `9️⃣`, and `🔟`.
    public static let markers: Set<Character> = Set((0...9).map { Character("\($0)\u{FE0F}\u{20E3}") } + ["🔟"])

    public init(_ marked: String) {
        var text = ""
        var places: [String: (line: Int, column: Int)] = [:]
        var (line, column) = (1, 1)
        for character in marked {
            if Self.markers.contains(character) {
                precondition(places[String(character)] == nil, "marker \(character) is used twice")
                places[String(character)] = (line, column)
                continue
            }
            text.append(character)
            if character == "\n" || character == "\r\n" {
                (line, column) = (line + 1, 1)
            } else {
                column += character.utf8.count
            }
        }
        self.text = text
        self.places = places
    }

    /// `line:column` of `marker`, as a finding's location ends.
    public func place(_ marker: String) -> String {
        guard let place = places[marker] else {
            preconditionFailure("no marker \(marker) in the text")
        }
        return "\(place.line):\(place.column)"
    }
}
