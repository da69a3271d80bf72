import ArgumentParser
import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphRendering
import ModGraphWeights

extension MeasuredBuild.Configuration: ExpressibleByArgument {}

/// `modgraph measure`: real compile times per module from a clean build,
/// written as a weights file for `modgraph schedule --weights FILE`.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Build the package from clean and write each module's compile time as a weights file.",
        discussion: """
        The build runs in a scratch folder of its own (your .build is not touched) with the compiler's \
        per-job statistics on (-stats-output-dir) and C-family compiles timed through CC. A module's \
        weight is the time from its first compile job's start to its last job's end. External packages are always expanded \
        (--externals is ignored): their targets are built and timed too. See docs/planning.md.
        """
    )

    static let method = "clean swift build; a target's seconds run from its first compile job's start to its last job's end (swift-frontend -stats-output-dir for Swift, a timing CC wrapper for C-family files)"

    @OptionGroup var load: LoadOptions

    @Option(help: "Build configuration to measure: debug or release.")
    var configuration: MeasuredBuild.Configuration = .debug

    @Option(name: .shortAndLong, help: "Write the weights file here (atomically) instead of standard output.")
    var output: String?

    // `--jobs` is taken by loading (manifests dumped at once); this is the build's.
    @Option(name: [.customShort("j"), .customLong("build-jobs")], help: "Parallel build jobs (swift build -j), 1 to \(LoadOptions.jobsRange.upperBound); default: SwiftPM's, the core count.")
    var buildJobs: Int?

    @Option(help: ArgumentHelp(
        "Seconds the build may take, 1 to \(Self.buildTimeoutRange.upperBound) (default: \(Self.defaultBuildTimeout)).",
        discussion: "A build still running then is stopped, with every process it started.",
        valueName: "seconds"))
    var buildTimeout: Int?

    static let buildTimeoutRange = 1...86_400
    static let defaultBuildTimeout = Int(MeasuredBuild.defaultTimeout.components.seconds)

    @Flag(help: "Build and measure test targets too.")
    var buildTests = false

    @Option(help: "Build here (a new or empty folder, kept afterwards) instead of a temporary folder that is removed.")
    var scratchPath: String?

    /// Before the first compile job, compiling, after the last one.
    static func phases(of result: MeasuredBuild.Result) -> [(String, Double)] {
        let first = result.modules.values.map(\.start).min() ?? result.startedAt
        let last = result.modules.values.map(\.end).max() ?? result.endedAt
        return [
            ("beforeFirstCompile", max(0, first - result.startedAt)),
            ("compiling", max(0, last - first)),
            ("afterLastCompile", max(0, result.endedAt - last)),
        ]
    }

    func validate() throws {
        if let buildJobs, !LoadOptions.jobsRange.contains(buildJobs) {
            throw ValidationError("--build-jobs must be from \(LoadOptions.jobsRange.lowerBound) to \(LoadOptions.jobsRange.upperBound), not \(buildJobs)")
        }
        if let buildTimeout, !Self.buildTimeoutRange.contains(buildTimeout) {
            throw ValidationError("--build-timeout must be from \(Self.buildTimeoutRange.lowerBound) to \(Self.buildTimeoutRange.upperBound) seconds, not \(buildTimeout)")
        }
    }

    func run() throws {
        var isDirectory: ObjCBool = false
        let manifest = (load.path as NSString).appendingPathComponent("Package.swift")
        guard FileManager.default.fileExists(atPath: load.path, isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.fileExists(atPath: manifest),
              let packageDirectory = URL(fileURLWithPath: load.path).standardizedFileURL.path.removingPercentEncoding else {
            throw CommandError(WeightsError.notAPackageFolder(path: load.path).description)
        }
        let scratch = scratchPath.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-measure-\(UUID().uuidString)").path
        ChildProcesses.shared.stopChildrenOnInterrupt()
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            throw CommandError("\(scratch): cannot create the scratch folder: \(error.localizedDescription)")
        }
        if scratchPath == nil { ChildProcesses.shared.removeOnInterrupt(scratch) }
        defer { if scratchPath == nil { ChildProcesses.shared.removeTemporaryFolder(scratch) } }

        let swift = load.swiftExecutable ?? DumpPackageRunner.defaultExecutable
        let build = MeasuredBuild(packageDirectory: packageDirectory, swiftExecutable: swift, configuration: configuration,
                                  jobs: buildJobs, buildTests: buildTests, scratchDirectory: scratch,
                                  timeout: .seconds(buildTimeout ?? Self.defaultBuildTimeout))
        Console.writeError("measure: clean \(configuration.rawValue) build of \(packageDirectory) in \(scratch)…\n")
        let result: MeasuredBuild.Result
        do {
            result = try build.run()
        } catch {
            throw CommandError(error.description)
        }
        for warning in result.warnings { Console.warning(warning) }

        let (_, graph) = try load.loadWorkspaceAndGraph(externals: .expand, scratchDirectory: scratch)
        let attribution = ModuleAttribution(modules: result.modules, graph: graph)
        if !attribution.ambiguous.isEmpty {
            Console.warning("\(packageDirectory): modules named by several targets, left out: \(attribution.ambiguous.joined(separator: ", "))")
        }
        var targets: [String: Double] = [:]
        var jobSeconds: [String: Double] = [:]
        for (vertex, time) in attribution.times {
            targets[graph.targets[vertex].id.description] = time.span
            jobSeconds[graph.targets[vertex].id.description] = time.jobSeconds
        }
        let measurement = WeightsJSON.Measurement(
            targets: targets, jobSeconds: jobSeconds, unattributed: attribution.unattributed.mapValues(\.span), method: Self.method,
            configuration: configuration.rawValue, jobs: buildJobs, buildWallSeconds: result.wallSeconds,
            phases: Self.phases(of: result), command: ["swift"] + result.arguments
        )
        try OutputFile.write(WeightsJSON.render(measurement), to: output)
        let total = result.modules.values.reduce(0) { $0 + $1.jobSeconds }
        Console.writeError("measure: \(targets.count) targets timed (\(String(format: "%.1f s", total)) of compile jobs in all); "
            + "the build took \(String(format: "%.1f s", result.wallSeconds))\n")
    }
}
