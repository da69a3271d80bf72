import ModGraphCore

/// How a build's jobs slow down when they share the machine: a job that runs
/// while other cores are busy takes longer than it does alone (shared caches,
/// memory bandwidth, two hyper-threads of one core). Measured on this
/// project's 2-core machine, a debug compile job took about 20% longer beside
/// another than alone, so weights measured at `-j 2` predicted a `-j 1` build
/// 21% too long while predicting `-j 2` within 1% (docs/planning.md).
///
/// The model is linear in the busy cores: with k cores busy, each job takes
/// `1 + slowdownPerCore × (k − 1)` times its time alone. A measured job's
/// time is turned into its time alone with the cores its build kept busy on
/// average (``measuredBusyCores``), and the job-level schedule runs every job
/// at the pace the cores busy at each moment allow.
public struct CoreSharing: Sendable, Equatable {
    /// How much longer a job takes for each other busy core, as a share of
    /// its time alone: 0.2 is 1.2× beside one other job, 1.4× beside two.
    /// 0: a job takes its time whatever runs beside it (the model before this).
    public let slowdownPerCore: Double
    /// The cores the measured build kept busy on average while its jobs ran
    /// (their work over the compiling span), from 1 to its `-j`.
    public let measuredBusyCores: Double
    /// The measured build's `-j`, when known: what the text says a plan
    /// extrapolates from.
    public let measuredJobs: Int?
    /// Where ``slowdownPerCore`` comes from, for the reader: a compiler probe,
    /// measured builds at two `-j`, or nothing (`nil`: not calibrated).
    public let calibration: String?

    /// Jobs that take their time whatever runs beside them.
    public static let none = CoreSharing(slowdownPerCore: 0, measuredBusyCores: 1)

    /// Values out of range are brought into it: a negative or non-finite
    /// slowdown is 0, busy cores are at least 1.
    public init(slowdownPerCore: Double, measuredBusyCores: Double, measuredJobs: Int? = nil, calibration: String? = nil) {
        self.slowdownPerCore =
            slowdownPerCore.isFinite ? min(max(0, slowdownPerCore), CoreSharingLimit.maximumSlowdownPerCore) : 0
        self.measuredBusyCores = measuredBusyCores.isFinite ? min(max(1, measuredBusyCores), 1_000_000) : 1
        self.measuredJobs = measuredJobs
        self.calibration = calibration
    }

    /// Whether jobs slow down at all.
    public var slows: Bool { slowdownPerCore > 0 }

    /// How many times its time alone a job takes with `busy` cores busy (its own included).
    public func factor(busy: Double) -> Double {
        1 + slowdownPerCore * max(0, busy - 1)
    }

    /// A measured job's time alone: its measured time over the factor of the
    /// cores its build kept busy on average.
    public func alone(_ measured: Double) -> Double {
        measured / factor(busy: measuredBusyCores)
    }
}
