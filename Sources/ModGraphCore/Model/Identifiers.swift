/// A package's identity as SwiftPM computes it: the last path component of its
/// URL or folder, lowercased. Identities, not display names, key every lookup,
/// because two manifests may spell the same package differently.
public struct PackageIdentity: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The lowercased identity.
    public let rawValue: String

    /// Lowercases `string`, as SwiftPM compares identities case-insensitively.
    public init(_ string: String) {
        self.rawValue = string.lowercased()
    }

    /// The identity SwiftPM derives from a URL or a path: its last component,
    /// without a trailing `.git` or slash.
    public init(location: String) {
        var trimmed = Substring(location)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        var last = trimmed.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? String(trimmed)
        if last.lowercased().hasSuffix(".git") { last = String(last.dropLast(4)) }
        // scp-style remotes: `git@host:owner/name`
        if let colon = last.lastIndex(of: ":") { last = String(last[last.index(after: colon)...]) }
        self.init(last)
    }

    public var description: String { rawValue }

    public static func < (lhs: PackageIdentity, rhs: PackageIdentity) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// Identifies a node of the module graph: a target of a package, or an external
/// product standing in for a package that was not loaded. Printed `identity/Name`.
public struct TargetID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let package: PackageIdentity
    public let name: String

    public init(package: PackageIdentity, name: String) {
        self.package = package
        self.name = name
    }

    /// `package/name`. JSON writers spell it in place, without making the string
    /// (`json.string(id.package.rawValue, joinedBy: "/", id.name)`).
    public var description: String { "\(package.rawValue)/\(name)" }

    public static func < (lhs: TargetID, rhs: TargetID) -> Bool {
        if lhs.package != rhs.package { return lhs.package < rhs.package }
        return lhs.name < rhs.name
    }
}
