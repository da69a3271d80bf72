/// A binary min-heap of vertex indices.
///
/// Kahn's algorithm pops the smallest ready vertex first, which makes its
/// output the canonical (lexicographically smallest) valid order instead of
/// one that depends on queue mechanics.
struct MinHeap {
    private var storage: [Int] = []

    init() {}

    var isEmpty: Bool { storage.isEmpty }

    /// - Complexity: O(log n).
    mutating func insert(_ value: Int) {
        storage.append(value)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the smallest value, or nil when empty.
    ///
    /// - Complexity: O(log n).
    mutating func popMin() -> Int? {
        guard let last = storage.popLast() else { return nil }
        guard !storage.isEmpty else { return last }
        let smallest = storage[0]
        storage[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallestChild = parent
            if left < storage.count && storage[left] < storage[smallestChild] { smallestChild = left }
            if right < storage.count && storage[right] < storage[smallestChild] { smallestChild = right }
            guard smallestChild != parent else { break }
            storage.swapAt(parent, smallestChild)
            parent = smallestChild
        }
        return smallest
    }
}
