extension Escape {
    /// Input as HTML text or a quoted attribute value (index.html):
    /// ``visible(_:limit:)``, then `& < > " '` as character references, so a
    /// name can neither open a tag nor close the attribute it sits in.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func html(_ text: String, limit: Int = nameLimit) -> String {
        references(text, limit: limit, apostrophe: "&#39;")
    }

    /// `value` as compact JSON that may sit inside an HTML `<script>` element:
    /// `<`, `>` and `&` written as `\u003c`, `\u003e`, `\u0026` (so no string
    /// can close the element with `</script>` or open `<!--`), U+2028 and
    /// U+2029 as `\u2028` and `\u2029` (line terminators to older JavaScript),
    /// and no whitespace between tokens. `JSON.parse` reads back the exact
    /// strings: those characters only occur inside strings, where the escapes
    /// mean the same characters. Written after `prefix`, the markup before
    /// the element, so that a page of many megabytes is not copied again.
    ///
    /// - Complexity: O(n) in the size of the serialized document.
    public static func scriptJSON(_ value: JSONValue, after prefix: [UInt8] = []) -> [UInt8] {
        // Escaped as each string is written: one pass over the document.
        value.serializedBytes(layout: .script, after: prefix)
    }
}
