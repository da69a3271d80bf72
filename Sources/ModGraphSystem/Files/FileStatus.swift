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

    /// The bytes a symbolic link at `path` holds (`readlink`); nil when `path` is not a link.
    public static func linkTarget(_ path: String) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress.map { readlink(path, UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self), pointer.count) } ?? -1
        }
        guard count >= 0, count < buffer.count else { return nil }
        return Array(buffer[..<count])
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

/// What tells one version of a file from the next without reading it, as git's index keeps it:
/// the file (device and inode), its size, and when its data and its status last changed, to the
/// nanosecond where the file system keeps them. A write changes the status time, which no one can
/// set back; ``FileStamp/settled(before:)`` says when a stamp is old enough to stand for the bytes.
public struct FileStamp: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int
    /// Nanoseconds since 1970: the data's last change, and the status's.
    public let modified: Int64
    public let changed: Int64

    public init(device: UInt64, inode: UInt64, size: Int, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The longest a file system rounds its times to (FAT keeps 2 seconds): a file changed twice
    /// within that span may keep one stamp.
    public static let coarsestTick: Int64 = 2_000_000_000

    /// Whether this stamp was taken of a file last changed a whole ``coarsestTick`` before `time`
    /// (nanoseconds since 1970), so that any later write, one during a read made after `time` included,
    /// gives it another status time.
    public func settled(before time: Int64) -> Bool {
        changed <= time - Self.coarsestTick && modified <= time - Self.coarsestTick
    }

    /// The stamp of what `path` itself is (a symbolic link's own, not its target's); nil when nothing is there.
    public static func of(_ path: String) -> FileStamp? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileStamp(status)
    }

    /// Now, in nanoseconds since 1970, on the clock file times are kept by.
    public static var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    init(_ status: stat) {
        #if canImport(Darwin)
            let modified = status.st_mtimespec
            let changed = status.st_ctimespec
        #else
            let modified = status.st_mtim
            let changed = status.st_ctim
        #endif
        self.init(
            device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino),
            size: Int(status.st_size), modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
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
