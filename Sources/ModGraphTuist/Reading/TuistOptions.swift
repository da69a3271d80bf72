import Foundation
import ModGraphManifest

/// How Tuist manifests are read: the Swift toolchain that compiles them, the
/// bounds each process runs within, where answers are cached, and whether
/// manifests may be run at all.
public struct TuistOptions: Sendable {
    /// The `swift` driver (run as `swiftc`): a path, or a name looked up on `PATH`.
    public var swiftExecutable: String
    /// How long one compile or one manifest run may take.
    public var timeout: Duration
    /// The address space each process may use, in bytes; nil: no limit.
    public var memoryLimit: Int?
    /// Where the private temporary folder is made.
    public var temporaryBase: String
    /// The cache folder (the dump cache's): the JSON each manifest printed, keyed by everything that
    /// decides it; nil: nothing is cached.
    public var cacheFolder: String?
    /// The toolchain's version, part of every cache key; nil: nothing is cached.
    public var toolchainVersion: @Sendable () -> String?
    /// Whether manifests may be compiled and run: `false` reads only those evaluated statically, and says
    /// so of the others (`--no-run-manifests`).
    public var runsManifests: Bool
    /// Whether a manifest is evaluated statically first, without compiling it (``TuistStaticEvaluator``).
    public var evaluatesStatically: Bool
    /// `--verify-manifests`: every manifest evaluated statically and compiled, the compiled answer used,
    /// and each difference recorded (``TuistReader/verification``).
    public var verifiesManifests: Bool
    /// The environment a manifest runs in: `PATH`, and the `TUIST_*` variables that ProjectDescription's
    /// `Environment` reads. Nothing else of modgraph's environment reaches the pull request's code.
    public var manifestEnvironment: [String: String]

    /// The most a manifest may print: far more than the JSON of a project of thousands of targets.
    public static let maximumOutput = 32 << 20

    public init(
        swiftExecutable: String = DumpPackageRunner.defaultExecutable, timeout: Duration = DumpPackageRunner.defaultTimeout,
        memoryLimit: Int? = DumpPackageRunner.defaultMemoryLimit, temporaryBase: String? = nil, cacheFolder: String? = nil,
        toolchainVersion: @escaping @Sendable () -> String? = { nil }, runsManifests: Bool = true, evaluatesStatically: Bool = true,
        verifiesManifests: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.swiftExecutable = swiftExecutable
        self.timeout = timeout
        self.memoryLimit = memoryLimit
        self.temporaryBase = temporaryBase ?? NSTemporaryDirectory()
        self.cacheFolder = cacheFolder
        self.toolchainVersion = toolchainVersion
        self.runsManifests = runsManifests
        self.evaluatesStatically = evaluatesStatically
        self.verifiesManifests = verifiesManifests
        self.manifestEnvironment = Self.manifestEnvironment(from: environment)
    }

    /// `PATH` (the compiler finds its linker there) and the `TUIST_` variables.
    static func manifestEnvironment(from environment: [String: String]) -> [String: String] {
        var kept: [String: String] = [:]
        for (name, value) in environment where name == "PATH" || name.hasPrefix("TUIST_") {
            kept[name] = value
        }
        if kept["PATH"] == nil { kept["PATH"] = "/usr/bin:/bin" }
        return kept
    }
}
