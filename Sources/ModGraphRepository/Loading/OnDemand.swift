import ModGraphCore
import ModGraphSystem

/// A value worked out the first time it is asked for, once, whichever
/// thread asks: what only some commands need (where each target's files
/// are, which `graph` never reads) costs nothing in the others.
final class OnDemand<Value: Sendable>: Sendable {
    private enum State {
        case pending(() -> Value)
        case done(Value)
    }

    private let state: Locked<State>

    init(_ make: @escaping () -> Value) {
        state = Locked(.pending(make))
    }

    var value: Value {
        state.withLock { state in
            switch state {
            case .done(let value):
                return value
            case .pending(let make):
                let value = make()
                state = .done(value)
                return value
            }
        }
    }
}
