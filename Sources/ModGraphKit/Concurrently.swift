import Dispatch
import Foundation
import ModGraphCore

/// Two independent pieces of work of a command on two cores: `report` checks
/// while it simulates the schedule, and serializes report.json while it
/// writes index.html. Each result comes back in its own place, so the output
/// is the same whichever finishes first.
enum Concurrently {
    /// Stack of the thread `second` runs on: the main thread's size, not a
    /// worker's few hundred kilobytes, so nothing that runs safely on one
    /// thread can overflow on the other.
    static let stackSize = 8 << 20

    /// Runs `first` on this thread and `second` on a new one at the same
    /// time, and returns both results once both are done. Work that must stay
    /// on the calling thread (Graphviz, which keeps global state) goes first.
    static func both<First, Second: Sendable, Failure: Error>(
        _ first: () throws(Failure) -> First, _ second: @escaping @Sendable () -> Second
    ) throws(Failure) -> (First, Second) {
        let secondResult = Locked<Second?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result = second()
            secondResult.withLock { $0 = result }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        // The second piece is always waited for, even when the first throws: it never outlives the call.
        let firstResult = Result<First, Failure>(catching: first)
        done.wait()
        guard let two = secondResult.withLock({ $0 }) else { preconditionFailure("the second piece of work ended without a result") }
        return (try firstResult.get(), two)
    }
}
