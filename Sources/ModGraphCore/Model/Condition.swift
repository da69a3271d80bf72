/// When a dependency applies: on some platforms, with some traits enabled.
/// An absent condition (`nil` at the use site) means "always".
public struct Condition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Lowercased platform names (`linux`, `macos`, …), sorted; empty means any platform.
    public let platforms: [String]
    /// Trait names, sorted; empty means no trait is required.
    public let traits: [String]

    public init(platforms: [String] = [], traits: [String] = []) {
        self.platforms = Array(Set(platforms.map { $0.lowercased() })).sorted()
        self.traits = Array(Set(traits)).sorted()
    }

    /// Whether the condition restricts nothing.
    public var isUnconditional: Bool { platforms.isEmpty && traits.isEmpty }

    /// Whether an edge with this condition exists when building for `platform`.
    /// Trait requirements are not judged here: they are kept and shown.
    public func applies(toPlatform platform: String) -> Bool {
        platforms.isEmpty || platforms.contains(platform.lowercased())
    }

    /// Whether an edge with this condition exists when its package has
    /// `enabledTraits` enabled: any one of the listed traits is enough.
    /// Platforms are not judged here.
    public func applies(withTraits enabledTraits: Set<String>) -> Bool {
        traits.isEmpty || traits.contains(where: enabledTraits.contains)
    }

    public var description: String {
        var parts: [String] = []
        if !platforms.isEmpty { parts.append("platforms: " + platforms.joined(separator: ", ")) }
        if !traits.isEmpty { parts.append("traits: " + traits.joined(separator: ", ")) }
        return parts.isEmpty ? "always" : parts.joined(separator: "; ")
    }

    public static func < (lhs: Condition, rhs: Condition) -> Bool {
        if lhs.platforms != rhs.platforms { return lhs.platforms.lexicographicallyPrecedes(rhs.platforms) }
        return lhs.traits.lexicographicallyPrecedes(rhs.traits)
    }
}
