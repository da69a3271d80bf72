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

/// Files and folders created where an attacker may have prepared the ground: a
/// folder's name cannot be guessed, a file is always new (`O_CREAT | O_EXCL`),
/// never reached through a symbolic link (`O_NOFOLLOW`) and not inherited by
/// child processes (`O_CLOEXEC`). Every file modgraph creates goes through
/// here: outputs' temporary files, the manifest cache's entries, private folders.
///
/// The platform's file creation, in this one file (swift-system's descriptors).
public enum FileCreation {
    /// A new, empty folder `prefix` followed by random characters, in `base`, readable by
    /// this user only (`mkdtemp`).
    public static func privateFolder(in base: String, prefix: String) throws(Errno) -> String {
        var template = Array(((base.hasSuffix("/") ? base : base + "/") + prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let start = buffer.baseAddress, mkdtemp(start) != nil else { return nil }
            return String(cString: start)
        }
        guard let made else { throw Errno(rawValue: errno) }
        return made
    }

    /// A new file at `path`, open for writing; fails with `EEXIST` when anything is there,
    /// a link included.
    public static func create(_ path: String, permissions: FilePermissions) throws(Errno) -> FileDescriptor {
        do {
            return try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec], permissions: permissions)
        } catch let error as Errno {
            throw error
        } catch {
            throw Errno.ioError
        }
    }

    /// `bytes` in a new file at `path` (see ``create(_:permissions:)``); nothing is left
    /// there when writing fails.
    public static func write(_ bytes: some Sequence<UInt8>, toNew path: String, permissions: FilePermissions) throws(Errno) {
        let file = try create(path, permissions: permissions)
        do {
            try file.closeAfter { _ = try file.writeAll(bytes) }
        } catch {
            unlink(path)
            throw (error as? Errno) ?? .ioError
        }
    }

    /// A second name `path` for the file at `existing` (a hard link: the same bytes, nothing
    /// copied), following a link at neither end: a link at `existing` would be linked itself,
    /// and anything at `path` fails with `EEXIST`. `EXDEV` when the two are on different file
    /// systems, `EPERM` where the system refuses links to others' files.
    public static func hardLink(_ existing: String, at path: String) throws(Errno) {
        guard linkat(AT_FDCWD, existing, AT_FDCWD, path, 0) == 0 else { throw Errno(rawValue: errno) }
    }
}
