/// The text of a `contents.xcworkspacedata` as UTF-8, whatever encoding it
/// was written in, so that every check on it (no DTD) reads what the XML
/// parser will read. A check on the raw bytes can be walked around: in UTF-16
/// (or EBCDIC) `<!DOCTYPE` is not the ASCII bytes, and libxml2 decodes the
/// document itself and expands what a DTD declares.
///
/// Xcode writes UTF-8. UTF-16 (either byte order, with or without a byte
/// order mark) is decoded; any other encoding, by its first bytes or by the
/// XML declaration's `encoding`, is refused, as are bytes that are not valid
/// in the encoding. The XML declaration is rewritten to say UTF-8, keeping
/// its line breaks, so the parser's line numbers stay the document's.
enum WorkspaceText {
    /// Why the bytes cannot be read as text; the line is 1-based.
    struct Failure: Error, Equatable {
        let line: Int
        let problem: String
    }

    private enum Encoding { case utf8, utf16(bigEndian: Bool) }

    /// The document as UTF-8, with an XML declaration (if it had one) that says so.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func utf8(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var start = 0
        let encoding: Encoding
        switch Array(bytes.prefix(4)) {
        case let head where head.starts(with: [0xEF, 0xBB, 0xBF]):
            start = 3
            encoding = .utf8
        case [0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0xFE, 0xFF]:
            throw Failure(line: 1, problem: Self.otherEncoding)
        case let head where head.starts(with: [0xFF, 0xFE]):
            start = 2
            encoding = .utf16(bigEndian: false)
        case let head where head.starts(with: [0xFE, 0xFF]):
            start = 2
            encoding = .utf16(bigEndian: true)
        case [0x3C, 0x00, 0x3F, 0x00]:
            encoding = .utf16(bigEndian: false)
        case [0x00, 0x3C, 0x00, 0x3F]:
            encoding = .utf16(bigEndian: true)
        case let head where head.contains(0) || head == [0x4C, 0x6F, 0xA7, 0x94]:
            // UTF-32 and UCS-4 in any order, UTF-16 that does not start with `<?`, EBCDIC's `<?xm`.
            throw Failure(line: 1, problem: Self.otherEncoding)
        default:
            encoding = .utf8
        }
        var text: [UInt8]
        switch encoding {
        case .utf8:
            text = Array(bytes[start...])
            if let line = Self.lineOfInvalidUTF8(text) { throw Failure(line: line, problem: "the document is not valid UTF-8") }
        case let .utf16(bigEndian):
            text = try Self.decodeUTF16(bytes[start...], bigEndian: bigEndian)
        }
        return try Self.declaringUTF8(text)
    }

    static let otherEncoding = "the document is not in UTF-8 or UTF-16, the encodings modgraph reads workspaces in"

    /// The line of the first byte that is not part of valid UTF-8, if any.
    private static func lineOfInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }

    /// UTF-16 code units as UTF-8; an odd byte or an unpaired surrogate is refused with its line.
    private static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(Failure) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count * 3 / 2)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var line = 1
        decoding: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                if scalar == "\n" { line += 1 }
                UTF8.encode(scalar) { output.append($0) }
            case .emptyInput: break decoding
            case .error: throw Failure(line: line, problem: "the document is not valid UTF-16")
            }
        }
        guard index == bytes.endIndex else { throw Failure(line: line, problem: "the document is not valid UTF-16 (an odd number of bytes)") }
        return output
    }

    /// The text with its XML declaration, if any, saying `encoding="UTF-8"`;
    /// a declared encoding other than UTF-8 or UTF-16 is refused by name.
    private static func declaringUTF8(_ text: [UInt8]) throws(Failure) -> [UInt8] {
        let opening = Array("<?xml".utf8)
        guard text.starts(with: opening), text.count > opening.count,
            [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(text[opening.count])
        else { return text }
        guard let close = Self.find(Array("?>".utf8), in: text) else { return text }
        let declaration = String(decoding: text[..<close], as: UTF8.self)
        if let declared = Self.pseudoAttribute("encoding", in: declaration) {
            guard ["utf-8", "utf8", "utf-16", "utf-16le", "utf-16be"].contains(declared.lowercased()) else {
                throw Failure(line: 1, problem: "the document is in \(declared); modgraph reads workspaces in UTF-8 or UTF-16 only")
            }
        }
        let version = Self.pseudoAttribute("version", in: declaration) == "1.1" ? "1.1" : "1.0"
        let breaks = text[..<close].filter { $0 == UInt8(ascii: "\n") }.count
        return Array("<?xml version=\"\(version)\" encoding=\"UTF-8\"".utf8) + Array(repeating: UInt8(ascii: "\n"), count: breaks)
            + text[close...]
    }

    /// The value of `name="…"` (or `'…'`) in an XML declaration.
    private static func pseudoAttribute(_ name: String, in declaration: String) -> String? {
        guard let range = declaration.range(of: name) else { return nil }
        var rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
