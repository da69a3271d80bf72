/// How far `schedule`'s predictions have been from real builds: the largest
/// error, either way, of the rows of the validation ledger in
/// docs/planning.md (predicted makespan from one measured build against a
/// different clean `swift build -j N`, `scripts/validate-schedule.py`). A
/// test reads the ledger and fails when these numbers no longer match it.
///
/// With measured weights (seconds), `schedule` prints the error beside its
/// prediction and ranks no what-if whose predicted gain is smaller: a gain
/// inside the model's error is not a prediction.
public enum ModelAccuracy {
    /// The module-level model (one job per target): a target's measured span
    /// whatever the `-j`, so weights measured at `-j 1` planned at `-j 2` miss most.
    public static let moduleLevelError = 0.63
    /// The job-level model (emit-module and compile jobs on N cores).
    public static let jobLevelError = 0.29
}
