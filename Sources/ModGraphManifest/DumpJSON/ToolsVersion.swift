/// A manifest's `swift-tools-version`, compared numerically (5.10 is newer than 5.2).
public struct ToolsVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(major: Int, minor: Int, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `5.10`, `5.10.0`; `nil` for anything else.
    public init?(_ string: String) {
        let parts = string.split(separator: ".").map { Int($0) }
        guard (1...3).contains(parts.count), let major = parts[0] else { return nil }
        let rest = parts.dropFirst().map { $0 ?? -1 }
        guard !rest.contains(-1) else { return nil }
        self.init(major: major, minor: rest.first ?? 0, patch: rest.dropFirst().first ?? 0)
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (lhs: ToolsVersion, rhs: ToolsVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// From 5.2 on, a plain-string product dependency must name a package too.
    public static let v5_2 = ToolsVersion(major: 5, minor: 2)
}
