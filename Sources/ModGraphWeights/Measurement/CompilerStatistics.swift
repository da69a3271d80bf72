import Foundation

/// Compile time per module, read from the files that `swift-frontend`
/// writes with `-stats-output-dir DIR`: one JSON file per frontend job,
/// named `stats-<start µs>-swift-frontend-<Module>-<first file>-<triple>-<output>-<opt>-<n>.json`,
/// holding the job's own wall time under `time.swift-frontend.<…>.wall`.
///
/// A module is compiled by several jobs in a debug build (one per batch of
/// files, plus one that emits the `.swiftmodule`), which run side by side,
/// and by one in a release build. Its time is the span from its first job's
/// start to its last job's end: how long it held one of the build's `-j`
/// slots. The summed job time is kept too.
public enum CompilerStatistics {
    /// The jobs of every module with a statistics file in `folder`.
    /// Files that are not frontend statistics are skipped.
    public static func read(folder: String) -> [String: ModuleTime] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var times: [String: ModuleTime] = [:]
        for name in names where name.hasSuffix(".json") {
            guard let (module, start) = job(fromFileName: name),
                let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name)),
                let (seconds, cpu) = jobSeconds(in: data)
            else { continue }
            times[module, default: ModuleTime()].add(start: start, seconds: seconds, emitsModule: emitsModule(fileName: name), cpu: cpu)
        }
        return times
    }

    /// `("Prelude", 1795315951.694529)` from
    /// `stats-1795315951694529-swift-frontend-Prelude-Identifier.swift-x86_64_unknown_linux_gnu-o-Onone-998235957.json`.
    /// Module names are identifiers, so the first `-` after the marker ends one.
    static func job(fromFileName name: String) -> (module: String, start: Double)? {
        guard name.hasPrefix("stats-"), let marker = name.range(of: "-swift-frontend-"),
            let microseconds = Double(name[name.index(name.startIndex, offsetBy: 6)..<marker.lowerBound])
        else { return nil }
        let rest = name[marker.upperBound...]
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        let module = String(rest[..<dash])
        return module.isEmpty ? nil : (module, microseconds / 1_000_000)
    }

    /// Whether the job only emitted the module (`-emit-module`, what
    /// dependents wait for): its output type, third from the end of the name
    /// (`…-x86_64_unknown_linux_gnu-swiftmodule-Onone-310364720.json`), is
    /// `swiftmodule`; a compile job's is `o`.
    static func emitsModule(fileName name: String) -> Bool {
        let parts = name.dropLast(".json".count).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count >= 3 && parts[parts.count - 3] == "swiftmodule"
    }

    /// The job's whole wall time (the one `time.swift-frontend.*.wall`
    /// entry) and its CPU time (`.user` + `.sys`, when both are there).
    static func jobSeconds(in data: Data) -> (wall: Double, cpu: Double?)? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        var wall: Double?
        var user: Double?
        var system: Double?
        for (key, value) in object where key.hasPrefix("time.swift-frontend.") {
            guard let number = (value as? NSNumber)?.doubleValue, number.isFinite, number >= 0 else { continue }
            if key.hasSuffix(".wall") { wall = number }
            if key.hasSuffix(".user") { user = number }
            if key.hasSuffix(".sys") { system = number }
        }
        guard let wall else { return nil }
        return (wall, user.flatMap { user in system.map { user + $0 } })
    }
}

/// The compile jobs of one module: when the first started, when the last
/// ended (seconds since 1970), their summed wall time and their count.
public struct ModuleTime: Sendable, Equatable {
    public private(set) var start: Double = .infinity
    public private(set) var end: Double = -.infinity
    public private(set) var jobSeconds: Double = 0
    public private(set) var jobs: Int = 0

    /// The emit-module job's work, when the module had one (a debug Swift
    /// module): its CPU seconds where the statistics give them, else its wall
    /// time. SwiftPM runs up to N × N jobs on N cores, so a job's wall time
    /// holds the others' share; its CPU time is what the job-level model
    /// shares out again (docs/planning.md).
    public private(set) var emitModuleSeconds: Double?
    /// (start, work) of every other job.
    private var compiles: [(start: Double, seconds: Double)] = []

    public init() {}

    /// From the first job's start to the last job's end.
    public var span: Double { jobs == 0 ? 0 : end - start }

    /// The compile jobs' work (everything but the emit-module job; CPU seconds
    /// where known, as ``emitModuleSeconds``), in the order they started.
    public var compileJobs: [Double] {
        compiles.sorted { $0.start != $1.start ? $0.start < $1.start : $0.seconds < $1.seconds }.map(\.seconds)
    }

    mutating func add(start jobStart: Double, seconds: Double, emitsModule: Bool = false, cpu: Double? = nil) {
        start = min(start, jobStart)
        end = max(end, jobStart + seconds)
        jobSeconds += seconds
        jobs += 1
        let work = cpu ?? seconds
        if emitsModule {
            emitModuleSeconds = (emitModuleSeconds ?? 0) + work
        } else {
            compiles.append((jobStart, work))
        }
    }

    mutating func merge(_ other: ModuleTime) {
        guard other.jobs > 0 else { return }
        start = min(start, other.start)
        end = max(end, other.end)
        jobSeconds += other.jobSeconds
        jobs += other.jobs
        if let emit = other.emitModuleSeconds { emitModuleSeconds = (emitModuleSeconds ?? 0) + emit }
        compiles += other.compiles
    }

    public static func == (left: ModuleTime, right: ModuleTime) -> Bool {
        left.start == right.start && left.end == right.end && left.jobSeconds == right.jobSeconds && left.jobs == right.jobs
            && left.emitModuleSeconds == right.emitModuleSeconds && left.compileJobs == right.compileJobs
    }
}
