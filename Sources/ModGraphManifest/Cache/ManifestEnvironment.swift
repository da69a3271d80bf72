import Foundation

/// The environment variables a manifest's dump can depend on, with the values
/// `dump-package` will see (it inherits this process's environment): part of
/// the dump cache's key, so that a manifest reading `ONLY_TESTS` is dumped
/// again when `ONLY_TESTS` changes, instead of answering with the package the
/// other value declared. CI keeps caches between jobs; without this a job
/// could be told that no test needs to run.
public struct ManifestEnvironment: Sendable {
    /// What one manifest file reads.
    public enum Reads: Sendable, Equatable {
        /// No environment variable.
        case nothing
        /// Exactly these variables (names written as string literals).
        case names([String])
        /// Variables whose names cannot be told (a computed key, the whole dictionary): all of them count.
        case everything
    }

    /// The environment the dumps run in.
    public let values: [String: String]
    /// What a manifest file's contents read.
    public let reads: @Sendable (Data) -> Reads

    public init(values: [String: String] = ProcessInfo.processInfo.environment, reads: @escaping @Sendable (Data) -> Reads) {
        self.values = values
        self.reads = reads
    }

    /// Without a reader of the syntax tree: a manifest that mentions `environment`
    /// or `getenv` anywhere is taken to read every variable (a new dump whenever any
    /// value changes, never a stale answer).
    public static func conservative(values: [String: String] = ProcessInfo.processInfo.environment) -> ManifestEnvironment {
        ManifestEnvironment(values: values) { contents in
            let mentions = ["environment", "getenv"].contains { contents.range(of: Data($0.utf8)) != nil }
            return mentions ? .everything : .nothing
        }
    }

    /// The variables `files` read, sorted by name, each with its value here
    /// (`nil` when unset, which is not the same as empty); empty when they read none.
    public func keyed(_ files: [(name: String, contents: Data)]) -> [(name: String, value: String?)] {
        var names: Set<String> = []
        for file in files {
            switch reads(file.contents) {
            case .nothing: continue
            case .names(let read): names.formUnion(read)
            case .everything: return values.keys.sorted().map { ($0, values[$0]) }
            }
        }
        return names.sorted().map { ($0, values[$0]) }
    }
}
