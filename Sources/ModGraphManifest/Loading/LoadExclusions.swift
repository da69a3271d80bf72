/// What a load leaves out: vendored packages, projects and folders (`exclude:` in
/// `.modgraph.yml`, `--exclude`), by absolute path. An excluded package, project or
/// folder is not searched, not loaded and its files are not read by the source checks;
/// a dependency on an excluded local package is shown as its external products, as
/// for any package not loaded, without a warning.
///
/// The patterns' syntax belongs to the layer that reads them (ModGraphKit); loading
/// only asks ``excludes(_:)``.
public struct LoadExclusions: Sendable {
    /// The patterns as written, with where they come from, for the note that says what was left out.
    public let patterns: [String]
    private let matches: @Sendable (String) -> Bool

    /// - Parameter matches: whether an absolute, canonical path (or a folder holding it) is excluded.
    public init(patterns: [String], matches: @escaping @Sendable (String) -> Bool) {
        self.patterns = patterns
        self.matches = matches
    }

    /// Nothing excluded.
    public static let none = LoadExclusions(patterns: [], matches: { _ in false })

    public var isEmpty: Bool { patterns.isEmpty }

    /// These, and `folders` (absolute, canonical) with everything inside them.
    public func adding(folders: [String]) -> LoadExclusions {
        guard !folders.isEmpty else { return self }
        let previous = self
        return LoadExclusions(patterns: patterns + folders) { path in
            previous.excludes(path) || folders.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
    }

    /// Whether `path` (absolute) is left out.
    public func excludes(_ path: String) -> Bool {
        !patterns.isEmpty && matches(path)
    }
}
