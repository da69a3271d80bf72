extension Escape {
    /// Characters that mean something inline in GitHub-flavoured Markdown
    /// (emphasis, code, links, images, raw HTML, entities, tables,
    /// strikethrough, math, mentions and issue references).
    static let markdownActive: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "~", "$", "@", "#", "!"]
    /// The same characters, for ``isPlain(_:limit:avoiding:)``.
    private static let markdownActiveBytes = ASCIISet("\\`*_[]<>&|~$@#!")

    /// Input as Markdown text: ``text(_:limit:)``, then every character
    /// Markdown would read backslash-escaped, so no tag, link, image, code
    /// span or mention can come from a name and table cells stay cells.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func markdown(_ text: String, limit: Int = nameLimit) -> String {
        if isPlain(text, limit: limit, avoiding: markdownActiveBytes), !startsWithColon(text) { return text }
        var output = ""
        for scalar in Self.text(text, limit: limit).unicodeScalars {
            if markdownActive.contains(scalar) { output += "\\" }
            output.unicodeScalars.append(scalar)
        }
        return output
    }

    /// Input as a Markdown code span: fenced with more backticks than any
    /// run inside it, padded where it starts or ends with a backtick, and
    /// with `|` escaped inside a table (GitHub splits cells before it reads code).
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func markdownCode(_ text: String, inTable: Bool = false, limit: Int = messageLimit) -> String {
        var content = Self.text(text, limit: limit)
        if inTable { content = content.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
        var longest = 0
        var run = 0
        for character in content {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = content.hasPrefix("`") || content.hasSuffix("`") ? " \(content) " : content
        return fence + padded + fence
    }
}
