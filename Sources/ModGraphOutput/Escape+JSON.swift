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
    static func writeJSONString(_ text: String, inScript: Bool = false, to output: inout [UInt8]) {
        let active = inScript ? scriptActive : jsonActive
        // A native string's UTF-8 is read in place: checked and copied in one visit.
        let written =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                guard !bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F || active.contains($0) }) else { return false }
                output.append(UInt8(ascii: "\""))
                output.append(contentsOf: bytes)
                output.append(UInt8(ascii: "\""))
                return true
            } ?? false
        guard !written else { return }
        let literal = jsonString(text)
        guard inScript else { return output.append(contentsOf: literal.utf8) }
        // A JSON literal has these characters only as themselves: never inside an escape.
        for byte in literal.utf8 {
            switch byte {
            case UInt8(ascii: "<"): output.append(contentsOf: "\\u003c".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "\\u003e".utf8)
            case UInt8(ascii: "&"): output.append(contentsOf: "\\u0026".utf8)
            default: output.append(byte)
            }
        }
    }

    /// ``jsonString(_:)`` of `first + separator + second` appended to `output`, without that string in between.
    static func writeJSONString(
        _ first: String, joinedBy separator: Unicode.Scalar, _ second: String, inScript: Bool = false, to output: inout [UInt8]
    ) {
        let active = inScript ? scriptActive : jsonActive
        guard separator.isASCII, separator.value >= 0x20, separator.value < 0x7F, !active.contains(UInt8(separator.value)),
            isPlain(first, limit: .max, avoiding: active), isPlain(second, limit: .max, avoiding: active)
        else {
            writeJSONString(first + String(separator) + second, inScript: inScript, to: &output)
            return
        }
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: first.utf8)
        output.append(UInt8(separator.value))
        output.append(contentsOf: second.utf8)
        output.append(UInt8(ascii: "\""))
    }

    private static let jsonActive = ASCIISet("\"\\")
    private static let scriptActive = ASCIISet("\"\\<>&")

    private static func utf16Escape(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
