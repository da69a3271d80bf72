/// Reads an old-style (OpenStep) property list, as Xcode writes `project.pbxproj`.
///
/// Written by hand rather than through Foundation's `PropertyListSerialization`
/// so that a project file from a pull request is read within known bounds
/// (size, nesting: a hostile file cannot exhaust the stack) and an error names
/// the line. Grammar: `//` and `/* */` comments; strings quoted with `"` (escapes
/// `\n \t \r \" \\ \UXXXX` and octal `\123`) or unquoted (letters, digits and
/// `_$+/:.-`); `( a, b, )` arrays; `{ key = value; }` dictionaries; `<0fab>` data.
///
/// - Complexity: O(n) in the size of the text.
public struct OpenStepParser {
    /// Larger than any real project file (the largest seen are a few MB).
    public static let maximumBytes = 64 << 20
    /// Xcode nests four or five levels deep.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        guard bytes.count <= maximumBytes else {
            throw PropertyListError(line: 1, problem: "the file has \(bytes.count) bytes, more than the \(maximumBytes) modgraph reads")
        }
        var parser = OpenStepParser(bytes)
        try parser.skipTrivia()
        let value = try parser.value(depth: 0)
        try parser.skipTrivia()
        guard parser.position == parser.bytes.count else { throw parser.fail("unexpected text after the property list") }
        return value
    }

    private func fail(_ problem: String) -> PropertyListError {
        PropertyListError(line: line, problem: problem)
    }

    private mutating func value(depth: Int) throws(PropertyListError) -> PropertyList {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        guard position < bytes.count else { throw fail("unexpected end of file") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var dictionary = PropertyListDictionary()
            dictionary.line = line
            while true {
                try skipTrivia()
                guard position < bytes.count else { throw fail("unexpected end of file in a dictionary") }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .dictionary(dictionary)
                }
                let key = try string()
                try skipTrivia()
                try expect(UInt8(ascii: "="), "'=' after the key '\(key.prefix(80))'")
                try skipTrivia()
                let item = try value(depth: depth + 1)
                try skipTrivia()
                try expect(UInt8(ascii: ";"), "';' after the value of '\(key.prefix(80))'")
                dictionary.set(key, item)
            }
        case UInt8(ascii: "("):
            position += 1
            var items: [PropertyList] = []
            while true {
                try skipTrivia()
                guard position < bytes.count else { throw fail("unexpected end of file in an array") }
                if bytes[position] == UInt8(ascii: ")") {
                    position += 1
                    return .array(items)
                }
                items.append(try value(depth: depth + 1))
                try skipTrivia()
                guard position < bytes.count else { throw fail("unexpected end of file in an array") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: ")") else { throw fail("expected ',' or ')' in an array") }
            }
        case UInt8(ascii: "<"):
            return .data(try data())
        default:
            return .string(try string())
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(PropertyListError) {
        guard position < bytes.count, bytes[position] == byte else { throw fail("expected \(what)") }
        position += 1
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private mutating func string() throws(PropertyListError) -> String {
        guard position < bytes.count else { throw fail("unexpected end of file") }
        let first = bytes[position]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return try quoted(first) }
        let start = position
        while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
        guard position > start else {
            throw fail("unexpected character '\(String(decoding: [first], as: UTF8.self))'")
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// `\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v`: the control characters they stand for.
    private static let controlEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "a"): 0x07,
        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "v"): 0x0B,
    ]

    private mutating func quoted(_ quote: UInt8) throws(PropertyListError) -> String {
        let startLine = line
        position += 1
        var output: [UInt8] = []
        var units: [UInt16] = []
        func flushUnits() {
            guard !units.isEmpty else { return }
            output += Array(String(decoding: units, as: UTF16.self).utf8)
            units.removeAll()
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == quote {
                flushUnits()
                return String(decoding: output, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            guard byte == UInt8(ascii: "\\") else {
                flushUnits()
                output.append(byte)
                continue
            }
            guard position < bytes.count else { break }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case _ where Self.controlEscapes[escaped] != nil:
                flushUnits()
                output.append(Self.controlEscapes[escaped] ?? escaped)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt16 = 0
                var digits = 0
                while digits < 4, position < bytes.count, let digit = Self.hexValue(bytes[position]) {
                    value = value << 4 | UInt16(digit)
                    position += 1
                    digits += 1
                }
                guard digits > 0 else { throw fail("'\\U' without hexadecimal digits") }
                units.append(value)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                    value = value * 8 + Int(bytes[position] - UInt8(ascii: "0"))
                    position += 1
                    digits += 1
                }
                flushUnits()
                output.append(UInt8(truncatingIfNeeded: value))
            default:
                flushUnits()
                if escaped == UInt8(ascii: "\n") { line += 1 }
                output.append(escaped)
            }
        }
        throw PropertyListError(line: startLine, problem: "a quoted string is not closed")
    }

    private mutating func data() throws(PropertyListError) -> [UInt8] {
        position += 1
        var output: [UInt8] = []
        var pending: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") {
                guard pending == nil else { throw fail("data with an odd number of hexadecimal digits") }
                return output
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if byte == UInt8(ascii: "\n") { line += 1 }
                continue
            }
            guard let digit = Self.hexValue(byte) else { throw fail("data holds a character that is not hexadecimal") }
            if let high = pending {
                output.append(high << 4 | digit)
                pending = nil
            } else {
                pending = digit
            }
        }
        throw fail("data is not closed with '>'")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// White space and comments; counts lines.
    private mutating func skipTrivia() throws(PropertyListError) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                position += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                let startLine = line
                position += 2
                while true {
                    guard position + 1 < bytes.count else { throw PropertyListError(line: startLine, problem: "a comment is not closed") }
                    if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                        position += 2
                        break
                    }
                    if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                    position += 1
                }
            } else {
                return
            }
        }
    }
}
