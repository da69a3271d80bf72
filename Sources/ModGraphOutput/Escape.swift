/// The one escaping rule of each output format. Every name, path and message
/// that came from input (a target, product, package, folder or layer name, a
/// config line, a compiler diagnostic) reaches output through one of these,
/// so that input is always shown as data:
///
/// - ``text(_:limit:)``: terminals, logs, standard error and every text format.
/// - ``markdown(_:limit:)`` and ``markdownCode(_:inTable:limit:)``: report.md.
/// - ``xml(_:limit:)``: JUnit, SVG written by modgraph.
/// - ``html(_:limit:)`` and ``scriptJSON(_:)``: index.html, the interactive viewer.
/// - ``dot(_:limit:)`` and ``dotIdentifier(_:)``: Graphviz's DOT language.
/// - ``mermaid(_:limit:)``: Mermaid flowcharts and Gantt charts.
/// - ``githubData(_:)`` and ``githubProperty(_:)``: GitHub workflow commands.
///
/// JSON needs none of these: its writer escapes every string completely.
///
/// All of them start from ``visible(_:)``: characters that would move the
/// cursor, start a terminal escape sequence, break a line, reorder text or
/// that XML 1.0 forbids are spelled out (`\n`, `\u{1B}`), so one name is one
/// line and reads the same everywhere. A name longer than the limit is cut
/// with an ellipsis that says how long it was.
public enum Escape {
    /// The longest name shown whole, in Unicode scalars.
    public static let nameLimit = 200
    /// The longest message (a finding's text, an error) shown whole.
    public static let messageLimit = 2_000

    /// `text` with every character that is not plain printable text spelled
    /// out: `\n`, `\r`, `\t`, `\\` for a backslash, `\u{1B}` for other
    /// controls, line and paragraph separators, bidirectional overrides and
    /// noncharacters; cut to `limit` scalars when longer.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func visible(_ text: String, limit: Int = nameLimit) -> String {
        if isPlain(text, limit: limit, avoiding: .backslash) { return text }
        var output = ""
        var count = 0
        var total = 0
        for scalar in text.unicodeScalars {
            total += 1
            guard count < limit else { continue }
            count += 1
            switch scalar {
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\\": output += "\\\\"
            case _ where needsSpelling(scalar): output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        if total > limit { output += "…[\(grouped(total)) characters]" }
        return output
    }

    /// Whether a scalar must be spelled out rather than shown.
    public static func needsSpelling(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1 (ESC starts terminal sequences)
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional controls
        case 0xFEFF, 0xFFF9...0xFFFB: true  // byte order mark, interlinear annotation
        case 0xFDD0...0xFDEF: true  // noncharacters
        case _ where scalar.value & 0xFFFE == 0xFFFE: true  // U+FFFE, U+FFFF and their kin in every plane
        default: false
        }
    }

    /// Whether `text` is printable ASCII (space to `~`) without any of
    /// `active`, and at most `limit` characters long: then every format shows
    /// it as it is. Names nearly always are; checking their bytes spares
    /// building the output one scalar at a time, which cost most of the time
    /// of writing a graph of 100,000 targets.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func isPlain(_ text: String, limit: Int, avoiding active: ASCIISet) -> Bool {
        // Native strings are contiguous UTF-8: read in place, without the iterator's per-byte checks.
        if let plain = text.utf8.withContiguousStorageIfAvailable({ bytes in
            bytes.count <= limit && bytes.allSatisfy(active.admitsPlain)
        }) {
            return plain
        }
        var count = 0
        for byte in text.utf8 {
            guard active.admitsPlain(byte) else { return false }
            count += 1
        }
        return count <= limit
    }

    /// Whether the first character of `text` that is not a space is `:` (see ``text(_:limit:)``).
    static func startsWithColon(_ text: String) -> Bool {
        text.utf8.first { $0 != UInt8(ascii: " ") } == UInt8(ascii: ":")
    }

    /// A set of ASCII characters as a 128-bit mask, for ``isPlain(_:limit:avoiding:)``.
    struct ASCIISet {
        private let low: UInt64
        private let high: UInt64

        init(_ characters: String) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in characters.utf8 where byte < 0x80 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
            self.low = low
            self.high = high
        }

        /// Whether `byte` is printable ASCII and not in the set: a byte a plain name may hold.
        func admitsPlain(_ byte: UInt8) -> Bool {
            byte >= 0x20 && byte < 0x7F && !contains(byte)
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }

        static let backslash = ASCIISet("\\")
    }

    /// `12345` as `12,345`, without locale: how counts and bounds read in every message.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var output = ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { output += "," }
            output.append(digit)
        }
        return output
    }
}
