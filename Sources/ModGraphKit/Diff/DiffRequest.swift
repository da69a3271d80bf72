/// What `modgraph diff` compares: the graph `load` asks for (the head) with
/// the same paths at a base commit, or with other paths.
public struct DiffRequest: Sendable {
    public enum Base: Sendable, Equatable {
        /// The merge base of `ref` and `head` (HEAD when nil), checked out in a
        /// private folder; the head is the working tree, or `head` checked out too.
        case git(ref: String, head: String?)
        /// Other inputs, such as a dump JSON of the base.
        case paths([String])
    }

    public var load: LoadRequest
    public var base: Base
    public var workers: Int
    public var weights: WeightsChoice

    /// The simulated build is `schedule`'s, with its defaults (``ScheduleRequest/defaultWorkers``,
    /// ``WeightsChoice/default``), so the diff's numbers are the ones `schedule` and `report` print.
    public init(
        load: LoadRequest, base: Base, workers: Int = ScheduleRequest.defaultWorkers,
        weights: WeightsChoice = .default
    ) {
        self.load = load
        self.base = base
        self.workers = workers
        self.weights = weights
    }
}
