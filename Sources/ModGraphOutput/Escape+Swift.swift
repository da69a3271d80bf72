extension Escape {
    /// A Swift string literal, quotes included, as `modgraph fix` writes a name into
    /// `Package.swift`: `"` and `\` escaped, and every character ``visible(_:limit:)``
    /// would spell out (controls, line separators, bidirectional overrides) written as
    /// `\u{…}`, so the literal's value is the name exactly and the line shows nothing
    /// hidden. Never cut: the name must stay the one the manifest means.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func swiftString(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where needsSpelling(scalar): output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
