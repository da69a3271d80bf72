/// The vertex of each target id of a ``ModuleGraph``, made the first time an
/// id is looked up: most commands never look one up (they walk vertices), and
/// hashing every id can cost more than a command's whole algorithm.
///
/// A class so that graphs sharing their targets (a filter that keeps every
/// target) share one index; safe to use from several threads.
final class TargetIndex: Sendable {
    private let targets: [Target]
    private let index: Locked<[TargetID: Int]?>

    /// `targets` sorted by id and without repeats, as the graph holds them;
    /// `known` when the caller has already made the index.
    init(_ targets: [Target], known: [TargetID: Int]? = nil) {
        self.targets = targets
        self.index = Locked(known)
    }

    /// The vertex of `id`.
    ///
    /// - Complexity: O(1) on average; O(V) the first time.
    func vertex(of id: TargetID) -> Int? {
        index.withLock { index in
            if let index { return index[id] }
            let made = Self.make(targets)
            index = made
            return made[id]
        }
    }

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
