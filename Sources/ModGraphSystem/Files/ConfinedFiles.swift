#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// Files below a folder reached without following any symbolic link on the way: the folder itself
/// and each folder under it are opened with `O_NOFOLLOW | O_DIRECTORY`, relative to the one above
/// (`openat`), and the file with `O_NOFOLLOW`. A link planted anywhere below the folder (a pull
/// request that commits `dumps -> /somewhere` into a cache kept in the checkout) makes the read
/// miss and the write fail; nothing is read or created outside the folder.
///
/// The platform's confined file access, in this one file.
public enum ConfinedFiles {
    /// The bytes of the regular file at `relative` (components separated by `/`, none `..`) below
    /// `root`; nil when it is missing, is not a regular file, is larger than `limit`, or the way
    /// to it passes a link.
    public static func read(_ relative: String, in root: String, limit: Int) -> [UInt8]? {
        guard let (folder, name) = try? openParent(of: relative, in: root, creating: false) else { return nil }
        defer { close(folder) }
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        guard case let .bytes(bytes) = contents(of: file, limit: limit) else { return nil }
        return bytes
    }

    /// Writes `bytes` at `relative` below `root`, atomically: a new file of an unpredictable name in the
    /// same folder (`O_CREAT | O_EXCL | O_NOFOLLOW`), renamed over the entry. Folders on the way are
    /// created (mode 0755). Throws the error number when the way passes a link or cannot be written.
    public static func write(_ bytes: [UInt8], to relative: String, in root: String, permissions: mode_t = 0o644) throws(ConfinedError) {
        let (folder, name) = try openParent(of: relative, in: root, creating: true)
        defer { close(folder) }
        var random = SystemRandomNumberGenerator()
        let temporary = ".\(name).\(getpid()).\(String(random.next(), radix: 36)).tmp"
        let file = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        guard file >= 0 else { throw ConfinedError(code: errno) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { writeBytes(file, $0.baseAddress, $0.count) }
            guard count > 0 else {
                let code = errno
                close(file)
                unlinkat(folder, temporary, 0)
                throw ConfinedError(code: code)
            }
            offset += count
        }
        close(file)
        // rename replaces what is there, a link included, without following it.
        guard renameat(folder, temporary, folder, name) == 0 else {
            let code = errno
            unlinkat(folder, temporary, 0)
            throw ConfinedError(code: code)
        }
    }

    /// What reading a repository's file found: its bytes, or why there are none.
    public enum Read: Equatable, Sendable {
        case bytes([UInt8])
        /// Larger than the limit asked: not read.
        case tooLarge(Int)
        case missing
        case denied
        /// A folder, a FIFO, a device: nothing a source file can be.
        case notAFile
    }

    /// The bytes of the regular file at `path`, one open, one status and reads on the descriptor: what the
    /// source checks read of every file on every run (a path's attributes through Foundation looked the
    /// owner up, 6 % of a warm `check` of 5,000 files). A FIFO is never waited on (`O_NONBLOCK`, then not a file).
    public static func read(path: String, limit: Int) -> Read {
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .denied }
        defer { close(file) }
        return contents(of: file, limit: limit)
    }

    /// What reading a file whose stamp may be known found: nothing read when `known` took its stamp.
    public enum StampedRead: Equatable, Sendable {
        /// A regular file within the limit whose stamp `known` answered for: its bytes were not read.
        case known(FileStamp)
        /// What ``read(path:limit:)`` finds, with the file's stamp when it is a regular file.
        case read(Read, FileStamp?)
    }

    /// ``read(path:limit:)`` that leaves the bytes unread when `known` says the file's stamp is
    /// remembered (the source checks' warm run: one status per file, nothing opened, read or hashed).
    /// The status is asked of the path as `open` would reach it; a file it cannot read has another
    /// stamp than when it was read (a change of permissions changes the status time), so it is opened.
    public static func read(path: String, limit: Int, unless known: (FileStamp) -> Bool) -> StampedRead {
        if let stamp = stamp(path: path, limit: limit), known(stamp) { return .known(stamp) }
        var status = stat()
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return .read(errno == ENOENT || errno == ENOTDIR ? .missing : .denied, nil) }
        defer { close(file) }
        guard fstat(file, &status) == 0 else { return .read(.denied, nil) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .read(.notAFile, nil) }
        return .read(contents(of: file, status: status, limit: limit), FileStamp(status))
    }

    /// The stamp of the regular file of at most `limit` bytes at `path`, asked as `open` would reach it
    /// (``read(path:limit:unless:)`` asks it first); nil for anything else or nothing.
    public static func stamp(path: String, limit: Int) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= limit else { return nil }
        return FileStamp(status)
    }

    /// What the file open at `file` holds when it is a regular file of at most `limit` bytes.
    private static func contents(of file: Int32, limit: Int) -> Read {
        var status = stat()
        guard fstat(file, &status) == 0 else { return .denied }
        return contents(of: file, status: status, limit: limit)
    }

    /// The same, for the file's status already asked.
    private static func contents(of file: Int32, status: stat, limit: Int) -> Read {
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .notAFile }
        guard Int(status.st_size) <= limit else { return .tooLarge(Int(status.st_size)) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeMutableBytes { readBytes(file, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            offset += count
        }
        return .bytes(offset == bytes.count ? bytes : Array(bytes.prefix(offset)))
    }

    /// Whether `root` is a folder and not itself a link.
    public static func isFolder(_ root: String) -> Bool {
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return false }
        close(folder)
        return true
    }

    /// The folder holding `relative`'s last component, opened link by link from `root`, and that component.
    private static func openParent(of relative: String, in root: String, creating: Bool) throws(ConfinedError) -> (Int32, String) {
        let components = relative.split(separator: "/").map(String.init)
        guard let name = components.last, !components.contains(where: { $0 == ".." || $0 == "." }) else {
            throw ConfinedError(code: EINVAL)
        }
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { throw ConfinedError(code: errno) }
        for component in components.dropLast() {
            if creating { _ = mkdirat(folder, component, 0o755) }
            let next = openat(folder, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(folder)
            guard next >= 0 else { throw ConfinedError(code: code) }
            folder = next
        }
        return (folder, name)
    }
}

/// Why a confined file could not be written: the error number (`ELOOP` or `ENOTDIR` for a link on the way).
public struct ConfinedError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    public var description: String { SystemError.description(code) }
}

// `read` and `write` inside the enum would name its own members.
private func readBytes(_ file: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(file, buffer, count)
}

private func writeBytes(_ file: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(file, buffer, count)
}
