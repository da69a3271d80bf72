/// A fixed-capacity set of small non-negative integers, one bit per member.
///
/// Transitive reduction keeps one reachability set per vertex; packing them
/// into 64-bit words makes unions 64 vertices at a time and memory V²/64 words
/// in the worst case instead of V² booleans.
struct BitSet: Equatable {
    private(set) var words: [UInt64]

    /// An empty set that can hold `0..<capacity`.
    init(capacity: Int) {
        words = [UInt64](repeating: 0, count: (capacity + 63) / 64)
    }

    /// The members of `other` in a set that can hold `0..<capacity`, which
    /// must not be smaller than `other`'s: one pass, not a clear and a union.
    ///
    /// - Complexity: O(capacity / 64).
    init(copying other: BitSet, capacity: Int) {
        let count = (capacity + 63) / 64
        precondition(count >= other.words.count, "a bit set holds the members of a smaller one")
        words = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            let copied = other.words.withUnsafeBufferPointer { buffer.initialize(fromContentsOf: $0) }
            UnsafeMutableBufferPointer(rebasing: buffer[copied...]).initialize(repeating: 0)
            initialized = count
        }
    }

    /// Makes room for `0..<capacity`, keeping the members.
    ///
    /// - Complexity: O(capacity / 64) when the set grows.
    mutating func grow(to capacity: Int) {
        let count = (capacity + 63) / 64
        if count > words.count { words.append(contentsOf: repeatElement(0, count: count - words.count)) }
    }

    /// - Complexity: O(1).
    func contains(_ member: Int) -> Bool {
        words[member >> 6] & (1 << UInt64(member & 63)) != 0
    }

    /// - Complexity: O(1).
    mutating func insert(_ member: Int) {
        words[member >> 6] |= 1 << UInt64(member & 63)
    }

    /// Adds every member of `other`, whose capacity must not be larger.
    ///
    /// - Complexity: O(capacity of `other` / 64).
    mutating func formUnion(_ other: BitSet) {
        precondition(words.count >= other.words.count, "a bit set holds the members of a larger one")
        words.withUnsafeMutableBufferPointer { target in
            other.words.withUnsafeBufferPointer { source in
                for index in source.indices {
                    target[index] |= source[index]
                }
            }
        }
    }
}
