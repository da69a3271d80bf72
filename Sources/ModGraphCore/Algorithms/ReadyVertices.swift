/// The vertices whose dependencies are all placed, as a tree of 64-bit words:
/// bit `b` of word `w` at level 0 stands for vertex `64·w + b`, and at each
/// level above says whether word `64·w + b` of the level below has a bit set.
///
/// Kahn's algorithm takes the smallest ready vertex first, which makes its
/// output the canonical (lexicographically smallest) valid order instead of
/// one that depends on queue mechanics. A binary heap pays O(log n)
/// data-dependent compares and moves per vertex; this set touches one word
/// per level, found by counting trailing zeros, with ⌈log₆₄ V⌉ levels: 3 up
/// to 262,144 vertices (measured against a binary heap in docs/performance.md).
/// The two lowest levels and the single top word are fields of their own, so
/// graphs of up to 262,144 vertices run without any loop over levels.
struct ReadyVertices: ~Copyable {
    private let level0: UnsafeMutablePointer<UInt64>
    private let level1: UnsafeMutablePointer<UInt64>
    /// The levels between level 1 and the top word, lowest first: none up to
    /// 262,144 vertices.
    private let middleLevels: [UnsafeMutablePointer<UInt64>]
    private var top: UInt64 = 0
    private let storage: UnsafeMutablePointer<UInt64>
    /// Vertices are `0..<capacity`; checked in debug builds, where a stray
    /// vertex would otherwise write outside the words.
    private let capacity: Int

    /// An empty set for the vertices `0..<capacity`.
    ///
    /// - Complexity: O(capacity / 64).
    init(capacity: Int) {
        self.capacity = capacity
        // Words per level below the top word, level 0 first; at least two levels.
        var sizes: [Int] = []
        var size = max(capacity, 1)
        repeat {
            size = (size + 63) / 64
            sizes.append(size)
        } while size > 64 || sizes.count < 2
        let total = sizes.reduce(0, +)
        storage = .allocate(capacity: total)
        storage.initialize(repeating: 0, count: total)
        var levels: [UnsafeMutablePointer<UInt64>] = []
        var start = 0
        for size in sizes {
            levels.append(storage + start)
            start += size
        }
        level0 = levels[0]
        level1 = levels[1]
        middleLevels = Array(levels.dropFirst(2))
    }

    deinit { storage.deallocate() }

    var isEmpty: Bool { top == 0 }

    /// - Complexity: O(log₆₄ capacity).
    /// - Precondition: `0 <= vertex < capacity`.
    mutating func insert(_ vertex: Int) {
        assert(vertex >= 0 && vertex < capacity, "vertex \(vertex) outside 0..<\(capacity)")
        level0[vertex &>> 6] |= Self.bit(vertex)
        level1[vertex &>> 12] |= Self.bit(vertex &>> 6)
        var index = vertex &>> 12
        for level in middleLevels {
            level[index &>> 6] |= Self.bit(index)
            index &>>= 6
        }
        top |= Self.bit(index)
    }

    /// Removes the smallest vertex and returns it.
    ///
    /// - Complexity: O(log₆₄ capacity).
    /// - Precondition: the set is not empty.
    mutating func removeMinimum() -> Int {
        var minimum = top.trailingZeroBitCount
        for level in middleLevels.reversed() {
            minimum = minimum &<< 6 | level[minimum].trailingZeroBitCount
        }
        minimum = minimum &<< 6 | level1[minimum].trailingZeroBitCount
        minimum = minimum &<< 6 | level0[minimum].trailingZeroBitCount
        // Clear its bit, and each summary bit whose word became empty.
        var remaining = level0[minimum &>> 6] & ~Self.bit(minimum)
        level0[minimum &>> 6] = remaining
        guard remaining == 0 else { return minimum }
        remaining = level1[minimum &>> 12] & ~Self.bit(minimum &>> 6)
        level1[minimum &>> 12] = remaining
        guard remaining == 0 else { return minimum }
        var index = minimum &>> 12
        for level in middleLevels {
            remaining = level[index &>> 6] & ~Self.bit(index)
            level[index &>> 6] = remaining
            guard remaining == 0 else { return minimum }
            index &>>= 6
        }
        top &= ~Self.bit(index)
        return minimum
    }

    /// The bit for `index` within its word.
    @inline(__always)
    private static func bit(_ index: Int) -> UInt64 {
        1 &<< UInt64(truncatingIfNeeded: index & 63)
    }
}
