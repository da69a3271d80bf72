import Foundation
import ModGraphCore

/// The scan cache's one format (issue #48): what the scanner found in a file, in bytes.
///
/// Why not JSON: a warm `check` with `sources.wiring` reads the facts of every file of the
/// repository back, and on a generated app of 5,000 files (20 MB of Swift) their JSON was
/// 47 MB whose decoding was two thirds of the run (4.8 s of CPU). Here each entry is a
/// variable-length integer per number and each string written once per entry, then named
/// by its index (`Double`, `String` and a module's names recur in every declaration).
///
/// Each entry is self-contained (its own table of strings), so an entry a run did not use
/// is kept by copying its bytes, and only the entries a run asks for are decoded. The
/// cache file is input (a planted cache is an attacker's): every read is bounded by the
/// bytes left, a count larger than the bytes that could hold it is refused, conditions
/// nest at most ``ScanReader/maximumDepth`` deep, and an unknown enumeration value or a
/// string that is not UTF-8 refuses the entry, which is then scanned again.
struct ScanWriter {
    private(set) var bytes: [UInt8] = []
    private var table: [String: Int] = [:]
    /// Whether ``position(line:column:)`` writes zeros: two files whose scans differ only in where
    /// things are (lines added above them) then write the same bytes (``WiringMemo``).
    var omitsPositions = false
    /// Each position written, in order, when not nil.
    var positions: [ScanPosition]?

    /// Where something is in the file scanned.
    mutating func position(line: Int, column: Int) {
        positions?.append(ScanPosition(line: line, column: column))
        int(omitsPositions ? 0 : line)
        int(omitsPositions ? 0 : column)
    }

    /// A signed integer, zigzag-encoded, 7 bits a byte.
    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// The latest strings the table was asked for, with their indices, at most ``recentCount``, the oldest replaced
    /// first: most strings are one of the few before them (a site's module and file, each extension of a module's
    /// files), found without hashing them, which was most of writing the wiring's answer.
    private var recent: [(value: String, index: Int)] = []
    private var oldest = 0
    private static let recentCount = 4

    /// A string the entry has not written yet: 0, its length and its UTF-8; else its index, plus one.
    mutating func string(_ value: String) {
        for entry in recent where entry.value == value {
            int(entry.index + 1)
            return
        }
        let index: Int
        if let known = table[value] {
            index = known
            int(index + 1)
        } else {
            index = table.count
            table[value] = index
            int(0)
            raw(value)
        }
        if recent.count < Self.recentCount {
            recent.append((value, index))
        } else {
            recent[oldest] = (value, index)
            oldest = (oldest + 1) % Self.recentCount
        }
    }

    /// A string written in full, outside the table (the cache's keys).
    mutating func raw(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func optional(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }

    mutating func array<Element: ScanCodable>(_ values: [Element]) {
        int(values.count)
        for value in values { value.write(to: &self) }
    }

    mutating func bytes(_ more: some Collection<UInt8>) {
        int(more.count)
        bytes += more
    }

    /// Bytes another writer wrote, as they are: no length before them. The strings they hold by index
    /// are the other writer's; only the writer that wrote them in the same order may append them.
    mutating func append(_ written: ArraySlice<UInt8>) {
        bytes += written
    }

    /// Bytes written before by a writer whose table held what this one's holds, and the strings they added to it, in
    /// order (``ScanReader/strings(since:)``): later strings are then written by the same indices as there.
    mutating func append(_ written: ArraySlice<UInt8>, introducing strings: some Sequence<String>) {
        bytes += written
        for value in strings where table[value] == nil { table[value] = table.count }
    }

    /// How many strings the table holds, and the index of one (``string(_:)`` writes it as that plus one).
    var stringCount: Int { table.count }
    func index(of value: String) -> Int? { table[value] }
}

/// A line and a column in a file, 1-based.
struct ScanPosition: Hashable, Comparable {
    let line: Int
    let column: Int

    static func < (lhs: ScanPosition, rhs: ScanPosition) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
}

/// Why an entry of the scan cache was not read: it is then scanned again.
struct ScanCodecError: Error {}

/// Reads what ``ScanWriter`` wrote, within the bytes given.
struct ScanReader {
    /// How deep `#if` conditions may nest in an entry; the scanner's own budget is far below.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private(set) var position: Int
    private let end: Int
    private var table: [String] = []
    private var depth = 0
    /// Where each place a wiring answer names (``Wiring/Site``) is now, by module and file (relative to
    /// the module's folder), when read back for files whose lines moved; nil for a place that is gone,
    /// which refuses the answer (``WiringMemo``).
    var moved: ((TargetID, String, ScanPosition) -> ScanPosition?)?

    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        position = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { position == end }
    private var remaining: Int { end - position }

    /// How many strings were read by index so far, and those read since there were `count`, in order.
    var stringCount: Int { table.count }
    func strings(since count: Int) -> ArraySlice<String> { table[count...] }

    mutating func int() throws(ScanCodecError) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end, shift < 64 else { throw ScanCodecError() }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        let magnitude = Int64(bitPattern: value >> 1)
        return Int(value & 1 == 0 ? magnitude : ~magnitude)
    }

    /// A count of things of at least one byte each: never more than the bytes left.
    mutating func count() throws(ScanCodecError) -> Int {
        let count = try int()
        guard count >= 0, count <= remaining else { throw ScanCodecError() }
        return count
    }

    mutating func bool() throws(ScanCodecError) -> Bool {
        guard position < end, bytes[position] <= 1 else { throw ScanCodecError() }
        position += 1
        return bytes[position - 1] == 1
    }

    mutating func string() throws(ScanCodecError) -> String {
        let index = try int()
        if index == 0 {
            let value = try raw()
            table.append(value)
            return value
        }
        guard index > 0, index <= table.count else { throw ScanCodecError() }
        return table[index - 1]
    }

    /// A string written with ``ScanWriter/raw(_:)``; bytes that are not UTF-8 refuse the entry.
    /// Decoded from the buffer and compared with it rather than by `String(validating:)`, whose
    /// validator is generic in the standard library and looks up type metadata on every call
    /// (290,000 calls, a twenty-fifth of a `check` that reads back every file's wiring facts).
    /// Decoding replaces what is not UTF-8 with U+FFFD, a valid sequence: equal bytes mean valid ones.
    /// The two are compared with `memcmp`: `elementsEqual` went through the string's `utf8` view's
    /// indices, about 700 instructions a name, and over two buffers still a byte at a time, about 370.
    mutating func raw() throws(ScanCodecError) -> String {
        let range = try span()
        return try bytes.withUnsafeBufferPointer { buffer throws(ScanCodecError) -> String in
            let slice = UnsafeBufferPointer(rebasing: buffer[range])
            let value = String(decoding: slice, as: UTF8.self)
            let same =
                value.utf8.withContiguousStorageIfAvailable { decoded in
                    guard decoded.count == slice.count else { return false }
                    guard let left = decoded.baseAddress, let right = slice.baseAddress else { return true }
                    return memcmp(left, right, slice.count) == 0
                } ?? value.utf8.elementsEqual(slice)
            guard same else { throw ScanCodecError() }
            return value
        }
    }

    /// A run of bytes written with ``ScanWriter/bytes(_:)``.
    mutating func byteRun() throws(ScanCodecError) -> ArraySlice<UInt8> {
        bytes[try span()]
    }

    /// The range of a run of bytes written with ``ScanWriter/bytes(_:)``.
    mutating func span() throws(ScanCodecError) -> Range<Int> {
        let length = try count()
        defer { position += length }
        return position..<(position + length)
    }

    mutating func optional() throws(ScanCodecError) -> String? {
        try bool() ? try string() : nil
    }

    mutating func strings() throws(ScanCodecError) -> [String] {
        let count = try count()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    mutating func array<Element: ScanCodable>(of type: Element.Type = Element.self) throws(ScanCodecError) -> [Element] {
        let count = try count()
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try Element(reading: &self)) }
        return values
    }

    mutating func value<Value: RawRepresentable<String>>(_ type: Value.Type = Value.self) throws(ScanCodecError) -> Value {
        guard let value = Value(rawValue: try string()) else { throw ScanCodecError() }
        return value
    }

    /// Runs `body` one level deeper, refusing past ``maximumDepth``.
    mutating func nested<Result>(_ body: (inout ScanReader) throws(ScanCodecError) -> Result) throws(ScanCodecError) -> Result {
        guard depth < Self.maximumDepth else { throw ScanCodecError() }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }
}

/// A value the scan cache keeps: written by ``write(to:)``, read back by ``init(reading:)``.
protocol ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError)
    func write(to writer: inout ScanWriter)
}

extension Data {
    /// A shelf as written: its `magic` line, then `body`, copied once (a shelf is megabytes, written by every run that
    /// learns something).
    init(magic: [UInt8], body: [UInt8]) {
        self.init(capacity: magic.count + body.count)
        append(contentsOf: magic)
        append(contentsOf: body)
    }
}
