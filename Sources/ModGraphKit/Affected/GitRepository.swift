import Foundation
import ModGraphChanges
import ModGraphManifest
import ModGraphSystem

/// The git repository holding a folder, asked what changed between two
/// commits. Every call runs `git` from an argument vector (never a shell),
/// with a timeout, its output bounded, and refs checked not to read as options.
public struct GitRepository: Sendable {
    /// The repository's top folder, canonical.
    public let topLevel: String
    private let runner: ProcessRunner

    /// The longest a git command may run.
    public static let timeout: Duration = .seconds(120)
    /// The most output read from one git command.
    static let outputLimit = 256 << 20

    /// The repository holding `folder`.
    public init(containing folder: String, timeout: Duration = GitRepository.timeout) throws(GitError) {
        runner = ProcessRunner(timeout: timeout)
        let output = try Self.run(runner, in: folder, ["rev-parse", "--show-toplevel"], failure: { _ in .notARepository(folder) })
        let line = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines)
        topLevel = Paths.canonical(line) ?? line
    }

    /// Whether `path` (inside the work tree) is ignored by git and holds nothing committed: what a pull
    /// request cannot write into. A folder git tracks files in, or would track, is not.
    public func isIgnoredAndUntracked(_ path: String) -> Bool {
        guard let tracked = try? run(["ls-files", "-z", "--", path]), tracked.isEmpty else { return false }
        return (try? run(["check-ignore", "-q", "--", path])) != nil
    }

    /// Where git keeps `name` among this clone's own files (`git rev-parse --git-path`: `.git/NAME`,
    /// or a linked worktree's own folder), absolute: a place tied to the clone that no commit writes.
    func gitPath(_ name: String) throws(GitError) -> String {
        let output = try run(["rev-parse", "--git-path", name])
        let path = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines)
        return Paths.absolute(path, relativeTo: topLevel)
    }

    /// Whether the clone is shallow (CI checkouts usually are).
    public var isShallow: Bool {
        let output = try? run(["rev-parse", "--is-shallow-repository"])
        return output.map { String(decoding: $0, as: UTF8.self).hasPrefix("true") } ?? false
    }

    /// The commit `ref` names.
    public func commit(_ ref: String) throws(GitError) -> String {
        guard !ref.isEmpty else { throw .emptyRef }
        guard !ref.hasPrefix("-") else { throw .badRef(ref) }
        // Whether the clone is shallow is asked only to explain a failure (one git process less a run).
        let output = try run(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"],
            failure: { _ in .unknownCommit(ref: ref, shallow: self.isShallow) })
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The id of `commit`'s tree.
    func tree(of commit: String) throws(GitError) -> String {
        guard !commit.hasPrefix("-") else { throw .badRef(commit) }
        let output = try run(["rev-parse", "--verify", "--end-of-options", commit + "^{tree}"])
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The commit a branch from `base` to `head` started from, as a pull request's diff is taken.
    public func mergeBase(_ base: String, _ head: String, names: (String, String)) throws(GitError) -> String {
        let output = try run(
            ["merge-base", base, head], failure: { _ in .noMergeBase(base: names.0, head: names.1, shallow: self.isShallow) })
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The files changed from commit `base` to commit `head`, or to the
    /// working tree (untracked files included) when `head` is nil; renames found as git finds them.
    public func changes(from base: String, to head: String?) throws(GitError) -> ChangeSet {
        var arguments = ["-c", "core.quotePath=false", "diff", "--no-ext-diff", "--no-textconv", "--raw", "--no-abbrev", "-z", "-M", base]
        if let head { arguments.append(head) }
        arguments.append("--")
        var files = Self.parseRaw(try run(arguments))
        if head == nil {
            // Against the working tree git writes no commit for a moved submodule: it is the one checked out there.
            files = files.map { file in
                guard let submodule = file.submodule, submodule.to == nil, file.status != .deleted else { return file }
                let checkedOut = self.submodule(at: file.path).flatMap { try? $0.commit("HEAD") }
                return ChangedFile(
                    path: file.path, status: file.status, submodule: ChangedFile.Submodule(from: submodule.from, to: checkedOut))
            }
        }
        if head == nil {
            let untracked = try run(["ls-files", "--others", "--exclude-standard", "-z"])
            for path in untracked.split(separator: 0) where !path.isEmpty {
                files.append(ChangedFile(path: String(decoding: path, as: UTF8.self), status: .added))
            }
        }
        guard files.count <= ChangeSet.maximumFiles else {
            throw .failed(command: "git diff", status: 0, message: "more than \(ChangeSet.maximumFiles) files changed")
        }
        return ChangeSet(files: files)
    }

    /// The content of `path` (relative to the top folder) at `commit`; nil when it is not there.
    public func content(of path: String, at commit: String) -> Data? {
        guard !commit.hasPrefix("-") else { return nil }
        return try? run(["cat-file", "blob", "\(commit):\(path)"])
    }

    /// The names in `folder` (relative to the top folder; empty for the top) at `commit`; nil when it is not a folder there.
    public func entries(of folder: String, at commit: String) -> [String]? {
        guard !commit.hasPrefix("-") else { return nil }
        let tree = folder.isEmpty ? "\(commit)^{tree}" : "\(commit):\(folder)"
        guard let output = try? run(["ls-tree", "--name-only", "-z", "--end-of-options", tree]) else { return nil }
        return output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The files of `commit` as committed, written under `folder` (which must
    /// exist and be empty); `scratch` is a private folder for git's own files.
    ///
    /// Not `git archive`, nor a plain checkout: both read the commit's own
    /// `.gitattributes`, so a pull request could hide a file from the check
    /// (`export-ignore`), rewrite one (`export-subst`, `ident`, `eol`,
    /// `working-tree-encoding`) or have a configured filter run on it (a
    /// git-lfs smudge). The commit is read into a private index
    /// (`GIT_INDEX_FILE` in `scratch`); its `.gitattributes` files are taken out
    /// of that index (modgraph reads none of them), and the rest is checked out
    /// with `checkout-index` against an empty work tree, no system or global
    /// attributes file and no line-ending conversion: no attribute applies, so
    /// no filter runs and every file is the blob committed. (`checkout-index`
    /// writes no file through a symbolic link in its leading path.) A file the
    /// working tree holds as exactly that blob is a hard link to it instead of a
    /// copy (``linkUnchanged(_:into:executor:)``): most of a commit is what is checked out.
    /// `executor` hashes the working tree's files (``hashes(of:)``) on its units.
    public func checkOut(_ commit: String, into folder: String, scratch: String, executor: Executor) throws(GitError) {
        try write(try privateIndex(of: commit, scratch: scratch), into: folder, executor: executor)
    }

    /// A commit read into an index of its own, in a private folder: the git settings and
    /// environment that point at it, and its entries (its `.gitattributes` files taken out).
    struct PrivateIndex {
        let settings: [String]
        let environment: [String: String]
        let entries: [IndexEntry]
    }

    /// `commit` read into an index in `scratch` (see ``checkOut(_:into:scratch:)``), its `.gitattributes` files taken out.
    func privateIndex(of commit: String, scratch: String) throws(GitError) -> PrivateIndex {
        guard !commit.hasPrefix("-") else { throw .badRef(commit) }
        let empty = scratch + "/empty-work-tree"
        do {
            try FileNames.makeFolder(empty, permissions: .ownerReadWriteExecute)
        } catch {
            throw .failed(
                command: "git checkout-index", status: -1, message: "cannot create \(empty): \(SystemError.description(error.rawValue))")
        }
        let settings = [
            "--work-tree=" + empty, "-c", "core.attributesFile=/dev/null", "-c", "core.autocrlf=false", "-c", "core.symlinks=true",
        ]
        let environment = ["GIT_INDEX_FILE": scratch + "/index", "GIT_ATTR_NOSYSTEM": "1"]
        _ = try run(settings + ["read-tree", "--end-of-options", commit], environment: environment)
        let attributes = try run(settings + ["ls-files", "-z", "--", ":(top,glob)**/.gitattributes"], environment: environment)
        let paths = attributes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard paths.count <= Self.maximumAttributesFiles else {
            throw .failed(command: "git ls-files", status: 0, message: "more than \(Self.maximumAttributesFiles) .gitattributes files")
        }
        if !paths.isEmpty {
            _ = try run(settings + ["update-index", "--force-remove", "--"] + paths, environment: environment)
        }
        return PrivateIndex(
            settings: settings, environment: environment, entries: try indexEntries(settings: settings, environment: environment))
    }

    /// Writes the entries of `index` under `folder`, but those at the paths `present` (which
    /// `folder` already holds as their blobs): what the working tree holds byte for byte is
    /// linked (the files hashed on `executor`'s units), the rest checked out. Empties `index`.
    func write(_ index: PrivateIndex, into folder: String, present: Set<String> = [], executor: Executor) throws(GitError) {
        let missing = present.isEmpty ? index.entries : index.entries.filter { !present.contains($0.path) }
        guard !missing.isEmpty else { return }
        // The index then keeps only what is neither there nor linked.
        let linked = linkUnchanged(missing, into: folder, executor: executor)
        for chunk in Self.chunks(Array(present) + linked) {
            _ = try run(index.settings + ["update-index", "--force-remove", "--"] + chunk, environment: index.environment)
        }
        _ = try run(
            index.settings + ["checkout-index", "--all", "--force", "--prefix=" + folder + "/"], environment: index.environment)
    }

    /// More `.gitattributes` files than any repository has; each is one argument of one command.
    static let maximumAttributesFiles = 10_000

    /// `git diff --raw --no-abbrev -z` output: `:MODE MODE SHA SHA STATUS`, then one path (two for
    /// renames and copies), each ended by NUL. A side whose mode is 160000 is a submodule (a gitlink).
    static func parseRaw(_ output: Data) -> [ChangedFile] {
        let fields = output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var files: [ChangedFile] = []
        var index = 0
        while index + 1 < fields.count {
            let header = fields[index].split(separator: " ").map(String.init)
            guard header.count == 5, header[0].hasPrefix(":"), let letter = header[4].first else { break }
            let modes = (String(header[0].dropFirst()), header[1])
            var submodule: ChangedFile.Submodule?
            if modes.0 == "160000" || modes.1 == "160000" {
                func commit(_ mode: String, _ sha: String) -> String? {
                    mode == "160000" && sha.contains(where: { $0 != "0" }) ? sha : nil
                }
                submodule = ChangedFile.Submodule(from: commit(modes.0, header[2]), to: commit(modes.1, header[3]))
            }
            if letter == "R" || letter == "C", index + 2 < fields.count {
                let from = fields[index + 1]
                let to = fields[index + 2]
                files.append(ChangedFile(path: to, status: letter == "R" ? .renamed(from: from) : .added, submodule: submodule))
                index += 3
                continue
            }
            let path = fields[index + 1]
            switch letter {
            case "A": files.append(ChangedFile(path: path, status: .added, submodule: submodule))
            case "D": files.append(ChangedFile(path: path, status: .deleted, submodule: submodule))
            default: files.append(ChangedFile(path: path, status: .modified, submodule: submodule))
            }
            index += 2
        }
        return files
    }

    /// The repository of the submodule at `path` (relative to the top folder), when it is checked out as one of its own.
    public func submodule(at path: String) -> GitRepository? {
        let folder = Paths.absolute(path, relativeTo: topLevel)
        guard let repository = try? GitRepository(containing: folder), repository.topLevel == (Paths.canonical(folder) ?? folder) else {
            return nil
        }
        return repository
    }

    /// Whether `commit` is a commit of this clone.
    public func has(_ commit: String) -> Bool {
        guard !commit.hasPrefix("-"), !commit.isEmpty else { return false }
        return (try? run(["cat-file", "-e", "--end-of-options", commit + "^{commit}"])) != nil
    }

    func run(
        _ arguments: [String], environment: [String: String] = [:], failure: ((String) -> GitError)? = nil
    ) throws(GitError) -> Data {
        try Self.run(runner, in: topLevel, arguments, environment: environment, failure: failure)
    }

    private static func run(
        _ runner: ProcessRunner, in folder: String, _ arguments: [String], environment extra: [String: String] = [:],
        failure: ((String) -> GitError)? = nil
    ) throws(GitError) -> Data {
        let command = "git " + (arguments.first(where: { !$0.hasPrefix("-") && !$0.contains("=") }) ?? "")
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C",
            "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0",
        ]
        if let home = ProcessInfo.processInfo.environment["HOME"] { environment["HOME"] = home }
        environment.merge(extra) { $1 }
        let result: ProcessRunner.Result
        do {
            result = try runner.run(
                "git", ["-C", folder] + arguments, environment: environment,
                output: .capture(limit: outputLimit, errorHead: 2_000))
        } catch {
            switch error {
            case .notFound: throw .notFound
            case .timedOut: throw .timedOut(command: command)
            case let .cannotStart(_, reason): throw .failed(command: command, status: -1, message: reason)
            case .outputTooLarge: throw .failed(command: command, status: -1, message: "more than \(outputLimit) bytes of output")
            }
        }
        guard result.status.isSuccess else {
            let message =
                String(decoding: result.standardError.head, as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            if let failure { throw failure(message) }
            throw .failed(command: command, status: result.status.code, message: message)
        }
        return result.standardOutput
    }
}
