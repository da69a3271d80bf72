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

    public init(
        load: LoadRequest, configuration: MeasuredBuild.Configuration = .debug, buildJobs: Int? = nil,
        buildTests: Bool = false, scratchPath: String? = nil, buildTimeout: Duration = MeasuredBuild.defaultTimeout,
        warmUp: Bool = true
    ) {
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
        let build = MeasuredBuild(
            packageDirectory: packageDirectory, swiftExecutable: swift, configuration: request.configuration,
            jobs: request.buildJobs, buildTests: request.buildTests, scratchDirectory: scratch,
            timeout: request.buildTimeout, warmUp: request.warmUp)
        info(
            "measure: " + (request.warmUp ? "warm-up build, then " : "")
                + "clean \(request.configuration.rawValue) build of \(packageDirectory) in \(scratch)…")
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
        var targets: [String: Double] = [:]
        var jobSeconds: [String: Double] = [:]
        var targetJobs: [String: TargetJobTimes] = [:]
        for (vertex, time) in attribution.times {
            targets[graph.targets[vertex].id.description] = time.span
            jobSeconds[graph.targets[vertex].id.description] = time.jobSeconds
            // Each job as the job-level model plans it: the emit-module job and the compile jobs.
            targetJobs[graph.targets[vertex].id.description] = TargetJobTimes(emitModule: time.emitModuleSeconds, compile: time.compileJobs)
        }
        let measurement = WeightsJSON.Measurement(
            targets: targets, jobSeconds: jobSeconds, unattributed: attribution.unattributed.mapValues(\.span),
            method: request.warmUp ? method : coldMethod,
            configuration: request.configuration.rawValue, jobs: request.buildJobs, buildWallSeconds: result.wallSeconds,
            phases: phases(of: result), command: ["swift"] + result.arguments, targetJobs: targetJobs,
            moduleStartSeconds: ModuleStartDelay.median(
                of: spans(attribution.times, graph: graph),
                slots: request.buildJobs ?? ProcessInfo.processInfo.activeProcessorCount),
            buildCPUSeconds: result.cpuSeconds
        )
        let total = result.modules.values.reduce(0) { $0 + $1.jobSeconds }
        info(
            "measure: \(targets.count) targets timed (\(String(format: "%.1f s", total)) of compile jobs in all); "
                + "the build took \(String(format: "%.1f s", result.wallSeconds))"
                + (result.cpuSeconds.map { String(format: " and %.1f CPU seconds", $0) } ?? "")
                + (result.warmUpSeconds.map { String(format: ", after a warm-up build of %.1f s", $0) } ?? ""))
        return WeightsJSON.render(measurement)
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
