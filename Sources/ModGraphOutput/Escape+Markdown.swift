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
    /// GitHub's autolink extension also makes links of plain text: a URL
    /// (`https://…`, `ftp://…`), a `www.` address, an e-mail address. The `:`
    /// of every `://` and the `.` after every `www` are backslash-escaped,
    /// which the extension, matching the text as written, does not read as
    /// either; an e-mail address is matched after escapes are resolved, so
    /// an `@` that follows a character of an address gets an empty HTML
    /// comment (`<!---->`) before it, which splits the text and shows nothing.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func markdown(_ text: String, limit: Int = nameLimit) -> String {
        if isPlain(text, limit: limit, avoiding: markdownActiveBytes), !startsWithColon(text), !mayAutolink(text) { return text }
        var output = ""
        let scalars = Array(Self.text(text, limit: limit).unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == ":", index + 2 < scalars.count, scalars[index + 1] == "/", scalars[index + 2] == "/" {
                output += "\\"
            } else if scalar == ".", index >= 3, scalars[(index - 3)..<index].allSatisfy({ $0 == "w" || $0 == "W" }) {
                output += "\\"
            } else if scalar == "@", index > 0, isAddressCharacter(scalars[index - 1]) {
                output += "<!---->"
            }
            if markdownActive.contains(scalar) { output += "\\" }
            output.unicodeScalars.append(scalar)
        }
        return output
    }

    /// Whether `text` holds a `://` or a `www.` (in any case), which the autolink extension may read as a link.
    private static func mayAutolink(_ text: String) -> Bool {
        var previous: (UInt8, UInt8, UInt8) = (0, 0, 0)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/"), previous.1 == UInt8(ascii: ":"), previous.2 == UInt8(ascii: "/") { return true }
            if byte == UInt8(ascii: "."), [previous.0, previous.1, previous.2].allSatisfy({ $0 | 0x20 == UInt8(ascii: "w") }) {
                return true
            }
            previous = (previous.1, previous.2, byte)
        }
        return false
    }

    /// A character an e-mail address's local part may end with, as GitHub's autolink extension reads it.
    private static func isAddressCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".+-_".unicodeScalars.contains(scalar))
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
