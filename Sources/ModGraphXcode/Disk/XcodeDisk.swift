import Foundation
import ModGraphSystem

/// Everything ModGraphXcode reads from disk, in one place, so that decoding
/// projects and workspaces stays pure and testable from strings: reading a
/// project or workspace file (bounded, regular files only), and telling
/// folders and packages apart. (The files a target compiles are listed by
/// ModGraphManifest's `SourceFileLister`, for package and Xcode targets alike.)
///
/// With a ``root``, the disk is the folder loaded: a project or workspace that
/// refers to a path outside it (absolute, climbing out with `..`, or through a
/// symbolic link) has that reference ignored, with a warning
/// (``XcodeProject/load(at:disk:)``, ``XcodeWorkspace/load(at:disk:)``), so no
/// path from a checkout makes modgraph read elsewhere on the machine.
public struct XcodeDisk: Sendable {
    /// What is at a path, as far as a workspace cares.
    public enum Entry: Hashable, Sendable {
        case missing
        case file
        case folder
        /// A folder holding a `Package.swift`.
        case package
        /// Outside ``XcodeDisk/root``: not looked at.
        case outside(root: String)
    }

    /// The folder every path read must be in, canonical; nil: anywhere.
    public let root: String?

    /// - Parameter root: the folder loaded, an absolute path (made canonical here); nil reads anywhere.
    public init(root: String? = nil) {
        self.root = root.map { root in Self.realPath(root) ?? XcodePath.normalised(root) }
    }

    /// Whether the absolute `path` is inside ``root``: by its components, `..` folded, and,
    /// when something is there, after following symbolic links. A path to nothing is
    /// judged by its components alone (nothing there can be read).
    public func isInside(_ path: String) -> Bool {
        guard let root else { return true }
        let folded = XcodePath.normalised(path)
        guard folded.hasPrefix("/"), isLexicallyInside(folded) else { return false }
        return FileNames.leadsInside(folded, root: root)
    }

    /// Whether the absolute, folded `path` is ``root`` or below it by its components alone.
    func isLexicallyInside(_ path: String) -> Bool {
        guard let root, root != "/" else { return true }
        return XcodePath.isSame(path, orInside: root)
    }

    /// Whether there is a symbolic link at `path` itself.
    func isSymbolicLink(_ path: String) -> Bool {
        FileStatus.notFollowing(path)?.kind == .symbolicLink
    }

    /// `realpath(3)`: `path` with every link followed; nil when nothing is there.
    private static func realPath(_ path: String) -> String? {
        FileNames.canonical(path)
    }

    /// What is at `path` (after symbolic links); `.outside` without looking, when it is outside ``root``.
    public func entry(at path: String) -> Entry {
        if let root, !isInside(path.hasPrefix("/") ? path : XcodePath.join(FileManager.default.currentDirectoryPath, path)) {
            return .outside(root: root)
        }
        guard exists(path) else { return .missing }
        guard isDirectory(path) else { return .file }
        return holdsPackageManifest(path) ? .package : .folder
    }

    /// Whether `path` is a folder (after symbolic links).
    public func isDirectory(_ path: String) -> Bool {
        FileStatus.isFolder(path)
    }

    /// Whether something is at `path` (after symbolic links).
    public func exists(_ path: String) -> Bool {
        FileStatus.following(path) != nil
    }

    /// Whether the folder at `path` is a Swift package: holds a `Package.swift`.
    public func holdsPackageManifest(_ path: String) -> Bool {
        isRegularFile(XcodePath.join(path, "Package.swift"))
    }

    /// The names of the folders directly inside `path`, sorted, without hidden ones
    /// and without links to folders (a checkout is input: no link is followed).
    public func subfolders(of path: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.filter { name in
            !name.hasPrefix(".") && FileStatus.isFolder(XcodePath.join(path, name), followingLinks: false)
        }.sorted()
    }

    /// Whether `path` is a regular file (after symbolic links).
    public func isRegularFile(_ path: String) -> Bool {
        FileStatus.isRegularFile(path)
    }

    /// The bytes of the regular file at `path`, when it has at most `limit` of them.
    /// Anything else (a folder, a device, a pipe a link points to) is refused
    /// before it is opened, so reading cannot block.
    func contents(of path: String, limit: Int) throws(XcodeError) -> [UInt8] {
        guard let status = FileStatus.following(path) else { throw .notFound(path: path) }
        guard status.kind == .regularFile else { throw .unreadable(path: path, reason: "not a regular file") }
        guard status.size <= limit else {
            throw .unreadable(path: path, reason: "the file has \(status.size) bytes, more than the \(limit) modgraph reads")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path: path, reason: "it cannot be opened") }
        defer { try? handle.close() }
        let data: Data?
        do {
            data = try handle.read(upToCount: limit + 1)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        let bytes = [UInt8](data ?? Data())
        guard bytes.count <= limit else {
            throw .unreadable(path: path, reason: "the file has more than the \(limit) bytes modgraph reads")
        }
        return bytes
    }
}
