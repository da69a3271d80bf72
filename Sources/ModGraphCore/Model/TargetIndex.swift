/// The vertex of each target id of a ``ModuleGraph``, found by binary search in
/// the graph's targets, which are sorted by id without repeats: no table to make
/// (most commands never look an id up; they walk vertices, and hashing every id
/// could cost more than a command's whole algorithm), and so no state to share
/// between threads or graphs. A table a loader made anyway is kept and used.
struct TargetIndex: Sendable {
    private let targets: [Target]
    private let table: [TargetID: Int]?

    /// `targets` sorted by id and without repeats, as the graph holds them;
    /// `known` when the caller has already made the table.
    init(_ targets: [Target], known: [TargetID: Int]? = nil) {
        self.targets = targets
        self.table = known
    }

    /// The vertex of `id`.
    ///
    /// - Complexity: O(1) on average with a table, else O(log V) comparisons of ids.
    func vertex(of id: TargetID) -> Int? {
        if let table { return table[id] }
        return targets.withUnsafeBufferPointer { targets in
            var (low, high) = (0, targets.count)
            while low < high {
                let middle = low + (high - low) / 2
                let here = targets[middle].id
                if here == id { return middle }
                if here < id { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// A table of every id's vertex, for a caller that resolves many ids at once.
    ///
    /// - Complexity: O(V).
    static func make(_ targets: [Target]) -> [TargetID: Int] {
        var index: [TargetID: Int] = [:]
        index.reserveCapacity(targets.count)
        targets.withUnsafeBufferPointer { targets in
            for position in targets.indices { index[targets[position].id] = position }
        }
        return index
    }
}
