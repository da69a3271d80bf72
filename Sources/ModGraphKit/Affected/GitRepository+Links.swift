import Foundation
import ModGraphManifest
import ModGraphSystem

/// The base's files that the working tree holds byte for byte, given to the
/// base's folder as hard links instead of being written again.
///
/// Writing a commit's tree costs a new file per entry, and on real machines
/// that is most of `diff`'s time (swift-package-manager's 2,500 files: 2.4 s
/// of `checkout-index` where the rest of the run takes under a second). A
/// pull request changes a few files; the others are already in the working
/// tree, so each of those becomes a second name of the working tree's file.
/// A file is linked only when it is exactly the committed blob: git hashes
/// the working tree's bytes with no filter (`hash-object --no-filters`), and
/// the id must be the blob's in the base's index, so line-ending settings,
/// filters and uncommitted edits never leak into the base. Only regular files
/// are linked, reached from the top folder through no link at all; links,
/// submodules and everything else are checked out as before.
///
/// Nothing writes into the base's folder (the loaders read it), so the shared
/// files are never changed through it; it is removed with the run.
extension GitRepository {
    /// One entry of a private index: its mode, blob id and path.
    struct IndexEntry: Equatable {
        let mode: String
        let blob: String
        let path: String
    }

    /// The entries of the index `settings` and `environment` point git at (`ls-files -s`).
    func indexEntries(settings: [String], environment: [String: String]) throws(GitError) -> [IndexEntry] {
        let output = try run(settings + ["ls-files", "-s", "-z"], environment: environment)
        return output.split(separator: 0).compactMap { record in
            // "MODE SHA STAGE\tPATH"
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
            let fields = record[..<tab].split(separator: UInt8(ascii: " "))
            guard fields.count == 3 else { return nil }
            return IndexEntry(
                mode: String(decoding: fields[0], as: UTF8.self), blob: String(decoding: fields[1], as: UTF8.self),
                path: String(decoding: record[record.index(after: tab)...], as: UTF8.self))
        }
    }

    /// Links each regular file of `entries` whose working-tree bytes are its blob into `folder` (at
    /// the same relative path, folders made as needed); the paths linked. Stops linking, and leaves
    /// the rest to be written, when the two folders are on different file systems or git fails.
    ///
    /// The files are hashed by `git` on `executor`'s units, a chunk each, while this thread makes the
    /// folders they go in: each candidate's folder is the base's, whether its file is then linked or
    /// written, and from a fresh clone the folders and the hashing are each a good part of `diff`.
    func linkUnchanged(_ entries: [IndexEntry], into folder: String, executor: Executor) -> [String] {
        var folders = LinkableFolders(top: topLevel)
        let candidates = entries.filter { entry in
            guard entry.mode == "100644" || entry.mode == "100755" else { return false }
            let parent = entry.path.lastIndex(of: "/").map { entry.path[..<$0] } ?? ""
            return folders.linkable(parent) && FileStatus.isRegularFile(topLevel + "/" + entry.path, followingLinks: false)
        }
        let blobs = Dictionary(candidates.map { ($0.path, $0.blob) }, uniquingKeysWith: { first, _ in first })
        let paths = candidates.map(\.path)
        let chunks = Self.chunks(paths, count: Self.chunkCount(paths.count, width: executor.width))
        var made: Set<Substring> = [""]
        var unmade: Set<String> = []
        let (_, hashed) = executor.both(
            {
                for path in paths where !Self.makeFolders(of: path, in: folder, made: &made) { unmade.insert(path) }
            },
            { executor.map(chunks) { chunk in try? self.hashes(of: chunk) } })
        var linked: [String] = []
        for (chunk, ids) in zip(chunks, hashed) {
            guard let ids else { return linked }
            for (path, id) in zip(chunk, ids) where blobs[path] == id && !unmade.contains(path) {
                do {
                    try FileCreation.hardLink(topLevel + "/" + path, at: folder + "/" + path)
                    linked.append(path)
                } catch {
                    if error == .improperLink { return linked }
                }
            }
        }
        return linked
    }

    /// The blob id of each file of `paths` (relative to the top folder, or absolute) as git would
    /// store its bytes, no filter applied (`hash-object --no-filters`), in order.
    func hashes(of paths: [String]) throws(GitError) -> [String] {
        let output = try run(["hash-object", "--no-filters", "--"] + paths)
        let ids = output.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        guard ids.count == paths.count else {
            throw .failed(command: "git hash-object", status: 0, message: "\(ids.count) ids for \(paths.count) files")
        }
        return ids
    }

    /// The working tree's folders whose files may be linked, each asked once: reached from the top folder
    /// through no link at all (each level a folder itself, not a link to one, below a top that is its own
    /// canonical path), and in no folder SwiftPM writes in when it reads a package (`.build`, `.swiftpm`): such
    /// a committed file is written, not linked, so that no tool run on the base can change the working tree's
    /// copy through a shared name. One status per folder, where resolving each folder's whole path asked the
    /// status of every level above it again.
    struct LinkableFolders {
        let top: String
        private var answers: [Substring: Bool] = [:]
        private let topIsCanonical: Bool

        init(top: String) {
            self.top = top
            topIsCanonical = Paths.canonical(top) == top
        }

        /// Whether the files of `folder`, relative to the top ("" for the top itself), may be linked.
        mutating func linkable(_ folder: Substring) -> Bool {
            if folder.isEmpty { return topIsCanonical }
            if let known = answers[folder] { return known }
            let slash = folder.lastIndex(of: "/")
            let name = slash.map { folder[folder.index(after: $0)...] } ?? folder
            let parent = slash.map { folder[..<$0] } ?? ""
            let answer =
                name != ".build" && name != ".swiftpm" && linkable(parent)
                && FileStatus.isFolder(top + "/" + folder, followingLinks: false)
            answers[folder] = answer
            return answer
        }
    }

    /// How many paths each `hash-object` gets: enough chunks for `width` units at once, each large
    /// enough that starting `git` stays a small part of it, none over ``chunks(_:bytes:count:)``'s default.
    static func chunkCount(_ count: Int, width: Int) -> Int {
        min(2_000, max(250, (count + width - 1) / max(1, width)))
    }

    /// `paths` in runs whose arguments stay well under any system's limit on a command line.
    static func chunks(_ paths: [String], bytes limit: Int = 100_000, count countLimit: Int = 2_000) -> [[String]] {
        var chunks: [[String]] = []
        var current: [String] = []
        var size = 0
        for path in paths {
            if !current.isEmpty, size + path.utf8.count + 1 > limit || current.count == countLimit {
                chunks.append(current)
                current = []
                size = 0
            }
            current.append(path)
            size += path.utf8.count + 1
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    /// The folders above `path` made under `folder` (``makeFolder(_:in:made:)``).
    private static func makeFolders(of path: String, in folder: String, made: inout Set<Substring>) -> Bool {
        guard let slash = path.lastIndex(of: "/") else { return true }
        return makeFolder(path[..<slash], in: folder, made: &made)
    }

    /// The folder `relative` and those above it made under `folder`, each once a run (`made`); one
    /// already there must be a folder, not a link to one (a copy kept between runs holds folders an
    /// earlier run made). False when one could not be made.
    static func makeFolder(_ relative: Substring, in folder: String, made: inout Set<Substring>) -> Bool {
        let prefixes = relative.indices.filter { relative[$0] == "/" }.map { relative[..<$0] } + [relative]
        for prefix in prefixes where !prefix.isEmpty && !made.contains(prefix) {
            let path = folder + "/" + prefix
            guard FileNames.ensureFolder(path, permissions: [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute]) else {
                return false
            }
            made.insert(prefix)
        }
        return true
    }
}
