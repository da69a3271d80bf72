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
