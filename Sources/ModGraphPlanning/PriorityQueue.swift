/// A binary heap that pops the element `isBefore` orders first. The
/// simulator needs three (ready targets, running targets, free workers), each
/// with its own order; every order breaks ties, so runs are deterministic.
struct PriorityQueue<Element> {
    private var storage: [Element] = []
    private let isBefore: (Element, Element) -> Bool

    init(by isBefore: @escaping (Element, Element) -> Bool) {
        self.isBefore = isBefore
    }

    var isEmpty: Bool { storage.isEmpty }

    var first: Element? { storage.first }

    /// - Complexity: O(log n).
    mutating func insert(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard isBefore(storage[child], storage[parent]) else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the first element, or nil when empty.
    ///
    /// - Complexity: O(log n).
    mutating func popFirst() -> Element? {
        guard let last = storage.popLast() else { return nil }
        guard !storage.isEmpty else { return last }
        let first = storage[0]
        storage[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var chosen = parent
            if left < storage.count && isBefore(storage[left], storage[chosen]) { chosen = left }
            if right < storage.count && isBefore(storage[right], storage[chosen]) { chosen = right }
            guard chosen != parent else { break }
            storage.swapAt(parent, chosen)
            parent = chosen
        }
        return first
    }
}
