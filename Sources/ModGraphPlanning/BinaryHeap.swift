/// What a ``BinaryHeap`` holds: each kind of element has one total order, so
/// runs are deterministic.
protocol HeapElement {
    /// Whether `lhs` leaves the heap before `rhs`.
    static func precedes(_ lhs: Self, _ rhs: Self) -> Bool
}

/// A binary heap that pops first the element ``HeapElement/precedes(_:_:)``
/// orders first. The simulator needs three (ready targets, running targets,
/// free workers); the order is the element type's, not a closure's, so the
/// comparisons are inlined: a bottleneck search re-simulates 100,000 targets
/// dozens of times.
struct BinaryHeap<Element: HeapElement> {
    private var storage: [Element] = []

    var isEmpty: Bool { storage.isEmpty }
    var first: Element? { storage.first }

    mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
    }

    /// - Complexity: O(log n).
    mutating func insert(_ element: Element) {
        storage.append(element)
        storage.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Element.precedes(element, heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = element
        }
    }

    /// Removes and returns the first element, or nil when empty.
    ///
    /// - Complexity: O(log n).
    mutating func popFirst() -> Element? {
        guard let last = storage.popLast() else { return nil }
        guard !storage.isEmpty else { return last }
        // Without a bounds or uniqueness check per step: the ready heap holds tens of thousands.
        return storage.withUnsafeMutableBufferPointer { heap in
            let first = heap[0]
            var parent = 0
            let count = heap.count
            while true {
                let left = 2 * parent + 1
                guard left < count else { break }
                let right = left + 1
                let chosen = right < count && Element.precedes(heap[right], heap[left]) ? right : left
                guard Element.precedes(heap[chosen], last) else { break }
                heap[parent] = heap[chosen]
                parent = chosen
            }
            heap[parent] = last
            return first
        }
    }
}
