import ModGraphCore

/// What a change did to the graph: targets and dependencies added and
/// removed, and the targets whose direct dependents grew (fan-in), compared by id.
public struct GraphDiff: Sendable, Equatable {
    public struct Dependency: Hashable, Sendable, Comparable {
        public let from: TargetID
        public let to: TargetID

        public init(from: TargetID, to: TargetID) {
            self.from = from
            self.to = to
        }

        public static func < (lhs: Dependency, rhs: Dependency) -> Bool {
            (lhs.from, lhs.to) < (rhs.from, rhs.to)
        }
    }

    public let addedTargets: [TargetID]
    public let removedTargets: [TargetID]
    public let addedDependencies: [Dependency]
    public let removedDependencies: [Dependency]
    /// Targets that gained direct dependents, with how many they have now and had, most grown first.
    public let fanInGrowth: [(target: TargetID, before: Int, after: Int)]

    public var isEmpty: Bool {
        addedTargets.isEmpty && removedTargets.isEmpty && addedDependencies.isEmpty && removedDependencies.isEmpty
    }

    /// - Complexity: O((V + E) log(V + E)) for the two graphs' sizes.
    public init(from base: ModuleGraph, to head: ModuleGraph) {
        let before = Set(base.targets.map(\.id))
        let after = Set(head.targets.map(\.id))
        addedTargets = after.subtracting(before).sorted()
        removedTargets = before.subtracting(after).sorted()
        let oldEdges = Set(base.edges.map { Dependency(from: $0.from, to: $0.to) })
        let newEdges = Set(head.edges.map { Dependency(from: $0.from, to: $0.to) })
        addedDependencies = newEdges.subtracting(oldEdges).sorted()
        removedDependencies = oldEdges.subtracting(newEdges).sorted()
        var fanInBefore: [TargetID: Int] = [:]
        var fanInAfter: [TargetID: Int] = [:]
        for edge in oldEdges { fanInBefore[edge.to, default: 0] += 1 }
        for edge in newEdges { fanInAfter[edge.to, default: 0] += 1 }
        fanInGrowth = fanInAfter.compactMap { target, count in
            let previous = fanInBefore[target] ?? 0
            return count > previous ? (target, previous, count) : nil
        }.sorted { ($1.after - $1.before, $0.target) < ($0.after - $0.before, $1.target) }
    }

    public static func == (lhs: GraphDiff, rhs: GraphDiff) -> Bool {
        lhs.addedTargets == rhs.addedTargets && lhs.removedTargets == rhs.removedTargets
            && lhs.addedDependencies == rhs.addedDependencies && lhs.removedDependencies == rhs.removedDependencies
            && lhs.fanInGrowth.map(\.target) == rhs.fanInGrowth.map(\.target)
    }
}
