/// A binary min-heap of vertex indices in one fixed allocation.
///
/// Kahn's algorithm pops the smallest ready vertex first, which makes its
/// output the canonical (lexicographically smallest) valid order instead of
/// one that depends on queue mechanics. The heap is on the hot path of every
/// ordering, so it holds its elements in a buffer sized once (a vertex enters
/// at most once) and sifts by moving a hole rather than swapping.
struct VertexMinHeap: ~Copyable {
    private let storage: UnsafeMutablePointer<Int>
    private(set) var count = 0

    /// A heap for at most `capacity` elements.
    init(capacity: Int) {
        storage = .allocate(capacity: max(capacity, 1))
    }

    deinit { storage.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The smallest element.
    ///
    /// - Precondition: the heap is not empty.
    var minimum: Int { storage[0] }

    /// - Complexity: O(log n).
    /// - Precondition: fewer than `capacity` elements are in the heap.
    mutating func insert(_ value: Int) {
        var hole = count
        count += 1
        while hole > 0 {
            let parent = (hole - 1) / 2
            let parentValue = storage[parent]
            guard value < parentValue else { break }
            storage[hole] = parentValue
            hole = parent
        }
        storage[hole] = value
    }

    /// Removes the smallest element and inserts `value` in one sift, which
    /// is what Kahn's algorithm needs when the vertex it places readies
    /// another.
    ///
    /// - Complexity: O(log n).
    /// - Precondition: the heap is not empty.
    mutating func replaceMinimum(with value: Int) {
        var hole = 0
        while true {
            var child = 2 * hole + 1
            guard child < count else { break }
            if child + 1 < count && storage[child + 1] < storage[child] { child += 1 }
            let childValue = storage[child]
            guard childValue < value else { break }
            storage[hole] = childValue
            hole = child
        }
        storage[hole] = value
    }

    /// - Complexity: O(log n).
    /// - Precondition: the heap is not empty.
    mutating func removeMinimum() {
        count -= 1
        if count > 0 { replaceMinimum(with: storage[count]) }
    }
}
