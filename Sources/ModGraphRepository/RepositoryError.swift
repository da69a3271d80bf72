import ModGraphSystem

/// Why the paths given could not be turned into a graph. One line each,
/// naming the path at fault; the CLI escapes the whole message when it prints it.
public enum RepositoryError: UserFacingError, Equatable, Sendable {
    /// Nothing at `path`.
    case pathNotFound(String)
    /// A folder with no package, project or workspace anywhere under it; `refused`: the manifests and specs
    /// found that are links to files outside the repository, which are not read.
    case nothingFound(folder: String, refused: [String] = [])
    /// A dump JSON or standard input given beside other paths: a dump is a whole graph on its own.
    case dumpNotAlone(String)
    /// Two packages with one identity, in the graph of everything the search of a folder
    /// found: often packages never built together (an app's and its server's).
    case identityClashInSearch(identity: String, first: String, second: String, example: String?)

    public var description: String {
        switch self {
        case let .pathNotFound(path):
            "\(path): no such file or directory"
        case let .nothingFound(folder, refused):
            "\(folder): no Package.swift, .xcodeproj or .xcworkspace found here or in its subfolders"
                + " (skipping .build, DerivedData, Pods, Carthage, node_modules and hidden folders)"
                + (refused.isEmpty ? "" : "; not read, links to files outside the repository: " + refused.joined(separator: ", "))
        case let .dumpNotAlone(path):
            "\(path): a dump-package JSON (or `-`) must be the only PATH; give the packages' folders instead to load them together"
        case let .identityClashInSearch(identity, first, second, example):
            "two packages have the identity '\(identity)': \(first) and \(second); the search of the folder loads everything it finds"
                + " into one graph: name the projects and packages that are built together as PATHs"
                + (example.map { " (modgraph graph \($0))" } ?? "") + ", or rename one folder"
        }
    }
}
