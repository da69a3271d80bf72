import ModGraphCore
import ModGraphOutput

/// The weights file `modgraph measure` writes and `modgraph schedule
/// --weights FILE` reads, described in docs/planning.md. Keys are sorted, so
/// the same measurements give the same bytes.
///
/// Schema 2 added `jobs` (each target's emit-module, compile and link jobs)
/// and, later and optional, `moduleStartSeconds`; a schema 1 file means the
/// same without them.
public enum WeightsJSON {
    public static let schemaVersion = 2

    /// What one measurement found.
    public struct Measurement: Sendable {
        /// Seconds per target id (`identity/Name`): the weights `schedule` reads.
        public let targets: [String: Double]
        /// Summed wall seconds of each target's compile jobs, for reference.
        public let jobSeconds: [String: Double]
        /// Seconds per module that matched no target.
        public let unattributed: [String: Double]
        public let method: String
        public let configuration: String
        public let jobs: Int?
        public let buildWallSeconds: Double
        /// The build's wall time cut into before the first compile job
        /// (resolution, manifests, planning), compiling, and after the last
        /// one (linking): the parts a schedule of targets does not model.
        public let phases: [(String, Double)]
        public let command: [String]
        /// Each target's jobs, by target id.
        public let targetJobs: [String: TargetJobTimes]
        /// SwiftPM's median time from a module's release to its first job
        /// (``ModuleStartDelay``); nil when the build showed none.
        public let moduleStartSeconds: Double?
        /// CPU seconds of the whole measured build (``MeasuredBuild/Result/cpuSeconds``).
        public let buildCPUSeconds: Double?
        /// The cores the build's jobs kept busy and how they slowed for it.
        public var coreSharing: CoreSharingRecord?
        /// Each measured build when several `-j` were measured (`measure --jobs-list`), in the order measured.
        public var builds: [BuildSummary] = []

        public init(
            targets: [String: Double], jobSeconds: [String: Double], unattributed: [String: Double], method: String,
            configuration: String, jobs: Int?, buildWallSeconds: Double, phases: [(String, Double)], command: [String],
            targetJobs: [String: TargetJobTimes] = [:], moduleStartSeconds: Double? = nil, buildCPUSeconds: Double? = nil
        ) {
            self.targetJobs = targetJobs
            self.buildCPUSeconds = buildCPUSeconds
            self.moduleStartSeconds = moduleStartSeconds
            self.phases = phases
            self.targets = targets
            self.jobSeconds = jobSeconds
            self.unattributed = unattributed
            self.method = method
            self.configuration = configuration
            self.jobs = jobs
            self.buildWallSeconds = buildWallSeconds
            self.command = command
        }
    }

    /// One measured build of several: its `-j`, wall time, jobs' work and busy cores.
    public struct BuildSummary: Sendable, Equatable {
        public let jobs: Int
        public let wallSeconds: Double
        public let jobWork: Double
        public let busyCores: Double?

        public init(jobs: Int, wallSeconds: Double, jobWork: Double, busyCores: Double?) {
            self.jobs = jobs
            self.wallSeconds = wallSeconds
            self.jobWork = jobWork
            self.busyCores = busyCores
        }
    }

    public static func render(_ measurement: Measurement) -> String {
        func seconds(_ values: [String: Double]) -> JSONValue {
            .object(values.keys.sorted().map { ($0, .decimal(values[$0] ?? 0)) })
        }
        return JSONValue.object(
            [
                ("schemaVersion", .int(schemaVersion)),
                ("unit", .string("seconds")),
                ("method", .string(measurement.method)),
                ("configuration", .string(measurement.configuration)),
                // `swift build -j`; schema 1 wrote it as `jobs`, the key schema 2 gives each target's jobs.
                ("buildJobs", measurement.jobs.map(JSONValue.int) ?? .null),
                ("buildWallSeconds", .decimal(measurement.buildWallSeconds)),
                ("buildCPUSeconds", measurement.buildCPUSeconds.map(JSONValue.decimal) ?? .null),
                ("buildPhases", .object(measurement.phases.map { ($0.0, .decimal($0.1)) })),
                ("command", .strings(measurement.command)),
                ("targets", seconds(measurement.targets)),
                ("jobSeconds", seconds(measurement.jobSeconds)),
                ("unattributed", seconds(measurement.unattributed)),
                // SwiftPM's native build starts a dependent after the module's last job (docs/planning.md).
                ("dependentsWait", .string("module")),
                ("jobs", jobs(measurement.targetJobs)),
            ] + (measurement.moduleStartSeconds.map { [("moduleStartSeconds", JSONValue.decimal($0))] } ?? [])
                + (measurement.coreSharing.map { [("coreSharing", coreSharing($0))] } ?? [])
                + (measurement.builds.isEmpty ? [] : [("builds", .array(measurement.builds.map(build)))])
        ).serialized()
    }

    /// A weights file of what `weights` knows from an imported record (the
    /// targets it timed, not the defaulted ones), keyed by the graph's ids.
    public static func render(imported weights: TargetWeights, graph: ModuleGraph, format: String, file: String) -> String {
        let defaulted = Set(weights.defaulted)
        var targets: [String: Double] = [:]
        for (vertex, target) in graph.targets.enumerated() where TargetWeights.hasCompileStep(target.type) && !defaulted.contains(target.id)
        {
            targets[target.id.description] = weights.values[vertex]
        }
        let byID = Dictionary(uniqueKeysWithValues: weights.jobs.map { (graph.targets[$0.key].id.description, $0.value) })
        return JSONValue.object([
            ("schemaVersion", .int(schemaVersion)),
            ("unit", .string("seconds")),
            ("method", .string("imported")),
            ("importedFrom", .object([("format", .string(format)), ("file", .string(file))])),
            ("targets", .object(targets.keys.sorted().map { ($0, .decimal(targets[$0] ?? 0)) })),
            ("dependentsWait", .string(weights.dependentsWait ?? "module")),
            ("jobs", jobs(byID)),
        ]).serialized()
    }

    private static func coreSharing(_ record: CoreSharingRecord) -> JSONValue {
        .object([
            ("measuredJobs", record.measuredJobs.map(JSONValue.int) ?? .null),
            ("busyCores", .decimal(record.busyCores)),
            ("slowdownPerCore", record.slowdownPerCore.map(JSONValue.decimal) ?? .null),
            ("calibration", record.calibration.map(JSONValue.string) ?? .null),
        ])
    }

    private static func build(_ summary: BuildSummary) -> JSONValue {
        .object([
            ("jobs", .int(summary.jobs)), ("wallSeconds", .decimal(summary.wallSeconds)), ("jobWork", .decimal(summary.jobWork)),
            ("busyCores", summary.busyCores.map(JSONValue.decimal) ?? .null),
        ])
    }

    private static func jobs(_ byID: [String: TargetJobTimes]) -> JSONValue {
        .object(
            byID.keys.sorted().map { id in
                let times = byID[id] ?? TargetJobTimes()
                var fields: [(String, JSONValue)] = []
                if let emit = times.emitModule { fields.append(("emitModule", .decimal(emit))) }
                fields.append(("compile", .array(times.compile.map(JSONValue.decimal))))
                if let link = times.link { fields.append(("link", .decimal(link))) }
                return (id, .object(fields))
            })
    }
}
