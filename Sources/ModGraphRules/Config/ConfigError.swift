import ModGraphSystem

/// A configuration the checker cannot use: the file, the line and the key at fault.
public struct ConfigError: UserFacingError, Equatable, Sendable {
    public let file: String
    public let line: Int?
    public let problem: String

    public init(file: String, line: Int?, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)"
    }
}
