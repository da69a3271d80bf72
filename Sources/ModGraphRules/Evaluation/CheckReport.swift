/// A file and line a finding points at: the manifest line to change, or the configuration entry.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

/// What every output format of `modgraph check` needs: the result, where the
/// configuration came from, and where each finding points.
public struct CheckReport: Sendable {
    public let result: CheckResult
    /// The configuration file as the user named it or as it was found.
    public let configFile: String
    public let positions: [Finding: SourcePosition]

    public init(result: CheckResult, configFile: String, positions: [Finding: SourcePosition]) {
        self.result = result
        self.configFile = configFile
        self.positions = positions
    }

    /// Error findings make the check fail; warnings alone do not.
    public var passed: Bool { result.errorCount == 0 }
}
