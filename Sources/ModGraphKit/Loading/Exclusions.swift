import Foundation
import ModGraphChanges
import ModGraphCore
import ModGraphManifest
import ModGraphRepository

/// What a load leaves out (``LoadExclusions``): the `exclude:` patterns of the configuration
/// (`--config`, else `.modgraph.yml` found from the folder loaded) and those given with
/// `--exclude`, all path patterns (`.gitignore`'s globs, ``PathPattern``) relative to the folder
/// loaded, as `affected.ignore`'s are, whichever file names them.
enum Exclusions {
    /// The exclusions for `request`, whose configuration is `configuration`. A configuration that
    /// cannot be read excludes nothing here: the command that reads it says what is wrong with it
    /// (`check` stops, `graph` warns). Not asked for a dump, which excludes nothing.
    ///
    /// - Throws: ``CommandError`` for a pattern that is not one, naming where it is written.
    static func of(_ request: LoadRequest, configuration: RequestConfiguration) throws -> LoadExclusions {
        let base = searchFolder(of: request)
        let written: [(pattern: String, place: String)] = request.exclude.map { ($0, "--exclude") } + configuration.excludes
        guard !written.isEmpty else { return .none }
        var patterns: [PathPattern] = []
        for entry in written {
            do throws(PathPatternError) {
                patterns.append(try PathPattern(entry.pattern))
            } catch {
                throw CommandError("\(entry.place): exclude '\(entry.pattern)': \(error.message)")
            }
        }
        let root = Paths.canonical(base) ?? base
        let compiled = patterns
        return LoadExclusions(patterns: written.map(\.pattern)) { path in
            guard path.hasPrefix(root + "/") else { return false }
            let relative = String(path.dropFirst(root.count + 1))
            return compiled.contains { $0.matches(relative) }
        }
    }

    /// The folder a request's paths are relative to (``InputDiscovery/base(of:currentDirectory:)``),
    /// where its `.modgraph.yml` is looked for.
    static func searchFolder(of request: LoadRequest) -> String {
        InputDiscovery.base(of: request.paths.isEmpty ? ["."] : request.paths, currentDirectory: FileManager.default.currentDirectoryPath)
    }
}
