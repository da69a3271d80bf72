/// The jobs one target's build ran, in seconds: what a job-level schedule
/// needs beyond the target's span. A Swift module's dependents wait only for
/// its module interface (`emitModule`), while its compile jobs run side by
/// side and are what a link waits for; docs/planning.md describes the model.
public struct TargetJobTimes: Sendable, Equatable {
    /// The job that emits the `.swiftmodule`; nil when no such job was seen
    /// (a C-family target, a whole-module build that emits as it compiles):
    /// dependents then wait for every compile job.
    public var emitModule: Double?
    /// Each compile job's time (batch jobs of a Swift module, files of a
    /// C-family target), in the order they started.
    public var compile: [Double]
    /// Linking the target's product, when the record shows one.
    public var link: Double?

    /// The most compile jobs one target may list: a debug module compiles in
    /// a few batch jobs, a C target in one job per file; a file with more is
    /// refused rather than planned as millions of jobs.
    public static let maximumCompileJobs = 10_000

    public init(emitModule: Double? = nil, compile: [Double] = [], link: Double? = nil) {
        self.emitModule = emitModule
        self.compile = compile
        self.link = link
    }

    /// Whether anything is known.
    public var isEmpty: Bool { emitModule == nil && compile.isEmpty && link == nil }
}
