import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphSystem

/// A ``DumpSource`` that evaluates each manifest from its syntax tree when it
/// can (``StaticManifestEvaluator``) and asks `base` (`dump-package`)
/// otherwise, one manifest at a time; or, when manifests may not be run
/// (`--no-run-manifests`), says why it could not evaluate one instead. Put behind ``CachingManifestProvider``,
/// both answers are cached alike: an evaluated manifest is stored as the
/// dump-shaped JSON of ``ManifestEncoding``, under the same key.
public final class StaticFirstDumpSource: DumpSource {
    public let base: any DumpSource
    private let toolchainVersionText: @Sendable () -> String?
    /// Found on first use: `nil` inside when the toolchain names no version, and then every manifest is dumped.
    private let host = Locked<EvaluationHost??>(nil)
    private let counts = Locked(ManifestSourceCounts())
    /// Whether `base` may be asked: `false` runs no manifest's code, and one not evaluated is an error.
    public let runsManifests: Bool

    /// `toolchainVersion` gives `swift --version`'s text, asked once, when the first manifest is evaluated.
    public init(base: any DumpSource, toolchainVersion: @escaping @Sendable () -> String?, runsManifests: Bool = true) {
        self.base = base
        self.toolchainVersionText = toolchainVersion
        self.runsManifests = runsManifests
    }

    /// How many manifests each path answered so far.
    public var sourceCounts: ManifestSourceCounts { counts.withLock { $0 } }

    public func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        switch evaluated(directory) {
        case let .success(manifest): return manifest
        case let .failure(fallback):
            return try dumped(directory, fallback) { () throws(LoadError) in try base.manifest(forPackageAt: directory) }
        }
    }

    public func dump(forPackageAt directory: String) throws(LoadError) -> Data {
        switch evaluated(directory) {
        case let .success(manifest): return ManifestEncoding.dumpJSON(manifest)
        case let .failure(fallback):
            return try dumped(directory, fallback) { () throws(LoadError) in try base.dump(forPackageAt: directory) }
        }
    }

    public func toolchainVersion() -> String? { base.toolchainVersion() }
    public func toolchainFiles() -> [String] { base.toolchainFiles() }

    private func evaluated(_ directory: String) -> Result<Manifest, EvaluationFallback> {
        guard let host = evaluationHost() else { return .failure(EvaluationFallback("the toolchain names no version")) }
        let result = StaticManifestEvaluator(host: host).manifest(forPackageAt: directory)
        if case .success = result { counts.withLock { $0.evaluated += 1 } }
        return result
    }

    /// What `base` says, where manifests may be run; else the error that says why this one was not evaluated.
    private func dumped<T>(_ directory: String, _ fallback: EvaluationFallback, _ body: () throws(LoadError) -> T) throws(LoadError) -> T {
        guard runsManifests else {
            throw .manifestNotRun(manifest: (directory as NSString).appendingPathComponent("Package.swift"), reason: fallback.description)
        }
        counts.withLock { $0.dumped += 1 }
        return try body()
    }

    private func evaluationHost() -> EvaluationHost? {
        host.withLock { host in
            if let known = host { return known }
            let found = toolchainVersionText().flatMap(EvaluationHost.current(toolchainVersion:))
            host = .some(found)
            return found
        }
    }
}

/// How manifests were answered in one load: evaluated from their syntax
/// tree, or dumped by `dump-package` (the rest came from the cache).
public struct ManifestSourceCounts: Sendable, Equatable {
    public var evaluated = 0
    public var dumped = 0

    public init(evaluated: Int = 0, dumped: Int = 0) {
        self.evaluated = evaluated
        self.dumped = dumped
    }
}
