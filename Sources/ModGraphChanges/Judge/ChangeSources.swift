import Foundation
import ModGraphCore
import ModGraphManifest

/// What the loaded graph was made of, as the judge needs it: the graph, the
/// packages with their manifests, where each target's files are, the loaded
/// projects, and the repository's top folder that changed paths are relative to.
public struct ChangeInputs: Sendable {
    public let graph: ModuleGraph
    public let workspace: Workspace
    public let targetFiles: [TargetID: TargetFiles]
    /// Each loaded Xcode project's identity by its `.xcodeproj` folder (absolute, canonical).
    public let projects: [String: PackageIdentity]
    /// The projects read from a spec or manifest by the files that declare them (absolute): an XcodeGen spec
    /// and what it includes; a Tuist manifest, and the helpers and plugins it compiles with (shared by many).
    public let specFiles: [String: [PackageIdentity]]
    /// The folder loaded, canonical; nil for a dump whose folder is not on this machine.
    public let rootDirectory: String?
    /// The repository's top folder, canonical: changed paths are relative to it.
    public let topLevel: String

    public init(
        graph: ModuleGraph, workspace: Workspace, targetFiles: [TargetID: TargetFiles], projects: [String: PackageIdentity],
        rootDirectory: String?, topLevel: String, specFiles: [String: [PackageIdentity]] = [:]
    ) {
        self.specFiles = specFiles
        self.graph = graph
        self.workspace = workspace
        self.targetFiles = targetFiles
        self.projects = projects
        self.rootDirectory = rootDirectory
        self.topLevel = topLevel
    }
}

/// A package's manifest at the base of a change.
public enum BaseManifest: Sendable {
    /// Read as the head's was (the same cache and evaluator), its paths naming the head's folders.
    case manifest(Manifest)
    /// The package had no manifest there: it is new.
    case missing
    /// It could not be read; the reason, in a few words.
    case unreadable(String)
    /// The change has no base (a list of files): nothing to compare with.
    case noBase
}

/// What the judge reads besides the change itself: files at the base and at
/// the head, the base's manifests, a folder's entries. The policy reads no
/// file and runs no process; the use case (ModGraphKit) answers from git and the disk.
public protocol ChangeSources {
    /// Whether the change has a base to compare with (git's, not a list of files).
    var hasBase: Bool { get }
    /// The manifest of the own package whose folder (at the head) is `directory`, as it was at the base.
    func baseManifest(ofPackageAt directory: String) -> BaseManifest
    /// A file (relative to the top folder) as it was at the base; nil when it was not there, or there is no base.
    func baseContent(of path: String) -> Data?
    /// A file (relative to the top folder) as it is at the head; nil when it is not there.
    func headContent(of path: String) -> Data?
    /// The names in a folder (absolute) at the head; empty when it is not there.
    func entries(ofFolder folder: String) -> [String]
    /// The files that changed inside the submodule at `path` (relative to the top folder)
    /// from its commit `from` to `to` (nil: its working tree), relative to the top folder;
    /// nil when its history between the two is not in this clone.
    func submoduleChanges(at path: String, from: String, to: String?) -> ChangeSet?
}

/// What `affected:` in the configuration says, its patterns read.
public struct AffectedPolicy: Sendable {
    /// What a changed file that matches no pattern and no target selects.
    public enum Unowned: Sendable {
        case everything, ignore
    }

    /// Files no target builds that targets read (test fixtures), and the targets a change to them affects.
    public struct Trigger: Sendable {
        public let paths: [PathPattern]
        /// Resolved from the configuration's target patterns.
        public let targets: [TargetID]

        public init(paths: [PathPattern], targets: [TargetID]) {
            self.paths = paths
            self.targets = targets
        }
    }

    /// The folder patterns are relative to (the folder loaded); nil: no patterns apply.
    public let folder: String?
    public let ignore: [PathPattern]
    public let everything: [PathPattern]
    public let unowned: Unowned
    public let triggers: [Trigger]

    public init(
        folder: String?, ignore: [PathPattern] = [], everything: [PathPattern] = [], unowned: Unowned = .everything,
        triggers: [Trigger] = []
    ) {
        self.folder = folder
        self.ignore = ignore
        self.everything = everything
        self.unowned = unowned
        self.triggers = triggers
    }

    /// No configuration: every unowned file selects everything.
    public static let unconfigured = AffectedPolicy(folder: nil)
}
