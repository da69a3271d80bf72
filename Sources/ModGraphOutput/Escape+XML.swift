extension Escape {
    /// Input as XML 1.0 character data or an attribute value (JUnit, SVG):
    /// ``visible(_:limit:)`` (which also removes every character XML 1.0
    /// forbids: C0 controls, U+FFFE, U+FFFF), then `& < > " '` as entities.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func xml(_ text: String, limit: Int = nameLimit) -> String {
        if isPlain(text, limit: limit, avoiding: xmlActive) { return text }
        var output = ""
        for scalar in visible(text, limit: limit).unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// What ``xml(_:limit:)`` writes as entities, and the backslash ``visible(_:limit:)`` spells out.
    private static let xmlActive = ASCIISet("&<>\"'\\")
}
