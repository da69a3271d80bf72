#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that only one thread at a time can read or change: the lock owns
/// the state, so the compiler sees every access go through ``withLock(_:)``
/// instead of trusting a naming convention. The one `@unchecked Sendable` the
/// loaders, the progress bar and the Graphviz session need.
///
/// Waiting is built in: ``withLock(waitingUntil:_:)`` sleeps until the state
/// satisfies a condition, and every ``withLock(_:)`` wakes the waiters when
/// it ends, so a change can never be missed.
public final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var state: State

    public init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the state to itself, then wakes every waiter.
    public func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Waits until `isReady` holds for the state, then runs `body` as ``withLock(_:)`` does.
    public func withLock<Result, Failure: Error>(
        waitingUntil isReady: (State) -> Bool,
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        while !isReady(state) { pthread_cond_wait(condition, mutex) }
        return try body(&state)
    }
}
