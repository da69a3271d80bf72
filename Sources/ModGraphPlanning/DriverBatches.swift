/// How many batch jobs the Swift driver compiles a module's files in, so
/// that jobs measured at one `-j` can be planned at another. In a debug
/// build SwiftPM hands each module to `swiftc` with its `-j`, and the driver
/// cuts the module's files into `max(-j, ⌈files ÷ 25⌉)` batches (25 files at
/// most a batch, its default), never more than the files. So a module of 10
/// files measured at `-j 1` compiled as one batch job, and at `-j 2` compiles
/// as two that run side by side: planned as measured, its -j 2 build read as
/// long as the -j 1 one (swift-http-types: +12% against a real build,
/// docs/planning.md). The ledger's measured builds show the rule: 41 files
/// made 2 batches at -j 1 and at -j 2, 10 files 1 and 2, 5 files 1 and 2.
public enum DriverBatches {
    /// The driver's largest batch, in files.
    public static let sizeLimit = 25

    /// The batches of `files` Swift files at `-j jobs`; 0 without files.
    public static func count(files: Int, jobs: Int) -> Int {
        guard files > 0, jobs > 0 else { return 0 }
        return min(files, max(jobs, (files + sizeLimit - 1) / sizeLimit))
    }

    /// A module's measured compile jobs re-cut into the batches the driver
    /// makes at `-j workers`, each an equal share of their work (the driver
    /// cuts by file count, not size); nil when they stay as measured: the
    /// files or the measured `-j` unknown, the measured jobs not the batches
    /// the rule gives (another driver, a whole-module build), or the same count.
    public static func rebatched(_ compile: [Double], files: Int?, measuredJobs: Int?, workers: Int) -> [Double]? {
        guard let files, let measuredJobs, !compile.isEmpty, compile.count == count(files: files, jobs: measuredJobs) else { return nil }
        let batches = count(files: files, jobs: workers)
        guard batches > 0, batches != compile.count else { return nil }
        let total = compile.reduce(0, +)
        return [Double](repeating: total / Double(batches), count: batches)
    }
}
