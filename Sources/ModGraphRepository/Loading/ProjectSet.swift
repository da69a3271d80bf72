import ModGraphCore
import ModGraphManifest
import ModGraphSystem
import ModGraphTuist
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
    /// The projects referred to that are not there (lexically absolute): each said once here, so that a
    /// workspace's own warning about the same one need not be said too.
    var missing: Set<String> = []
    /// The specs of `passingOver` that name no project (``XcodeError/isUnnamedSpec``), not loaded.
    var unnamedSpecs: [String] = []

    /// - Throws: ``XcodeError`` when a project cannot be read: a project that is
    ///   there but unreadable must not be silently left out of a check. The error
    ///   names what referred to it (a project, or a workspace) and the reference;
    ///   the first such project in loading order is the one reported.
    /// - Parameters:
    ///   - root: the folder loaded; a reference that leaves it is dropped with a warning.
    ///   - referrers: who named each of `paths`, for errors (a workspace's file).
    ///   - exclusions: projects left out on purpose: what depends on them shows their products as external, without a word.
    ///   - runner: projects are read a level at a time (those given, then those they refer to, and so on), each level's as its units.
    ///   - tuist: reads Tuist's `Project.swift` manifests; without it, one is an error.
    ///   - passingOver: specs a search found: one that names no project is left in ``unnamedSpecs``, not an error,
    ///     which the caller says.
    init(
        loading paths: [String], root: String? = nil, referrers: [String: String] = [:], exclusions: LoadExclusions = .none,
        runner: any UnitRunner = .sequential, tuist: TuistReader? = nil, passingOver found: Set<String> = []
    ) throws(XcodeError) {
        let disk = XcodeDisk(root: root)
        var level = paths
        var seen = Set(paths)
        var referrers = referrers
        while !level.isEmpty {
            let room = max(0, Self.maximumProjects - projects.count)
            for path in level.dropFirst(room) {
                warnings.append("\(path): not loaded; modgraph reads at most \(Self.maximumProjects) projects")
            }
            let chosen = Array(level.prefix(room))
            let loaded = runner.map(chosen) { path in
                Result { () throws(XcodeError) -> XcodeProject in
                    guard TuistReader.isManifest(path) else { return try XcodeProject.load(at: path, disk: disk) }
                    guard let tuist else { throw .notAProject(file: path, problem: "a Tuist manifest, which this load does not read") }
                    return try tuist.project(at: path, root: root)
                }
            }
            level = []
            for (path, result) in zip(chosen, loaded) {
                let project: XcodeProject
                do {
                    project = try result.get()
                } catch {
                    if found.contains(path), error.isUnnamedSpec {
                        unnamedSpecs.append(path)
                        continue
                    }
                    guard let referrer = referrers[path] else { throw error }
                    throw .unreadableReference(referrer: referrer, reference: path, problem: error.description)
                }
                projects.append(project)
                warnings += project.warnings
                let file = project.declarationFile
                // The projects its targets depend on: a missing one's products stand in for them.
                var dependedOn: Set<String> = []
                for target in project.targets {
                    for dependency in target.dependencies {
                        switch dependency.reference {
                        case let .target(_, _, other?), let .productOfTarget(_, _, _, other): dependedOn.insert(other)
                        default: continue
                        }
                    }
                }
                for reference in project.referencedProjects {
                    let resolved = project.resolvedPath(reference)
                    if exclusions.excludes(InputDiscovery.canonical(resolved) ?? resolved) { continue }
                    let isManifest = XcodeProject.isXcodeGenSpec(resolved) || TuistReader.isManifest(resolved)
                    guard XcodePath.pathExtension(resolved) == "xcodeproj" || isManifest else {
                        warnings.append(
                            "\(file): refers to project '\(reference)', which is not an .xcodeproj; the dependencies on it are left out")
                        continue
                    }
                    guard let canonical = InputDiscovery.canonical(resolved),
                        isManifest ? FileStatus.isRegularFile(canonical) : FileStatus.isFolder(canonical)
                    else {
                        let absent = Paths.lexical(resolved)
                        let hint = root.flatMap { InputDiscovery.emptyFolderHint(for: absent, root: $0) } ?? ""
                        if missing.insert(absent).inserted || !hint.isEmpty {
                            let consequence =
                                dependedOn.contains(reference)
                                ? "the dependencies on its targets are shown as external products" : "no target depends on it"
                            warnings.append("\(file): refers to project '\(reference)', which does not exist\(hint); \(consequence)")
                        }
                        continue
                    }
                    if seen.insert(canonical).inserted {
                        level.append(canonical)
                        referrers[canonical] = file
                    }
                }
            }
        }
    }
}
