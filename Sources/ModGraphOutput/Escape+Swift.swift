extension Escape {
    /// A Swift string literal, quotes included, as `modgraph fix` writes a name into
    /// `Package.swift`: ``visible(_:limit:)``, uncut, whose spellings (`\n`, `\\`,
    /// `\u{1B}` for controls, line separators and bidirectional overrides) are Swift's own
    /// escapes, and `"` escaped. The literal's value is the name exactly, and the line shows
    /// nothing hidden; never cut, as the name must stay the one the manifest means.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func swiftString(_ text: String) -> String {
        var output = "\""
        for scalar in visible(text, limit: .max).unicodeScalars {
            if scalar == "\"" { output += "\\\"" } else { output.unicodeScalars.append(scalar) }
        }
        return output + "\""
    }
}
