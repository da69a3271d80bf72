import ModGraphCore

/// Why a target is in the selection: the first thing found that puts it
/// there, so that every selected target has one reason a reader can follow.
public enum AffectedReason: Hashable, Sendable {
    /// Files it owns changed (relative to the repository's top folder; the first few).
    case changedFiles([String], count: Int)
    /// Its declaration in a manifest changed (or the manifest changed in a way
    /// that touches every target of the package).
    case manifest(String, detail: String)
    /// Its project's file changed (the file, and what changed for it).
    case project(String, detail: String)
    /// The pins of these remote packages changed in a `Package.resolved`.
    case pins(file: String, packages: [String])
    /// It depends on `through`, which is affected; following `through` leads,
    /// in `steps` dependencies, to `changed`, a target that changed.
    case dependency(through: TargetID, changed: TargetID, steps: Int)
    /// Everything is selected, and this says why.
    case everything(String)
    /// A target that is new in the change.
    case added(String)
    /// A file that `affected.triggers` says it reads changed (the first such file, the patterns it matched).
    case triggered(file: String, pattern: String)
    /// A submodule it is in moved, and what changed inside cannot be told (its history is not here).
    case submodule(path: String, detail: String)
    /// A file in its package's (or project's) folder, in no target's, changed: any target may
    /// read it. Written as the manifest's reasons are (the file, and where it is).
    case packageFolder(String, detail: String)
}

/// Why everything is selected, when it is.
public struct EverythingReason: Hashable, Sendable {
    public let file: String?
    public let message: String

    public init(file: String?, message: String) {
        self.file = file
        self.message = message
    }
}
