#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// The entries of one folder with the kind the folder itself records for each (`d_type`), so that
/// a walk of a source tree asks no status of a file it only lists: on a generated app of 5,000
/// files, a status per entry and Foundation's listing were a fifth of a warm `check`.
public enum FolderEntries {
    /// One entry: its name, and its kind when the file system records it (``FileStatus/Kind``;
    /// nil where it does not, as on some network file systems: ask ``FileStatus/notFollowing(_:)``).
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let kind: FileStatus.Kind?
    }

    /// The entries of the folder at `path` but `.` and `..`, in no order; nil when it is not a folder
    /// that can be read. A final link is followed only when `followingLink` (a walk's starting
    /// folder); below, a folder replaced by a link between its listing and its opening is not entered.
    public static func list(_ path: String, followingLink: Bool) -> [Entry]? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return list(descriptor: descriptor)
    }

    /// The entries of the folder open as `descriptor` (which stays open, and the caller's), as ``list(_:followingLink:)``.
    public static func list(descriptor: Int32) -> [Entry]? {
        let copy = dup(descriptor)
        guard copy >= 0 else { return nil }
        guard let folder = fdopendir(copy) else {
            close(copy)
            return nil
        }
        defer { closedir(folder) }
        var entries: [Entry] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard name != ".", name != ".." else { continue }
            entries.append(Entry(name: name, kind: kind(Int32(entry.pointee.d_type))))
        }
        return entries
    }

    private static func kind(_ type: Int32) -> FileStatus.Kind? {
        switch type {
        case Int32(DT_REG): return .regularFile
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .symbolicLink
        case Int32(DT_FIFO): return .fifo
        case Int32(DT_CHR), Int32(DT_BLK): return .device
        case Int32(DT_SOCK): return .socket
        default: return nil
        }
    }
}
