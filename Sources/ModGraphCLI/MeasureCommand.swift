import ArgumentParser
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
            (--externals is ignored): their targets are built and timed too. See docs/planning.md.
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
    }

    func run() throws {
        let request = MeasureRequest(
            load: load.request(), configuration: configuration, buildJobs: buildJobs,
            buildTests: buildTests, scratchPath: scratchPath,
            buildTimeout: .seconds(buildTimeout ?? OptionBounds.defaultBuildTimeout))
        let weights = try MeasureRun.run(request, info: Console.info, warnings: Console.warning) { graphRequest in
            try load.load(externals: graphRequest.externals, scratchDirectory: graphRequest.scratchDirectory)
        }
        try OutputFile.write(weights, to: output)
    }
}
