import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// The Xcode projects a load reads: those given, and every project they
/// point into (subprojects, and other projects of the workspace named by a
/// container item proxy), each once.
struct ProjectSet {
    /// More projects than any repository has; a chain of references past it is cut.
    static let maximumProjects = 2_000

    /// In the order given, then in the order referenced.
    var projects: [XcodeProject] = []
    var warnings: [String] = []

    /// Projects are read a level at a time (those given, then those they
    /// refer to, and so on), each level's as units of `runner`.
    ///
    /// - Throws: ``XcodeError`` when a project cannot be read: a project that is
    ///   there but unreadable must not be silently left out of a check. The
    ///   first such project in loading order is the one reported.
    /// - Parameter root: the folder loaded; a reference that leaves it is dropped with a warning.
    init(
        loading paths: [String], root: String? = nil, runner: any UnitRunner = .sequential, exclusions: LoadExclusions = .none
    ) throws(XcodeError) {
        let disk = XcodeDisk(root: root)
        var level = paths
        var seen = Set(paths)
        while !level.isEmpty {
            let room = max(0, Self.maximumProjects - projects.count)
            for path in level.dropFirst(room) {
                warnings.append("\(path): not loaded; modgraph reads at most \(Self.maximumProjects) projects")
            }
            let loaded = runner.map(Array(level.prefix(room))) { path in
                Result { () throws(XcodeError) -> XcodeProject in try XcodeProject.load(at: path, disk: disk) }
            }
            level = []
            for result in loaded {
                let project = try result.get()
                projects.append(project)
                warnings += project.warnings
                for reference in project.referencedProjects {
                    let resolved = project.resolvedPath(reference)
                    // Left out on purpose: what depends on it shows its products as external, without a word.
                    if exclusions.excludes(InputDiscovery.canonical(resolved) ?? resolved) { continue }
                    guard let canonical = InputDiscovery.canonical(resolved), InputDiscovery.isDirectory(canonical) else {
                        warnings.append(
                            "\(project.path): refers to project \(reference), which does not exist; the dependencies on its targets are shown as external products"
                        )
                        continue
                    }
                    if seen.insert(canonical).inserted { level.append(canonical) }
                }
            }
        }
    }
}
