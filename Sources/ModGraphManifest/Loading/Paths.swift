import Foundation

/// Path helpers the loader needs: canonical folders (so a package reached
/// through a symlink or two relative paths is loaded once) and paths shown
/// relative to the root package, so output does not depend on where a
/// checkout lives.
public enum Paths {
    /// The absolute path with symlinks, `.` and `..` resolved; `nil` when it does not exist.
    public static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` made absolute against `base` when it is relative.
    ///
    /// Two parts without empty components (no `//`, no trailing `/`) are
    /// joined with a `/`, which is what `NSString` gives them, without
    /// bridging every path to `NSString` and back (paths are joined per target).
    public static func absolute(_ path: String, relativeTo base: String) -> String {
        if path.hasPrefix("/") { return path }
        if hasNoEmptyComponent(path), hasNoEmptyComponent(base) { return base + "/" + path }
        return (base as NSString).appendingPathComponent(path)
    }

    /// Not empty, no `//` and no trailing `/` (so not `/` itself either).
    private static func hasNoEmptyComponent(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { return false }
            previous = byte
        }
        return previous != 0 && previous != UInt8(ascii: "/")
    }

    /// The path that leads from folder `base` to `path`; both absolute and canonical.
    public static func relative(_ path: String, from base: String) -> String {
        let from = base.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
