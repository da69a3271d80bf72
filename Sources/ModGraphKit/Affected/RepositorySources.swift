import Foundation
import ModGraphChanges
import ModGraphCore
import ModGraphManifest
import ModGraphSystem

/// What ``ChangeJudge`` reads, from git and the disk: files at the base
/// (`git cat-file`) and in the working tree, and the base's manifests, read
/// through the same manifest sources as the head's (the dump cache and the
/// evaluator), in a private copy standing for the repository's top folder.
final class RepositorySources: ChangeSources {
    let git: GitRepository?
    /// The merge base, when the change came from git.
    let base: String?
    let topLevel: String
    let load: LoadRequest

    /// The copy of the top folder the base's manifests are written into, made on first use.
    private var copy: Copy?

    private struct Copy {
        let folder: PrivateFolder
        /// The top folder's name in the copy.
        let name: String
        /// The copy of the top folder, canonical.
        let top: String
        let provider: any ManifestProvider
    }

    /// The most bytes read from a file of the working tree.
    static let maximumFileSize = 64 << 20

    init(git: GitRepository?, base: String?, topLevel: String, load: LoadRequest) {
        self.git = git
        self.base = base
        self.topLevel = topLevel
        self.load = load
    }

    var hasBase: Bool { git != nil && base != nil }

    /// Submodules whose changes were asked for: their repository and the commit the base pointed at.
    private var submodules: [String: (repository: GitRepository, base: String)] = [:]

    /// The repository holding `path` (relative to the top folder) at the base, that commit, and the path within it.
    private func atBase(_ path: String) -> (repository: GitRepository, commit: String, path: String)? {
        for (folder, submodule) in submodules where path == folder || path.hasPrefix(folder + "/") {
            return (submodule.repository, submodule.base, path == folder ? "" : String(path.dropFirst(folder.count + 1)))
        }
        guard let git, let base else { return nil }
        return (git, base, path)
    }

    func baseContent(of path: String) -> Data? {
        guard let place = atBase(path) else { return nil }
        return place.repository.content(of: place.path, at: place.commit)
    }

    func submoduleChanges(at path: String, from: String, to: String?) -> ChangeSet? {
        guard let repository = git?.submodule(at: path), repository.has(from), to.map(repository.has) ?? true,
            let inside = try? repository.changes(from: from, to: to)
        else { return nil }
        submodules[path] = (repository, from)
        return ChangeSet(
            files: inside.files.map { file in
                let status: ChangedFile.Status
                if case let .renamed(old) = file.status { status = .renamed(from: path + "/" + old) } else { status = file.status }
                return ChangedFile(path: path + "/" + file.path, status: status)
            })
    }

    /// Read below the top folder without following a link on the way or opening anything but a
    /// regular file: a pull request's `Config.xcconfig -> /etc/passwd`, or a FIFO that would block
    /// the read, is not there.
    func headContent(of path: String) -> Data? {
        ConfinedFiles.read(path, in: topLevel, limit: Self.maximumFileSize).map { Data($0) }
    }

    func entries(ofFolder folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    func baseManifest(ofPackageAt directory: String) -> BaseManifest {
        guard hasBase else { return .noBase }
        guard let relative = ChangeJudge.relative(directory, to: topLevel) else {
            return .unreadable("its folder is outside the repository")
        }
        let folder = relative == "." ? "" : relative
        guard let place = atBase(folder), let names = place.repository.entries(of: place.path, at: place.commit) else { return .missing }
        let manifests = names.filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")) }
        guard manifests.contains("Package.swift") else { return .missing }
        do {
            let copy = try self.copyOfTop()
            let packageFolder = folder.isEmpty ? copy.top : copy.top + "/" + folder
            for name in manifests {
                let path = folder.isEmpty ? name : folder + "/" + name
                guard let data = baseContent(of: path) else { return .unreadable("git could not read \(path)") }
                try copy.folder.write(data, at: copy.name + "/" + path)
            }
            let manifest = try copy.provider.manifest(forPackageAt: packageFolder)
            return .manifest(manifest.relocated(from: copy.top, to: topLevel))
        } catch let error as LoadError {
            return .unreadable(error.description)
        } catch {
            return .unreadable("\(error)")
        }
    }

    /// The private copy of the top folder, named like it (a `path:` dependency
    /// on it takes its identity from its name), and the manifest sources that
    /// read it as the top folder itself.
    private func copyOfTop() throws -> Copy {
        if let copy { return copy }
        let folder = try PrivateFolder()
        let last = (topLevel as NSString).lastPathComponent
        let name = last.isEmpty || last == "/" ? "repository" : last
        let top = folder.path + "/" + name
        do {
            try FileManager.default.createDirectory(atPath: top, withIntermediateDirectories: false)
        } catch {
            throw CommandError("cannot create a folder for the base's manifests in \(folder.path)")
        }
        let canonicalTop = Paths.canonical(top) ?? top
        var request = load
        request.relocation = Relocation(copy: canonicalTop, original: topLevel)
        var warnings: [String] = []
        let provider = GraphLoader.manifestSources(request, dumpingWith: GraphLoader.dumpRunner(request), warnings: &warnings).provider
        let made = Copy(folder: folder, name: name, top: canonicalTop, provider: provider)
        copy = made
        return made
    }
}
