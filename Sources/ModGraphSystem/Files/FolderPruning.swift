#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// Removes from a folder modgraph keeps between runs whatever it should no longer hold, without
/// ever leaving it: the walk goes from descriptor to descriptor (`openat` with `O_NOFOLLOW`,
/// `fstatat` and `unlinkat` on the entry's own name), so a symbolic link is an entry like a file,
/// removed or kept itself, and never a way out of the folder, even one a tool put there since.
public enum FolderPruning {
    /// The deepest folder walked; a deeper one makes ``prune(_:keep:)`` fail rather than recurse on.
    public static let maximumDepth = 200

    /// Asks `keep` of every entry below the folder `root` that is not a folder, with its path
    /// relative to `root` and its stamp (of the entry itself, a link included); removes each one
    /// not kept, then every folder left empty (but `root`). False when a folder could not be read
    /// or an entry not removed, or the tree is deeper than ``maximumDepth``: what is left is then
    /// not known to be only what was kept.
    public static func prune(_ root: String, keep: (String, FileStamp) -> Bool) -> Bool {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return walk(descriptor, prefix: "", depth: 0, keep: keep)
    }

    private static func walk(_ folder: Int32, prefix: String, depth: Int, keep: (String, FileStamp) -> Bool) -> Bool {
        guard let entries = FolderEntries.list(descriptor: folder) else { return false }
        for name in entries.map(\.name) {
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                if errno == ENOENT { continue }
                return false
            }
            let path = prefix.isEmpty ? name : prefix + "/" + name
            if status.st_mode & S_IFMT == S_IFDIR {
                guard depth < maximumDepth else { return false }
                let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { return false }
                let walked = walk(child, prefix: path, depth: depth + 1, keep: keep)
                close(child)
                guard walked else { return false }
                // Only an empty folder goes; one that still holds a kept entry stays.
                _ = unlinkat(folder, name, AT_REMOVEDIR)
            } else if !keep(path, FileStamp(status)) {
                guard unlinkat(folder, name, 0) == 0 || errno == ENOENT else { return false }
            }
        }
        return true
    }
}
