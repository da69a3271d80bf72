/// A forward-only reader of JSON text for ``ManifestReader``: the few fields
/// the graph needs are read straight from the bytes, without building a tree
/// of containers and coding keys for every value.
///
/// It accepts only what RFC 8259 calls JSON and stops (``Refusal``) at the
/// first thing it does not expect: a syntax error, nesting past
/// ``maximumDepth`` or a lone surrogate escape (``Refusal/syntax``, which
/// ``JSONSyntaxCheck`` then words with its line and column), or a value of
/// another type than the document's shape wants (a problem and its path).
///
/// The bytes must be valid UTF-8 (``isValidUTF8(_:)``): strings are made
/// from them without another check.
struct JSONReader {
    /// Why reading stopped.
    struct Refusal: Error, Equatable {
        /// What is wrong with the document's shape; nil when the text is not
        /// JSON at all (``JSONSyntaxCheck`` says where and why).
        let problem: String?
        /// Where, from the top of the document: keys and `[index]`es, outermost first.
        private(set) var path: [String] = []

        static let syntax = Refusal(problem: nil)

        static func shape(_ problem: String) -> Refusal {
            Refusal(problem: problem)
        }

        /// The same refusal, one key or index further from the top.
        func inside(_ component: String) -> Refusal {
            var outer = self
            outer.path.insert(component, at: 0)
            return outer
        }

        /// `targets[3].dependencies[0]`.
        var pathText: String {
            var text = ""
            for component in path {
                text += component.hasPrefix("[") || text.isEmpty ? component : "." + component
            }
            return text
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    private(set) var position = 0
    private var depth = 0

    /// A reader at `position`, inside `depth` containers (a part of a document another reader has delimited).
    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, at position: Int = 0, depth: Int = 0) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.position = position
        self.depth = depth
    }

    /// Whether `bytes` is well-formed UTF-8, as Foundation requires of JSON.
    ///
    /// - Complexity: O(n); ASCII text is checked eight bytes at a time, also
    ///   after a non-ASCII character (a dump whose root path has an accent
    ///   near its start is otherwise decoded a scalar at a time to its end).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        while true {
            while index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            while index < count, bytes[index] < 0x80 { index += 1 }
            guard index < count else { return true }
            // One scalar of two to four bytes, by the standard decoder.
            var iterator = UnsafeBufferPointer(rebasing: bytes[index..<min(count, index + 4)]).makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
            index += UTF8.width(scalar)
        }
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// The next byte after whitespace, not consumed.
    mutating func peek() throws(Refusal) -> UInt8 {
        skipWhitespace()
        guard position < bytes.count else { throw .syntax }
        return bytes[position]
    }

    /// Consumes `null` when it comes next.
    mutating func skipNull() throws(Refusal) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Consumes the `{` of an object.
    mutating func beginObject() throws(Refusal) {
        guard try peek() == UInt8(ascii: "{") else { throw .shape("expected an object") }
        try open(UInt8(ascii: "{"))
    }

    /// Consumes the `[` of an array.
    mutating func beginArray() throws(Refusal) {
        guard try peek() == UInt8(ascii: "[") else { throw .shape("expected an array") }
        try open(UInt8(ascii: "["))
    }

    /// `body`'s value, a refusal in it placed under `component` (a key, or `[index]`).
    mutating func within<Value>(_ component: String, _ body: (inout JSONReader) throws(Refusal) -> Value) throws(Refusal) -> Value {
        do {
            return try body(&self)
        } catch {
            throw error.inside(component)
        }
    }

    /// The next key of the object begun last, its value's `:` consumed; `nil`
    /// after consuming the closing `}`. `first` is true until the first member.
    mutating func nextKey(first: inout Bool) throws(Refusal) -> Key? {
        guard try peek() != UInt8(ascii: "}") else {
            position += 1
            depth -= 1
            return nil
        }
        if !first {
            try consume(UInt8(ascii: ","))
            skipWhitespace()
        }
        first = false
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw .syntax }
        let key = try stringBounds()
        try consume(UInt8(ascii: ":"))
        return key
    }

    /// Whether another element of the array begun last follows (its comma
    /// consumed); false after consuming the closing `]`.
    mutating func nextElement(first: inout Bool) throws(Refusal) -> Bool {
        guard try peek() != UInt8(ascii: "]") else {
            position += 1
            depth -= 1
            return false
        }
        if !first { try consume(UInt8(ascii: ",")) }
        first = false
        return true
    }

    // MARK: Values

    /// A string value.
    mutating func string() throws(Refusal) -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw .shape("expected a string") }
        let bounds = try stringBounds()
        return try text(of: bounds)
    }

    /// A string value, or `nil` for `null`.
    mutating func optionalString() throws(Refusal) -> String? {
        try skipNull() ? nil : string()
    }

    /// An array of strings.
    mutating func strings() throws(Refusal) -> [String] {
        var result: [String] = []
        try beginArray()
        var first = true
        while try nextElement(first: &first) { result.append(try string()) }
        return result
    }

    /// An array of strings, or `nil` for `null`.
    mutating func optionalStrings() throws(Refusal) -> [String]? {
        try skipNull() ? nil : strings()
    }

    /// `true` or `false`.
    mutating func boolean() throws(Refusal) -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default:
            throw Refusal.shape("a shape not known here")
        }
    }

    /// A number written as a whole number that fits an `Int`.
    mutating func integer() throws(Refusal) -> Int {
        skipWhitespace()
        let start = position
        try number()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Int(text) else { throw Refusal.shape("a shape not known here") }
        return value
    }

    /// The value `read` reads, or nil, the value skipped, when it has another
    /// shape: for parts of a document whose shape may change without the rest
    /// being unreadable. A syntax error still gives up.
    mutating func tolerant<T>(_ read: (inout JSONReader) throws(Refusal) -> T) throws(Refusal) -> T? {
        var attempt = self
        if let value = try? read(&attempt) {
            self = attempt
            return value
        }
        try skipValue()
        return nil
    }

    /// Any value, checked for well-formedness and not kept.
    mutating func skipValue() throws(Refusal) {
        switch try peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            var first = true
            while try nextKey(first: &first) != nil { try skipValue() }
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(first: &first) { try skipValue() }
        case UInt8(ascii: "\""): _ = try stringBounds()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    // MARK: Keys

    /// A key's bytes between its quotes, and whether it holds an escape.
    struct Key {
        let start: Int
        let end: Int
        let isEscaped: Bool
    }

    /// Whether `key` is exactly `name` (a key written with escapes is unescaped first).
    func key(_ key: Key, is name: StaticString) -> Bool {
        self.key(key, is: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Whether `key` is exactly the text whose UTF-8 is `utf8` (an ``ObjectKeys`` table's entry).
    func key(_ key: Key, is utf8: [UInt8]) -> Bool {
        utf8.withUnsafeBufferPointer { self.key(key, is: $0) }
    }

    private func key(_ key: Key, is utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if key.isEscaped { return (try? text(of: key)).map { $0.utf8.elementsEqual(utf8) } ?? false }
        guard key.end - key.start == utf8.count else { return false }
        for offset in 0..<utf8.count where bytes[key.start + offset] != utf8[offset] { return false }
        return true
    }

    /// The text of a key or string.
    func text(of key: Key) throws(Refusal) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[key.start..<key.end])
        guard key.isEscaped else { return String(decoding: slice, as: UTF8.self) }
        return try Self.unescaped(slice)
    }

    // MARK: Lexing

    private mutating func open(_ bracket: UInt8) throws(Refusal) {
        guard try peek() == bracket, depth < maximumDepth else { throw .syntax }
        position += 1
        depth += 1
    }

    private mutating func consume(_ byte: UInt8) throws(Refusal) {
        guard try peek() == byte else { throw .syntax }
        position += 1
    }

    private mutating func literal(_ word: StaticString) throws(Refusal) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw .syntax }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { throw .syntax }
        position += count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, RFC 8259's number.
    private mutating func number() throws(Refusal) {
        func digits(_ reader: inout JSONReader) -> Int {
            let start = reader.position
            while reader.position < reader.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.position]) {
                reader.position += 1
            }
            return reader.position - start
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw .syntax }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits(&self) == 0 {
            throw .syntax
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw .syntax }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw .syntax }
        }
    }

    /// Consumes a string from its opening quote and returns the bytes between the quotes.
    private mutating func stringBounds() throws(Refusal) -> Key {
        position += 1
        let start = position
        var isEscaped = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                let key = Key(start: start, end: position - 1, isEscaped: isEscaped)
                // Escapes are rare: check them all now, even in a value nobody reads.
                if isEscaped { _ = try text(of: key) }
                return key
            }
            if byte < 0x20 { throw .syntax }
            if byte == UInt8(ascii: "\\") {
                isEscaped = true
                position += 2
            } else {
                position += 1
            }
        }
        throw .syntax
    }

    /// The text of a string body with escapes, which ``stringBounds()`` has delimited.
    private static func unescaped(_ body: UnsafeBufferPointer<UInt8>) throws(Refusal) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var index = 0
        func hex(_ at: Int) throws(Refusal) -> UInt32 {
            guard at + 4 <= body.count else { throw .syntax }
            var value: UInt32 = 0
            for byte in body[at..<(at + 4)] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw .syntax
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while index < body.count {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < body.count else { throw .syntax }
            let escape = body[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var value = try hex(index)
                index += 4
                if (0xD800...0xDBFF).contains(value) {
                    // A high surrogate must be followed by a low one.
                    guard index + 6 <= body.count, body[index] == UInt8(ascii: "\\"), body[index + 1] == UInt8(ascii: "u") else {
                        throw .syntax
                    }
                    let low = try hex(index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { throw .syntax }
                    index += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(value) {
                    throw .syntax
                }
                guard let scalar = Unicode.Scalar(value) else { throw .syntax }
                UTF8.encode(scalar) { output.append($0) }
            default:
                throw .syntax
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
