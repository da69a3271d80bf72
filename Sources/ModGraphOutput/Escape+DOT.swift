extension Escape {
    /// Graphviz refuses quoted strings longer than 16,384 bytes; identifiers
    /// and labels stay well under it.
    static let dotByteLimit = 4_000

    /// Input as a quoted DOT string for a label or tooltip: ``visible(_:limit:)``
    /// (so `\r` and `\n` stay distinct and no control character reaches the
    /// SVG Graphviz writes), then `&` as `&amp;` (Graphviz reads entities in
    /// labels and tooltips, so a name `a&lt;b` would be drawn `a<b`), then `"`
    /// and `\` escaped. Graphviz's own escapes (`\N`, `\G`, `\l`) cannot
    /// arise, since every backslash is doubled.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func dot(_ text: String, limit: Int = nameLimit) -> String {
        // Nearly every name: nothing to spell out, cut or escape.
        if isPlain(text, limit: limit, avoiding: dotLabelActive) { return "\"" + text + "\"" }
        let shown = visible(text, limit: limit)
        return quotedDOT(shown.contains("&") ? shown.split(separator: "&", omittingEmptySubsequences: false).joined(separator: "&amp;") : shown)
    }

    /// Input as a DOT node identifier: the whole name, spelled out, so two
    /// names give two nodes; past the byte limit Graphviz accepts, the name
    /// is cut and a hash of the whole name keeps it apart from any other.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func dotIdentifier(_ text: String) -> String {
        if text.utf8.count <= dotByteLimit, isPlain(text, limit: .max, avoiding: dotActive) { return "\"" + text + "\"" }
        let shown = visible(text, limit: Int.max)
        guard shown.utf8.count > dotByteLimit else { return quotedDOT(shown) }
        var cut = ""
        var bytes = 0
        for scalar in shown.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > dotByteLimit - 40 { break }
            cut.unicodeScalars.append(scalar)
        }
        return quotedDOT(cut + "…#" + fnv1a(text))
    }

    /// What ``dot(_:limit:)`` changes in a plain name.
    private static let dotLabelActive = ASCIISet("\"\\&")

    /// What ``quotedDOT(_:)`` escapes.
    private static let dotActive = ASCIISet("\"\\")

    private static func quotedDOT(_ shown: String) -> String {
        if isPlain(shown, limit: .max, avoiding: dotActive) { return "\"" + shown + "\"" }
        var output = "\""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// A stable 64-bit FNV-1a hash in hexadecimal: the same name gives the same identifier on every run.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
