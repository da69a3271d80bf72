import ModGraphSystem

/// Why an Xcode project or workspace could not be read. Each message is one
/// line that starts with the file at fault and, where known, its line, so an
/// editor or a CI annotation can point at it. Names from the file are shown
/// as they are; the CLI escapes the whole message when it prints it.
///
/// Problems that do not stop the read (a dangling reference, an unknown
/// object kind, a missing folder) are warnings on the result instead.
public enum XcodeError: UserFacingError, Equatable, Sendable {
    /// Nothing at `path`, or a `.xcodeproj` without its `project.pbxproj`.
    case notFound(path: String)
    /// The file exists but could not be read, or is larger than modgraph reads.
    case unreadable(path: String, reason: String)
    /// `project.pbxproj` is not a well-formed old-style property list.
    case malformedPropertyList(file: String, line: Int, problem: String)
    /// The property list is well formed but is not an Xcode project (no `objects`, no root `PBXProject`, …).
    case notAProject(file: String, problem: String)
    /// `contents.xcworkspacedata` is not a well-formed workspace document.
    case malformedWorkspace(file: String, line: Int, problem: String)
    /// An XcodeGen spec (or a file it includes) is not well-formed YAML or JSON, or is past a bound.
    case malformedSpec(file: String, line: Int?, problem: String)
    /// A project that `referrer` (a project or workspace file) names as `reference` cannot be read: `problem` says why.
    case unreadableReference(referrer: String, reference: String, problem: String)

    /// The problem of a spec that names no project (``notAProject(file:problem:)``), after its includes: no
    /// project XcodeGen would generate, often a part another spec includes (OneBusAway's `OBAKit/project.yml`).
    public static let unnamedSpec = "an XcodeGen spec names its project (`name:`)"

    /// Whether this is the error of a spec that names no project (``unnamedSpec``).
    public var isUnnamedSpec: Bool {
        if case let .notAProject(_, problem) = self { return problem == Self.unnamedSpec }
        return false
    }

    public var description: String {
        switch self {
        case let .notFound(path):
            "\(path): no such file or directory"
        case let .unreadable(path, reason):
            "\(path): cannot read: \(reason)"
        case let .malformedPropertyList(file, line, problem):
            "\(file):\(line): malformed project file: \(problem)"
        case let .notAProject(file, problem):
            "\(file): not an Xcode project: \(problem)"
        case let .malformedWorkspace(file, line, problem):
            "\(file):\(line): malformed workspace: \(problem)"
        case let .malformedSpec(file, line, problem):
            "\(file)\(line.map { ":\($0)" } ?? ""): malformed XcodeGen spec: \(problem)"
        case let .unreadableReference(referrer, reference, problem):
            "\(referrer): refers to project '\(reference)', which cannot be read: \(problem)"
        }
    }
}
