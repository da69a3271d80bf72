import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphSystem
import ModGraphTuist
import ModGraphXcode

/// Loads what ``InputDiscovery`` found into one ``Repository``: the Xcode
/// projects (and those they point into), the packages given or found, the
/// local packages the projects use, and everything those packages depend
/// on, each once; then one graph of all of it.
public struct RepositoryLoader: Sendable {
    public let loader: WorkspaceLoader
    /// Reads Tuist's `Project.swift` manifests; nil: a load that meets one fails, saying so.
    public let tuist: TuistReader?

    public init(loader: WorkspaceLoader, tuist: TuistReader? = nil) {
        self.loader = loader
        self.tuist = tuist
    }

    /// The most root packages a search's load sets aside for an identity clash (``loadPackages(_:locals:used:leavingOut:)``),
    /// and the most broken roots it leaves out (``BrokenRoot``).
    static let maximumSetAside = 8

    /// The packages given or found and the projects' local packages, and a note for each package a search
    /// found that is set aside. Two packages of one identity cannot be in one graph. Where a search found
    /// them, and one is inside a root package that no project uses (home-assistant/iOS: `Sources/PushServer`,
    /// a server, depends on its own `Sources/PushServer/SharedPush`, and the app's project on `Sources/SharedPush`,
    /// both named `SharedPush`), that root is what is built apart: it is left out, with a note saying how to
    /// load it alone. Any other clash says how to load less.
    /// `used`: the folders of every local package the projects use, roots among them.
    /// `broken`: roots left out for a broken manifest (``BrokenRoot``).
    func loadPackages(
        _ inputs: RepositoryInputs, locals: [String], used: Set<String>, leavingOut broken: [String]
    ) throws -> (Workspace, [LoadWarning]) {
        var roots = inputs.packages.filter { !broken.contains($0) }
        var notes: [LoadWarning] = []
        let packageLoader = loader.confined(to: inputs.root).leavingOut(broken)
        while true {
            do {
                return (try packageLoader.load(roots: roots, locals: locals, base: inputs.base), notes)
            } catch {
                guard inputs.wasDiscovered, case let .identityClash(identity, first, second) = error else { throw error }
                // Each root no project uses that holds one of the two inside its folder, with the one it holds.
                let holders = roots.compactMap { root -> (root: String, inside: String, other: String)? in
                    guard !used.contains(root) else { return nil }
                    for (inside, other) in [(first, second), (second, first)]
                    where inside != root && XcodePath.isSame(inside, orInside: root) {
                        return (root, inside, other)
                    }
                    return nil
                }
                guard !holders.isEmpty, notes.count + holders.count <= Self.maximumSetAside else {
                    let example = (inputs.workspaces.first ?? inputs.projects.first).map { Paths.relative($0, from: inputs.base) }
                    throw RepositoryError.identityClashInSearch(identity: identity, first: first, second: second, example: example)
                }
                for (holder, inside, other) in holders {
                    notes.append(
                        LoadWarning(
                            [
                                .text("not loaded: "), .path(holder), .text(", a package no project uses, whose package "), .path(inside),
                                .text(" has the identity '\(identity)' of "), .path(other),
                                .text("; name it as a PATH to load it apart"),
                            ], isNote: true))
                }
                roots.removeAll { root in holders.contains { $0.root == root } }
            }
        }
    }

    public func load(_ inputs: RepositoryInputs) throws -> Repository {
        let builder = GraphBuilder(externals: loader.externals)
        if let dump = inputs.dump {
            let workspace = try loadDump(dump)
            var warnings = workspace.warnings
            let graph = try builder.build(workspace, warnings: &warnings)
            return Repository(
                inputs: inputs, workspace: workspace, projects: [], graph: graph,
                targetFiles: workspace.targetFiles(for: graph), warnings: warnings)
        }
        let projectSet = try ProjectSet(
            loading: inputs.projects, root: inputs.root, referrers: inputs.referrers, exclusions: inputs.exclusions,
            runner: loader.runner, tuist: tuist,
            passingOver: inputs.wasDiscovered ? Set(inputs.projects.filter { XcodeProject.isXcodeGenSpec($0) }) : [])
        var inputs = inputs
        let partWarnings = try Self.passOver(projectSet, &inputs)
        // Files are shown as every path is: the projects' (with the files an XcodeGen spec includes) and the workspaces'.
        let projectFiles =
            projectSet.projects.flatMap(\.declarationFiles) + projectSet.projects.map(\.path)
            + inputs.workspaces.map { $0 + "/contents.xcworkspacedata" }
        // A missing project a workspace lists and a project refers to is said once, by the project.
        let saidByProjects = Set(inputs.missingProjects.filter { projectSet.missing.contains($0.key) }.values)
        var warnings =
            (inputs.warnings.filter { !saidByProjects.contains($0) } + projectSet.warnings).map {
                Self.warning($0, naming: projectFiles)
            } + partWarnings
        var (locals, excludedFolders, localWarnings) = Self.localPackages(of: projectSet.projects, inputs)
        warnings += localWarnings
        let (packageLists, listWarnings) = tuistPackageLists(of: projectSet.projects, root: inputs.root)
        warnings += listWarnings
        for folder in packageLists.sorted(by: { $0.key < $1.key }).flatMap(\.value)
        where !locals.contains(folder) && !inputs.exclusions.excludes(folder) {
            locals.append(folder)
        }
        let (workspace, xcode, graph, graphWarnings, packageWarnings) = try packageGraph(
            inputs, projectSet, locals: locals, excludedFolders: excludedFolders, packageLists: packageLists, builder: builder)
        warnings += packageWarnings
        var files = workspace.targetFiles(for: graph)
        for (target, described) in xcode.files { files[target] = described }
        // Each folder the workspace lists that is not there, once, with the products shown as its;
        // said first, so that a manifest's warning about the same folder joins it.
        let missingFolders = Self.missingFolderWarnings(inputs, productsShown: xcode.productsOfMissingFolders)
        var seen = Set<LoadWarning>()
        let xcodeWarnings =
            xcode.warnings.map { Self.warning($0, naming: projectFiles) }
            + xcode.notes.map { note in
                let warning = Self.warning(note, naming: projectFiles)
                return LoadWarning(warning.parts, about: warning.package, subject: warning.subject, isNote: true)
            }
        let all = (missingFolders + warnings + workspace.warnings + graphWarnings + xcodeWarnings).filter {
            seen.insert($0).inserted
        }
        var repository = Repository(
            inputs: inputs, workspace: workspace, projects: projectSet.projects, graph: graph, targetFiles: files, warnings: all,
            declarations: xcode.declarations, excluded: Self.excluded(inputs, folders: excludedFolders, workspace: workspace))
        repository.searchPaths = xcode.searchPaths
        repository.conditions = xcode.conditions
        repository.embedded = xcode.embedded
        repository.tuistPackageLists = packageLists
        return repository
    }

    /// The specs a search found that name no project (``ProjectSet/unnamedSpecs``): one that a loaded spec includes is
    /// part of it, passed over as `--verbose` lists; any other is said in a note. A repository whose root spec
    /// includes `Sub/project.yml` (XcodeGen's `include:` takes any file name) stopped every search at the part.
    /// When nothing else was found, the first one's error stops the load, as before.
    private static func passOver(_ projectSet: ProjectSet, _ inputs: inout RepositoryInputs) throws -> [LoadWarning] {
        guard let first = projectSet.unnamedSpecs.first else { return [] }
        if projectSet.projects.isEmpty, inputs.packages.isEmpty, inputs.workspaces.isEmpty {
            throw XcodeError.notAProject(file: first, problem: XcodeError.unnamedSpec)
        }
        let included = Set(projectSet.projects.flatMap(\.declarationFiles))
        var notes: [LoadWarning] = []
        for spec in projectSet.unnamedSpecs {
            if included.contains(spec) {
                inputs.passedOver.append("\(spec): an XcodeGen spec's part, which a spec loaded includes")
            } else {
                notes.append(
                    LoadWarning(
                        [
                            .path(spec),
                            .text(
                                ": not loaded: an XcodeGen spec that names no project (`name:`), and no spec the search found includes it"),
                        ], isNote: true))
            }
        }
        return notes
    }

    /// The local packages the projects refer to (a package reference's folder, or the folders an
    /// unnamed package product may come from), those left out by the exclusions, and a warning
    /// for each one that is not there.
    private static func localPackages(
        of projects: [XcodeProject], _ inputs: RepositoryInputs
    ) -> (locals: [String], excludedFolders: [String], warnings: [LoadWarning]) {
        var locals: [String] = []
        var warnings: [LoadWarning] = []
        var excludedFolders = inputs.excluded.filter {
            XcodePath.pathExtension($0) != "xcodeproj" && XcodePath.pathExtension($0) != "xcworkspace"
        }
        for project in projects {
            let usesUnnamedPackage = project.targets.contains { target in
                target.dependencies.contains { dependency in
                    if case let .packageProduct(product) = dependency.reference { return product.package == nil }
                    return false
                }
            }
            let folders =
                project.packageReferences.compactMap { reference -> String? in
                    if case let .local(path) = reference { return path }
                    return nil
                } + (usesUnnamedPackage ? project.localPackageCandidates : [])
            for folder in folders {
                let canonical = InputDiscovery.canonical(project.resolvedPath(folder))
                let path = canonical ?? Paths.lexical(project.resolvedPath(folder))
                if inputs.exclusions.excludes(path) {
                    if !excludedFolders.contains(path) { excludedFolders.append(path) }
                    continue
                }
                if let canonical, FileStatus.isRegularFile(canonical + "/Package.swift") {
                    if !locals.contains(canonical) { locals.append(canonical) }
                } else {
                    let relative = XcodePath.relative(path, from: inputs.root)
                    let state: MissingPackageFolder.State =
                        canonical.map {
                            Paths.isEmptyFolder($0)
                                ? InputDiscovery.missingState(of: relative, root: inputs.root, isEmpty: true) : .noManifest
                        } ?? InputDiscovery.missingState(of: relative, root: inputs.root)
                    let missing = MissingPackageFolder(
                        folder: Paths.lexical(project.resolvedPath(folder)), requiredBy: project.declarationFile, line: nil,
                        state: state)
                    warnings.append(
                        LoadWarning(
                            [
                                .path(project.declarationFile),
                                .text(": local package '\(folder)' \(missing.problem); its products are shown as external"),
                            ],
                            about: PackageIdentity(location: folder), subject: .missingLocalPackage(missing)))
                }
            }
        }
        return (locals, excludedFolders, warnings)
    }

    /// Where a Podfile may be: beside a project or workspace, or in a folder above a project up to the
    /// folder loaded (Swinject-Modular's root Podfile names `xcodeproj 'App/App.xcodeproj'` for each target).
    static func podfileFolders(_ inputs: RepositoryInputs, _ projects: [XcodeProject]) -> [String] {
        var podfileFolders = inputs.workspaces.map(XcodePath.parent)
        for project in projects {
            var folder = XcodePath.parent(project.path)
            for _ in 0..<InputDiscovery.maximumDepth {
                podfileFolders.append(folder)
                let parent = XcodePath.parent(folder)
                guard parent != folder, XcodePath.isSame(parent, orInside: inputs.base) else { break }
                folder = parent
            }
        }
        return podfileFolders
    }

    /// A warning for each folder the workspace lists that is not there, with the products shown as its.
    private static func missingFolderWarnings(_ inputs: RepositoryInputs, productsShown: [String: [String]]) -> [LoadWarning] {
        inputs.missingFolders.map { missing in
            let folder = MissingPackageFolder(
                folder: missing.folder, requiredBy: missing.requiredBy, line: missing.line, state: missing.state,
                products: productsShown[missing.folder] ?? [])
            return LoadWarning(
                [
                    .path(missing.requiredBy), .text(missing.line.map { ":\($0)" } ?? ""), .text(": local package '"),
                    .path(missing.folder), .text("' \(folder.problem)"),
                ], about: PackageIdentity(location: missing.folder), subject: .missingLocalPackage(folder))
        }
    }

    /// What the load left out: the inputs' exclusions, the local package folders they matched, and
    /// the local packages a manifest names that they matched.
    private static func excluded(_ inputs: RepositoryInputs, folders: [String], workspace: Workspace) -> [String] {
        var excluded = inputs.excluded
        for folder in folders where !excluded.contains(folder) { excluded.append(folder) }
        for package in workspace.packages.values.sorted(by: { $0.identity < $1.identity })
        where package.manifest == nil && package.origin == .local && inputs.exclusions.excludes(package.location)
            && !excluded.contains(package.location)
        {
            excluded.append(package.location)
        }
        return excluded
    }

    /// A warning about a project, its file kept apart as a path, so that it is shown as every
    /// other path is (relative to the current folder): the message starts with one of `files`.
    static func warning(_ message: String, naming files: [String]) -> LoadWarning {
        guard let file = files.filter({ message.hasPrefix($0) }).max(by: { $0.count < $1.count }) else { return LoadWarning(message) }
        return LoadWarning([.path(file), .text(String(message.dropFirst(file.count)))])
    }

    /// A dump-package JSON file, or standard input for `-`.
    private func loadDump(_ path: String) throws -> Workspace {
        if path == "-" {
            // One byte past the limit is enough for the decoder to refuse it.
            let data = (try? FileHandle.standardInput.read(upToCount: ManifestDecoding.maximumBytes + 1)) ?? Data()
            return try loader.load(dump: ManifestDecoding.decode(data, source: "<stdin>"), source: "<stdin>")
        }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw LoadError.unreadable(path: path, reason: "permission denied")
        }
        defer { try? file.close() }
        // A regular file is mapped rather than copied: a dump of 100,000 targets is 34 MB,
        // which read() copies into fresh memory in about 30 ms. The descriptor opened above
        // is the one mapped, so the file checked is the file read. Anything else (a pipe, a
        // device) is read; either way at most one byte past the decoder's limit, which it refuses.
        let data =
            Self.mapped(file.fileDescriptor, limit: ManifestDecoding.maximumBytes + 1)
            ?? (try? file.read(upToCount: ManifestDecoding.maximumBytes + 1)) ?? Data()
        return try loader.load(dump: ManifestDecoding.decode(data, source: path), source: path)
    }

    /// The first `limit` bytes of the regular file open at `descriptor`,
    /// mapped; `nil` for anything else, an empty file, or when it cannot be mapped.
    private static func mapped(_ descriptor: Int32, limit: Int) -> Data? {
        guard let status = FileStatus.of(descriptor: descriptor), status.kind == .regularFile, status.size > 0 else { return nil }
        let count = min(status.size, limit)
        guard let start = FileMapping.map(descriptor: descriptor, count: count) else { return nil }
        return Data(bytesNoCopy: start, count: count, deallocator: .unmap)
    }
}
