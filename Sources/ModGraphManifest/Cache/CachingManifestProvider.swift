import Foundation
import ModGraphCore
import ModGraphSystem

/// Answers from a folder of earlier dumps when nothing that decides the dump
/// has changed (see ``DumpCacheKey``), and asks `base` otherwise, storing
/// what it printed. Entries are checked before use: a damaged one is dumped
/// again and replaced. Failed dumps are not stored.
///
/// The toolchain's version is found once per provider (one per process in
/// the command-line tool), from the cache when the toolchain's files have
/// not changed.
///
/// With a ``Relocation`` (a commit's tree unpacked in a private folder, read
/// for `diff` or `affected`), a manifest in the copy is cached under the
/// folder it stands for: the base of one change is the head of the one
/// before, so its entry is usually there already.
public final class CachingManifestProvider: ManifestProvider {
    public let base: any DumpSource
    /// The cache folder; created when first written.
    public let folder: String
    /// Whether entries of manifests evaluated from their syntax tree (``ManifestEncoding``), by the
    /// evaluator of ``ManifestEncoding/evaluatorVersion``, answer; `false` when every manifest must come from `dump-package` (they are then dumped
    /// again and replaced by the dump).
    public let acceptsEvaluatedEntries: Bool
    /// Set when the folders read are a copy standing for others.
    public let relocation: Relocation?
    /// The variables a manifest reads and their values, part of its entry's key.
    public let environment: ManifestEnvironment

    /// The toolchain's version once found (nil inside when it does not say one).
    private let toolchain = Locked<String??>(nil)

    public init(
        base: any DumpSource, folder: String, acceptsEvaluatedEntries: Bool = true, relocation: Relocation? = nil,
        environment: ManifestEnvironment = .conservative()
    ) {
        self.base = base
        self.folder = folder
        self.acceptsEvaluatedEntries = acceptsEvaluatedEntries
        self.relocation = relocation
        self.environment = environment
    }

    public func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        let source = Paths.absolute("Package.swift", relativeTo: directory)
        let keyFolder = relocation?.original(of: directory) ?? directory
        guard let entry = entryPath(for: directory, keyFolder: keyFolder) else { return try base.manifest(forPackageAt: directory) }
        // An evaluated entry answers only for the evaluator that wrote it: one an earlier evaluator
        // wrote may hold an answer since corrected, and is made again.
        if let body = CacheFile.read(entry, under: folder),
            ManifestEncoding.isEvaluated(body) ? acceptsEvaluatedEntries && ManifestEncoding.isCurrentEvaluation(body) : true,
            let manifest = try? ManifestDecoding.decode(body, source: source)
        {
            // Every path the entry names under the original (its folder, and `path:` dependencies on
            // packages beside it) is the copy's: the copy's siblings, never the working tree's.
            return relocation.map { manifest.relocated(from: $0.original, to: $0.copy) } ?? manifest
        }
        let dump = try base.dump(forPackageAt: directory)
        let manifest = try ManifestDecoding.decode(dump, source: source)
        // A cache that cannot be written only makes the next run slower. A copy's entry says what the original's dump would.
        let body = relocation.map { ManifestEncoding.dumpJSON(manifest.relocated(from: $0.copy, to: $0.original)) } ?? dump
        try? CacheFile.write(body, to: entry, under: folder)
        return manifest
    }

    /// Where the dump of `directory` is kept; `nil` when it cannot be cached
    /// (no readable manifest, or a toolchain that does not say its version).
    /// The manifest files are read in `directory`, and the entry named for `keyFolder`, the folder it stands for.
    func entryPath(for directory: String, keyFolder: String? = nil) -> String? {
        guard let files = DumpCacheKey.manifestFiles(in: directory), let toolchain = toolchainVersion() else { return nil }
        let key = DumpCacheKey(
            folder: keyFolder ?? directory, manifestFiles: files, toolchain: toolchain, host: HostDescription.current,
            environment: environment.keyed(files))
        return Paths.absolute("dumps/\(key.hex.prefix(2))/\(key.hex).json", relativeTo: folder)
    }

    /// Found once; workers that ask meanwhile wait for the same answer.
    private func toolchainVersion() -> String? {
        toolchain.withLock { toolchain in
            if let known = toolchain { return known }
            let version = ToolchainVersionCache(folder: folder).version(of: base)
            toolchain = .some(version)
            return version
        }
    }
}
