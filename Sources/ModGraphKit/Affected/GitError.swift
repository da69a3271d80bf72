import ModGraphSystem

/// Why git could not say what changed; each message says what to do.
public enum GitError: UserFacingError, Equatable, Sendable {
    case notFound
    case notARepository(String)
    /// A ref that would read as an option.
    case badRef(String)
    /// An empty ref (`--base ''`).
    case emptyRef
    /// The ref is not a commit of this clone; `shallow` when the clone is shallow, the usual cause in CI.
    case unknownCommit(ref: String, shallow: Bool)
    /// The two commits share no history in this clone.
    case noMergeBase(base: String, head: String, shallow: Bool)
    case failed(command: String, status: Int32, message: String)
    case timedOut(command: String)

    public var description: String { message }

    /// One line.
    public var message: String {
        switch self {
        case .notFound: "git was not found on PATH; install git, or give the changed files with --changed-files"
        case let .notARepository(folder): "'\(folder)' is not in a git repository; give the changed files with --changed-files"
        case let .badRef(ref): "'\(ref)' is not a ref: refs do not start with '-'"
        case .emptyRef: "a ref is empty: give a branch, tag or commit, such as origin/main"
        case let .unknownCommit(ref, true):
            "'\(ref)' is not a commit of this clone, which is shallow: fetch it first (git fetch --no-tags --depth=1 origin \(ref)), "
                + "or check out with full history (actions/checkout with fetch-depth: 0)"
        case let .unknownCommit(ref, false): "'\(ref)' is not a commit of this repository (fetch it first, or check the name)"
        case let .noMergeBase(base, head, true):
            "'\(base)' and '\(head)' share no history in this clone, which is shallow: deepen it (git fetch --deepen=100 origin, "
                + "or actions/checkout with fetch-depth: 0) so that their merge base is there"
        case let .noMergeBase(base, head, false): "'\(base)' and '\(head)' share no history"
        case let .failed(command, status, message): "\(command) failed (exit \(status)): \(message)"
        case let .timedOut(command): "\(command) did not finish in time and was stopped"
        }
    }
}
