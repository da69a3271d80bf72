import ModGraphSystem

/// Why a workspace could not be loaded. Each message is one line that names
/// the file or folder at fault and what to do about it; the compiler's own
/// diagnostics, when there are some, are ``details``, capped, for the lines after it.
public enum LoadError: UserFacingError, Equatable, Sendable {
    case noManifest(directory: String)
    /// `Package.swift` is there but is no regular file (`kind`: ``Paths/irregularKind(_:)``).
    case manifestNotAFile(manifest: String, kind: String)
    case pathNotFound(String)
    case unreadable(path: String, reason: String)
    case swiftNotFound(executable: String)
    case cannotRun(executable: String, reason: String)
    /// `diagnostics`: the first lines of swift's standard error, already capped,
    /// the last one saying what was cut.
    case manifestFailed(manifest: String, diagnostics: [String])
    case manifestTimedOut(manifest: String, timeout: Duration)
    /// A manifest modgraph could not evaluate from its text (`reason`), which `--no-run-manifests` forbade running.
    case manifestNotRun(manifest: String, reason: String)
    /// The load failed, and its diagnostics say an allocation failed, under a limit of `limit` bytes per process.
    case manifestOutOfMemory(manifest: String, limit: Int, diagnostics: [String])
    case dumpTooLarge(source: String, limit: Int)
    case malformedJSON(source: String, line: Int, column: Int, problem: String)
    case nestedTooDeep(source: String, line: Int, column: Int, limit: Int)
    case invalidDump(source: String, codingPath: String, problem: String)
    case unresolvedDependency(manifest: String, target: String, dependency: String)
    case unknownTarget(manifest: String, target: String, dependency: String)
    case unknownProduct(manifest: String, target: String, product: String, package: String)
    case unknownPackage(manifest: String, target: String, package: String)
    /// `package`: the one the usage named, if any; `searched`: the identities of the dependencies looked in.
    case unknownPlugin(manifest: String, target: String, plugin: String, package: String?, searched: [String])
    case ambiguousDependency(manifest: String, target: String, dependency: String, candidates: [String])
    /// A product names a target that was left out for having no sources (`folder`, relative to the package).
    case emptyTargetInProduct(manifest: String, target: String, product: String, folder: String)
    case identityClash(identity: String, firstPath: String, secondPath: String)
    case unknownTrait(manifest: String, trait: String, declared: [String])

    public var description: String {
        switch self {
        case let .noManifest(directory):
            "\(directory): no Package.swift found"
        case let .manifestNotAFile(manifest, kind):
            "\(manifest): is \(kind), not a file; a manifest must be a regular file"
        case let .pathNotFound(path):
            "\(path): no such file or directory"
        case let .unreadable(path, reason):
            "\(path): cannot read: \(reason)"
        case let .swiftNotFound(executable):
            "cannot run '\(executable)': not found; pass --swift-executable or set MODGRAPH_SWIFT"
        case let .cannotRun(executable, reason):
            "cannot run '\(executable)': \(reason); pass --swift-executable or set MODGRAPH_SWIFT"
        case let .manifestFailed(manifest, diagnostics):
            diagnostics.isEmpty
                ? "\(manifest): manifest failed to load"
                : "\(manifest): manifest failed to load (compiler diagnostics: \(diagnostics.count) \(diagnostics.count == 1 ? "line follows" : "lines follow"))"
        case let .manifestOutOfMemory(manifest, limit, diagnostics):
            "\(manifest): manifest ran out of memory (each of its processes may use \(Self.mebibytes(limit))); "
                + "if it really needs more, pass --manifest-memory with more MiB"
                + (diagnostics.isEmpty
                    ? "" : " (compiler diagnostics: \(diagnostics.count) \(diagnostics.count == 1 ? "line follows" : "lines follow"))")
        case let .manifestTimedOut(manifest, timeout):
            "\(manifest): manifest still loading after \(Self.seconds(timeout)), stopped (does it loop?); if it is only slow, pass --manifest-timeout with more seconds"
        case let .manifestNotRun(manifest, reason):
            "\(manifest): not read: modgraph cannot evaluate it from its text (\(reason)), and --no-run-manifests forbids running it with swift package dump-package"
        case let .dumpTooLarge(source, limit):
            "\(source): larger than \(limit / 1_048_576) MiB, which no dump-package document needs; not loaded"
        case let .malformedJSON(source, line, column, problem):
            "\(source):\(line):\(column): malformed JSON: \(problem)"
        case let .nestedTooDeep(source, line, column, limit):
            "\(source):\(line):\(column): JSON nested more than \(limit) arrays and objects deep, which no dump-package document needs; not loaded"
        case let .invalidDump(source, codingPath, problem):
            "\(source): not a dump-package document: \(problem)" + (codingPath.isEmpty ? "" : " (at \(codingPath))")
        case let .unresolvedDependency(manifest, target, dependency):
            "\(manifest): target '\(target)' depends on '\(dependency)', which is neither a target of this package nor a product of its dependencies"
        case let .unknownTarget(manifest, target, dependency):
            "\(manifest): target '\(target)' depends on target '\(dependency)', which this package does not declare"
        case let .unknownProduct(manifest, target, product, package):
            "\(manifest): target '\(target)' depends on product '\(product)', which package '\(package)' does not vend"
        case let .unknownPackage(manifest, target, package):
            "\(manifest): target '\(target)' names package '\(package)', which is not among the package's dependencies"
        case let .unknownPlugin(manifest, target, plugin, package, searched):
            "\(manifest): no plugin named '\(plugin)' for target '\(target)': "
                + (package.map { "package '\($0)' vends no product of that name" }
                    ?? ("this package has no target or plugin product of that name, "
                        + (searched.isEmpty ? "and no dependencies" : "nor do its dependencies (\(searched.joined(separator: ", ")))")))
        case let .ambiguousDependency(manifest, target, dependency, candidates):
            "\(manifest): target '\(target)' depends on '\(dependency)', which several dependencies vend (\(candidates.joined(separator: ", "))); use .product(name:package:)"
        case let .emptyTargetInProduct(manifest, target, product, folder):
            "\(manifest): target '\(target)' referenced in product '\(product)' is empty: no source files under \(folder); add them, or take the target out of the product"
        case let .identityClash(identity, firstPath, secondPath):
            "two packages have the identity '\(identity)': \(firstPath) and \(secondPath); rename one folder"
        case let .unknownTrait(manifest, trait, declared):
            "\(manifest): the package declares no trait '\(trait)' ("
                + (declared.isEmpty ? "it declares none" : "its traits: " + declared.joined(separator: ", ")) + ")"
        }
    }

    /// The manifest at fault when the error is what it declares: it does not compile, or it names a target,
    /// product, package or plugin that is not there. SwiftPM cannot build such a package either; nil for
    /// every other error (a timeout, memory, a dump, the toolchain, a trait asked for).
    public var brokenManifest: String? {
        switch self {
        case let .manifestFailed(manifest, _), let .unresolvedDependency(manifest, _, _), let .unknownTarget(manifest, _, _),
            let .unknownProduct(manifest, _, _, _), let .unknownPackage(manifest, _, _), let .unknownPlugin(manifest, _, _, _, _),
            let .ambiguousDependency(manifest, _, _, _), let .emptyTargetInProduct(manifest, _, _, _):
            manifest
        default: nil
        }
    }

    /// The lines to show after ``description``: the capped compiler diagnostics
    /// of a manifest that failed to load; empty for every other error.
    public var details: [String] {
        switch self {
        case let .manifestFailed(_, diagnostics), let .manifestOutOfMemory(_, _, diagnostics): diagnostics
        default: []
        }
    }

    /// `4,096 MiB`.
    private static func mebibytes(_ bytes: Int) -> String {
        var digits = String(bytes >> 20)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped + " MiB"
    }

    /// `120 s`, `0.5 s`.
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return "\((value * 1000).rounded() / 1000) s"
    }
}
