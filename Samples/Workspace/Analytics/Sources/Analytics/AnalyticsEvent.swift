public struct AnalyticsEvent: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let properties: [String: String]

    public init(name: String, properties: [String: String] = [:]) {
        self.name = name
        self.properties = properties
    }

    /// `name key=value ...` with keys sorted, stable enough for logs and tests.
    public var description: String {
        ([name] + properties.keys.sorted().map { "\($0)=\(properties[$0]!)" }).joined(separator: " ")
    }
}
