import ModGraphOutput

/// The weights file `modgraph measure` writes and `modgraph schedule
/// --weights FILE` reads, described in docs/planning.md. Keys are sorted, so
/// the same measurements give the same bytes.
public enum WeightsJSON {
    public static let schemaVersion = 1

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

        public init(
            targets: [String: Double], jobSeconds: [String: Double], unattributed: [String: Double], method: String,
            configuration: String, jobs: Int?, buildWallSeconds: Double, phases: [(String, Double)], command: [String]
        ) {
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

    public static func render(_ measurement: Measurement) -> String {
        func seconds(_ values: [String: Double]) -> JSONValue {
            .object(values.keys.sorted().map { ($0, .decimal(values[$0] ?? 0)) })
        }
        return JSONValue.object([
            ("schemaVersion", .int(schemaVersion)),
            ("unit", .string("seconds")),
            ("method", .string(measurement.method)),
            ("configuration", .string(measurement.configuration)),
            ("jobs", measurement.jobs.map(JSONValue.int) ?? .null),
            ("buildWallSeconds", .decimal(measurement.buildWallSeconds)),
            ("buildPhases", .object(measurement.phases.map { ($0.0, .decimal($0.1)) })),
            ("command", .strings(measurement.command)),
            ("targets", seconds(measurement.targets)),
            ("jobSeconds", seconds(measurement.jobSeconds)),
            ("unattributed", seconds(measurement.unattributed)),
        ]).serialized()
    }
}
