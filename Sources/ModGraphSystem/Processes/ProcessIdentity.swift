#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// This process and others by their identifiers, as temporary files' names record them.
public enum ProcessIdentity {
    /// This process's identifier.
    public static var current: Int32 { getpid() }

    /// Whether a process `pid` exists (one of another user's counts: `EPERM`).
    public static func exists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
