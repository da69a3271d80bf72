#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif
import SystemPackage

/// What is done to a file's name rather than to its bytes: folders made, names removed, a file or
/// folder renamed, a path made canonical. The engine and the use cases call these instead of the C
/// library, so that each call's platform and `errno` handling live here once.
public enum FileNames {
    /// A new folder at `path` with `permissions`; fails with `EEXIST` when anything is there.
    public static func makeFolder(_ path: String, permissions: FilePermissions) throws(Errno) {
        guard mkdir(path, permissions.rawValue) == 0 else { throw Errno(rawValue: errno) }
    }

    /// A folder at `path`, made when nothing is there; `false` when it cannot be made or
    /// something other than a folder (a link to one included) is there.
    public static func ensureFolder(_ path: String, permissions: FilePermissions) -> Bool {
        if mkdir(path, permissions.rawValue) == 0 { return true }
        return errno == EEXIST && FileStatus.isFolder(path, followingLinks: false)
    }

    /// Removes the name `path` (a file or a link, never what a link leads to); `false` when it
    /// could not, the reason in `errno` being of no use to callers that clean up after a failure.
    @discardableResult
    public static func remove(_ path: String) -> Bool {
        unlink(path) == 0
    }

    /// Removes the empty folder at `path`.
    @discardableResult
    public static func removeEmptyFolder(_ path: String) -> Bool {
        rmdir(path) == 0
    }

    /// Renames `source` to `destination` in one step (`rename`), replacing a file or an empty
    /// folder there.
    public static func rename(_ source: String, to destination: String) throws(Errno) {
        guard renameFile(source, destination) == 0 else { throw Errno(rawValue: errno) }
    }

    /// The absolute path with links, `.` and `..` resolved (`realpath`); nil when it does not exist.
    public static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path`, its links followed, is the folder `root` (canonical) or lies inside it: what a read
    /// confined to the repository loaded asks of a folder or file that a manifest names or the search finds,
    /// since a link committed in a pull request may lead anywhere on the machine. True when nothing is at
    /// `path`: nothing there can be read.
    public static func leadsInside(_ path: String, root: String) -> Bool {
        guard let resolved = canonical(path) else { return true }
        return root == "/" || resolved == root || resolved.hasPrefix(root + "/")
    }
}

/// C's `rename`, which the static method of the same name hides inside ``FileNames``.
private func renameFile(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
