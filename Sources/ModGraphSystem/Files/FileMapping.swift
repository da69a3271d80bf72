#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// A file's bytes mapped into memory rather than copied: a dump of 100,000 targets is 34 MB, which
/// `read` copies into fresh memory in about 30 ms.
public enum FileMapping {
    /// The first `count` bytes of the file open at `descriptor`, mapped read-only and private; nil
    /// when they cannot be. The caller unmaps them with `munmap` (Foundation's `Data.Deallocator.unmap`).
    public static func map(descriptor: Int32, count: Int) -> UnsafeMutableRawPointer? {
        guard count > 0, let start = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else {
            return nil
        }
        return start
    }
}
