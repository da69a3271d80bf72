/// Which files a target compiles, as its loader found out: what the source
/// checks read and the `sources` weights count. A description, not a
/// listing: the loader says where to look, and whoever needs the files lists
/// them (only the commands that read sources pay for walking folders).
public enum TargetFiles: Hashable, Sendable {
    /// A SwiftPM target: the files under `folder` (absolute), all of them or
    /// only the `sources:` listed (relative to `folder`), minus `exclude:`.
    case folder(String, sources: [String]?, exclude: [String])
    /// An Xcode target: the files of its *Compile Sources* phase (absolute),
    /// its synchronised folders, each with the paths it leaves out or the
    /// only ones it builds (relative to the folder), and the files of its other
    /// phases (*Copy Bundle Resources*, headers, copied files: asset catalogs,
    /// storyboards, localised strings, folders), which it does not compile but its product holds;
    /// and the files its build settings name (`Info.plist`, entitlements, `.xcconfig` files), which
    /// no phase lists but which go into its build.
    case project(files: [String], folders: [SynchronizedFolder], resources: [String] = [], settings: [String] = [])

    /// An Xcode 16 folder whose files a target builds without the project listing them.
    public struct SynchronizedFolder: Hashable, Sendable {
        /// Absolute.
        public let path: String
        /// When set, only these paths of the folder; else all but `excluded`.
        public let only: [String]?
        /// Paths left out (files or folders, relative to `path`), opaque folders included.
        public let excluded: [String]
        /// Globs of paths left out, relative to `path` (XcodeGen's `excludes:`): a file one
        /// matches, or a folder one matches and everything under it, is not the target's.
        public let excludedPatterns: [PathPattern]
        /// When not empty, only the files one of these globs matches, or that are under a folder one
        /// matches (XcodeGen's `includes:`, relative to `path`); ``excludedPatterns`` still win.
        public let includedPatterns: [PathPattern]

        public init(
            path: String, only: [String]?, excluded: [String], excludedPatterns: [PathPattern] = [], includedPatterns: [PathPattern] = []
        ) {
            self.path = path
            self.only = only
            self.excluded = excluded
            self.excludedPatterns = excludedPatterns
            self.includedPatterns = includedPatterns
        }

    }
}
