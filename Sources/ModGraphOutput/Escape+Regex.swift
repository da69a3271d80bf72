extension Escape {
    /// A name inside a regular expression (`swift test --filter`): every
    /// character with a meaning in ICU's and NSRegularExpression's syntax gets
    /// a backslash, and characters that are not visible are spelled out, so
    /// the expression matches the name and nothing else, on one line.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func regex(_ text: String) -> String {
        var result = ""
        for character in visible(text) {
            if "\\^$.|?*+()[]{}-/#&~ ".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
