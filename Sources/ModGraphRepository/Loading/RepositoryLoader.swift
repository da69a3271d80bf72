import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// Loads what ``InputDiscovery`` found into one ``Repository``: the Xcode
/// projects (and those they point into), the packages given or found, the
/// local packages the projects use, and everything those packages depend
/// on, each once; then one graph of all of it.
public struct RepositoryLoader: Sendable {
    public let loader: WorkspaceLoader

    public init(loader: WorkspaceLoader) {
        self.loader = loader
    }

    /// The packages given or found and the projects' local packages; an identity clash
    /// in what a search found says how to load less.
    private func loadPackages(_ inputs: RepositoryInputs, locals: [String]) throws -> Workspace {
        do {
            return try loader.load(roots: inputs.packages, locals: locals, base: inputs.base)
        } catch {
            guard inputs.wasDiscovered, case let .identityClash(identity, first, second) = error else { throw error }
            let example = (inputs.workspaces.first ?? inputs.projects.first).map { Paths.relative($0, from: inputs.base) }
            throw RepositoryError.identityClashInSearch(identity: identity, first: first, second: second, example: example)
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
        let projectSet = try ProjectSet(loading: inputs.projects, root: inputs.root, runner: loader.runner)
        var warnings = (inputs.warnings + projectSet.warnings).map { LoadWarning($0) }
        var locals: [String] = []
        for project in projectSet.projects {
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
                if let canonical = InputDiscovery.canonical(project.resolvedPath(folder)),
                    InputDiscovery.isRegularFile(canonical + "/Package.swift")
                {
                    if !locals.contains(canonical) { locals.append(canonical) }
                } else {
                    warnings.append(
                        LoadWarning(
                            [
                                .path(project.path + "/project.pbxproj"),
                                .text(": local package '\(folder)' not found; its products are shown as external"),
                            ],
                            about: PackageIdentity(location: folder)))
                }
            }
        }
        let workspace: Workspace
        if inputs.packages.isEmpty && locals.isEmpty {
            workspace = Workspace(roots: [], locals: [], rootDirectory: inputs.base, packages: [:], warnings: [])
        } else {
            workspace = try loadPackages(inputs, locals: locals.filter { !inputs.packages.contains($0) })
        }
        let xcode = XcodeGraphBuilder(projects: projectSet.projects, workspace: workspace, base: inputs.base).build()
        var graphWarnings: [LoadWarning] = []
        let graph = try builder.build(workspace, adding: xcode.parts, warnings: &graphWarnings)
        var files = workspace.targetFiles(for: graph)
        for (target, described) in xcode.files { files[target] = described }
        var seen = Set<LoadWarning>()
        let all = (warnings + workspace.warnings + graphWarnings + xcode.warnings.map { LoadWarning($0) }).filter {
            seen.insert($0).inserted
        }
        return Repository(
            inputs: inputs, workspace: workspace, projects: projectSet.projects, graph: graph,
            targetFiles: files, warnings: all)
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
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else { return nil }
        let count = min(Int(status.st_size), limit)
        guard let start = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else { return nil }
        return Data(bytesNoCopy: start, count: count, deallocator: .unmap)
    }
}
