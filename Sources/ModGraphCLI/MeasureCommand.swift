import ArgumentParser
import Foundation
import ModGraphKit

extension BuildConfiguration: ExpressibleByArgument {}

/// `modgraph measure`: real compile times per module from a clean build,
/// written as a weights file for `modgraph schedule --weights FILE`.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Build the package from clean and write each module's compile time as a weights file.",
        discussion: """
            The build runs in a scratch folder of its own (your .build is not touched) with the compiler's \
            per-job statistics on (-stats-output-dir) and C-family compiles timed through CC. It runs twice: \
            a warm-up build fills the compilers' module caches, everything else it made is removed, and \
            the measured build compiles every module again, so that no module pays for them. A module's \
            weight is the time from its first compile job's start to its last job's end. External packages are always expanded \
            (--externals is ignored): their targets are built and timed too. Jobs run slower beside one \
            another than alone: a short compiler probe afterwards (or the builds of --build-jobs-list) says \
            how much, so that schedule predicts other core counts too. See docs/planning.md.
            """
    )

    @OptionGroup var load: LoadOptions

    @Option(help: "Build configuration to measure: debug or release.")
    var configuration: BuildConfiguration = .debug

    @Option(name: .shortAndLong, help: "Write the weights file here (atomically) instead of standard output.")
    var output: String?

    // `--jobs` is taken by loading (manifests dumped at once); this is the build's.
    @Option(
        name: [.customShort("j"), .customLong("build-jobs")],
        help: "Parallel build jobs (swift build -j), \(OptionBounds.describe(OptionBounds.buildJobs)); default: SwiftPM's, the core count.")
    var buildJobs: Int?

    @Option(
        name: .customLong("build-jobs-list"),
        help: ArgumentHelp(
            "Measure a clean build at each of these -j (comma-separated, such as 1,2), the weights from the first.",
            discussion:
                "How much slower the jobs ran at the busier one calibrates how jobs slow beside one another, "
                + "which schedule uses for every worker count: the most faithful model, at a build and its warm-up per -j.",
            valueName: "jobs,…"),
        transform: MeasureCommand.jobsList)
    var buildJobsList: [Int]?

    @Flag(
        inversion: .prefixedNo,
        help:
            "With one -j measured: time a small compile alone and beside others (a few seconds) to calibrate how jobs slow beside one another."
    )
    var coreProbe = true

    @Option(
        help: ArgumentHelp(
            "Seconds the build may take, \(OptionBounds.describe(OptionBounds.buildTimeout)) (default: \(OptionBounds.defaultBuildTimeout)).",
            discussion: "A build still running then is stopped, with every process it started.",
            valueName: "seconds"))
    var buildTimeout: Int?

    @Flag(help: "Build and measure test targets too.")
    var buildTests = false

    @Option(help: "Build here (a new or empty folder, kept afterwards) instead of a temporary folder that is removed.")
    var scratchPath: String?

    func validate() throws {
        try OptionBounds.check(buildJobs, in: OptionBounds.buildJobs, option: "--build-jobs")
        try OptionBounds.check(buildTimeout, in: OptionBounds.buildTimeout, option: "--build-timeout")
        for jobs in buildJobsList ?? [] { try OptionBounds.check(jobs, in: OptionBounds.buildJobs, option: "--build-jobs-list") }
        if buildJobsList != nil, buildJobs != nil {
            throw ValidationError("--build-jobs and --build-jobs-list cannot be used together: the list's first -j gives the weights")
        }
    }

    /// `1,2` as `[1, 2]`: at most 8 whole numbers, each once.
    static func jobsList(_ text: String) throws -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, (1...8).contains(numbers.count), Set(numbers).count == numbers.count else {
            throw ValidationError("--build-jobs-list takes 1 to 8 different whole numbers separated by commas, such as 1,2")
        }
        return numbers
    }

    func run() throws {
        let request = MeasureRequest(
            load: load.request(), configuration: configuration, buildJobs: buildJobs,
            buildTests: buildTests, scratchPath: scratchPath,
            buildTimeout: .seconds(buildTimeout ?? OptionBounds.defaultBuildTimeout), buildJobsList: buildJobsList ?? [],
            coreProbe: coreProbe)
        let weights = try MeasureRun.run(request, info: Console.info, warnings: Console.warning) { graphRequest in
            try load.load(externals: graphRequest.externals, scratchDirectory: graphRequest.scratchDirectory)
        }
        try OutputFile.write(weights, to: output)
    }
}
