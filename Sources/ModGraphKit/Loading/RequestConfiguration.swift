import Foundation
import ModGraphRules

/// The configuration of one request, resolved once, when its graph is loaded: the file
/// `--config` names, else `.modgraph.yml` found from the folder loaded up to the repository's
/// root; read and parsed once. The load's exclusions come from it, and every use case reads it
/// from the ``LoadedGraph`` (``LoadedGraph/configuration``); none looks for the file again.
///
/// A file that cannot be used is kept as its error, not thrown at load time: a command that
/// needs the configuration (`check`) stops with it; one that only draws with it (`graph`) warns.
public struct RequestConfiguration: Sendable {
    /// What was found.
    public enum State: Sendable {
        /// No file was named and none was found.
        case absent
        /// `--config` named a file that is not there.
        case missing
        case read(CheckConfig)
        case invalid(ConfigError)
    }

    /// The file as `--config` named it or as it was found (relative to the current folder
    /// when inside it); nil when none was named or found.
    public let path: String?
    public let state: State
    /// The folder the search started from: where a `.modgraph.yml` would be found.
    public let searchedFrom: String

    /// No configuration: what a graph loaded without a search has (a library user's own ``LoadedGraph``).
    public static let none = RequestConfiguration(path: nil, state: .absent, searchedFrom: ".")

    /// Resolves the configuration of a request: `explicit` when given, else a search from `folder`.
    static func resolve(explicit: String?, searchingFrom folder: String) -> RequestConfiguration {
        let path: String
        if let explicit {
            guard FileManager.default.fileExists(atPath: explicit) else {
                return RequestConfiguration(path: explicit, state: .missing, searchedFrom: folder)
            }
            path = explicit
        } else {
            guard let found = ConfigFile.find(from: folder) else { return RequestConfiguration(path: nil, state: .absent, searchedFrom: folder) }
            path = DisplayPath.of(found)
        }
        do throws(ConfigError) {
            return RequestConfiguration(path: path, state: .read(try ConfigFile.load(path)), searchedFrom: folder)
        } catch {
            return RequestConfiguration(path: path, state: .invalid(error), searchedFrom: folder)
        }
    }

    /// The file's path; nil when there is none.
    ///
    /// - Throws: ``CommandError`` when `--config` named a file that is not there.
    public func existingPath() throws(CommandError) -> String? {
        if case .missing = state, let path { throw CommandError("\(path): no such configuration file") }
        return path
    }

    /// The file's configuration; nil when there is none (whether `--config` named a file that is
    /// not there is ``existingPath()``'s to say).
    ///
    /// - Throws: ``ConfigError`` when the file cannot be used.
    public func read() throws(ConfigError) -> CheckConfig? {
        switch state {
        case .read(let config): return config
        case .invalid(let error): throw error
        case .absent, .missing: return nil
        }
    }

    /// The configuration and its file; nil when there is none.
    ///
    /// - Throws: ``CommandError`` when `--config` named a file that is not there; ``ConfigError``
    ///   when the file cannot be used.
    public func configuration() throws -> (path: String, config: CheckConfig)? {
        guard let path = try existingPath(), let config = try read() else { return nil }
        return (path, config)
    }

    /// The `exclude:` patterns of a file that could be read, with where each is written.
    var excludes: [(pattern: String, place: String)] {
        guard case .read(let config) = state else { return [] }
        return config.exclude.map { ($0.pattern, $0.location.description) }
    }
}
