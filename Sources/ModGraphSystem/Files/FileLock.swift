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

/// An exclusive lock on a file (`flock`), held by this value until it is released or gone: two
/// runs that would share a folder of their own (the base tree `diff` keeps) take it, and the one
/// that does not get it works elsewhere rather than wait. The system drops the lock when the
/// process ends, however it ends, so a killed run never leaves a folder locked.
public final class FileLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The lock of the file at `path` (created, for this user only, when missing; never through a
    /// symbolic link); nil when another process holds it.
    public static func tryLocking(_ path: String) throws(Errno) -> FileLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Errno(rawValue: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw Errno(rawValue: code)
        }
        return FileLock(descriptor: descriptor)
    }

    deinit { close(descriptor) }
}
