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

    /// ``jsonString(_:)`` appended to `output`, without a string in between for the plain names nearly all are.
    static func writeJSONString(_ text: String, to output: inout [UInt8]) {
        guard isPlain(text, limit: .max, avoiding: jsonActive) else {
            output.append(contentsOf: jsonString(text).utf8)
            return
        }
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: text.utf8)
        output.append(UInt8(ascii: "\""))
    }

    /// ``jsonString(_:)`` of `first + separator + second` appended to `output`, without that string in between.
    static func writeJSONString(_ first: String, joinedBy separator: Unicode.Scalar, _ second: String, to output: inout [UInt8]) {
        guard separator.isASCII, separator.value >= 0x20, separator.value < 0x7F, !jsonActive.contains(UInt8(separator.value)),
            isPlain(first, limit: .max, avoiding: jsonActive), isPlain(second, limit: .max, avoiding: jsonActive)
        else {
            output.append(contentsOf: jsonString(first + String(separator) + second).utf8)
            return
        }
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: first.utf8)
        output.append(UInt8(separator.value))
        output.append(contentsOf: second.utf8)
        output.append(UInt8(ascii: "\""))
    }

    private static let jsonActive = ASCIISet("\"\\")

    private static func utf16Escape(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
