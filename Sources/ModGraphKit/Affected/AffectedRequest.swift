/// What `modgraph affected` is asked: the graph to load, where the change
/// comes from, and the configuration that says what unowned files do.
public struct AffectedRequest: Sendable {
    public enum Changes: Sendable, Equatable {
        /// `git diff` from the merge base of `base` and `head` (HEAD when nil) to
        /// `head`, or to the working tree, untracked files included, when `head` is nil.
        case git(base: String, head: String?)
        /// One path a line (relative to the repository's top folder), from a file or `-` for standard input.
        case list(String)
        /// No change: every target and test target, as when a change selects everything
        /// (a push to the main branch that runs every test through the same formats).
        case all
    }

    public var load: LoadRequest
    public var changes: Changes
    /// Spread the selected test targets over this many CI machines; nil: no shards.
    public var shards: Int?
    /// What a target costs a shard's machine.
    public var weights: WeightsChoice
    /// An Xcode test plan to filter to the selected test targets (``AffectedFormat/xctestplan``).
    public var testPlan: String?

    public init(
        load: LoadRequest, changes: Changes, shards: Int? = nil, weights: WeightsChoice = .sources,
        testPlan: String? = nil
    ) {
        self.load = load
        self.changes = changes
        self.shards = shards
        self.weights = weights
        self.testPlan = testPlan
    }
}
