/// What every output format of `modgraph check` needs: the result and where
/// the configuration came from. Each finding carries its own location.
public struct CheckReport: Sendable {
    public let result: CheckResult
    /// The configuration file as the user named it or as it was found.
    public let configFile: String

    public init(result: CheckResult, configFile: String) {
        self.result = result
        self.configFile = configFile
    }

    /// Error findings make the check fail; warnings alone do not.
    public var passed: Bool { result.errorCount == 0 }
}
