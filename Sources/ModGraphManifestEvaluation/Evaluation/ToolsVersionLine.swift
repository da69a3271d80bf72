import Foundation
import ModGraphManifest

/// The `// swift-tools-version:` line, read as SwiftPM reads it, for the
/// forms every toolchain accepts alike; any other form falls back, and
/// `dump-package` applies its own rules (leading whitespace, other spacing,
/// a version further down).
enum ToolsVersionLine {
    /// The version on the first line of a manifest's first bytes; `nil` for a
    /// byte-order mark before it (SwiftPM reads no version there) or anything else.
    static func parse(start data: Data) -> ToolsVersion? {
        guard !startsWithByteOrderMark(data) else { return nil }
        return String(data: data.prefix(256), encoding: .utf8).flatMap(parse)
    }

    /// Whether `data` starts with UTF-8's byte-order mark, `EF BB BF`.
    static func startsWithByteOrderMark(_ data: Data) -> Bool {
        data.starts(with: [0xEF, 0xBB, 0xBF])
    }

    /// The version on the first line: `// swift-tools-version:5.9` or
    /// `// swift-tools-version: 5.9.0` (one space after the colon only from 5.4),
    /// followed by a line feed; `nil` for anything else.
    static func parse(_ text: String) -> ToolsVersion? {
        let prefix = "// swift-tools-version:"
        guard text.hasPrefix(prefix) else { return nil }
        var rest = text.utf8.dropFirst(prefix.utf8.count)
        let spaced = rest.first == UInt8(ascii: " ")
        if spaced { rest = rest.dropFirst() }
        guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let specifier = rest[rest.startIndex..<end]
        let parts = specifier.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...4).contains(part.count), part.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                part.count == 1 || part.first != UInt8(ascii: "0"),
                let number = Int(String(decoding: part, as: UTF8.self))
            else { return nil }
            numbers.append(number)
        }
        let version = ToolsVersion(major: numbers[0], minor: numbers[1], patch: numbers.count > 2 ? numbers[2] : 0)
        // Before 5.4 the specification had to be exactly `// swift-tools-version:X`.
        if spaced, version < ToolsVersion(major: 5, minor: 4) { return nil }
        return version
    }
}
