#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work started on another core whose result is taken later: `report` makes
/// its page while it writes its other files, and only the file that needs the
/// page waits for it.
///
/// The thread never outlives its `Pending`: taking the value waits for it,
/// and so does the last release of a value never taken.
public final class Pending<Value: Sendable>: Sendable {
    private let result = Locked<Value?>(nil)
    /// The running thread until someone joins it; nil once joined, or when the work ran on the caller's thread.
    private let thread: Locked<pthread_t?>

    fileprivate init(_ work: @escaping @Sendable () -> Value) {
        let result = self.result
        let job = Job { result.withLock { $0 = work() } }
        let started = job.start(stackSize: Concurrently.stackSize)
        thread = Locked(started)
        // When no thread can be started, the work is done here and now.
        if started == nil { job.run() }
    }

    /// The work's result, once it is done (waits for it).
    public var value: Value {
        join()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("pending work ended without a result") }
        return value
    }

    deinit {
        join()
    }

    private func join() {
        thread.withLock { thread in
            if let running = thread { pthread_join(running, nil) }
            thread = nil
        }
    }
}

extension Concurrently {
    /// Lets go of `value` on another thread: freeing the hundreds of thousands
    /// of parts of a large graph that is no longer needed (a diagram's filtered
    /// copy) does not hold up the caller. The thread is detached, the one
    /// exception to threads never outliving their call: it only frees memory,
    /// and a process that exits first has nothing left to free. The caller
    /// must hold no other reference for this to help; with none started, the
    /// value goes here.
    public static func discard<Value: Sendable>(_ value: consuming Value) {
        // The thread empties the box, so the value goes there whichever of the two lets go of the box last.
        let box = Locked<Value?>(value)
        guard let thread = Job({ box.withLock { $0 = nil } }).start(stackSize: stackSize) else { return }
        pthread_detach(thread)
    }

    /// Starts `work` on a new thread (with ``stackSize``) and returns at once;
    /// the result is taken from ``Pending/value``. For work whose result is needed
    /// only late, by one consumer among several, such as one file of a report.
    public static func start<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Pending<Value> {
        Pending(work)
    }
}
