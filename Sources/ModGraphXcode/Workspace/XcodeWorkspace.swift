/// An Xcode workspace (`.xcworkspace`): the projects, packages and folders
/// its `contents.xcworkspacedata` lists, in the order Xcode shows them.
///
/// Paths are relative to ``folder`` (the folder holding the workspace, or
/// holding the project for the `project.xcworkspace` inside an `.xcodeproj`),
/// or absolute when the workspace writes them so.
public struct XcodeWorkspace: Hashable, Sendable {
    /// One thing the workspace lists.
    public struct Reference: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// An `.xcodeproj`.
            case project
            /// A folder holding a `Package.swift`.
            case package
            /// Any other folder.
            case folder
        }

        public let kind: Kind
        public let path: String

        public init(kind: Kind, path: String) {
            self.kind = kind
            self.path = path
        }
    }

    /// The `.xcworkspace` folder, as given (with `.` and `..` folded).
    public let path: String
    /// Projects, packages and folders, in document order, each once. Plain
    /// files the workspace lists (a README, an `.xcconfig`) are not included.
    public let references: [Reference]
    /// What was skipped, one line each, naming the file and line: references
    /// to nothing on disk (once each), locations outside the checkout.
    public let warnings: [String]
    /// The references to nothing on disk, in document order, each once (relative to ``folder``):
    /// an uninitialised git submodule, a folder not generated yet.
    public let missing: [String]
    /// The 1-based line of `contents.xcworkspacedata` where each reference and each missing one
    /// is first written, by its path: where warnings about it point.
    public let lines: [String: Int]
    /// How many distinct locations the document lists, loaded or skipped: a workspace
    /// that lists some and yields nothing to load is an error for its loader, not an empty graph.
    public let listed: Int

    public init(
        path: String, references: [Reference], warnings: [String], listed: Int = 0, missing: [String] = [], lines: [String: Int] = [:]
    ) {
        self.path = path
        self.references = references
        self.warnings = warnings
        self.listed = listed
        self.missing = missing
        self.lines = lines
    }

    /// `contents.xcworkspacedata`, with the line where `reference` is written when known.
    public func location(of reference: String) -> String {
        let file = XcodePath.join(path, "contents.xcworkspacedata")
        return lines[reference].map { "\(file):\($0)" } ?? file
    }

    /// The folder the references are relative to.
    public var folder: String {
        Self.folder(ofWorkspace: path)
    }

    /// `path` from the model joined onto ``folder`` (unchanged when absolute).
    public func resolvedPath(_ path: String) -> String {
        XcodePath.join(folder, path)
    }

    /// The `.xcodeproj` references, in order.
    public var projects: [String] {
        references.filter { $0.kind == .project }.map(\.path)
    }

    /// Reads the workspace at `path`, an `.xcworkspace` folder (or its `contents.xcworkspacedata`);
    /// with a root on `disk`, a reference outside it is ignored with a warning, unlooked at.
    public static func load(at path: String, disk: XcodeDisk = XcodeDisk()) throws(XcodeError) -> XcodeWorkspace {
        let workspacePath = XcodePath.lastComponent(path) == "contents.xcworkspacedata" ? XcodePath.parent(path) : path
        guard disk.isDirectory(workspacePath) else { throw .notFound(path: workspacePath) }
        let bytes = try disk.contents(of: XcodePath.join(workspacePath, "contents.xcworkspacedata"), limit: WorkspaceDocument.maximumBytes)
        let folder = Self.folder(ofWorkspace: workspacePath)
        return try decode(bytes, workspacePath: workspacePath) { disk.entry(at: XcodePath.join(folder, $0)) }
    }

    /// Decodes the text of a `contents.xcworkspacedata`; `entry` says what is
    /// at each path it refers to (relative to ``folder``), so this reads nothing itself.
    ///
    /// - Complexity: O(n) in the size of the document, plus one `entry` call per distinct path.
    public static func decode(
        _ bytes: [UInt8],
        workspacePath: String,
        entry: (String) -> XcodeDisk.Entry
    ) throws(XcodeError) -> XcodeWorkspace {
        let path = XcodePath.normalised(workspacePath)
        let file = XcodePath.join(path, "contents.xcworkspacedata")
        let parent = XcodePath.parent(path)
        let embeddedIn = XcodePath.pathExtension(parent) == "xcodeproj" ? XcodePath.lastComponent(parent) : nil
        let document = try WorkspaceDocument(bytes, file: file, embeddedIn: embeddedIn)
        var references: [Reference] = []
        var warnings = document.warnings
        var missing: [String] = []
        var lines: [String: Int] = [:]
        for location in document.locations where lines[location.path] == nil {
            lines[location.path] = location.line
            let found = entry(location.path)
            let isProject = XcodePath.pathExtension(location.path) == "xcodeproj"
            switch found {
            case .missing:
                missing.append(location.path)
                warnings.append("\(file):\(location.line): refers to \(location.path), which does not exist; skipped")
            case let .outside(root):
                warnings.append("\(file):\(location.line): refers to \(location.path), outside \(root), the folder loaded; ignored (load a folder that holds both to include it)")
            case .file where isProject:
                warnings.append("\(file):\(location.line): refers to \(location.path), which is a file, not a project folder; skipped")
            case .file:
                continue
            case .folder, .package:
                let kind: Reference.Kind = isProject ? .project : (found == .package ? .package : .folder)
                references.append(Reference(kind: kind, path: location.path))
            }
        }
        return XcodeWorkspace(path: path, references: references, warnings: warnings, listed: lines.count, missing: missing, lines: lines)
    }

    /// The folder references are relative to: the workspace's parent, or the
    /// project's parent for a workspace inside an `.xcodeproj`.
    private static func folder(ofWorkspace path: String) -> String {
        let parent = XcodePath.parent(path)
        return XcodePath.pathExtension(parent) == "xcodeproj" ? XcodePath.parent(parent) : parent
    }
}
