#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// What a path names, asked of the file system once (`stat`, `lstat`, `fstat`): every
/// module asks here instead of filling a `stat` record itself, so that the question
/// "is it a folder?" has one answer, with or without following a final symbolic link.
public struct FileStatus: Sendable, Equatable {
    /// The kinds of file modgraph tells apart.
    public enum Kind: Sendable, Equatable {
        case regularFile
        case folder
        case symbolicLink
        /// A named pipe: opening it to read could block.
        case fifo
        /// A character or block device: never read as a file.
        case device
        case socket
        case other
    }

    public let kind: Kind
    /// Bytes, for a regular file.
    public let size: Int

    /// What `path` names, following a final symbolic link; nil when nothing is there
    /// (or the link leads nowhere).
    public static func following(_ path: String) -> FileStatus? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStatus(status)
    }

    /// What `path` itself is: a symbolic link is reported as one, not followed.
    public static func notFollowing(_ path: String) -> FileStatus? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileStatus(status)
    }

    /// What the open file `descriptor` is.
    public static func of(descriptor: Int32) -> FileStatus? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return FileStatus(status)
    }

    /// Whether `path` is a folder, following a final link unless `followingLinks` is false.
    public static func isFolder(_ path: String, followingLinks: Bool = true) -> Bool {
        (followingLinks ? following(path) : notFollowing(path))?.kind == .folder
    }

    /// Whether `path` is a regular file, following a final link unless `followingLinks` is false.
    public static func isRegularFile(_ path: String, followingLinks: Bool = true) -> Bool {
        (followingLinks ? following(path) : notFollowing(path))?.kind == .regularFile
    }

    /// Whether anything is at `path` itself, a dangling link included.
    public static func exists(_ path: String) -> Bool {
        notFollowing(path) != nil
    }

    private init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFCHR, S_IFBLK: kind = .device
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        size = Int(status.st_size)
    }
}

/// The C library's words for an `errno` value, the one place they are asked for.
public enum SystemError {
    /// `strerror(code)`: "No such file or directory", "Permission denied", …
    public static func description(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The description of the calling thread's current `errno`.
    public static var current: String { description(errno) }

    /// The calling thread's current `errno` value.
    public static var currentCode: Int32 { errno }
}
