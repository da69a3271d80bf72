import SystemPackage

/// A file written in pieces: a new file (``FileCreation``) or standard output. The first failure
/// is kept and later pieces dropped, for the writer to report once the content is done, so that a
/// renderer streaming megabytes does not check every piece.
///
/// `@unchecked Sendable`: the content's closures may run on another thread than the one that
/// opened the file, but only one thread writes a file.
public final class FileSink: @unchecked Sendable {
    private let descriptor: FileDescriptor
    private let owned: Bool
    /// The `errno` of the first write that failed.
    public private(set) var failure: Int32?

    private init(descriptor: FileDescriptor, owned: Bool) {
        self.descriptor = descriptor
        self.owned = owned
    }

    /// Standard output, which ``close()`` leaves open.
    public static var standardOutput: FileSink { FileSink(descriptor: .standardOutput, owned: false) }

    /// A new file at `path` (``FileCreation/create(_:permissions:)``: `EEXIST` when anything is there).
    public static func create(_ path: String, permissions: FilePermissions) throws(Errno) -> FileSink {
        FileSink(descriptor: try FileCreation.create(path, permissions: permissions), owned: true)
    }

    /// `buffer` written whole, a write interrupted by a signal tried again; nothing after a failure.
    public func write(_ buffer: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        do {
            _ = try descriptor.writeAll(buffer)
        } catch {
            failure = (error as? Errno)?.rawValue ?? Errno.ioError.rawValue
        }
    }

    /// Closes a file this sink created; the first failure, of a write or of closing, or nil.
    public func close() -> Int32? {
        guard owned else { return failure }
        do {
            try descriptor.close()
        } catch {
            failure = failure ?? ((error as? Errno)?.rawValue ?? Errno.ioError.rawValue)
        }
        return failure
    }
}
