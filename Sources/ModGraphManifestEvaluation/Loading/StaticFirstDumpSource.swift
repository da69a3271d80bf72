import Foundation
import ModGraphCore
import ModGraphManifest

/// A ``DumpSource`` that evaluates each manifest from its syntax tree when it
/// can (``StaticManifestEvaluator``) and asks `base` (`dump-package`)
/// otherwise, one manifest at a time. Put behind ``CachingManifestProvider``,
/// both answers are cached alike: an evaluated manifest is stored as the
/// dump-shaped JSON of ``ManifestEncoding``, under the same key.
public final class StaticFirstDumpSource: DumpSource {
    public let base: any DumpSource
    private let toolchainVersionText: @Sendable () -> String?
    /// Found on first use: `nil` inside when the toolchain names no version, and then every manifest is dumped.
    private let host = Locked<EvaluationHost??>(nil)
    private let counts = Locked(ManifestSourceCounts())

    /// `toolchainVersion` gives `swift --version`'s text, asked once, when the first manifest is evaluated.
    public init(base: any DumpSource, toolchainVersion: @escaping @Sendable () -> String?) {
        self.base = base
        self.toolchainVersionText = toolchainVersion
    }

    /// How many manifests each path answered so far.
    public var sourceCounts: ManifestSourceCounts { counts.withLock { $0 } }

    public func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        if let manifest = evaluated(directory) { return manifest }
        return try dumped { () throws(LoadError) in try base.manifest(forPackageAt: directory) }
    }

    public func dump(forPackageAt directory: String) throws(LoadError) -> Data {
        if let manifest = evaluated(directory) { return ManifestEncoding.dumpJSON(manifest) }
        return try dumped { () throws(LoadError) in try base.dump(forPackageAt: directory) }
    }

    public func toolchainVersion() -> String? { base.toolchainVersion() }
    public func toolchainFiles() -> [String] { base.toolchainFiles() }

    private func evaluated(_ directory: String) -> Manifest? {
        guard let host = evaluationHost(),
            case let .success(manifest) = StaticManifestEvaluator(host: host).manifest(forPackageAt: directory)
        else {
            return nil
        }
        counts.withLock { $0.evaluated += 1 }
        return manifest
    }

    private func dumped<T>(_ body: () throws(LoadError) -> T) throws(LoadError) -> T {
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
