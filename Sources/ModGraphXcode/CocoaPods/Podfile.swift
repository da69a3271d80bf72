/// What a CocoaPods `Podfile` says each Xcode target uses: the common subset of its Ruby DSL,
/// read as text (no Ruby is run; docs/xcode.md, "CocoaPods").
///
/// Read: `target 'Name' do … end` (nested targets inherit their parent's pods unless
/// `inherit! :none`, and with `inherit! :search_paths` they see them but do not link them),
/// `abstract_target`, `abstract!`, `pod 'Name', …` with any options (`:path` is kept),
/// `project` / `xcodeproj`, and `def name … end` called by name. `workspace`, `platform`,
/// `source`, `use_frameworks!` and the like change no dependency and are passed over; hooks
/// (`post_install do … end`) are skipped whole. Anything else (an `if` around pods, string
/// interpolation, a multi-line string) is skipped, and the first such place is named in
/// ``notes``: what depends on it is not seen.
///
/// A Podfile is input: it is read within ``maximumBytes``, ``maximumLines``, ``maximumDepth``
/// blocks deep, definitions called at most ``maximumCallDepth`` deep, and at most
/// ``maximumStatements`` statements in all once definitions are expanded, and at most
/// ``maximumKeptPods`` pods kept across its targets. Lines end as Ruby ends them (`\n` or `\r\n`),
/// and `;` ends a statement as a line end does.
public struct Podfile: Hashable, Sendable {
    /// More than any Podfile holds; a larger file is not read.
    public static let maximumBytes = 1 << 20
    public static let maximumLines = 20_000
    public static let maximumDepth = 32
    public static let maximumCallDepth = 8
    public static let maximumStatements = 100_000
    /// Pods kept across all targets, each counting every pod it links or sees, inherited ones
    /// included: every target copies what it inherits, so the statements' bound alone would let
    /// N pods above M targets keep N·M. Targets past it are not read, and a note says so.
    public static let maximumKeptPods = 200_000
    /// Lines one statement may span (a `pod` whose options continue after a comma).
    static let maximumContinuation = 32

    /// One `pod` line.
    public struct Pod: Hashable, Sendable {
        /// As written: `Firebase/Analytics`.
        public let written: String
        /// The 1-based line of the `pod` statement.
        public let line: Int
        /// `:path =>`, when given: a local pod, relative to the Podfile's folder.
        public let path: String?

        public init(written: String, line: Int, path: String?) {
            self.written = written
            self.line = line
            self.path = path
        }

        /// The pod a subspec belongs to: `Firebase` for `Firebase/Analytics`.
        public var name: String {
            written.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? written
        }
    }

    /// An Xcode target the Podfile integrates (abstract targets are not listed).
    public struct Target: Hashable, Sendable {
        public let name: String
        /// The 1-based line of its `target` statement.
        public let line: Int
        /// The `.xcodeproj` it is in (`project`), as written, its own or inherited; nil: the one beside the Podfile.
        public let project: String?
        /// The pods it links: its own and those inherited, each pod once (its first declaration), in order.
        public let pods: [Pod]
        /// The pods it sees without linking them (`inherit! :search_paths`): its parents'.
        public let searchPaths: [Pod]
    }

    public let targets: [Target]
    /// What was not read, at most one line: `line 12: …`.
    public let notes: [String]

    /// Reads the `Podfile` at `path` (a regular file inside the disk's root, at most ``maximumBytes``).
    public static func load(at path: String, disk: XcodeDisk) throws(XcodeError) -> Podfile {
        guard disk.isInside(path) else { throw .unreadable(path: path, reason: "it is outside the folder loaded") }
        let bytes = try disk.contents(of: path, limit: maximumBytes)
        return Podfile(text: String(decoding: bytes, as: UTF8.self))
    }

    /// Reads `text`; never fails: what cannot be read is named in ``notes``.
    public init(text: String) {
        var reader = Reader()
        reader.read(text)
        self = reader.finish()
    }

    init(targets: [Target], notes: [String]) {
        self.targets = targets
        self.notes = notes
    }
}
