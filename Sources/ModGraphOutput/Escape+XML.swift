extension Escape {
    /// Input as XML 1.0 character data or an attribute value (JUnit, SVG):
    /// ``visible(_:limit:)`` (which also removes every character XML 1.0
    /// forbids: C0 controls, U+FFFE, U+FFFF), then `& < > " '` as entities.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func xml(_ text: String, limit: Int = nameLimit) -> String {
        references(text, limit: limit, apostrophe: "&apos;")
    }

    /// ``visible(_:limit:)``, then `& < > "` and the apostrophe as references:
    /// the one rule of XML and HTML, which differ only in how `'` is best written.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func references(_ text: String, limit: Int, apostrophe: String) -> String {
        if isPlain(text, limit: limit, avoiding: referenced) { return text }
        var output = ""
        for scalar in visible(text, limit: limit).unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += apostrophe
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// What ``references(_:limit:apostrophe:)`` writes as references, and the backslash ``visible(_:limit:)`` spells out.
    private static let referenced = ASCIISet("&<>\"'\\")
}
