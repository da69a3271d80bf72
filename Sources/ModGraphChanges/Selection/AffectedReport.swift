import ModGraphCore

/// A selection and what it was made from: each changed file with what it
/// did to the selection, for the outputs to explain.
public struct AffectedReport: Sendable {
    /// What one changed file did.
    public enum Verdict: Hashable, Sendable {
        /// Targets own it.
        case owned([TargetID])
        /// A manifest of a loaded package: what changed in it.
        case manifest(package: String, detail: String)
        /// A `Package.resolved` whose pins moved for these packages (none: no pin moved).
        case pins([String])
        /// A loaded project's file: the targets it touches, said in `detail`.
        case project(String, detail: String)
        /// A scheme or test plan (`kind`): the test targets it runs, and for a scheme whose build
        /// action changed, what it builds; `detail` says which.
        case tests(Runner, targets: [TargetID], detail: String)
        /// In a loaded package's or project's folder but in no target's: every target of it.
        case packageFolder(String)
        /// Matched `affected.ignore`.
        case ignored(pattern: String)
        /// Selects everything: matched `affected.everything` (the pattern), or owned by nothing (nil).
        case everything(pattern: String?)
        /// Outside the folder loaded and owned by nothing: it builds nothing here.
        case outside
        /// In the folder of a package or project that was not loaded (a nested
        /// package nothing loaded depends on): nothing in the graph builds it.
        case notLoaded(String)
        /// Matched `affected.triggers` (the patterns): these targets, and its owners if any.
        case triggered(pattern: String, targets: [TargetID])
        /// A submodule that moved: the files that changed inside it (listed after it), or, when its
        /// history is not here, every target of the packages and projects in it; `detail` says which.
        case submodule(path: String, detail: String)
        /// The configuration file: nothing by itself; when its `affected:` changed, the selection
        /// is what the change selects under the base's section and under the head's.
        case configuration(affectedChanged: Bool)
    }

    /// A file that says which tests run.
    public enum Runner: String, Hashable, Sendable {
        case scheme
        case testPlan = "test plan"
    }

    public struct File: Hashable, Sendable {
        public let change: ChangedFile
        public let verdict: Verdict

        public init(change: ChangedFile, verdict: Verdict) {
            self.change = change
            self.verdict = verdict
        }
    }

    /// A manifest that reads environment variables: the packages it declares,
    /// and so the answer, may differ where they are set otherwise.
    public struct EnvironmentRead: Hashable, Sendable {
        /// Relative to the repository's top folder.
        public let manifest: String
        /// The names read, sorted.
        public let variables: [String]
        /// Whether it also reads variables whose names cannot be told (a computed key, the whole environment).
        public let readsOthers: Bool

        public init(manifest: String, variables: [String], readsOthers: Bool) {
            self.manifest = manifest
            self.variables = variables
            self.readsOthers = readsOthers
        }
    }

    public let selection: AffectedSelection
    public let files: [File]
    /// What the change was computed against, as the user wrote it, and the commit; nil for a list of files.
    public let base: String?
    public let head: String?
    /// The loaded manifests that read the environment, by path.
    public let environment: [EnvironmentRead]

    public init(selection: AffectedSelection, files: [File], base: String?, head: String?, environment: [EnvironmentRead] = []) {
        self.selection = selection
        self.files = files
        self.base = base
        self.head = head
        self.environment = environment.sorted { $0.manifest < $1.manifest }
    }
}
