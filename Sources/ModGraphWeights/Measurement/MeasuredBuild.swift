import Foundation
import ModGraphManifest
import ModGraphSystem

/// A clean `swift build` of a package in a scratch folder of its own, with
/// the compiler's per-job statistics switched on and C-family compiles
/// timed, so that every module's compile time can be read back. The user's
/// `.build` is never touched. Method and limits: docs/planning.md.
///
/// A warm-up build comes first (``warmUp``): the same build, after which
/// everything is removed but the compilers' module caches, so that the
/// modules that happen to compile first are not charged for filling them
/// (``ModuleCaches`` says how much that was).
public struct MeasuredBuild: Sendable {
    public enum Configuration: String, Sendable, CaseIterable {
        case debug, release
    }

    public let packageDirectory: String
    public let swiftExecutable: String
    public let configuration: Configuration
    /// `-j`; nil leaves SwiftPM's default (the core count).
    public let jobs: Int?
    public let buildTests: Bool
    /// Must be new or empty, so the build starts from nothing.
    public let scratchDirectory: String
    /// How long each build (the warm-up, the measured one) may take; past it
    /// the build and everything it started are stopped.
    public let timeout: Duration
    /// Whether a warm-up build fills the module caches before the measured build.
    public let warmUp: Bool

    /// Generous: a clean build of a large package takes tens of minutes on a
    /// laptop; only a build that hangs (or a package that loops in a plugin) gets near it.
    public static let defaultTimeout: Duration = .seconds(7_200)

    public init(
        packageDirectory: String, swiftExecutable: String, configuration: Configuration,
        jobs: Int?, buildTests: Bool, scratchDirectory: String, timeout: Duration = MeasuredBuild.defaultTimeout,
        warmUp: Bool = true
    ) {
        self.packageDirectory = packageDirectory
        self.swiftExecutable = swiftExecutable
        self.configuration = configuration
        self.jobs = jobs
        self.buildTests = buildTests
        self.scratchDirectory = scratchDirectory
        self.timeout = timeout
        self.warmUp = warmUp
    }

    /// What one measured build found.
    public struct Result: Sendable {
        /// The compile jobs of each module (Swift and C-family), by module name.
        public let modules: [String: ModuleTime]
        /// Wall time of the whole `swift build`, package resolution included.
        public let wallSeconds: Double
        /// When the build started and ended, in seconds since 1970 (the clock
        /// the compile jobs are stamped with), to tell compiling from the rest.
        public let startedAt: Double
        public let endedAt: Double
        /// The `swift build` arguments, for the record.
        public let arguments: [String]
        /// Things to know, one line each (for example: C compiles not timed).
        public let warnings: [String]
        /// Wall time of the warm-up build; `nil` without one.
        public let warmUpSeconds: Double?
        /// Module cache entries (`…/ModuleCache/…/Foundation-….pcm`) the measured
        /// build still had to make: the first targets to need them were
        /// charged for it. Empty when the warm-up did its work.
        public let coldCacheEntries: [String]
        /// CPU seconds (user and system) of the measured build's processes:
        /// SwiftPM, the drivers and the compile jobs. What exceeds the jobs'
        /// own is work no job's time holds.
        public var cpuSeconds: Double?
    }

    /// Top-level entries of the scratch folder that the warm-up build leaves
    /// for the measured one besides the module caches: resolution, checkouts
    /// and artifacts are not what is measured, and the statistics and the
    /// timing wrapper are modgraph's own.
    static let keptAfterWarmUp: Set<String> = [
        "checkouts", "repositories", "artifacts", "registry", "prebuilts", "workspace-state.json", ".lock",
        statisticsFolderName, toolsFolderName,
    ]
    static let statisticsFolderName = "modgraph-statistics"
    static let toolsFolderName = "modgraph-tools"

    /// The arguments after `swift`.
    public func arguments(statisticsFolder: String) -> [String] {
        var arguments = [
            "build", "--package-path", packageDirectory, "--scratch-path", scratchDirectory,
            "--configuration", configuration.rawValue,
        ]
        if let jobs { arguments += ["--jobs", String(jobs)] }
        if buildTests { arguments.append("--build-tests") }
        // Target code and build tools (macros, plugins) alike.
        arguments += [
            "-Xswiftc", "-stats-output-dir", "-Xswiftc", statisticsFolder,
            "-Xbuild-tools-swiftc", "-stats-output-dir", "-Xbuild-tools-swiftc", statisticsFolder,
        ]
        return arguments
    }

    /// Builds, then reads the statistics. Throws when the scratch folder is
    /// not empty, the build fails, or it left no statistics.
    public func run() throws(WeightsError) -> Result {
        let fileManager = FileManager.default
        let existing = (try? fileManager.contentsOfDirectory(atPath: scratchDirectory)) ?? []
        guard existing.isEmpty else { throw .scratchNotEmpty(path: scratchDirectory) }
        let statistics = (scratchDirectory as NSString).appendingPathComponent(Self.statisticsFolderName)
        let tools = (scratchDirectory as NSString).appendingPathComponent(Self.toolsFolderName)
        do {
            try fileManager.createDirectory(atPath: statistics, withIntermediateDirectories: true)
            try fileManager.createDirectory(atPath: tools, withIntermediateDirectories: true)
        } catch {
            throw .unreadable(path: scratchDirectory, reason: "cannot create: \(error.localizedDescription)")
        }
        var warnings: [String] = []
        var environment = ProcessInfo.processInfo.environment
        var wrapper: CompileTimingWrapper?
        if let compiler = environment["CC"].flatMap({ $0.isEmpty ? nil : $0 })
            ?? Self.toolchainClang(besides: swiftExecutable, path: environment["PATH"])
        {
            wrapper = try? CompileTimingWrapper.install(in: tools, compiler: compiler)
        }
        if let wrapper {
            environment["CC"] = wrapper.script
        } else {
            warnings.append("\(packageDirectory): no clang found beside \(swiftExecutable); C-family targets are not timed")
        }

        let arguments = arguments(statisticsFolder: statistics)
        let logPath = (tools as NSString).appendingPathComponent("build.log")
        var warmUpSeconds: Double?
        if warmUp {
            let started = DispatchTime.now().uptimeNanoseconds
            let status = try build(arguments, environment: environment, log: logPath).status
            guard status == 0 else { throw failure(status: status, log: logPath, during: "the warm-up build") }
            warmUpSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            do {
                // The same build again, from nothing but the module caches: its statistics and C timings only.
                try ModuleCaches.removeBuildOutputs(in: scratchDirectory, keeping: Self.keptAfterWarmUp)
                for folder in [statistics, tools] {
                    for name in try fileManager.contentsOfDirectory(atPath: folder) where name != "modgraph-cc" {
                        try fileManager.removeItem(atPath: (folder as NSString).appendingPathComponent(name))
                    }
                }
            } catch {
                throw .unreadable(path: scratchDirectory, reason: "cannot clean up after the warm-up build: \(error.localizedDescription)")
            }
        }
        let cachedBefore = ModuleCaches.entries(in: scratchDirectory)
        let startedAt = Date().timeIntervalSince1970
        let started = DispatchTime.now().uptimeNanoseconds
        let (status, cpuSeconds) = try build(arguments, environment: environment, log: logPath)
        let wallSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let endedAt = Date().timeIntervalSince1970
        guard status == 0 else { throw failure(status: status, log: logPath, during: nil) }
        let cold = ModuleCaches.entries(in: scratchDirectory).subtracting(cachedBefore).sorted()
        if warmUp, !cold.isEmpty {
            let modules = Array(Set(cold.map(ModuleCaches.moduleName(ofEntry:)))).sorted()
            warnings.append(
                "\(packageDirectory): the measured build still built \(cold.count) module cache "
                    + "entr\(cold.count == 1 ? "y" : "ies") (\(modules.prefix(5).joined(separator: ", "))\(modules.count > 5 ? ", …" : "")) "
                    + "that the warm-up build did not leave; the targets that needed them first are measured slower")
        }
        var modules = CompilerStatistics.read(folder: statistics)
        guard !modules.isEmpty else { throw .noStatistics(package: packageDirectory, folder: statistics) }
        for (module, time) in wrapper?.read() ?? [:] {
            modules[module, default: ModuleTime()].merge(time)
        }
        return Result(
            modules: modules, wallSeconds: wallSeconds, startedAt: startedAt, endedAt: endedAt,
            arguments: arguments, warnings: warnings, warmUpSeconds: warmUpSeconds, coldCacheEntries: cold, cpuSeconds: cpuSeconds)
    }

    /// A failed build, with the last lines of its log.
    private func failure(status: Int32, log: String, during phase: String?) -> WeightsError {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(20).joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return .buildFailed(
            package: packageDirectory, status: status,
            diagnostics: phase.map { tail.isEmpty ? "(\($0))" : "(\($0))\n" + tail } ?? tail)
    }

    /// The toolchain's clang, which SwiftPM uses when `CC` is not set: the
    /// `clang` beside the real `swift` executable.
    static func toolchainClang(besides swift: String, path: String?) -> String? {
        toolchainTool("clang", besides: swift, path: path)
    }

    /// The toolchain's program `name` (`clang`, `swiftc`): the one beside the
    /// real `swift` executable (links followed), found as `swift` is, on `PATH` when a bare name.
    public static func toolchainTool(_ name: String, besides swift: String, path: String?) -> String? {
        var candidates: [String] = []
        if swift.contains("/") {
            candidates = [swift]
        } else {
            candidates = (path ?? "").split(separator: ":").map { ($0 as NSString).appendingPathComponent(swift) }
        }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            guard let resolved = FileNames.canonical(candidate) else { continue }
            let folder = (resolved as NSString).deletingLastPathComponent
            let tool = (folder as NSString).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: tool) { return tool }
        }
        return nil
    }

    /// Runs `swift` with both its outputs going to `log`, through the runner
    /// the loader uses: argv, never a shell; in a session of its own, stopped
    /// with everything it started at the deadline or when modgraph is interrupted.
    private func build(
        _ arguments: [String], environment: [String: String], log: String
    ) throws(WeightsError) -> (status: Int32, cpuSeconds: Double) {
        do {
            let result = try ProcessRunner(timeout: timeout).run(swiftExecutable, arguments, environment: environment, output: .file(log))
            return (result.status.code, result.cpuSeconds)
        } catch {
            switch error {
            case .notFound:
                throw .buildFailed(package: packageDirectory, status: -1, diagnostics: "cannot run \(swiftExecutable): not found")
            case let .cannotStart(_, reason):
                throw .buildFailed(package: packageDirectory, status: -1, diagnostics: "cannot run \(swiftExecutable): \(reason)")
            case .timedOut:
                throw .buildTimedOut(package: packageDirectory, timeout: timeout)
            case .outputTooLarge:
                // Only captured output has a limit; the log is a file.
                throw .buildFailed(package: packageDirectory, status: -1, diagnostics: "")
            }
        }
    }
}
