import ModGraphCore

/// A folder whose files a target builds without the project listing them:
/// an Xcode 16 `PBXFileSystemSynchronizedRootGroup`. Xcode builds what is on
/// disk, so the project records only the folder and its exceptions; the
/// files are found by ModGraphManifest's `SourceFileLister`.
///
/// Exceptions are `PBXFileSystemSynchronizedBuildFileExceptionSet`s naming a
/// target. For a target that lists the folder in its
/// `fileSystemSynchronizedGroups`, the paths are left out of it; for any
/// other target, they are the only files of the folder it builds (that is how
/// Xcode records ticking one file of another target's folder).
/// `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet`s, which
/// put files into a *Copy Files* or *Headers* phase, are ignored.
public struct XcodeSynchronizedFolder: Hashable, Sendable {
    /// Which of the folder's files the target builds.
    public enum Membership: Hashable, Sendable {
        /// Everything, except these paths (relative to the folder; a folder excludes what is inside it).
        case all(except: [String])
        /// Only these paths (relative to the folder).
        case only([String])
    }

    /// The folder, relative to the project's folder, or absolute.
    public let path: String
    public let membership: Membership
    /// Sub-folders Xcode treats as one opaque item (`explicitFolders`, such as a
    /// resources folder copied whole): never searched for sources.
    public let opaqueFolders: [String]
    /// Globs of paths left out, relative to the folder: XcodeGen's `excludes:` for a
    /// `sources:` folder, which Xcode never writes (its exceptions are paths).
    public let excludedPatterns: [PathPattern]
    /// When not empty, only what these globs match (XcodeGen's `includes:`, relative to the folder):
    /// a file, or everything under a folder. ``excludedPatterns`` still win, as in XcodeGen.
    public let includedPatterns: [PathPattern]

    public init(
        path: String, membership: Membership, opaqueFolders: [String] = [], excludedPatterns: [PathPattern] = [],
        includedPatterns: [PathPattern] = []
    ) {
        self.path = path
        self.membership = membership
        self.opaqueFolders = opaqueFolders
        self.excludedPatterns = excludedPatterns
        self.includedPatterns = includedPatterns
    }
}
