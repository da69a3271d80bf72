import Foundation

/// How files are named in messages and reports.
public enum DisplayPath {
    /// Relative to the current folder when inside it (as CI annotations expect), else absolute.
    public static func of(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }
}
