import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// Reads a Tuist `Project.swift` into the ``XcodeProject`` `tuist generate`
/// would write, without Tuist: the manifest is compiled with its helpers
/// against modgraph's own ProjectDescription and run (``ManifestCompiler``),
/// and what it prints becomes the model (``TuistProjectModel``).
///
/// What each manifest printed is cached, keyed by everything that decides it:
/// the manifest's text and place, every helper's, modgraph's ProjectDescription,
/// the toolchain, the host and the `TUIST_*` variables; a warm load compiles nothing.
///
/// One per load (it keeps the compiled libraries and a temporary folder until ``finish()``).
public final class TuistReader: Sendable {
    public let options: TuistOptions
    private let compiler: ManifestCompiler

    /// The most helper files read, and the most bytes of one file or of all of them.
    static let maximumHelpers = 2_000
    static let maximumFileBytes = 4 << 20
    static let maximumHelperBytes = 32 << 20
    /// Bumped when what is cached changes meaning.
    static let cacheVersion = "modgraph-tuist-1"

    public init(options: TuistOptions) {
        self.options = options
        self.compiler = ManifestCompiler(options: options)
    }

    /// Removes what the compiles left in the temporary folder.
    public func finish() {
        compiler.finish()
    }

    /// Whether `path` names a Tuist project manifest.
    public static func isManifest(_ path: String) -> Bool {
        XcodePath.lastComponent(path) == "Project.swift"
    }

    /// The project the manifest at `manifest` (absolute) declares.
    /// - Parameter root: the folder loaded: no file outside it is read.
    public func project(at manifest: String, root: String?) throws(XcodeError) -> XcodeProject {
        let folder = XcodePath.parent(manifest)
        let loaded = root ?? folder
        let disk = XcodeDisk(root: root)
        guard disk.isInside(manifest) else { throw .notFound(path: manifest) }
        let tuistRoot = Self.tuistRoot(above: folder, within: loaded, disk: disk)
        guard options.runsManifests else {
            throw .notAProject(
                file: manifest,
                problem: "a Tuist manifest, not read: reading one runs its code, which --no-run-manifests forbids")
        }
        guard let text = Self.read(manifest, in: loaded) else { throw .unreadable(path: manifest, reason: "it cannot be read inside the folder loaded") }
        let helpers = Self.imports(text, "ProjectDescriptionHelpers") ? try self.helpers(of: tuistRoot, in: loaded, disk: disk) : []
        let relativePath = XcodePath.relative(manifest, from: tuistRoot)
        let key = cacheKey(manifest: text, at: relativePath, helpers: helpers)
        var printed: Data?
        if let key, let folder = options.cacheFolder { printed = CacheEntry.read(Self.entry(key), in: folder) }
        if printed == nil {
            do throws(ManifestCompiler.Failure) {
                let output = try compiler.dump(manifest: text, at: relativePath, helpers: helpers, root: tuistRoot)
                guard let json = Self.lastDump(in: output) else {
                    throw ManifestCompiler.Failure(problem: "the manifest ran but printed no project (no `let project = Project(…)`?)")
                }
                printed = json
                if let key, let folder = options.cacheFolder { CacheEntry.write(json, named: Self.entry(key), in: folder) }
            } catch {
                throw .notAProject(file: manifest, problem: "a Tuist manifest that could not be read: " + error.problem)
            }
        }
        guard let printed else { throw .notAProject(file: manifest, problem: "a Tuist manifest that could not be read") }
        switch TuistDump.project(from: printed) {
        case let .success(project):
            let model = TuistProjectModel(manifest: manifest, tuistRoot: tuistRoot, disk: disk)
            return model.project(project)
        case let .failure(problem):
            throw .notAProject(file: manifest, problem: "a Tuist manifest: " + problem.message)
        }
    }

    // MARK: Files

    /// The nearest folder at or above `folder`, inside `root`, that holds `Tuist/` or `Tuist.swift`
    /// (where `.relativeToRoot` starts and the helpers are); `root` when there is none.
    static func tuistRoot(above folder: String, within root: String, disk: XcodeDisk) -> String {
        var current = folder
        for _ in 0..<256 where XcodePath.isSame(current, orInside: root) {
            if disk.isDirectory(current + "/Tuist") || disk.isRegularFile(current + "/Tuist.swift") { return current }
            let parent = XcodePath.parent(current)
            guard parent != current else { break }
            current = parent
        }
        return root
    }

    /// The bytes of the file at `path` (absolute, inside `root`), following no link below `root`.
    static func read(_ path: String, in root: String) -> [UInt8]? {
        ConfinedFiles.read(XcodePath.relative(path, from: root), in: root, limit: maximumFileBytes)
    }

    /// `Tuist/ProjectDescriptionHelpers/**/*.swift` of `tuistRoot`, in path order, each path relative to `tuistRoot`.
    func helpers(of tuistRoot: String, in root: String, disk: XcodeDisk) throws(XcodeError) -> [(path: String, text: [UInt8])] {
        let top = tuistRoot + "/Tuist/ProjectDescriptionHelpers"
        var files: [String] = []
        var level = [top]
        for _ in 0..<32 where !level.isEmpty {
            var next: [String] = []
            for folder in level {
                next += disk.subfolders(of: folder).map { folder + "/" + $0 }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                for name in names.sorted() where name.hasSuffix(".swift") && !name.hasPrefix(".") {
                    files.append(folder + "/" + name)
                }
                guard files.count <= Self.maximumHelpers else {
                    throw .unreadable(path: top, reason: "more than \(Self.maximumHelpers) helper files")
                }
            }
            level = next.sorted()
        }
        var helpers: [(path: String, text: [UInt8])] = []
        var total = 0
        for file in files.sorted() {
            guard let text = Self.read(file, in: root) else { continue }
            total += text.count
            guard total <= Self.maximumHelperBytes else { throw .unreadable(path: top, reason: "more than \(Self.maximumHelperBytes) bytes of helpers") }
            helpers.append((XcodePath.relative(file, from: tuistRoot), text))
        }
        return helpers
    }

    static func imports(_ text: [UInt8], _ module: String) -> Bool {
        String(decoding: text, as: UTF8.self).contains("import \(module)")
    }

    // MARK: Output and cache

    /// The JSON between the last `TUIST_MANIFEST_START` and the `TUIST_MANIFEST_END` after it.
    static func lastDump(in output: Data) -> Data? {
        let start = Data("TUIST_MANIFEST_START\n".utf8)
        let end = Data("\nTUIST_MANIFEST_END".utf8)
        guard let opening = output.range(of: start, options: .backwards),
            let closing = output.range(of: end, in: opening.upperBound..<output.endIndex)
        else { return nil }
        return output.subdata(in: opening.upperBound..<closing.lowerBound)
    }

    func cacheKey(manifest: [UInt8], at relativePath: String, helpers: [(path: String, text: [UInt8])]) -> String? {
        guard options.cacheFolder != nil, let toolchain = options.toolchainVersion() else { return nil }
        var hasher = SHA256()
        func add(_ bytes: some Collection<UInt8>) {
            hasher.update(Array("\(bytes.count):".utf8))
            hasher.update(bytes)
        }
        add(Array(Self.cacheVersion.utf8))
        add(Array(ProjectDescriptionSource.digest.utf8))
        add(Array(toolchain.utf8))
        add(Array(HostDescription.current.utf8))
        for (name, value) in options.manifestEnvironment.sorted(by: { $0.key < $1.key }) where name != "PATH" {
            add(Array(name.utf8))
            add(Array(value.utf8))
        }
        add(Array(relativePath.utf8))
        add(manifest)
        for helper in helpers {
            add(Array(helper.path.utf8))
            add(helper.text)
        }
        return hasher.finalizeHex()
    }

    static func entry(_ key: String) -> String {
        "tuist/\(key.prefix(2))/\(key).json"
    }
}
