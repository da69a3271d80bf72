import Foundation

/// Everything ModGraphXcode reads from disk, in one place, so that decoding
/// projects and workspaces stays pure and testable from strings: reading a
/// project or workspace file (bounded, regular files only), telling folders
/// and packages apart, and listing the Swift files a target compiles.
///
/// The checkout is input: walks never follow a symbolic link into a folder
/// (a link cannot make them loop or leave the checkout), stop
/// ``maximumDepth`` folders deep and after ``maximumEntries`` entries.
public struct XcodeDisk: Sendable {
    /// Deeper than any source tree nests.
    public static let maximumDepth = 64
    /// Entries looked at by one walk, folders and files; far more than a target's sources.
    public static let maximumEntries = 200_000

    /// What is at a path, as far as a workspace cares.
    public enum Entry: Hashable, Sendable {
        case missing
        case file
        case folder
        /// A folder holding a `Package.swift`.
        case package
    }

    public init() {}

    /// What is at `path` (after symbolic links).
    public func entry(at path: String) -> Entry {
        guard exists(path) else { return .missing }
        guard isDirectory(path) else { return .file }
        return holdsPackageManifest(path) ? .package : .folder
    }

    /// Whether `path` is a folder (after symbolic links).
    public func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether something is at `path` (after symbolic links).
    public func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Whether the folder at `path` is a Swift package: holds a `Package.swift`.
    public func holdsPackageManifest(_ path: String) -> Bool {
        isRegularFile(XcodePath.join(path, "Package.swift"))
    }

    /// Whether `path` is a regular file (after symbolic links).
    public func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The bytes of the regular file at `path`, when it has at most `limit` of them.
    /// Anything else (a folder, a device, a pipe a link points to) is refused
    /// before it is opened, so reading cannot block.
    func contents(of path: String, limit: Int) throws(XcodeError) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .notFound(path: path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        guard Int(status.st_size) <= limit else {
            throw .unreadable(path: path, reason: "the file has \(status.st_size) bytes, more than the \(limit) modgraph reads")
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
        guard bytes.count <= limit else { throw .unreadable(path: path, reason: "the file has more than the \(limit) bytes modgraph reads") }
        return bytes
    }

    /// The `.swift` files `target` compiles, found on disk: the Swift files of
    /// its *Compile Sources* phase that exist, and those of its synchronised
    /// folders (the whole folder minus exceptions, or only the files named),
    /// skipping hidden files and folders, nested `.xcodeproj`/`.xcworkspace`
    /// bundles and opaque folders. Paths are joined onto the project's
    /// ``XcodeProject/folder``, sorted, without repeats.
    ///
    /// - Complexity: O(entries under the target's synchronised folders + its sources).
    public func swiftFiles(of target: XcodeTarget, in project: XcodeProject) -> [String] {
        var files: Set<String> = []
        for source in target.sources where XcodePath.pathExtension(source) == "swift" {
            let path = project.resolvedPath(source)
            if isRegularFile(path) { files.insert(path) }
        }
        for folder in target.synchronizedFolders {
            let root = project.resolvedPath(folder.path)
            let skipped = folder.opaqueFolders
            switch folder.membership {
            case let .all(except):
                for file in swiftFiles(under: root, from: "", skipping: except + skipped) {
                    files.insert(XcodePath.join(root, file))
                }
            case let .only(paths):
                for path in paths where !skipped.contains(where: { XcodePath.isSame(path, orInside: $0) }) {
                    for file in swiftFiles(under: root, from: path, skipping: skipped) {
                        files.insert(XcodePath.join(root, file))
                    }
                }
            }
        }
        return files.sorted()
    }

    /// Swift files at or under `start` (relative to `root`), as paths relative to
    /// `root`, minus those at or under `skipping`. Iterative: a deep tree cannot
    /// exhaust the stack.
    private func swiftFiles(under root: String, from start: String, skipping: [String]) -> [String] {
        var found: [String] = []
        var entries = 0
        var pending: [(path: String, depth: Int)] = [(XcodePath.normalised(start), 0)]
        while let (relative, depth) = pending.popLast(), entries < Self.maximumEntries {
            entries += 1
            if !relative.isEmpty, skipping.contains(where: { XcodePath.isSame(relative, orInside: $0) }) { continue }
            let absolute = XcodePath.join(root, relative)
            var status = stat()
            // The starting point is followed if it is a link, as Xcode follows a linked folder; nothing below it is.
            guard (depth == 0 ? stat(absolute, &status) : lstat(absolute, &status)) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                let name = XcodePath.lastComponent(relative)
                let bundle = ["xcodeproj", "xcworkspace"].contains(XcodePath.pathExtension(name))
                guard depth < Self.maximumDepth, !bundle || relative.isEmpty,
                      let children = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
                for child in children.sorted().reversed() where !child.hasPrefix(".") {
                    pending.append((XcodePath.join(relative, child), depth + 1))
                }
            case S_IFREG:
                if XcodePath.pathExtension(relative) == "swift" { found.append(relative) }
            case S_IFLNK:
                // A linked file is compiled like any other; a link to a folder is not followed.
                if XcodePath.pathExtension(relative) == "swift", isRegularFile(absolute) { found.append(relative) }
            default:
                continue
            }
        }
        return found
    }
}
