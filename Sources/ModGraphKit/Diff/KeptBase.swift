import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphSystem

/// The base commit's files, kept between runs of `diff` among the clone's own git files
/// (`.git/modgraph-base`) and brought to each new base by writing only what differs.
///
/// A fresh copy of the base costs a folder per folder and a file (or a link) per file:
/// swift-package-manager's 1,529 folders and 2,499 files were most of a `diff` that took
/// five times `affected`. A pull request's base moves a little between runs, and the files of
/// one base are most of the next, so the copy is kept. What it holds is known by a record of
/// every entry written (mode, blob id, and the stamp of the file as written: device, inode,
/// size, data and status times, ``FileStamp``). The next run walks the copy without leaving
/// it (``FolderPruning``) and keeps an entry only when the new base has the same blob at the
/// same path and its stamp is unchanged; anything else there (an edit, a file a tool wrote, a
/// link) is removed, and what is missing is written as a fresh copy writes it
/// (``GitRepository/write(_:into:present:)``: linked from the working tree when it holds the
/// blob, else checked out with no attribute applied). A stamp taken within
/// ``FileStamp/coarsestTick`` of its file's last change may stand for other bytes written in the
/// same tick, so such an entry is hashed again (`git hash-object --no-filters`) before it is kept.
/// A record that lists every entry of a tree names the tree: a run on the same base then reads
/// no index at all (git's part of a warm `diff` is then finding the merge base).
///
/// The record is written (atomically) once the copy is whole, and only when it changed. A run
/// stopped midway leaves the last record, which still holds for every entry it left alone: an
/// entry removed is absent, and one written since has a new stamp (a new file, or a link that
/// moved its file's status time), so neither is kept on its old word. The copy is locked
/// for the run (``FileLock``); a second `diff` of the same clone at the same time uses a
/// private copy instead of waiting. It lives in the git folder rather than the cache: beside
/// the working tree (so its links are links, not copies, on the same file system), gone with
/// the clone, and never part of a cache a CI job uploads.
final class KeptBase {
    /// The copy's top folder, canonical, named like the repository's (a root package's identity).
    let top: String
    /// The top folder's name: the record names each entry by its path below `slot/tree`, this and the path in the commit.
    private let name: String
    private let slot: String
    private let lock: FileLock

    private init(tree: String, name: String, slot: String, lock: FileLock) {
        top = tree + "/" + name
        self.name = name
        self.slot = slot
        self.lock = lock
    }

    /// The kept copy of `git`'s clone, locked for this run; nil when another run holds it or
    /// the git folder cannot hold it (a read-only clone): the caller then makes a private copy.
    static func open(_ git: GitRepository) -> KeptBase? {
        guard let slot = try? git.gitPath("modgraph-base") else { return nil }
        guard FileNames.ensureFolder(slot, permissions: .ownerReadWriteExecute) else { return nil }
        guard let lock = try? FileLock.tryLocking(slot + "/lock") else { return nil }
        let tree = slot + "/tree"
        guard FileNames.ensureFolder(tree, permissions: .ownerReadWriteExecute) else { return nil }
        // Scratch folders of runs that were stopped: only this run may be in the slot now.
        for entry in FolderEntries.list(slot, followingLink: false) ?? [] where entry.name.hasPrefix("scratch-") {
            try? FileManager.default.removeItem(atPath: slot + "/" + entry.name)
        }
        let name = (git.topLevel as NSString).lastPathComponent
        return KeptBase(
            tree: Paths.canonical(tree) ?? tree, name: name.isEmpty || name == "/" ? "repository" : name, slot: slot, lock: lock)
    }

    /// Makes the copy hold exactly `commit`'s files as committed.
    func update(to commit: String, of git: GitRepository, executor: Executor) throws {
        // The private folder for git's index of the commit, made only when one is read; removed with the run.
        var scratch: PrivateFolder?
        func readIndex() throws -> GitRepository.PrivateIndex {
            let folder = try scratch ?? PrivateFolder(in: slot, prefix: "scratch-")
            scratch = folder
            return try git.privateIndex(of: commit, scratch: folder.path)
        }
        let tree = try git.tree(of: commit)
        let record = slot + "/record"
        let recorded = Self.readRecord(record)
        // The same tree as the record's: its entries are the commit's, and no index need be read.
        let index = recorded.tree == tree ? nil : try readIndex()
        let entries =
            index?.entries
            ?? recorded.entries.values.map(\.entry).map { entry in
                GitRepository.IndexEntry(mode: entry.mode, blob: entry.blob, path: String(entry.path.dropFirst(name.count + 1)))
            }
        let wanted = Dictionary(entries.map { (name + "/" + $0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var present: Set<String> = []
        var unsettled: [String] = []
        // The top's `.git` marker is in no commit: it goes with the rest and is made again.
        let pruned = FolderPruning.prune(slot + "/tree") { path, stamp in
            guard let entry = wanted[path], let kept = recorded.entries[path], kept.entry.mode == entry.mode,
                kept.entry.blob == entry.blob, kept.stamp == stamp
            else { return false }
            if kept.settled {
                present.insert(entry.path)
            } else if entry.mode == "120000" {
                // A link is not hashed (git would hash what it leads to): it holds what it held when written, or goes.
                guard let target = kept.target, FileStatus.linkTarget(top + "/" + entry.path).map(SHA256.hex) == target else {
                    return false
                }
                present.insert(entry.path)
            } else {
                unsettled.append(entry.path)
            }
            return true
        }
        guard pruned else { throw CommandError("cannot clear the kept copy of the base in \(slot)") }
        // An empty top folder went with the rest.
        guard FileNames.ensureFolder(top, permissions: .ownerReadWriteExecute) else {
            throw CommandError("cannot create \(top): \(SystemError.current)")
        }
        // A submodule is an empty folder, as `checkout-index` leaves it (the walk took it as empty):
        // made here, so that a base with submodules is not checked out again on every run.
        var made: Set<Substring> = []
        for entry in entries where entry.mode == "160000" {
            guard GitRepository.makeFolder(entry.path[...], in: top, made: &made) else { continue }
            present.insert(entry.path)
        }
        // Every entry kept with a settled stamp: the record would be written again as it is.
        let unchanged =
            recorded.tree == tree && unsettled.isEmpty && present.count == entries.count && recorded.entries.count == present.count
        present.formUnion(try verified(unsettled, blobs: entries, git: git))
        try DiffRun.markTop(top)
        if present.count < entries.count {
            try git.write(try index ?? readIndex(), into: top, present: present, executor: executor)
        }
        if !unchanged { try writeRecord(entries, tree: tree, to: record) }
    }

    /// Those of `paths` (regular files whose stamps were taken too soon after they changed) whose
    /// bytes are still their blob; the others are removed, to be written again.
    private func verified(_ paths: [String], blobs entries: [GitRepository.IndexEntry], git: GitRepository) throws -> [String] {
        guard !paths.isEmpty else { return [] }
        let blobs = Dictionary(entries.map { ($0.path, $0.blob) }, uniquingKeysWith: { first, _ in first })
        var same: [String] = []
        for chunk in GitRepository.chunks(paths) {
            let ids = try git.hashes(of: chunk.map { top + "/" + $0 })
            for (path, id) in zip(chunk, ids) {
                if blobs[path] == id {
                    same.append(path)
                } else {
                    FileNames.remove(top + "/" + path)
                }
            }
        }
        return same
    }

    /// One entry of the record: what was written at a path, its stamp then, and whether the stamp
    /// was settled (taken a whole tick after the file's last change).
    struct Kept: Equatable {
        let entry: GitRepository.IndexEntry
        let stamp: FileStamp
        let settled: Bool
        /// The SHA-256 of what a symbolic link held when it was stamped (hexadecimal); nil for other entries.
        var target: String? = nil
    }

    /// The most bytes of record read: a million entries of a long path each.
    static let recordLimit = 512 << 20

    /// A record read: the tree it is the copy of (nil when it may not list every entry of it), and
    /// its entries by path within the tree folder.
    struct Record {
        var tree: String?
        var entries: [String: Kept] = [:]
    }

    /// The record at `path`; empty when there is none or it is damaged.
    static func readRecord(_ path: String) -> Record {
        guard case let .bytes(bytes) = ConfinedFiles.read(path: path, limit: recordLimit) else { return Record() }
        var records = bytes.split(separator: 0)[...]
        var read = Record()
        if let first = records.first, first.starts(with: Self.treePrefix) {
            read.tree = String(decoding: first.dropFirst(Self.treePrefix.count), as: UTF8.self)
            records = records.dropFirst()
        }
        for record in records {
            guard let entry = Kept(record: record) else { return Record() }
            read.entries[entry.entry.path] = entry
        }
        return read
    }

    /// What the record's first line starts with when it lists every entry of a tree.
    private static let treePrefix = Array("tree ".utf8)

    /// Stamps every entry of `entries` where the copy holds it and writes the record, atomically.
    private func writeRecord(_ entries: [GitRepository.IndexEntry], tree: String, to path: String) throws {
        let now = FileStamp.now
        var bytes: [UInt8] = []
        var complete = true
        for entry in entries {
            let path = top + "/" + entry.path
            // The link's bytes after its stamp: a link replaced in between has another stamp.
            guard let stamp = FileStamp.of(path) else {
                complete = false
                continue
            }
            let target = entry.mode == "120000" ? FileStatus.linkTarget(path).map(SHA256.hex) : nil
            let kept = Kept(
                entry: GitRepository.IndexEntry(mode: entry.mode, blob: entry.blob, path: name + "/" + entry.path), stamp: stamp,
                settled: stamp.settled(before: now), target: target)
            bytes += kept.recordBytes
            bytes.append(0)
        }
        // The tree is named only when every entry is listed: a run that trusts it reads no index.
        if complete { bytes = Self.treePrefix + Array(tree.utf8) + [0] + bytes }
        let temporary = path + ".new-" + UUID().uuidString
        try FileCreation.write(bytes, toNew: temporary, permissions: .ownerReadWrite)
        do {
            try FileNames.rename(temporary, to: path)
        } catch {
            FileNames.remove(temporary)
            throw CommandError("cannot write \(path): \(SystemError.description(error.rawValue))")
        }
    }
}

extension KeptBase.Kept {
    /// `MODE BLOB DEVICE INODE SIZE MODIFIED CHANGED SETTLED TARGET<TAB>PATH`, the path as git gives
    /// it, TARGET the SHA-256 of a link's target (`-` for other entries).
    var recordBytes: [UInt8] {
        let fields = [
            entry.mode, entry.blob, String(stamp.device), String(stamp.inode), String(stamp.size), String(stamp.modified),
            String(stamp.changed), settled ? "1" : "0", target ?? "-",
        ]
        return Array((fields.joined(separator: " ") + "\t" + entry.path).utf8)
    }

    init?(record: ArraySlice<UInt8>) {
        guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        let fields = record[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        let path = String(decoding: record[record.index(after: tab)...], as: UTF8.self)
        guard fields.count == 9, !path.isEmpty, let device = UInt64(fields[2]), let inode = UInt64(fields[3]),
            let size = Int(fields[4]), let modified = Int64(fields[5]), let changed = Int64(fields[6])
        else { return nil }
        self.init(
            entry: GitRepository.IndexEntry(mode: fields[0], blob: fields[1], path: path),
            stamp: FileStamp(device: device, inode: inode, size: size, modified: modified, changed: changed), settled: fields[7] == "1",
            target: fields[8] == "-" ? nil : fields[8])
    }
}
