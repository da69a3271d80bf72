import Foundation

/// Writes JSON as it goes, into one byte buffer: the one serializer of every
/// JSON output. ``JSONValue`` trees are written through it, and a large part
/// of a document (a graph of 100,000 targets and 300,000 dependencies is two
/// million values) can be written straight from the model through
/// ``JSONValue/stream(_:)``, never built as a tree.
///
/// Values are written in order: ``key(_:)`` before each member's value,
/// `begin…` and `end…` around each container.
///
/// Not copyable: a stream owns the buffer it writes into (``ByteBuffer``).
public struct JSONStream: ~Copyable, Sendable {
    /// How the document is laid out.
    public enum Layout: Sendable {
        /// Two spaces per level, one member or element per line: what files and stdout get.
        case pretty
        /// No whitespace between tokens.
        case compact
        /// Compact, and no `<`, `>` or `&` in a string (written `\u003c`,
        /// `\u003e`, `\u0026`): what a page embeds in a `<script>` element
        /// (``Escape/scriptJSON(_:)``).
        case script
    }

    private var bytes: ByteBuffer
    public let layout: Layout
    /// Where the bytes go once ``drainAbove`` of them are written, for a
    /// document written to a file as it is produced rather than held whole.
    private var drain: (@Sendable (UnsafeRawBufferPointer) -> Void)?
    private var drainAbove = Int.max
    /// Per open container, whether something was written in it yet.
    private var isFirst: [Bool] = []
    /// Whether the next value follows a key (an object member) rather than being an array element.
    private var afterKey = false

    public init(layout: Layout = .pretty, capacity: Int = 4096) {
        self.layout = layout
        bytes = ByteBuffer(capacity: capacity)
    }

    /// A stream that writes after what `bytes` holds: text that comes before the document.
    init(layout: Layout, after bytes: consuming ByteBuffer) {
        self.layout = layout
        self.bytes = bytes
    }

    /// A stream that hands its bytes to `drain` whenever `drainAbove` of
    /// them are written (checked between elements and members), and the rest
    /// at ``finish()``: the document is never held whole. `drain` is called
    /// on the caller's thread, in order, with bytes valid only during the call.
    public init(
        layout: Layout = .pretty, drainAbove: Int = Self.drainAbove, drain: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
    ) {
        self.init(layout: layout, capacity: drainAbove + (1 << 16))
        self.drain = drain
        self.drainAbove = drainAbove
    }

    /// How many bytes a draining stream collects before handing them on, unless told otherwise.
    public static let drainAbove = 1 << 20

    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    public mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// The key of the next member of the object begun last: a name the code
    /// writes, which needs no escaping (checked in debug builds), copied as it is.
    public mutating func key(_ name: StaticString) {
        separate()
        let text = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        assert(
            name.hasPointerRepresentation && !text.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
            "a JSON key written as a literal must need no escaping")
        bytes.append(UInt8(ascii: "\""))
        bytes.append(text)
        bytes.append(layout == .pretty ? "\": " : "\":")
        afterKey = true
    }

    /// The key of the next member, from data (a dictionary's keys): escaped.
    public mutating func key(text name: String) {
        separate()
        Escape.writeJSONString(name, inScript: layout == .script, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if layout == .pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    public mutating func string(_ text: String) {
        startValue()
        Escape.writeJSONString(text, inScript: layout == .script, to: &bytes)
    }

    /// The string `first`, `separator`, `second` (a target's id, `package/name`),
    /// written without making it: one string less to allocate per id.
    public mutating func string(_ first: String, joinedBy separator: Unicode.Scalar, _ second: String) {
        startValue()
        Escape.writeJSONString(first, joinedBy: separator, second, inScript: layout == .script, to: &bytes)
    }

    /// How many bytes are written and not drained yet.
    var count: Int { bytes.count }

    /// A value already written as JSON for this layout (``EscapedStrings``), copied as it is.
    mutating func literal(_ value: UnsafeBufferPointer<UInt8>) {
        startValue()
        bytes.append(value)
    }

    /// A string, or `null` for nil.
    public mutating func optional(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    public mutating func int(_ value: Int) {
        startValue()
        writeDigits(value)
    }

    /// A finite number: integral values without a fraction, others in Swift's
    /// shortest round-trip form; `null` for infinities and NaN, which JSON lacks.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        startValue()
        if value == value.rounded(), abs(value) < 1e15 {
            writeDigits(Int(value))
        } else {
            var text = String(value)
            text.withUTF8 { bytes.append($0) }
        }
    }

    /// A measured or computed number at most six decimals (``JSONValue/decimal(_:)``).
    public mutating func decimal(_ value: Double) {
        double(Self.sixDecimals(value))
    }

    /// `value` rounded to six decimals, so that summation noise (`0.30000000000000004`) never shows.
    static func sixDecimals(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }

    public mutating func bool(_ value: Bool) {
        startValue()
        bytes.append(value ? "true" : "false")
    }

    public mutating func null() {
        startValue()
        bytes.append("null")
    }

    /// `count` elements of the array begun last, written by `write` a range
    /// of them at a time, so that a draining stream hands a long list on as
    /// it goes instead of holding it whole: the bytes are those one
    /// `write(&self, 0..<count)` would give.
    ///
    /// `write` must write whole elements, one per index of its range, and
    /// close every container it opens.
    ///
    /// - Complexity: O(n) in the size of the elements.
    public mutating func elements(count: Int, _ write: (inout JSONStream, Range<Int>) -> Void) {
        precondition(!isFirst.isEmpty && !afterKey, "elements are written inside an array")
        let depth = isFirst.count
        var start = 0
        while start < count {
            let end = min(count, start + Self.elementsPerPiece)
            write(&self, start..<end)
            precondition(isFirst.count == depth, "streamed JSON elements must close every container they open")
            drainIfFull()
            start = end
        }
    }

    /// An array of `count` elements, each written by `element(&stream, index)`,
    /// handed on as it goes by a draining stream (``elements(count:_:)``).
    ///
    /// - Complexity: O(n) in the size of the elements.
    public mutating func array(count: Int, _ element: (inout JSONStream, Int) -> Void) {
        beginArray()
        elements(count: count) { json, indices in
            for index in indices { element(&json, index) }
        }
        endArray()
    }

    /// Elements written between two chances for a draining stream to hand its bytes on.
    public static let elementsPerPiece = 20_000

    /// An array of strings.
    public mutating func strings(_ texts: [String]) {
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    /// A whole tree.
    ///
    /// - Complexity: O(n) in the size of the serialized value.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .int(let number): int(number)
        case .double(let number): double(number)
        case .string(let text): string(text)
        case .array(let values):
            beginArray()
            for element in values {
                self.value(element)
                drainIfFull()
            }
            endArray()
        case .object(let members):
            beginObject()
            for (name, member) in members {
                key(text: name)
                self.value(member)
                drainIfFull()
            }
            endObject()
        case .stream(let write):
            let depth = isFirst.count
            write(&self)
            precondition(isFirst.count == depth, "a streamed JSON value must close every container it opens")
        }
    }

    /// The document, with a final newline when pretty; for a draining
    /// stream, its last bytes are drained and nothing is returned.
    public consuming func finish() -> [UInt8] {
        precondition(isFirst.isEmpty, "a JSON document must close every container it opens")
        if layout == .pretty { bytes.append(UInt8(ascii: "\n")) }
        guard let drain else { return bytes.array }
        if !bytes.isEmpty { bytes.withBytes { drain(UnsafeRawBufferPointer($0)) } }
        return []
    }

    /// Hands the bytes written so far on, when there are enough of them.
    private mutating func drainIfFull() {
        guard let drain, bytes.count >= drainAbove else { return }
        bytes.withBytes { drain(UnsafeRawBufferPointer($0)) }
        bytes.truncate(to: 0)
    }

    /// Before a value: nothing after a key, else the separator of an array element.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
        } else if !isFirst.isEmpty {
            separate()
        }
    }

    /// A comma after the previous item and, when pretty, a newline and the
    /// indentation of the container's items.
    private mutating func separate() {
        let last = isFirst.count - 1
        if isFirst[last] { isFirst[last] = false } else { bytes.append(UInt8(ascii: ",")) }
        if layout == .pretty { newline(indent: isFirst.count) }
    }

    private mutating func open(_ bracket: UInt8) {
        startValue()
        bytes.append(bracket)
        isFirst.append(true)
    }

    private mutating func close(_ bracket: UInt8) {
        let wasEmpty = isFirst.removeLast()
        if !wasEmpty, layout == .pretty { newline(indent: isFirst.count) }
        bytes.append(bracket)
    }

    private mutating func newline(indent level: Int) {
        var spaces = 2 * level
        // Usually the line break and the whole indentation in one copy.
        let first = min(spaces, Self.indentation)
        bytes.append(UnsafeBufferPointer(start: Self.newlineAndSpaces.utf8Start, count: 1 + first))
        spaces -= first
        while spaces > 0 {
            let run = min(spaces, Self.indentation)
            bytes.append(UnsafeBufferPointer(start: Self.newlineAndSpaces.utf8Start + 1, count: run))
            spaces -= run
        }
    }

    /// Decimal digits without a `String` in between: a graph's JSON holds hundreds of thousands of numbers.
    private mutating func writeDigits(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            // The magnitude of Int.min does not fit an Int: its digits go through UInt.
            writeDigits(UInt(bitPattern: 0 &- value))
        } else {
            writeDigits(UInt(value))
        }
    }

    private mutating func writeDigits(_ value: UInt) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt.max has 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(UnsafeBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// A line break and the indentation of up to 32 levels, in the binary.
    private static let newlineAndSpaces: StaticString =
        "\n                                                                "
    private static let indentation = 64
}
