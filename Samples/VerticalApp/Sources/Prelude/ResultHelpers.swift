extension Result {
    /// The success value, or nil on failure.
    public var value: Success? {
        if case let .success(value) = self { return value }
        return nil
    }

    /// The failure, or nil on success.
    public var error: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }

    /// Replaces a failure by a value computed from it.
    public func recover(_ transform: (Failure) -> Success) -> Success {
        switch self {
        case let .success(value): return value
        case let .failure(error): return transform(error)
        }
    }

    /// Runs `body` for its side effect when the result is a success and passes the result on.
    @discardableResult
    public func onSuccess(_ body: (Success) -> Void) -> Result {
        if case let .success(value) = self { body(value) }
        return self
    }
}

/// Combines two results, keeping the first failure.
public func zipResults<A, B, E: Error>(_ a: Result<A, E>, _ b: Result<B, E>) -> Result<(A, B), E> {
    a.flatMap { first in b.map { second in (first, second) } }
}
