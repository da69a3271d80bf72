/// Finds where a JSON text stops being JSON, or nests deeper than a dump
/// ever does: the dump reader only knows that it stopped, and users need
/// the reason, the line and the column. Weights files imported from other
/// tools (ModGraphWeights) are checked the same way before Foundation parses them.
///
/// - Complexity: O(n) in the length of the text; recursion-free.
public struct JSONSyntaxCheck {
    public struct Failure: Error, Equatable {
        public let line: Int
        public let column: Int
        public let problem: String
        /// Well-formed so far, but nested deeper than the limit given.
        public var isTooDeep = false
    }

    /// `nil` when `bytes` is one well-formed JSON value, surrounded only by
    /// whitespace, with arrays and objects nested at most `maximumDepth` deep.
    public static func firstError(in bytes: [UInt8], maximumDepth: Int = .max) -> Failure? {
        var scanner = Scanner(bytes: bytes, maximumDepth: maximumDepth)
        do throws(Failure) {
            try scanner.value()
            scanner.skipWhitespace()
            if scanner.position < bytes.count { throw scanner.failure("unexpected text after the end of the document") }
            return nil
        } catch {
            return error
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        let maximumDepth: Int
        var position = 0

        func failure(_ problem: String) -> Failure {
            var line = 1
            var column = 1
            for byte in bytes[..<min(position, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return Failure(line: line, column: column, problem: problem)
        }

        mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        /// One value; containers are tracked on an explicit stack.
        mutating func value() throws(Failure) {
            enum Frame { case array, object }
            var stack: [Frame] = []
            var expectValue = true
            while true {
                skipWhitespace()
                if expectValue {
                    guard position < bytes.count else { throw failure("unexpected end of input, expected a value") }
                    if stack.count == maximumDepth, bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "[") {
                        var tooDeep = failure("arrays and objects nested more than \(maximumDepth) deep")
                        tooDeep.isTooDeep = true
                        throw tooDeep
                    }
                    switch bytes[position] {
                    case UInt8(ascii: "{"):
                        position += 1
                        skipWhitespace()
                        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                            position += 1
                            expectValue = false
                        } else {
                            stack.append(.object)
                            try key()
                        }
                        continue
                    case UInt8(ascii: "["):
                        position += 1
                        skipWhitespace()
                        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                            position += 1
                            expectValue = false
                        } else {
                            stack.append(.array)
                        }
                        continue
                    case UInt8(ascii: "\""): try string()
                    case UInt8(ascii: "t"): try literal("true")
                    case UInt8(ascii: "f"): try literal("false")
                    case UInt8(ascii: "n"): try literal("null")
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
                    default: throw failure("unexpected character '\(Unicode.Scalar(bytes[position]))', expected a value")
                    }
                    expectValue = false
                }
                guard let frame = stack.last else { return }
                skipWhitespace()
                guard position < bytes.count else {
                    throw failure("unexpected end of input inside \(frame == .array ? "an array" : "an object")")
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if frame == .object { try key() }
                    expectValue = true
                } else if byte == UInt8(ascii: frame == .array ? "]" : "}") {
                    position += 1
                    stack.removeLast()
                } else {
                    throw failure("unexpected character '\(Unicode.Scalar(byte))', expected ',' or '\(frame == .array ? "]" : "}")'")
                }
            }
        }

        mutating func key() throws(Failure) {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            position += 1
        }

        mutating func string() throws(Failure) {
            position += 1
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return
                }
                if byte == UInt8(ascii: "\\") {
                    position += 2
                    continue
                }
                if byte < 0x20 { throw failure("control character inside a string") }
                position += 1
            }
            throw failure("unterminated string")
        }

        mutating func literal(_ word: String) throws(Failure) {
            for expected in word.utf8 {
                guard position < bytes.count, bytes[position] == expected else { throw failure("invalid literal, expected '\(word)'") }
                position += 1
            }
        }

        mutating func number() throws(Failure) {
            let start = position
            while position < bytes.count, "+-.eE0123456789".utf8.contains(bytes[position]) { position += 1 }
            if position == start || (position == start + 1 && bytes[start] == UInt8(ascii: "-")) { throw failure("invalid number") }
        }
    }
}
