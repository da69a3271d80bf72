import Foundation

/// Finds and reads the configuration: `--config FILE`, else `.modgraph.yml`
/// in the package folder, then in its parents up to the repository root
/// (the first folder holding `.git`), so one file at the top of a monorepo
/// serves every package in it.
public enum ConfigFile {
    public static let defaultName = ".modgraph.yml"
    /// The largest configuration read: far beyond any real one (a few kilobytes), small enough to parse at once.
    public static let maximumBytes = 1 << 20

    /// The configuration file for a package folder, or `nil` when there is none.
    public static func find(from directory: String) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(defaultName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let isRepositoryRoot = FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path)
            let parent = folder.deletingLastPathComponent()
            if isRepositoryRoot || parent.path == folder.path { return nil }
            folder = parent
        }
    }

    public static func load(_ path: String) throws(ConfigError) -> CheckConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, line: nil, problem: "cannot read the configuration file")
        }
        return try load(data, file: path)
    }

    /// The configuration in `data` (read elsewhere: a commit's, from git), under the same bounds; `file` names it in errors.
    public static func load(_ data: Data, file path: String) throws(ConfigError) -> CheckConfig {
        guard data.count <= maximumBytes else {
            throw ConfigError(
                file: path, line: nil,
                problem: "the configuration file has \(data.count) bytes, more than the \(maximumBytes) modgraph reads")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, line: nil, problem: "the configuration file is not UTF-8 text")
        }
        return try ConfigParser.parse(text, file: path)
    }
}
