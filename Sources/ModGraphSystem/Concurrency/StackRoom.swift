#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// How much stack the calling thread has left, so that recursive work (swift-syntax's
/// recursive-descent parser, and the walks over its trees) can be refused where it
/// would not fit rather than crash: a main thread has 8 MiB, an executor's unit at
/// least as much, but a pool's worker thread on Darwin only 512 KiB.
///
/// The platform's thread attributes, in this one file.
public enum StackRoom {
    /// Bytes between the caller's frame and the end of its thread's stack; nil when the
    /// platform cannot say (then nothing is refused for want of room).
    public static func remaining() -> Int? {
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        #if canImport(Darwin)
            let thread = pthread_self()
            // The stack's address is its top (highest address); it grows down from there.
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = UInt(pthread_get_stacksize_np(thread))
            guard top > size else { return nil }
            let bottom = top - size
        #else
            guard let bottom = bottom() else { return nil }
        #endif
        return here > bottom ? Int(here - bottom) : 0
    }

    #if !canImport(Darwin)
        /// Each thread's stack bottom, kept in a slot of its own: a thread's stack does not move, and
        /// for the main thread glibc finds it by reading `/proc/self/maps` line by line with
        /// `sscanf`, which cost more than the parse of a small file (every Swift file scanned on
        /// the main thread asks, as under `--jobs 1`). A new thread's slot starts empty.
        private static let slot: pthread_key_t? = {
            var key = pthread_key_t()
            return pthread_key_create(&key, nil) == 0 ? key : nil
        }()

        /// The lowest address of the calling thread's stack, guard pages excluded; nil when the
        /// platform cannot say.
        private static func bottom() -> UInt? {
            if let slot, let kept = pthread_getspecific(slot) { return UInt(bitPattern: kept) }
            // glibc and musl export pthread_getattr_np, but their Swift module leaves the GNU extensions
            // out: it is looked up by name (RTLD_DEFAULT is the null handle on both).
            guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
            if let slot { pthread_setspecific(slot, address) }
            return UInt(bitPattern: address)
        }
    #endif
}
