import Foundation

/// How files are named in messages and reports.
public enum DisplayPath {
    /// Relative to the current folder when inside it (as CI annotations expect; the current folder
    /// itself is `.`), else absolute: no message shows the machine's own folders for what is here.
    public static func of(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if absolute == current { return "." }
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }
}
