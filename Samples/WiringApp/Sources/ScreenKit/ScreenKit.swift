/// A small stand-in for Lasso (github.com/ww-tech/lasso): a screen module names its
/// state, actions and outputs; a store holds the state and turns actions into it.
public protocol ScreenModule {
    associatedtype State
    associatedtype Action
    associatedtype Output
}

/// A flow: a sequence of screens with an output for whoever started it.
public protocol FlowModule {
    associatedtype Output
    associatedtype RequiredContext
}

open class LassoStore<Module: ScreenModule> {
    public private(set) var state: Module.State
    public var outputs: [Module.Output] = []

    public init(with state: Module.State) {
        self.state = state
    }

    open func handleAction(_ action: Module.Action) {}

    public func update(_ change: (inout Module.State) -> Void) {
        change(&state)
    }
}

open class Flow<Module: FlowModule> {
    public init() {}
}
