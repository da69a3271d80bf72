/// Runs independent units of coarse work: the manifests of a workspace, the
/// Swift files of the source checks, the re-simulations of a bottleneck
/// search. The engine is plain sequential code; where it has such units it
/// hands them to the runner it was given and reads the results in order.
/// Whether they run one after another (``SequentialRunner``) or at once on
/// the cores is the use-case layer's choice (ModGraphKit's `Executor`, the
/// one place that starts threads), so the result never depends on it.
public protocol UnitRunner: Sendable {
    /// `unit(0)`, `unit(1)`, … `unit(count - 1)`, each result at its unit's
    /// place, whatever order they ran in. A unit may run on another thread
    /// with a stack of at least ``UnitRunner/minimumStackSize``.
    func map<Result: Sendable>(_ count: Int, _ unit: @escaping @Sendable (Int) -> Result) -> [Result]
}

extension UnitRunner {
    /// The stack every unit can count on: a main thread's, not the few
    /// hundred kilobytes of a pool's worker, since units parse Swift with a
    /// recursive-descent parser.
    public static var minimumStackSize: Int { 8 << 20 }

    /// `unit` of each element of `items`, in order.
    public func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ unit: @escaping @Sendable (Item) -> Result) -> [Result] {
        map(items.count) { unit(items[$0]) }
    }
}

/// Runs every unit on the calling thread, in order: the engine's default,
/// and what tests and library users get unless they ask for more.
public struct SequentialRunner: UnitRunner {
    public init() {}

    public func map<Result: Sendable>(_ count: Int, _ unit: @escaping @Sendable (Int) -> Result) -> [Result] {
        (0..<count).map(unit)
    }
}

extension UnitRunner where Self == SequentialRunner {
    /// One unit after another, on the calling thread.
    public static var sequential: SequentialRunner { SequentialRunner() }
}
