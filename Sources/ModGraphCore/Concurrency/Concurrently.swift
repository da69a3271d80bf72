#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two independent pieces of work on two cores: a loader sorts its targets
/// while it resolves their dependencies, `report` checks while it simulates
/// the schedule. Each result comes back in its own place, so the outcome is
/// the same whichever finishes first.
public enum Concurrently {
    /// Stack of the thread `second` runs on: the main thread's size, not a
    /// worker's few hundred kilobytes, so nothing that runs safely on one
    /// thread can overflow on the other.
    public static let stackSize = 8 << 20

    /// Runs `first` on this thread and `second` on a new one at the same
    /// time, and returns both results once both are done. Work that must stay
    /// on the calling thread (Graphviz, which keeps global state) goes first.
    /// When no thread can be started, or `onTwoCores` is false (work too
    /// small to pay for a thread), `second` runs here after `first`.
    public static func both<First, Second: Sendable, Failure: Error>(
        _ first: () throws(Failure) -> First, _ second: @escaping @Sendable () -> Second, onTwoCores: Bool = true
    ) throws(Failure) -> (First, Second) {
        guard onTwoCores else { return (try first(), second()) }
        let secondResult = Locked<Second?>(nil)
        let job = Job { secondResult.withLock { $0 = second() } }
        let thread = job.start(stackSize: stackSize)
        // The second piece is always waited for, even when the first throws: it never outlives the call.
        let firstResult = Result<First, Failure>(catching: first)
        if let thread {
            pthread_join(thread, nil)
        } else {
            job.run()
        }
        guard let two = secondResult.withLock({ $0 }) else { preconditionFailure("the second piece of work ended without a result") }
        return (try firstResult.get(), two)
    }
}

extension Concurrently {
    /// Calls `body` once for each of `0..<count`, spread over the machine's
    /// cores (threads with ``stackSize``), and returns when every call has.
    /// Each call should write its own result: the order they run in is not fixed.
    public static func forEach(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Locked(0)
        let work: @Sendable () -> Void = {
            while true {
                let index = next.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard index < count else { return }
                body(index)
            }
        }
        let helpers = max(0, min(processorCount, count) - 1)
        let threads = (0..<helpers).compactMap { _ in Job(work).start(stackSize: stackSize) }
        work()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// `transform` of each of `0..<count`, in order, worked out in pieces of
    /// consecutive indices on the cores (``forEach(_:_:)``): for long lists
    /// of independent items, such as the lines of a diagram.
    ///
    /// - Complexity: the calls of `transform`, spread over the cores.
    public static func map<Element: Sendable>(_ count: Int, _ transform: @escaping @Sendable (Int) -> Element) -> [Element] {
        let parts = pieces(count) { indices in indices.map(transform) }
        return parts.count == 1 ? parts[0] : parts.flatMap { $0 }
    }

    /// `body` of consecutive ranges that together cover `0..<count`, in
    /// order, worked out on the cores (``forEach(_:_:)``): each range at
    /// least `minimumPiece` long, so that one call when `count` is short.
    /// For work that writes a piece at a time, such as the rows of a table.
    ///
    /// - Complexity: the calls of `body`, spread over the cores.
    public static func pieces<Piece: Sendable>(
        _ count: Int, minimumPiece: Int = minimumPiece, _ body: @escaping @Sendable (Range<Int>) -> Piece
    ) -> [Piece] {
        let pieceCount = min(processorCount * 4, count / max(1, minimumPiece))
        guard pieceCount > 1 else { return [body(0..<count)] }
        let results = Locked([Piece?](repeating: nil, count: pieceCount))
        forEach(pieceCount) { piece in
            let part = body((count * piece / pieceCount)..<(count * (piece + 1) / pieceCount))
            results.withLock { $0[piece] = part }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Fewer items than this are not worth a thread.
    public static let minimumPiece = 4_096

    /// The cores this process may run on (at least 1).
    public static let processorCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// A closure a POSIX thread runs (a C start routine cannot capture context).
final class Job: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }

    /// The thread running the job, or nil when none could be started.
    func start(stackSize: Int) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
            let status = pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<Job>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, context)
        #else
            var thread = pthread_t()
            let status = pthread_create(
                &thread, &attributes,
                { context in
                    if let context { Unmanaged<Job>.fromOpaque(context).takeRetainedValue().run() }
                    return nil
                }, context)
        #endif
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
