import ModGraphCore

/// The targets a change can affect: the targets that own a changed file (or
/// whose declaration changed), then every target that depends on one of them,
/// directly or through a chain, in the graph as filtered for the build asked
/// for; and among them the test targets to run.
public struct AffectedSelection: Sendable {
    public struct Selected: Hashable, Sendable {
        public let target: TargetID
        public let type: TargetType
        /// The module a test run names it by.
        public let moduleName: String
        public let reason: AffectedReason

        init(_ target: Target, reason: AffectedReason) {
            self.target = target.id
            self.type = target.type
            self.moduleName = target.moduleName ?? Self.c99Name(target.name)
            self.reason = reason
        }

        /// SwiftPM's module name for a target name: every character that
        /// cannot be in an identifier becomes `_`, and a leading digit gets one before it.
        static func c99Name(_ name: String) -> String {
            var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
            if result.first?.isNumber == true { result = "_" + result }
            return result.isEmpty ? "_" : result
        }
    }

    /// In the graph's order (by package, then name).
    public let targets: [Selected]
    /// The test targets among ``targets``.
    public var tests: [Selected] { targets.filter { $0.type.isTest } }
    /// Set when every target is selected.
    public let everything: EverythingReason?
    /// How many targets the graph has, for "3 of 120".
    public let graphTargetCount: Int
    /// How many test targets the graph has.
    public let graphTestCount: Int

    /// Selects from `seeds` (targets of `graph` with why they changed; ids
    /// not in the graph, such as a target the filters removed, are ignored).
    ///
    /// Each dependent gets the dependency it was first reached through: a
    /// breadth-first walk up the dependents, seeds first in the graph's
    /// order, so chains (``chain(of:)``) are shortest and the output is the
    /// same every run.
    ///
    /// - Complexity: O(V + E).
    public init(graph: ModuleGraph, seeds: [TargetID: AffectedReason], everything: EverythingReason? = nil) {
        graphTargetCount = graph.targets.count
        graphTestCount = graph.targets.count { $0.type.isTest }
        self.everything = everything
        if let everything {
            targets = graph.targets.map { Selected($0, reason: .everything(everything.message)) }
            return
        }
        let count = graph.targets.count
        var reason = [AffectedReason?](repeating: nil, count: count)
        var queue: [Int] = []
        for (vertex, target) in graph.targets.enumerated() {
            guard let seed = seeds[target.id] else { continue }
            reason[vertex] = seed
            queue.append(vertex)
        }
        var head = 0
        while head < queue.count {
            let vertex = queue[head]
            head += 1
            for dependent in graph.digraph.predecessors(of: vertex) where reason[dependent] == nil {
                let (changed, steps): (TargetID, Int) =
                    if case let .dependency(_, changed, steps)? = reason[vertex] {
                        (changed, steps + 1)
                    } else {
                        (graph.targets[vertex].id, 1)
                    }
                reason[dependent] = .dependency(through: graph.targets[vertex].id, changed: changed, steps: steps)
                queue.append(dependent)
            }
        }
        targets = graph.targets.indices.compactMap { vertex in
            reason[vertex].map { Selected(graph.targets[vertex], reason: $0) }
        }
    }

    /// The chain from `target` down to the changed target it was selected
    /// for: itself, each `through`, then the changed one; just itself for a
    /// target that changed.
    ///
    /// - Complexity: O(steps × log V).
    public func chain(of target: TargetID) -> [TargetID] {
        var chain = [target]
        var current = target
        while let selected = self.selected(current), case let .dependency(through, _, _) = selected.reason, chain.count <= targets.count {
            chain.append(through)
            current = through
        }
        return chain
    }

    /// The selected target `id`, by binary search (``targets`` is in the graph's order, sorted by id).
    public func selected(_ id: TargetID) -> Selected? {
        var low = 0
        var high = targets.count
        while low < high {
            let middle = (low + high) / 2
            if targets[middle].target < id { low = middle + 1 } else { high = middle }
        }
        return low < targets.count && targets[low].target == id ? targets[low] : nil
    }
}
