import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphSystem

/// `--verify-manifests`: loads every manifest both ways, evaluated from its
/// syntax tree and dumped by `dump-package`, uses the dump, and records every
/// difference between the two, so that the evaluator's claim ("the same
/// ``Manifest`` as the dump") is checked on real packages. No cache is read
/// or written: both paths run for every manifest.
public final class ManifestVerifier: ManifestProvider {
    public let base: any DumpSource
    private let evaluator: Locked<StaticManifestEvaluator??> = Locked(nil)
    private let state = Locked(ManifestVerification())

    public init(base: any DumpSource) {
        self.base = base
    }

    /// What the verification found so far.
    public var verification: ManifestVerification { state.withLock { $0 } }

    public func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        let dumped: Result<Manifest, LoadError>
        do {
            dumped = .success(try base.manifest(forPackageAt: directory))
        } catch {
            dumped = .failure(error)
        }
        let source = Paths.absolute("Package.swift", relativeTo: directory)
        let evaluated = currentEvaluator().map { $0.manifest(forPackageAt: directory) }
        state.withLock { verification in
            verification.manifests += 1
            switch (evaluated, dumped) {
            case let (.success(mine)?, .success(theirs)):
                verification.evaluated += 1
                verification.outcomes.append("evaluated: \(source)")
                verification.differences += ManifestComparison.differences(mine, theirs).map { "\(source): \($0)" }
            case let (.success?, .failure(error)):
                verification.evaluated += 1
                verification.outcomes.append("evaluated: \(source)")
                verification.differences.append("\(source): evaluated, but dump-package failed: \(error)")
            case let (.failure(fallback)?, _):
                verification.outcomes.append("fell back: \(source): \(fallback)")
            case (nil, _):
                verification.outcomes.append("fell back: \(source): the toolchain names no version")
            }
        }
        return try dumped.get()
    }

    private func currentEvaluator() -> StaticManifestEvaluator? {
        evaluator.withLock { evaluator in
            if let known = evaluator { return known }
            let found = base.toolchainVersion().flatMap(EvaluationHost.current(toolchainVersion:)).map(StaticManifestEvaluator.init(host:))
            evaluator = .some(found)
            return found
        }
    }
}

/// The outcome of ``ManifestVerifier``: how many manifests were loaded, how
/// many of them evaluated statically, and each difference, one line each.
public struct ManifestVerification: Sendable, Equatable {
    public var manifests = 0
    public var evaluated = 0
    public var differences: [String] = []
    /// `evaluated: PATH` or `fell back: PATH: line N: reason`, one per manifest, in the order they loaded.
    public var outcomes: [String] = []

    public init() {}

    /// `12 manifests: 9 evaluated statically (75%), 0 differences`.
    public var summary: String {
        let share = manifests == 0 ? 0 : Int((Double(evaluated) * 100 / Double(manifests)).rounded())
        return "\(manifests) manifest\(manifests == 1 ? "" : "s"): \(evaluated) evaluated statically (\(share)%), "
            + "\(differences.count) difference\(differences.count == 1 ? "" : "s")"
    }
}
