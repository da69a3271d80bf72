#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// Two paths swapped in one step, where the platform and its file system can:
/// Linux's `renameat2(RENAME_EXCHANGE)`, macOS's `renamex_np(RENAME_SWAP)`.
/// The only platform-specific piece of writing a report folder
/// (``ReportFolder``): with it, the folder's name never names nothing.
public enum ExchangeRename {
    public enum Outcome: Equatable {
        case exchanged
        /// The platform or the file system has no such rename: two renames must do.
        case unsupported
        /// It failed for another reason (`errno`).
        case failed(Int32)
    }

    /// Swaps what `first` and `second` name; both must exist.
    public static func exchange(_ first: String, _ second: String) -> Outcome {
        #if canImport(Darwin)
            guard renamex_np(first, second, UInt32(RENAME_SWAP)) == 0 else { return outcome(errno) }
            return .exchanged
        #else
            // glibc has had the wrapper since 2.28; Swift does not import it (it needs _GNU_SOURCE).
            guard let renameat2 = Self.renameat2 else { return .unsupported }
            guard renameat2(AT_FDCWD, first, AT_FDCWD, second, Self.renameExchange) == 0 else { return outcome(errno) }
            return .exchanged
        #endif
    }

    private static func outcome(_ code: Int32) -> Outcome {
        [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP].contains(code) ? .unsupported : .failed(code)
    }

    #if !canImport(Darwin)
        private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
        private static let renameExchange: UInt32 = 1 << 1
        /// Looked up once; nil on a C library without it.
        private static let renameat2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    #endif
}
