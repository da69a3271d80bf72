import ModGraphCore

/// Matches measured modules to the targets of a graph by module name: a
/// target's module is its name with every character that is not a letter,
/// digit or `_` replaced by `_` (and a `_` in front of a leading digit), as
/// SwiftPM names modules.
public struct ModuleAttribution: Sendable, Equatable {
    /// The jobs of each vertex whose target was built.
    public let times: [Int: ModuleTime]
    /// Modules that match no target (the manifest, compiled as `main`, and
    /// test runners SwiftPM generates, for example).
    public let unattributed: [String: ModuleTime]
    /// Modules that match several targets: left out.
    public let ambiguous: [String]

    public init(modules: [String: ModuleTime], graph: ModuleGraph) {
        var vertices: [String: [Int]] = [:]
        for (vertex, target) in graph.targets.enumerated() where target.type != .externalProduct {
            vertices[Self.moduleName(of: target.name), default: []].append(vertex)
        }
        var times: [Int: ModuleTime] = [:]
        var unattributed: [String: ModuleTime] = [:]
        var ambiguous: [String] = []
        for (module, time) in modules {
            switch vertices[module] ?? [] {
            case []: unattributed[module] = time
            case let matches where matches.count == 1: times[matches[0]] = time
            default: ambiguous.append(module)
            }
        }
        self.times = times
        self.unattributed = unattributed
        self.ambiguous = ambiguous.sorted()
    }

    /// SwiftPM's `c99name`.
    public static func moduleName(of targetName: String) -> String {
        var result = ""
        for scalar in targetName.unicodeScalars {
            let isWordCharacter = scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
            result.unicodeScalars.append(isWordCharacter ? scalar : "_")
        }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }
}
