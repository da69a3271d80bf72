import ModGraphCore

/// What a weights file says about the cores its measured build shared: its
/// `-j`, the cores its jobs kept busy on average, and how much slower a job
/// runs for each other busy core, with where that figure came from. The
/// job-level schedule turns each measured job into its time alone with it,
/// and runs it at the pace of the cores busy beside it (docs/planning.md,
/// "Jobs that share the machine").
///
/// Written by `measure` as the `coreSharing` object; a file without one (any
/// written before it) still has what the busy cores are computed from: its
/// jobs' work and its compiling span.
public struct CoreSharingRecord: Sendable, Equatable {
    /// The measured build's `-j`; nil when SwiftPM chose (the core count).
    public var measuredJobs: Int?
    /// The cores the measured build's jobs kept busy on average: their work
    /// (CPU seconds) over the compiling span, from 1 to `measuredJobs`.
    public var busyCores: Double
    /// How much longer a job takes for each other busy core, as a share of
    /// its time alone; nil: not calibrated (the schedule then takes a job's
    /// time as fixed, and says so).
    public var slowdownPerCore: Double?
    /// Where ``slowdownPerCore`` comes from: `probe` (a compile timed alone
    /// and beside others, ``ContentionProbe``) or `builds` (measured builds
    /// at two `-j`); nil when not calibrated.
    public var calibration: String?

    /// The most cores a file may say were busy.
    public static let maximumCores = 100_000

    public init(measuredJobs: Int?, busyCores: Double, slowdownPerCore: Double? = nil, calibration: String? = nil) {
        self.measuredJobs = measuredJobs
        self.busyCores = busyCores
        self.slowdownPerCore = slowdownPerCore
        self.calibration = calibration
    }

    /// The cores a build kept busy on average: `work` (its jobs' CPU seconds)
    /// over `compilingSeconds` (its first job's start to its last job's end),
    /// at least 1 and at most `jobs` when known. Nil without a span.
    public static func busyCores(work: Double, compilingSeconds: Double, jobs: Int?) -> Double? {
        guard compilingSeconds > 0, work.isFinite, work > 0 else { return nil }
        let busy = work / compilingSeconds
        return min(max(1, busy), Double(jobs ?? maximumCores))
    }

    /// The slowdown per core that makes two measured builds of the same
    /// jobs agree: with `work` seconds of jobs at `busy` cores on average,
    /// `workA ÷ workB = (1 + s·(busyA − 1)) ÷ (1 + s·(busyB − 1))`, solved
    /// for s. Nil when the builds kept nearly the same number of cores busy
    /// (the ratio then says nothing about s); 0 when the busier build's jobs
    /// were not slower.
    ///
    /// Worked: 49.0 s of jobs at 1.0 core and 58.7 s at 1.9 cores give
    /// r = 1.198 and s = 0.198 ÷ (0.9 − 1.198 × 0) = 0.22.
    public static func slowdownPerCore(
        work workA: Double, busy busyA: Double, against workB: Double, busy busyB: Double
    ) -> Double? {
        guard workA > 0, workB > 0, abs(busyA - busyB) >= 0.25 else { return nil }
        let ratio = workA / workB
        let denominator = (busyA - 1) - ratio * (busyB - 1)
        guard abs(denominator) > 1e-9 else { return nil }
        let slowdown = (ratio - 1) / denominator
        return slowdown.isFinite ? min(max(0, slowdown), CoreSharingLimit.maximumSlowdownPerCore) : nil
    }
}
