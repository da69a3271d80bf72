import Foundation

/// The pins of a `Package.resolved` (versions 1 to 3), by package identity:
/// what changed between two of them says which remote packages a change moved.
public struct ResolvedPins: Sendable, Equatable {
    /// The largest file read, in bytes.
    public static let maximumSize = 16 << 20

    /// Identity → the pin's state (version, branch, revision), as one comparable string.
    public let pins: [String: String]

    /// Nil when `data` is not a `Package.resolved` this reads.
    public init?(_ data: Data) {
        guard data.count <= Self.maximumSize,
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        // Version 1 keeps its pins under `object`; 2 and 3 at the top.
        let list = (root["pins"] ?? (root["object"] as? [String: Any])?["pins"]) as? [Any]
        guard let list else { return nil }
        var pins: [String: String] = [:]
        for case let pin as [String: Any] in list {
            let location = (pin["location"] ?? pin["repositoryURL"]) as? String
            guard let identity = (pin["identity"] as? String)?.lowercased() ?? location.map(Self.identity(of:)) else { continue }
            let state = pin["state"] as? [String: Any] ?? [:]
            pins[identity] = ["version", "branch", "revision"].map { "\(state[$0] ?? "")" }.joined(separator: "|") + "|" + (location ?? "")
        }
        self.pins = pins
    }

    /// The identities whose pin was added, removed or moved between `base` and `head`.
    public static func changed(from base: ResolvedPins, to head: ResolvedPins) -> [String] {
        Set(base.pins.keys).union(head.pins.keys).filter { base.pins[$0] != head.pins[$0] }.sorted()
    }

    /// SwiftPM's identity of a location: its last component, lowercased, without `.git`.
    static func identity(of location: String) -> String {
        var last = location.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? location
        if last.lowercased().hasSuffix(".git") { last = String(last.dropLast(4)) }
        return last.lowercased()
    }
}
