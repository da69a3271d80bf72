/// The build a graph describes: for which platform, with which package
/// traits, with or without tests. Like SwiftPM's `BuildEnvironment`, it is one
/// value: the loader applies it to the graph in one pass
/// (``ModuleGraph/restricted(to:)``) and the graph carries it, so later stages
/// (source checks, schedules, reports) read it from the graph instead of being
/// handed `--platform` again.
public struct BuildEnvironment: Hashable, Sendable {
    /// Only edges active on this platform (case-insensitive); nil keeps every platform's.
    public var platform: String?
    /// Each package's enabled traits; a package without an entry keeps all of
    /// its trait-gated edges, and nil keeps every trait-gated edge.
    public var enabledTraits: [PackageIdentity: Set<String>]?
    /// Whether test targets are part of the build.
    public var includesTests: Bool

    public init(platform: String? = nil, enabledTraits: [PackageIdentity: Set<String>]? = nil, includesTests: Bool = true) {
        self.platform = platform
        self.enabledTraits = enabledTraits
        self.includesTests = includesTests
    }

    /// Every edge of every platform and trait, tests included: the graph as declared.
    public static let everything = BuildEnvironment()

    /// The platform names SwiftPM writes in conditions (`.when(platforms:)`), lowercased as dumps write them.
    public static let knownPlatforms = [
        "macos", "maccatalyst", "ios", "tvos", "watchos", "visionos", "driverkit",
        "linux", "windows", "android", "wasi", "openbsd", "freebsd",
    ]

    /// Whether `edge` exists in this build.
    public func includes(_ edge: Edge) -> Bool {
        guard let condition = edge.condition else { return true }
        if let platform, !condition.applies(toPlatform: platform) { return false }
        if let enabled = enabledTraits?[edge.from.package], !condition.applies(withTraits: enabled) { return false }
        return true
    }

    /// Whether `target` is built.
    public func includes(_ target: Target) -> Bool {
        includesTests || !target.type.isTest
    }
}

extension ModuleGraph {
    /// The graph of `environment`'s build: its targets and edges, then, once,
    /// without the other packages' code that only the removed parts reached.
    ///
    /// - Complexity: O(V + E): two filtering passes, whatever the environment.
    public func restricted(to environment: BuildEnvironment) -> ModuleGraph {
        // With tests, every target is built; without a platform or traits, every edge exists.
        let kept = environment.includesTests ? [Bool](repeating: true, count: targets.count) : targets.map(environment.includes)
        let keepsEveryEdge = environment.platform == nil && environment.enabledTraits == nil
        var graph = filtered(keeping: kept, edges: keepsEveryEdge ? nil : { edge, _, _ in environment.includes(edge) })
            .withoutUnusedExternals()
        graph.environment = environment
        return graph
    }
}
