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
    /// mean the same characters.
    ///
    /// - Complexity: O(n) in the size of the serialized document.
    public static func scriptJSON(_ value: JSONValue) -> [UInt8] {
        let compact = value.serializedBytes(layout: .compact)
        var output: [UInt8] = []
        output.reserveCapacity(compact.count)
        var inString = false
        var escaped = false
        var index = 0
        while index < compact.count {
            let byte = compact[index]
            index += 1
            if !inString {
                switch byte {
                case 0x20, 0x0A, 0x0D, 0x09: continue  // whitespace between tokens
                case UInt8(ascii: "\""): inString = true
                default: break
                }
                output.append(byte)
                continue
            }
            if escaped {
                escaped = false
                output.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "\\"):
                escaped = true
                output.append(byte)
            case UInt8(ascii: "\""):
                inString = false
                output.append(byte)
            case UInt8(ascii: "<"): output.append(contentsOf: "\\u003c".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "\\u003e".utf8)
            case UInt8(ascii: "&"): output.append(contentsOf: "\\u0026".utf8)
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            case 0xE2 where index + 1 < compact.count && compact[index] == 0x80 && (compact[index + 1] == 0xA8 || compact[index + 1] == 0xA9):
                output.append(contentsOf: (compact[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 2
            default: output.append(byte)
            }
        }
        return output
    }
}
