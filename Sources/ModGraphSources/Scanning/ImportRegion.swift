/// How much of a file can hold its imports, so that a file only read for its
/// imports is parsed up to there and not to its end: most of a file is
/// declarations below its imports, and the parse is nearly all of the cost.
///
/// Every import statement spells the keyword `import` as a word, so none
/// starts after the last place the word occurs (in code, a comment or a
/// string alike). The region ends after the module path that follows that
/// occurrence, at the end of its line. Parsing is left to right, so what
/// comes before the end parses as in the whole file; a construct the end cuts
/// (a function body, an `#if` without its `#endif`) is closed by the parser's
/// recovery, after every import.
enum ImportRegion {
    /// The number of bytes from the start of `bytes` that hold every import.
    ///
    /// - Complexity: O(n) in the number of bytes, from the end back to the last `import`.
    static func end(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let keyword = lastKeyword(in: bytes) else { return 0 }
        var index = keyword + keywordBytes.count
        // `import [kind] Path.To.Module`, with line breaks allowed between the parts.
        skipSpace(bytes, &index)
        let first = word(bytes, &index)
        if kinds.contains(first) {
            skipSpace(bytes, &index)
            _ = word(bytes, &index)
        }
        while true {
            var lookahead = index
            skipSpace(bytes, &lookahead)
            guard lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: ".") else { break }
            lookahead += 1
            skipSpace(bytes, &lookahead)
            index = lookahead
            if word(bytes, &index).isEmpty { break }
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// Whether `bytes` from `start` on are whitespace and comments only (`//` to the end of the
    /// line, `/* */` nested as Swift nests them): nothing after the imports.
    ///
    /// - Complexity: O(n) in the bytes after `start`.
    static func isTrivia(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                var depth = 0
                repeat {
                    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                    } else if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < bytes.count
                if depth > 0 { return true }
            default:
                return false
            }
        }
        return true
    }

    /// Words without which a Swift file gives its module's users nothing: access levels a user can
    /// reach, the Objective-C runtime's names, C symbols, re-exported modules.
    private static let exportWords: Set<[UInt8]> = Set(
        ["public", "open", "package", "objc", "objcMembers", "_cdecl", "_silgen_name", "_exported", "dynamicReplacement"]
            .map { Array($0.utf8) })

    /// Whether `bytes` may give a user of the module anything: one of ``exportWords`` occurs as a word,
    /// in code, a comment or a string alike (so a `false` is sure, a `true` only may be). A library
    /// whose every file answers false exists to bring its dependencies into a product (Marconio's
    /// `AppDelegate_iOS`, one internal placeholder struct, a wrapper for platform dependencies).
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func mayExport(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            guard isIdentifier(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, isIdentifier(bytes[index]) { index += 1 }
            let length = index - start
            if length >= 4, length <= 18, exportWords.contains(Array(bytes[start..<index])) { return true }
        }
        return false
    }

    private static let keywordBytes = Array("import".utf8)
    private static let kinds: Set<[UInt8]> = Set(
        ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"].map { Array($0.utf8) })

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// The offset of the last `import` that is a word of its own.
    private static func lastKeyword(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = keywordBytes.count
        var start = bytes.count - length
        while start >= 0 {
            if bytes[start] == keywordBytes[0], (0..<length).allSatisfy({ bytes[start + $0] == keywordBytes[$0] }),
                start == 0 || !isIdentifier(bytes[start - 1]),
                start + length == bytes.count || !isIdentifier(bytes[start + length])
            {
                return start
            }
            start -= 1
        }
        return nil
    }

    private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// The identifier at `index` (backquoted or not), moving past it; empty when there is none.
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> [UInt8] {
        var result: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
        while index < bytes.count, isIdentifier(bytes[index]) {
            result.append(bytes[index])
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
        return result
    }
}
