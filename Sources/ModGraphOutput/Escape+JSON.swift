extension Escape {
    /// A JSON string literal, quotes included: `"` and `\` escaped, and every
    /// character ``visible(_:limit:)`` would spell out written as `\uXXXX`
    /// (a surrogate pair above U+FFFF), so the value is exact when parsed and
    /// the document shows no control, line separator or bidirectional override
    /// when printed. Never cut: JSON is data.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func jsonString(_ text: String) -> String {
        if isPlain(text, limit: .max, avoiding: jsonActive) { return "\"" + text + "\"" }
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where needsSpelling(scalar):
                if scalar.value > 0xFFFF {
                    let offset = scalar.value - 0x10000
                    output += utf16Escape(0xD800 + (offset >> 10)) + utf16Escape(0xDC00 + (offset & 0x3FF))
                } else {
                    output += utf16Escape(scalar.value)
                }
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// ``jsonString(_:)`` appended to `output`, without a string in between
    /// for the plain names nearly all are; `inScript` also writes `<`, `>`
    /// and `&` as `\u003c`, `\u003e`, `\u0026` (``scriptJSON(_:)``).
    static func writeJSONString(_ text: String, inScript: Bool = false, to output: inout ByteBuffer) {
        let start = output.count
        output.append(UInt8(ascii: "\""))
        if appendIfPlain(text, avoiding: inScript ? scriptActive : jsonActive, to: &output) {
            output.append(UInt8(ascii: "\""))
            return
        }
        output.truncate(to: start)
        appendEscaped(text, inScript: inScript, to: &output)
    }

    /// ``jsonString(_:)`` of `first + separator + second` appended to `output`, without that string in between.
    static func writeJSONString(
        _ first: String, joinedBy separator: Unicode.Scalar, _ second: String, inScript: Bool = false, to output: inout ByteBuffer
    ) {
        let active = inScript ? scriptActive : jsonActive
        let start = output.count
        output.append(UInt8(ascii: "\""))
        if separator.isASCII, active.admitsPlain(UInt8(separator.value)), appendIfPlain(first, avoiding: active, to: &output) {
            output.append(UInt8(separator.value))
            if appendIfPlain(second, avoiding: active, to: &output) {
                output.append(UInt8(ascii: "\""))
                return
            }
        }
        output.truncate(to: start)
        appendEscaped(first + String(separator) + second, inScript: inScript, to: &output)
    }

    /// Appends `text`'s UTF-8 when every byte is plain (``ASCIISet/admitsPlain(_:)``),
    /// checked and copied in one visit of a native string; otherwise appends
    /// nothing and returns false.
    private static func appendIfPlain(_ text: String, avoiding active: ASCIISet, to output: inout ByteBuffer) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy(active.admitsPlain) else { return false }
            output.append(bytes)
            return true
        } ?? false
    }

    /// ``jsonString(_:)`` appended to `output`, and for a script `<`, `>` and `&` as escapes.
    private static func appendEscaped(_ text: String, inScript: Bool, to output: inout ByteBuffer) {
        var literal = jsonString(text)
        guard inScript else { return literal.withUTF8 { output.append($0) } }
        // A JSON literal has these characters only as themselves: never inside an escape.
        for byte in literal.utf8 {
            switch byte {
            case UInt8(ascii: "<"): output.append("\\u003c")
            case UInt8(ascii: ">"): output.append("\\u003e")
            case UInt8(ascii: "&"): output.append("\\u0026")
            default: output.append(byte)
            }
        }
    }

    private static let jsonActive = ASCIISet("\"\\")
    private static let scriptActive = ASCIISet("\"\\<>&")

    private static func utf16Escape(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
