import Foundation
@testable import ModGraphKit
import Testing

/// The one executor: units at once, each result in its place, never more
/// than its width running, a main thread's stack for each unit.
@Suite("executor")
struct ExecutorTests {
    @Test func resultsAreInUnitOrderWhateverOrderTheyFinishIn() {
        for width in [1, 2, 3, 8] {
            let executor = Executor(width: width)
            let results = executor.map(40) { index -> Int in
                // Later units finish first.
                usleep(UInt32((40 - index) * 200))
                return index * 3
            }
            #expect(results == (0..<40).map { $0 * 3 }, "width \(width)")
            #expect(executor.map(0) { $0 }.isEmpty)
        }
    }

    @Test func noMoreThanItsWidthRunAtOnce() {
        let running = Locked((now: 0, most: 0))
        _ = Executor(width: 3).map(12) { _ in
            running.withLock { state in
                state.now += 1
                state.most = max(state.most, state.now)
            }
            usleep(20_000)
            running.withLock { $0.now -= 1 }
        }
        let most = running.withLock { $0.most }
        // Twelve units of 20 ms on three threads overlap, but never more than three at once.
        #expect(most <= 3)
        #expect(most >= 2)
    }

    /// A unit gets a main thread's stack: recursion that uses 4 MiB of it,
    /// which a pool worker's 512 KiB would not hold, runs to the end.
    @Test func unitsHaveAMainThreadsStack() {
        let results = Executor(width: 2).map(2) { _ in Self.recurse(using: 4 << 20) }
        #expect(results.allSatisfy { $0 > 100 })
    }

    /// Calls itself until the frames below the first one take `bytes` of
    /// the stack (measured from their addresses); returns how deep it went.
    @inline(never) private static func recurse(using bytes: Int, from start: Int? = nil) -> Int {
        var frame = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &frame) { buffer in
            let here = Int(bitPattern: buffer.baseAddress)
            let start = start ?? here
            return start - here >= bytes ? 0 : 1 + recurse(using: bytes, from: start)
        }
    }

    /// Both results come back; when the first throws, the second has still
    /// finished before the call returns.
    @Test func bothWaitsForTheSecondUnit() {
        struct Stop: Error {}
        let (one, two) = Executor(width: 2).both({ 1 }, { "two" })
        #expect(one == 1 && two == "two")
        let finished = Locked(false)
        #expect(throws: Stop.self) {
            _ = try Executor(width: 2).both(
                { () throws(Stop) -> Int in throw Stop() },
                {
                    usleep(20_000)
                    finished.withLock { $0 = true }
                })
        }
        #expect(finished.withLock { $0 })
    }
}
