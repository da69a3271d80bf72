import Foundation
import ModGraphCore
import ModGraphSystem

/// The one place modgraph runs work at once. The engine is sequential; the
/// pipeline hands coarse, independent units to an executor at its edge:
/// manifests and projects to load, Swift files to scan, the check beside the
/// schedule in `report`, a report's files, a bottleneck search's
/// re-simulations. Each result goes to its unit's place, so the output is the
/// same with one core or many.
///
/// Units run on threads with an explicit stack (``UnitRunner/minimumStackSize``):
/// swift-syntax parses by recursive descent, and a pool's worker threads have
/// a few hundred kilobytes (512 KiB on Darwin). Threads rather than
/// Dispatch's pool also because a unit may wait minutes for a `swift` process,
/// and the pool is only as wide as the cores.
public struct Executor: UnitRunner {
    /// How many units run at once.
    public let width: Int

    /// `width` units at once; by default as many as the cores this process may use.
    public init(width: Int = CoreCount.available) {
        self.width = max(1, width)
    }

    /// Runs every unit on the calling thread.
    public static let sequential = Executor(width: 1)

    public func map<Result: Sendable>(_ count: Int, _ unit: @escaping @Sendable (Int) -> Result) -> [Result] {
        guard width > 1, count > 1 else { return (0..<count).map(unit) }
        let results = Locked([Result?](repeating: nil, count: count))
        let next = Locked(0)
        let work: @Sendable () -> Void = {
            while true {
                let index = next.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard index < count else { return }
                let result = unit(index)
                results.withLock { $0[index] = result }
            }
        }
        let group = DispatchGroup()
        for _ in 0..<min(width, count) {
            group.enter()
            let thread = Thread {
                work()
                group.leave()
            }
            thread.stackSize = Self.minimumStackSize
            thread.name = "modgraph.unit"
            thread.start()
        }
        group.wait()
        return results.withLock { results in
            results.map { result in
                guard let result else { preconditionFailure("every unit ran before the group was done") }
                return result
            }
        }
    }

    /// `first` and `second` at once, `first` on the calling thread (work
    /// that must stay there, such as Graphviz, goes first), and both results.
    public func both<First, Second: Sendable, Failure: Error>(
        _ first: () throws(Failure) -> First, _ second: @escaping @Sendable () -> Second
    ) throws(Failure) -> (First, Second) {
        guard width > 1 else { return (try first(), second()) }
        let secondResult = Locked<Second?>(nil)
        let group = DispatchGroup()
        group.enter()
        let thread = Thread {
            let value = second()
            secondResult.withLock { $0 = value }
            group.leave()
        }
        thread.stackSize = Self.minimumStackSize
        thread.name = "modgraph.unit"
        thread.start()
        // The second unit is always waited for, even when the first throws: it never outlives the call.
        let firstResult = Result<First, Failure>(catching: first)
        group.wait()
        guard let two = secondResult.withLock({ $0 }) else { preconditionFailure("the second unit ended without a result") }
        return (try firstResult.get(), two)
    }
}
