import ArgumentParser
import Foundation
import ModGraphKit
import ModGraphOutput

/// The range of every numeric option, said in its `--help` and checked before
/// anything runs: a number from the command line must not make a command
/// loop, allocate or simulate without end.
enum OptionBounds {
    /// Simulated workers: far beyond any machine, small enough that per-worker work stays trivial.
    static let workers = 1...1_024
    /// CI machines to spread tests over: a matrix of more jobs than this is not one a CI runs.
    static let shards = 1...256
    static let bottleneckCandidates = 0...10_000
    static let depth = 0...1_000_000
    /// `serve`'s port; 0 lets the system choose a free one.
    static let port = 0...65_535
    /// Paths `why` lists: the count is of all of them.
    static let paths = WhyOutput.limits
    static let buildJobs = 1...256
    /// Manifests loaded at once: each is a `swift` process.
    static let jobs = 1...256
    /// Seconds one manifest may take: dumps take well under a second; a slow machine, minutes.
    static let manifestTimeout = 1...3_600
    static let defaultManifestTimeout = 120
    /// MiB of address space each process of a manifest's load may use: the toolchain's need about 760.
    static let manifestMemory = 256...1_048_576
    static let defaultManifestMemory = 4_096
    /// Seconds `measure`'s build may take.
    static let buildTimeout = 1...86_400
    static let defaultBuildTimeout = 7_200

    /// `--workers`' help, the same in `schedule`, `report` and `diff`, whose defaults are one
    /// (``ScheduleRequest/defaultWorkers``, docs/planning.md).
    static let workersHelp =
        "Workers (parallel compile jobs) to simulate, \(describe(workers)); the default is the same on every machine and in schedule, report and diff."
    /// `--weights`' help, the same in `schedule`, `report` and `diff` (``WeightsChoice/default``).
    static let weightsHelp =
        "What a target costs: sources (lines of compiled source), uniform (1 each), or a weights JSON file such as `modgraph measure` writes (a file named like a keyword: ./uniform)."

    /// `1 to 1,024`, for help texts and errors.
    static func describe(_ range: ClosedRange<Int>) -> String {
        "\(Escape.grouped(range.lowerBound)) to \(Escape.grouped(range.upperBound))"
    }

    /// Throws a one-line usage error when `value` is outside `range`.
    static func check(_ value: Int?, in range: ClosedRange<Int>, option: String) throws {
        guard let value, !range.contains(value) else { return }
        throw ValidationError("\(option) must be from \(describe(range)), not \(value)")
    }
}
