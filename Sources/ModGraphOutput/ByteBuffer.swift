import Foundation

/// Bytes appended at the end of memory this buffer alone owns: what
/// ``JSONStream`` writes into. A JSON document is written a few bytes at a
/// time (a key, a quote, a comma and an indentation); appending here is a
/// capacity check and a copy, where an array's `append(contentsOf:)` checks
/// that its storage is unique and goes through the generic sequence path.
///
/// Not copyable, so that no two owners ever write the same memory. It grows
/// with `realloc`, which moves a large block's pages without touching them.
/// `@unchecked Sendable`: its one owner may hand it to another thread.
struct ByteBuffer: ~Copyable, @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = Swift.max(capacity, 64)
        base = Self.allocate(self.capacity)
    }

    /// A buffer holding `bytes`, with room for `extra` more.
    init(copying bytes: [UInt8], reserving extra: Int = 4096) {
        self.init(capacity: bytes.count + extra)
        bytes.withUnsafeBufferPointer { append($0) }
    }

    deinit {
        free(base)
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Text the code writes, copied from the binary.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    mutating func append(_ other: borrowing ByteBuffer) {
        other.withBytes { append($0) }
    }

    /// Forgets the bytes from `newCount` on; the memory stays, for what is written next.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "a buffer is cut within what it holds")
        count = newCount
    }

    /// The bytes, valid only during `body`.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes as an array.
    var array: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { array, initialized in
            if count > 0, let destination = array.baseAddress { destination.initialize(from: base, count: count) }
            initialized = count
        }
    }

    /// Room for `more` bytes after the ones held: at least double, so that n appends cost O(n).
    @inline(never)
    private mutating func grow(toHold more: Int) {
        let needed = count + more
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(base, newCapacity) else {
            fatalError("out of memory: a JSON buffer of \(newCapacity) bytes")
        }
        base = grown.bindMemory(to: UInt8.self, capacity: newCapacity)
        capacity = newCapacity
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("out of memory: a JSON buffer of \(capacity) bytes") }
        return memory.bindMemory(to: UInt8.self, capacity: capacity)
    }
}
