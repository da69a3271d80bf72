import ModGraphCore

/// Matches measured modules to the targets of a graph by module name: a
/// target's module is its name as ``ModuleIdentifier/c99(_:)`` makes it,
/// as SwiftPM's statistics name modules.
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
            vertices[ModuleIdentifier.c99(target.name), default: []].append(vertex)
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
}
