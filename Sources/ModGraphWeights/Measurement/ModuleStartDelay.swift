/// How long SwiftPM takes to start a module once it may: from the moment the
/// module is released (its last dependency has ended and one of the build's
/// N module slots is free) to its first compile job. No job's time holds it,
/// so a graph of many small modules builds slower than its jobs add up to
/// (docs/planning.md, "Validation ledger"); `measure` writes the median as
/// `moduleStartSeconds` and the job-level schedule waits it before each module.
public enum ModuleStartDelay {
    /// One measured module: its first job's start, its last job's end, and
    /// the indices (into the same list) of the modules it depends on.
    public struct Span: Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var dependencies: [Int]

        public init(start: Double, end: Double, dependencies: [Int]) {
            self.start = start
            self.end = end
            self.dependencies = dependencies
        }
    }

    /// The median delay over the modules whose release the spans show, or
    /// nil when none does. A module is released at the later of its last
    /// dependency's end and the last end before its start at which every
    /// slot had been taken (a slot freed while it waited); a module with
    /// neither (one of the first to start) shows no release and is left out.
    ///
    /// - Complexity: O(M log M) for M modules.
    public static func median(of spans: [Span], slots: Int) -> Double? {
        let starts = spans.map(\.start).sorted()
        let ends = spans.map(\.end).sorted()
        // Modules running just before `time`: started before it, not ended before it.
        func running(before time: Double) -> Int { count(of: starts, below: time) - count(of: ends, below: time) }
        let freeing = slots > 0 ? ends.filter { running(before: $0) >= slots } : []
        var delays: [Double] = []
        for module in spans {
            let lastDependency = module.dependencies.compactMap { spans.indices.contains($0) ? spans[$0].end : nil }.max()
            let freed = count(of: freeing, below: module.start.nextUp)
            let lastFreed = freed > 0 ? freeing[freed - 1] : nil
            guard let released = [lastDependency, lastFreed].compactMap({ $0 }).max(), released <= module.start else { continue }
            delays.append(module.start - released)
        }
        return delays.isEmpty ? nil : TargetWeights.median(delays.sorted())
    }

    /// How many of `sorted` are below `value` (binary search).
    private static func count(of sorted: [Double], below value: Double) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
