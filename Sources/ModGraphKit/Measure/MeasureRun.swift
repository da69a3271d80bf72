import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphSystem
import ModGraphWeights

/// What `modgraph measure` builds.
public struct MeasureRequest: Sendable {
    /// The package folder, as given; its manifest is loaded again for the graph, with every external expanded.
    public var load: LoadRequest
    public var configuration: MeasuredBuild.Configuration
    /// `swift build -j`; nil: SwiftPM's, the core count.
    public var buildJobs: Int?
    public var buildTests: Bool
    /// A folder to build in and keep; nil: a temporary folder, removed afterwards.
    public var scratchPath: String?
    /// How long each build may take; then it is stopped with every process it started.
    public var buildTimeout: Duration
    /// A warm-up build first, so that no target is charged for filling the
    /// compilers' module caches (`MeasuredBuild.warmUp`); it doubles the time `measure` takes.
    public var warmUp: Bool
    /// Several `-j` to measure, one build each (with its warm-up), the
    /// weights from the first: how much slower the jobs ran at the busier
    /// one calibrates the schedule's slowdown per core. Empty: one build at ``buildJobs``.
    public var buildJobsList: [Int]
    /// Whether a compiler probe (``ContentionProbe``) calibrates the slowdown
    /// per core when the builds cannot (one `-j` measured).
    public var coreProbe: Bool

    public init(
        load: LoadRequest, configuration: MeasuredBuild.Configuration = .debug, buildJobs: Int? = nil,
        buildTests: Bool = false, scratchPath: String? = nil, buildTimeout: Duration = MeasuredBuild.defaultTimeout,
        warmUp: Bool = true, buildJobsList: [Int] = [], coreProbe: Bool = true
    ) {
        self.buildJobsList = buildJobsList
        self.coreProbe = coreProbe
        self.load = load
        self.configuration = configuration
        self.buildJobs = buildJobs
        self.buildTests = buildTests
        self.scratchPath = scratchPath
        self.buildTimeout = buildTimeout
        self.warmUp = warmUp
    }
}

/// `modgraph measure` as a use case: a clean build with the compiler's
/// statistics on, each module's compile time attributed to its target, as a
/// weights file's text.
public enum MeasureRun {
    public static let method =
        "clean swift build after a warm-up build in the same scratch folder (all removed but the module caches, checkouts and resolution); a target's seconds run from its first compile job's start to its last job's end (swift-frontend -stats-output-dir for Swift, a timing CC wrapper for C-family files)"
    /// The method when the warm-up build is skipped.
    public static let coldMethod =
        "clean swift build, module caches cold; a target's seconds run from its first compile job's start to its last job's end (swift-frontend -stats-output-dir for Swift, a timing CC wrapper for C-family files)"

    /// The weights file's text. `info` hears what is being built and the totals; `warnings` what was left out.
    public static func run(
        _ request: MeasureRequest, info: (String) -> Void = { _ in }, warnings: (String) -> Void = { _ in },
        loadGraph: (LoadRequest) throws -> LoadedGraph = { try GraphLoader.load($0) }
    ) throws -> String {
        let path = request.load.path
        var isDirectory: ObjCBool = false
        let manifest = (path as NSString).appendingPathComponent("Package.swift")
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            FileManager.default.fileExists(atPath: manifest)
        else {
            throw CommandError(WeightsError.notAPackageFolder(path: path).description)
        }
        // Already a plain path: decoding percent escapes again would change folder names that hold `%XX`.
        let packageDirectory = URL(fileURLWithPath: path).standardizedFileURL.path
        let scratch =
            request.scratchPath.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-measure-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            throw CommandError("\(scratch): cannot create the scratch folder: \(error.localizedDescription)")
        }
        // A temporary scratch folder goes on every path, an interrupt included.
        if request.scratchPath == nil { ChildProcesses.shared.removeOnInterrupt(scratch) }
        defer { if request.scratchPath == nil { ChildProcesses.shared.removeTemporaryFolder(scratch) } }

        let swift = request.load.swiftExecutable ?? DumpPackageRunner.defaultExecutable
        let jobsList: [Int?] = request.buildJobsList.isEmpty ? [request.buildJobs] : request.buildJobsList.map { $0 }
        var builds: [Measured] = []
        for jobs in jobsList {
            // One scratch folder per build when there are several: each starts from nothing.
            let folder = jobsList.count == 1 ? scratch : (scratch as NSString).appendingPathComponent("j\(jobs ?? 0)")
            builds.append(
                try measure(
                    request, jobs: jobs, swift: swift, packageDirectory: packageDirectory, scratch: folder, info: info,
                    warnings: warnings, loadGraph: loadGraph))
        }
        let first = builds[0]
        var measurement = first.measurement(request, method: request.warmUp ? method : coldMethod)
        measurement.coreSharing = coreSharing(
            of: builds, probe: request.coreProbe ? swift : nil, folder: scratch, info: info, warnings: warnings)
        if builds.count > 1 {
            measurement.builds = builds.map {
                WeightsJSON.BuildSummary(
                    jobs: $0.jobs ?? CoreCount.available, wallSeconds: $0.result.wallSeconds, jobWork: $0.work, busyCores: $0.busyCores)
            }
        }
        return WeightsJSON.render(measurement)
    }

    /// One measured build, attributed to the graph's targets.
    struct Measured {
        let jobs: Int?
        let result: MeasuredBuild.Result
        let graph: ModuleGraph
        let times: [Int: ModuleTime]
        let unattributed: [String: ModuleTime]

        /// The jobs' work: every module's emit-module and compile jobs, in CPU seconds.
        var work: Double {
            result.modules.values.reduce(0) { $0 + ($1.emitModuleSeconds ?? 0) + $1.compileJobs.reduce(0, +) }
        }

        var busyCores: Double? {
            let compiling = MeasureRun.phases(of: result).first { $0.0 == "compiling" }?.1 ?? 0
            return CoreSharingRecord.busyCores(work: work, compilingSeconds: compiling, jobs: jobs ?? CoreCount.available)
        }

        func measurement(_ request: MeasureRequest, method: String) -> WeightsJSON.Measurement {
            var targets: [String: Double] = [:]
            var jobSeconds: [String: Double] = [:]
            var targetJobs: [String: TargetJobTimes] = [:]
            for (vertex, time) in times {
                targets[graph.targets[vertex].id.description] = time.span
                jobSeconds[graph.targets[vertex].id.description] = time.jobSeconds
                // Each job as the job-level model plans it: the emit-module job and the compile jobs.
                targetJobs[graph.targets[vertex].id.description] = TargetJobTimes(
                    emitModule: time.emitModuleSeconds, compile: time.compileJobs)
            }
            return WeightsJSON.Measurement(
                targets: targets, jobSeconds: jobSeconds, unattributed: unattributed.mapValues(\.span),
                method: method, configuration: request.configuration.rawValue, jobs: jobs, buildWallSeconds: result.wallSeconds,
                phases: MeasureRun.phases(of: result), command: ["swift"] + result.arguments, targetJobs: targetJobs,
                moduleStartSeconds: ModuleStartDelay.median(of: MeasureRun.spans(times, graph: graph), slots: jobs ?? CoreCount.available),
                buildCPUSeconds: result.cpuSeconds
            )
        }
    }

    /// A clean build at `-j jobs` in `scratch`, its modules attributed to the graph loaded with every external expanded.
    private static func measure(
        _ request: MeasureRequest, jobs: Int?, swift: String, packageDirectory: String, scratch: String,
        info: (String) -> Void, warnings: (String) -> Void, loadGraph: (LoadRequest) throws -> LoadedGraph
    ) throws -> Measured {
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            throw CommandError("\(scratch): cannot create the scratch folder: \(error.localizedDescription)")
        }
        let build = MeasuredBuild(
            packageDirectory: packageDirectory, swiftExecutable: swift, configuration: request.configuration,
            jobs: jobs, buildTests: request.buildTests, scratchDirectory: scratch,
            timeout: request.buildTimeout, warmUp: request.warmUp)
        info(
            "measure: " + (request.warmUp ? "warm-up build, then " : "")
                + "clean \(request.configuration.rawValue) build" + (jobs.map { " at -j \($0)" } ?? "")
                + " of \(packageDirectory) in \(scratch)…")
        let result: MeasuredBuild.Result
        do {
            result = try build.run()
        } catch {
            throw CommandError(error.description)
        }
        result.warnings.forEach(warnings)

        var graphRequest = request.load
        graphRequest.externals = .expand
        graphRequest.scratchDirectory = scratch
        let graph = try loadGraph(graphRequest).graph
        let attribution = ModuleAttribution(modules: result.modules, graph: graph)
        if !attribution.ambiguous.isEmpty {
            warnings("\(packageDirectory): modules named by several targets, left out: \(attribution.ambiguous.joined(separator: ", "))")
        }
        let measured = Measured(jobs: jobs, result: result, graph: graph, times: attribution.times, unattributed: attribution.unattributed)
        let total = result.modules.values.reduce(0) { $0 + $1.jobSeconds }
        info(
            "measure: \(attribution.times.count) targets timed (\(String(format: "%.1f s", total)) of compile jobs in all"
                + (measured.busyCores.map { String(format: ", %.2f cores busy on average", $0) } ?? "") + "); "
                + "the build took \(String(format: "%.1f s", result.wallSeconds))"
                + (result.cpuSeconds.map { String(format: " and %.1f CPU seconds", $0) } ?? "")
                + (result.warmUpSeconds.map { String(format: ", after a warm-up build of %.1f s", $0) } ?? ""))
        return measured
    }

    /// The cores the first build kept busy and the slowdown per other busy
    /// core: from the builds when two kept different numbers of cores busy
    /// (the first against the one farthest from it), else from the compiler
    /// probe when `probe` names the `swift` beside whose `swiftc` it runs
    /// and the machine has more than one core; else not calibrated.
    static func coreSharing(
        of builds: [Measured], probe swift: String?, folder: String, info: (String) -> Void, warnings: (String) -> Void
    ) -> CoreSharingRecord? {
        let first = builds[0]
        guard let busy = first.busyCores else { return nil }
        var record = CoreSharingRecord(measuredJobs: first.jobs, busyCores: busy)
        let others = builds.dropFirst().compactMap { build in build.busyCores.map { (build, $0) } }
        if let (other, otherBusy) = others.max(by: { abs($0.1 - busy) < abs($1.1 - busy) }),
            let slowdown = CoreSharingRecord.slowdownPerCore(work: first.work, busy: busy, against: other.work, busy: otherBusy)
        {
            record.slowdownPerCore = slowdown
            record.calibration = String(
                format: "builds: %.1f s of jobs at %.2f cores busy (-j %d), %.1f s at %.2f (-j %d)", first.work, busy,
                first.jobs ?? CoreCount.available, other.work, otherBusy, other.jobs ?? CoreCount.available)
        } else if let swift, CoreCount.available > 1 {
            guard let compiler = MeasuredBuild.toolchainTool("swiftc", besides: swift, path: ProcessInfo.processInfo.environment["PATH"])
            else {
                warnings("no swiftc found beside \(swift): the slowdown of jobs that share the cores is not calibrated")
                return record
            }
            let cores = min(CoreCount.available, max(2, first.jobs ?? CoreCount.available))
            // The builds are done and their weights good: a probe that fails leaves the slowdown not calibrated.
            do {
                let result = try ContentionProbe(compiler: compiler, cores: cores).run(in: folder)
                record.slowdownPerCore = result.slowdownPerCore
                record.calibration = result.calibration
            } catch {
                warnings("\(error.description); the slowdown of jobs that share the cores is not calibrated")
            }
        }
        if let slowdown = record.slowdownPerCore {
            info(
                String(format: "measure: a job ran %.0f%% slower for each other busy core", slowdown * 100)
                    + " (\(record.calibration ?? ""))")
        }
        return record
    }

    /// The measured modules' spans, each with the measured modules it waited
    /// for: its dependencies, or theirs where a dependency was not measured
    /// (an external product, which has no compile job of its own).
    ///
    /// - Complexity: O(M · (V + E)) for M measured modules.
    static func spans(_ times: [Int: ModuleTime], graph: ModuleGraph) -> [ModuleStartDelay.Span] {
        let vertices = times.keys.sorted()
        let position = Dictionary(uniqueKeysWithValues: vertices.enumerated().map { ($1, $0) })
        return vertices.map { vertex in
            var found: Set<Int> = []
            var seen: Set<Int> = [vertex]
            var stack = Array(graph.digraph.successors(of: vertex))
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                if let index = position[next] { found.insert(index) } else { stack += graph.digraph.successors(of: next) }
            }
            let time = times[vertex] ?? ModuleTime()
            return ModuleStartDelay.Span(start: time.start, end: time.end, dependencies: found.sorted())
        }
    }

    /// Before the first compile job, compiling, after the last one; and, after a warm-up, what the
    /// warm-up build took beyond the measured one (`coldCaches`): the module caches and build
    /// description a clean build in a new scratch folder makes again, which no target's span holds.
    static func phases(of result: MeasuredBuild.Result) -> [(String, Double)] {
        let first = result.modules.values.map(\.start).min() ?? result.startedAt
        let last = result.modules.values.map(\.end).max() ?? result.endedAt
        return [
            ("beforeFirstCompile", max(0, first - result.startedAt)),
            ("compiling", max(0, last - first)),
            ("afterLastCompile", max(0, result.endedAt - last)),
        ] + (result.warmUpSeconds.map { [("coldCaches", max(0, $0 - result.wallSeconds))] } ?? [])
    }
}
