/// One file a change touched, as git names it: relative to the repository's
/// top folder, with `/` between components.
public struct ChangedFile: Hashable, Sendable, Comparable {
    public enum Status: Hashable, Sendable {
        case added
        case modified
        case deleted
        /// Moved from `from` (relative to the same folder); both places count.
        case renamed(from: String)
    }

    /// A submodule's move (a gitlink changed): the commits it pointed at before and after
    /// (nil where it was added or removed, or not known).
    public struct Submodule: Hashable, Sendable {
        public let from: String?
        public let to: String?

        public init(from: String?, to: String?) {
            self.from = from
            self.to = to
        }
    }

    public let path: String
    public let status: Status
    /// Set when the path is a submodule that moved.
    public let submodule: Submodule?

    public init(path: String, status: Status, submodule: Submodule? = nil) {
        self.path = path
        self.status = status
        self.submodule = submodule
    }

    /// Every path the change touched: a renamed file was removed from one place and added to another.
    public var paths: [String] {
        if case let .renamed(from) = status, from != path { return [from, path] }
        return [path]
    }

    public static func < (lhs: ChangedFile, rhs: ChangedFile) -> Bool { lhs.path < rhs.path }
}

/// The files a change touched, from `git diff` or from a list a CI computed.
public struct ChangeSet: Sendable, Equatable {
    /// The most files a change set holds: a change of more is not one a
    /// selection can narrow, and the bound keeps a hostile list from costing memory.
    public static let maximumFiles = 200_000
    /// The longest path accepted, in bytes (PATH_MAX on Linux).
    public static let maximumPathLength = 4_096

    public let files: [ChangedFile]

    public init(files: [ChangedFile]) {
        self.files = files.sorted()
    }

    /// One path a line, as `git diff --name-only` or a CI writes them: blank
    /// lines are skipped, a leading `./` is dropped, and `\r` line ends are read.
    ///
    /// - Throws: ``ChangeSetError`` naming the line for an absolute path, a
    ///   path that leaves the folder (`..`), a path too long, or too many lines.
    public static func parse(lines text: String) throws(ChangeSetError) -> ChangeSet {
        var files: [ChangedFile] = []
        var seen: Set<String> = []
        var lineNumber = 0
        // `\r\n` is one Character: split on both.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let path = try normalised(String(line), line: lineNumber)
            guard files.count < maximumFiles else { throw .tooManyFiles(maximumFiles) }
            if seen.insert(path).inserted { files.append(ChangedFile(path: path, status: .modified)) }
        }
        return ChangeSet(files: files)
    }

    /// `path` as a relative path without `.` components or a trailing `/`.
    public static func normalised(_ path: String, line: Int) throws(ChangeSetError) -> String {
        guard path.utf8.count <= maximumPathLength else { throw .pathTooLong(line: line, limit: maximumPathLength) }
        guard !path.hasPrefix("/") else { throw .absolutePath(line: line, path: path) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.contains("..") else { throw .leavesFolder(line: line, path: path) }
        guard !parts.isEmpty else { throw .emptyPath(line: line) }
        return parts.joined(separator: "/")
    }
}

/// Why a list of changed files cannot be read.
public enum ChangeSetError: Error, Equatable, Sendable {
    case absolutePath(line: Int, path: String)
    case leavesFolder(line: Int, path: String)
    case emptyPath(line: Int)
    case pathTooLong(line: Int, limit: Int)
    case tooManyFiles(Int)
    case notText

    /// One line, names as data.
    public var message: String {
        switch self {
        case let .absolutePath(line, path):
            "line \(line): '\(path)' is absolute; list paths relative to the repository's top folder, as git prints them"
        case let .leavesFolder(line, path):
            "line \(line): '\(path)' leaves the repository's folder (`..`); list paths inside it, as git prints them"
        case let .emptyPath(line): "line \(line): the path is empty"
        case let .pathTooLong(line, limit): "line \(line): the path is longer than \(limit) bytes"
        case let .tooManyFiles(limit): "more than \(limit) changed files; a change that large affects everything, run without a selection"
        case .notText: "the list of changed files is not UTF-8 text"
        }
    }
}
