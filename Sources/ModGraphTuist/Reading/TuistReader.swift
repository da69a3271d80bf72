import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphSystem
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

    /// Each Tuist root's helpers and plugins, read once per load.
    private let sources = Locked<[String: Result<TuistSources, XcodeError>]>([:])
    /// Each Tuist root's helpers and plugins parsed for the static evaluator, once per load.
    private let parsed = Locked<[String: ParsedSources]>([:])
    private let record = Locked(TuistVerification())

    /// How the manifests read so far were answered, and with `--verify-manifests` what differed.
    public var verification: TuistVerification { record.withLock { $0 } }
    /// Bumped when what is cached changes meaning.
    static let cacheVersion = "modgraph-tuist-1"
    /// Bumped when the evaluator's answers change meaning.
    static let staticCacheVersion = "modgraph-tuist-static-2"

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
        guard let text = ConfinedRead.file(manifest, in: loaded, limit: TuistSources.maximumFileBytes) else {
            throw .unreadable(path: manifest, reason: "it cannot be read inside the folder loaded")
        }
        let place = try placed(manifest, text: text, loaded: loaded, disk: disk)
        let (tuistRoot, read, sources) = (place.tuistRoot, place.read, place.sources)
        let evaluated =
            options.evaluatesStatically ? evaluateCached(text, at: manifest, read: read, sources: sources, tuistRoot: tuistRoot) : nil
        if case let .success(project)? = evaluated, !options.verifiesManifests {
            record.withLock {
                $0.manifests += 1
                $0.evaluated += 1
            }
            return place.project(project, text: text)
        }
        guard options.runsManifests else {
            let reason =
                evaluated.flatMap { if case let .failure(fallback) = $0 { fallback.reason } else { nil } } ?? "static evaluation is off"
            throw .notAProject(
                file: manifest,
                problem: "a Tuist manifest modgraph could not evaluate without running it (\(sources.explaining(reason))), "
                    + "and --no-run-manifests forbids running it")
        }
        let project = try compiled(text, at: manifest, sources: sources, tuistRoot: tuistRoot)
        record.withLock { verification in
            verification.manifests += 1
            guard options.verifiesManifests else { return }
            switch evaluated {
            case let .success(mine)?:
                verification.evaluated += 1
                verification.outcomes.append("evaluated: \(manifest)")
                verification.differences += TuistVerification.differences(mine, project, tuistRoot: tuistRoot).map { "\(manifest): \($0)" }
            case let .failure(fallback)?:
                verification.outcomes.append("fell back: \(manifest): \(fallback.reason)")
            case nil:
                verification.outcomes.append("fell back: \(manifest): static evaluation is off")
            }
        }
        return place.project(project, text: text)
    }

    /// Where one manifest is read: its Tuist root, every helper and plugin of that root, and those the manifest
    /// compiles with (the helper module only when it imports it).
    private struct Place {
        let manifest: String
        let tuistRoot: String
        let disk: XcodeDisk
        let read: TuistSources
        let sources: TuistSources

        /// The Xcode project `dump`, the manifest's project, makes; findings point into `text`, and the files it
        /// compiled with are part of it.
        func project(_ dump: TuistDump.Project, text: [UInt8]) -> XcodeProject {
            var model = TuistProjectModel(manifest: manifest, tuistRoot: tuistRoot, disk: disk)
            model.lines = ManifestLines(text: String(decoding: text, as: UTF8.self))
            let files = (sources.helpers + sources.plugins.flatMap(\.files)).map { XcodePath.join(tuistRoot, $0.path) }
            return model.project(dump, compiledWith: files)
        }
    }

    /// The place of `manifest`, whose text is `text`, in the folder `loaded`.
    private func placed(_ manifest: String, text: [UInt8], loaded: String, disk: XcodeDisk) throws(XcodeError) -> Place {
        let tuistRoot = Self.tuistRoot(above: XcodePath.parent(manifest), within: loaded, disk: disk)
        let read = try sources(of: tuistRoot, in: loaded, disk: disk)
        let sources = Self.imports(text, "ProjectDescriptionHelpers") ? read : read.withoutHelpers()
        return Place(manifest: manifest, tuistRoot: tuistRoot, disk: disk, read: read, sources: sources)
    }

    /// The helpers and plugins of the Tuist root `tuistRoot`, read once per reader.
    private func sources(of tuistRoot: String, in loaded: String, disk: XcodeDisk) throws(XcodeError) -> TuistSources {
        try self.sources.withLock { known throws(XcodeError) -> TuistSources in
            if let read = known[tuistRoot] { return try read.get() }
            let read = Result { () throws(XcodeError) -> TuistSources in try TuistSources(of: tuistRoot, in: loaded, disk: disk) }
            known[tuistRoot] = read
            return try read.get()
        }
    }

    /// The project `text` would declare as the manifest at `manifest` (absolute), evaluated from its text alone:
    /// never compiled, never cached, not counted in ``verification``. What `fix` checks an edit of a manifest by
    /// (it must change what was asked and nothing else); nil when the text cannot be evaluated.
    /// - Parameter root: the folder loaded: no file outside it is read.
    public func evaluatedProject(_ text: String, at manifest: String, root: String?) -> XcodeProject? {
        let disk = XcodeDisk(root: root)
        let bytes = Array(text.utf8)
        guard disk.isInside(manifest), bytes.count <= TuistSources.maximumFileBytes,
            let place = try? placed(manifest, text: bytes, loaded: root ?? XcodePath.parent(manifest), disk: disk),
            case let .success(project) = evaluate(bytes, at: manifest, sources: place.read, tuistRoot: place.tuistRoot)
        else { return nil }
        return place.project(project, text: bytes)
    }

    /// The project the manifest declares, as the compiled manifest prints it (from the cache when it was printed before).
    private func compiled(_ text: [UInt8], at manifest: String, sources: TuistSources, tuistRoot: String) throws(XcodeError)
        -> TuistDump.Project
    {
        let relativePath = XcodePath.relative(manifest, from: tuistRoot)
        let key = cacheKey(manifest: text, at: relativePath, sources: sources)
        var printed: Data?
        if let key, let folder = options.cacheFolder { printed = CacheEntry.read(Self.entry(key), in: folder) }
        if printed != nil {
            record.withLock { $0.cached += 1 }
        } else {
            do throws(ManifestCompiler.Failure) {
                let output = try compiler.dump(manifest: text, at: relativePath, sources: sources, root: tuistRoot)
                guard let json = Self.lastDump(in: output) else {
                    throw ManifestCompiler.Failure(problem: "the manifest ran but printed no project (no `let project = Project(…)`?)")
                }
                printed = json
                record.withLock { $0.compiled += 1 }
                if let key, let folder = options.cacheFolder { CacheEntry.write(json, named: Self.entry(key), in: folder) }
            } catch {
                throw .notAProject(file: manifest, problem: "a Tuist manifest that could not be read: " + sources.explaining(error.problem))
            }
        }
        guard let printed else { throw .notAProject(file: manifest, problem: "a Tuist manifest that could not be read") }
        switch TuistDump.project(from: printed) {
        case let .success(project): return project
        case let .failure(problem): throw .notAProject(file: manifest, problem: "a Tuist manifest: " + problem.message)
        }
    }

    /// The project evaluated statically, from the cache when it was evaluated before: keyed by everything the
    /// evaluation reads (the manifest's text and place, its helpers' and plugins' digests, the environment,
    /// modgraph's ProjectDescription, the evaluator's version). A fallback is not kept: it is compiled, and
    /// the compiled answer is kept under its own key.
    private func evaluateCached(_ text: [UInt8], at manifest: String, read: TuistSources, sources: TuistSources, tuistRoot: String)
        -> Result<TuistDump.Project, StaticFallback>
    {
        var parts = [Self.staticCacheVersion, ProjectDescriptionSource.digest, tuistRoot, manifest, SHA256.hex(text)]
        parts += [sources.helpersDigest, sources.pluginsDigest]
        for (name, value) in options.manifestEnvironment.sorted(by: { $0.key < $1.key }) { parts += [name, value] }
        let key = SHA256.hex(Array(parts.joined(separator: "\u{0}").utf8))
        let entry = "tuist-static/\(key.prefix(2))/\(key).json"
        if let folder = options.cacheFolder, let data = CacheEntry.read(entry, in: folder),
            case let .success(project) = TuistDump.project(from: data)
        {
            record.withLock { $0.cached += 1 }
            return .success(project)
        }
        let result = evaluate(text, at: manifest, sources: read, tuistRoot: tuistRoot)
        if case let .success(project) = result, let folder = options.cacheFolder, let json = project.json() {
            CacheEntry.write(json, named: entry, in: folder)
        }
        return result
    }

    /// The project evaluated statically from the manifest's text and the helpers it imports, or why not.
    private func evaluate(_ text: [UInt8], at manifest: String, sources: TuistSources, tuistRoot: String)
        -> Result<TuistDump.Project, StaticFallback>
    {
        let shared = parsed.withLock { known -> ParsedSources in
            if let found = known[tuistRoot] { return found }
            let made = ParsedSources(sources, tuistRoot: tuistRoot)
            known[tuistRoot] = made
            return made
        }
        switch TuistStaticEvaluator.parse(text, path: manifest) {
        case let .success(file):
            switch shared.outcome {
            case let .success((helpers, plugins)):
                return TuistStaticEvaluator.project(
                    manifest: file, helpers: helpers, plugins: plugins, environment: options.manifestEnvironment)
            case let .failure(fallback): return .failure(fallback)
            }
        case let .failure(fallback):
            return .failure(fallback)
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

    /// The key of the manifest's printed project: what the compiled code is made of (the manifest, its
    /// helpers and plugins by their digests, modgraph's ProjectDescription) and the environment it runs in.
    func cacheKey(manifest: [UInt8], at relativePath: String, sources: TuistSources) -> String? {
        var parts = [Self.cacheVersion, ProjectDescriptionSource.digest]
        for (name, value) in options.manifestEnvironment.sorted(by: { $0.key < $1.key }) where name != "PATH" { parts += [name, value] }
        parts += [relativePath, SHA256.hex(manifest), sources.helpersDigest, sources.pluginsDigest]
        return compiler.cacheKey(parts)
    }

    static func entry(_ key: String) -> String {
        "tuist/\(key.prefix(2))/\(key).json"
    }
}

/// A Tuist root's helpers and plugins, parsed once for the static evaluator: the helper module's
/// files and each plugin's by its module name, or the first file that does not parse.
struct ParsedSources: Sendable {
    let outcome: Result<([TuistStaticEvaluator.ParsedFile], [String: [TuistStaticEvaluator.ParsedFile]]), StaticFallback>

    init(_ sources: TuistSources, tuistRoot: String) {
        func parse(_ files: [TuistSources.File]) throws(StaticFallback) -> [TuistStaticEvaluator.ParsedFile] {
            try files.map { file throws(StaticFallback) in
                try TuistStaticEvaluator.parse(file.text, path: XcodePath.join(tuistRoot, file.path)).get()
            }
        }
        do throws(StaticFallback) {
            let helpers = try parse(sources.helpers)
            var plugins: [String: [TuistStaticEvaluator.ParsedFile]] = [:]
            for plugin in sources.plugins { plugins[plugin.name] = try parse(plugin.files) }
            outcome = .success((helpers, plugins))
        } catch {
            outcome = .failure(error)
        }
    }
}
