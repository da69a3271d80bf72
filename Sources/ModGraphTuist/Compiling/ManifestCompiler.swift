import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphSystem

/// Compiles Tuist manifests with `swiftc` against modgraph's own
/// ProjectDescription (``ProjectDescriptionSource``) and the repository's
/// `Tuist/ProjectDescriptionHelpers`, runs them, and returns what they print:
/// the JSON `tuist dump` prints.
///
/// Running a manifest runs the pull request's code, as `dump-package` does, so
/// it gets the same bounds: argv only (never a shell), a deadline and an
/// address-space limit on every process (killed with its session), output
/// bounded, a private temporary folder, and an environment of `PATH` and the
/// `TUIST_*` variables manifests read through `Environment` only, so no secret
/// of the caller's environment reaches it. The sources compiled are copies,
/// read through ``ConfinedFiles`` inside the folder loaded, so a link in the
/// checkout cannot make the compiler read elsewhere.
///
/// One per load: the library and each set of helpers are compiled once, then
/// shared by every manifest (a class, its state behind a lock).
final class ManifestCompiler: @unchecked Sendable {
    struct Failure: Error, Equatable {
        let problem: String
    }

    let options: TuistOptions
    /// Made at first use, removed by ``finish()``.
    private let state = Locked(State())

    private struct State {
        var folder: String?
        var library: Result<String, Failure>?
        /// The helpers' library folder (nil: no helpers) by the Tuist root they belong to.
        var helpers: [String: Result<String?, Failure>] = [:]
        /// The compiled local plugins by the Tuist root they belong to.
        var plugins: [String: [(name: String, folder: String)]] = [:]
        var manifests = 0
    }

    init(options: TuistOptions) {
        self.options = options
    }

    deinit {
        finish()
    }

    /// Removes the temporary folder.
    func finish() {
        state.withLock { state in
            if let folder = state.folder { ChildProcesses.shared.removeTemporaryFolder(folder) }
            state.folder = nil
            state.library = nil
            state.helpers = [:]
            state.plugins = [:]
        }
    }

    /// Compiles and runs the manifest `text` (at `relativePath` below the Tuist root), with the helpers
    /// `helpers` (path below the root, text) when it imports them; returns its standard output.
    func dump(manifest text: [UInt8], at relativePath: String, sources: TuistSources, root: String) throws(Failure) -> Data {
        let library = try compiledLibrary()
        let plugins = try compiledPlugins(sources.plugins, root: root, library: library)
        let helperLibrary = try compiledHelpers(sources, root: root, imports: [library] + plugins.map(\.folder))
        let (folder, index) = try state.withLock { state throws(Failure) in
            state.manifests += 1
            return (try temporaryFolder(locked: &state), state.manifests)
        }
        let copy = folder + "/src/" + relativePath
        try write(text, to: copy)
        let executable = folder + "/bin/manifest-\(index)"
        // Static libraries, so each before the ones it uses: the linker reads them once, in order.
        var arguments = ["-swift-version", "5", "-suppress-warnings"]
        if let helperLibrary { arguments += ["-I", helperLibrary, "-L", helperLibrary, "-lProjectDescriptionHelpers"] }
        for plugin in plugins { arguments += ["-I", plugin.folder, "-L", plugin.folder, "-l" + plugin.name] }
        arguments += ["-I", library, "-L", library, "-lProjectDescription"]
        arguments += [copy, "-o", executable]
        try makeFolder(folder + "/bin")
        try compile(arguments, what: relativePath, folder: folder)
        let result = try run(executable, ["--tuist-dump"], what: relativePath, folder: folder)
        guard result.status.isSuccess else {
            let lines = CompilerDiagnostics.lines(from: result.standardError).map { Self.unmapped($0, folder: folder) }
            throw Failure(problem: "the manifest stopped with status \(result.status.code)" + Self.joined(lines))
        }
        return result.standardOutput
    }

    // MARK: Libraries

    /// The folder holding modgraph's ProjectDescription, compiled once (and kept in the cache: it takes
    /// about 20 s, and depends only on modgraph's version and the toolchain).
    private func compiledLibrary() throws(Failure) -> String {
        try state.withLock { state throws(Failure) -> String in
            if let library = state.library { return try library.get() }
            let outcome = Result { () throws(Failure) -> String in
                let folder = try temporaryFolder(locked: &state)
                let sources = ProjectDescriptionSource.files.map { (path: "pd/" + $0.name, text: $0.text) }
                return try library(
                    "ProjectDescription", from: sources, key: cacheKey(["ProjectDescription", ProjectDescriptionSource.digest]),
                    imports: [], in: folder, output: folder + "/lib", what: "modgraph's ProjectDescription")
            }
            state.library = outcome
            return try outcome.get()
        }
    }

    /// The root's local plugins, each a module of its name, compiled once; a plugin that does not compile
    /// is left out (a manifest that imports it then says the module is missing, with the plugin's error before).
    private func compiledPlugins(_ plugins: [TuistSources.Plugin], root: String, library: String) throws(Failure) -> [(
        name: String, folder: String
    )] {
        guard !plugins.isEmpty else { return [] }
        return try state.withLock { state throws(Failure) -> [(name: String, folder: String)] in
            if let known = state.plugins[root] { return known }
            let folder = try temporaryFolder(locked: &state)
            var made: [(name: String, folder: String)] = []
            for (index, plugin) in plugins.enumerated() {
                let parts = ["plugin", ProjectDescriptionSource.digest, plugin.digest]
                let output = try? self.library(
                    plugin.name, from: plugin.files.map { (path: "src/" + $0.path, text: $0.text) }, key: cacheKey(parts),
                    imports: [library], in: folder, output: folder + "/plugin-\(state.plugins.count)-\(index)",
                    what: "plugin " + plugin.name)
                if let output { made.append((plugin.name, output)) }
            }
            state.plugins[root] = made
            return made
        }
    }

    /// The folder holding the root's `ProjectDescriptionHelpers`, compiled once; nil when it has none.
    /// Its cache key holds the plugins' digest too: the helpers may import them.
    private func compiledHelpers(_ sources: TuistSources, root: String, imports: [String]) throws(Failure) -> String? {
        let helpers = sources.helpers
        guard !helpers.isEmpty else { return nil }
        return try state.withLock { state throws(Failure) -> String? in
            if let known = state.helpers[root] { return try known.get() }
            let outcome = Result { () throws(Failure) -> String? in
                let folder = try temporaryFolder(locked: &state)
                let parts = ["ProjectDescriptionHelpers", ProjectDescriptionSource.digest, sources.pluginsDigest, sources.helpersDigest]
                return try self.library(
                    "ProjectDescriptionHelpers", from: helpers.map { (path: "src/" + $0.path, text: $0.text) }, key: cacheKey(parts),
                    imports: imports, in: folder, output: folder + "/helpers-\(state.helpers.count)",
                    what: "Tuist/ProjectDescriptionHelpers")
            }
            state.helpers[root] = outcome
            return try outcome.get()
        }
    }

    /// The static library and module of `module`, made from `sources` (written below `folder`) into `output`:
    /// from the cache when an entry of `key` is there (checked, as every entry is), else compiled and kept there.
    private func library(
        _ module: String, from sources: [(path: String, text: [UInt8])], key: String?, imports: [String], in folder: String,
        output: String, what: String
    ) throws(Failure) -> String {
        try makeFolder(output)
        let made = [Self.staticLibrary(module), module + ".swiftmodule"]
        if let key, let cache = options.cacheFolder {
            let cached = made.compactMap { CacheEntry.read("tuist/lib/\(key)/\($0)", in: cache) }
            if cached.count == made.count {
                for (name, data) in zip(made, cached) { try write([UInt8](data), to: output + "/" + name) }
                return output
            }
        }
        var files: [String] = []
        for source in sources {
            let file = folder + "/" + source.path
            try write(source.text, to: file)
            files.append(file)
        }
        var arguments = ["-swift-version", "5", "-suppress-warnings", "-parse-as-library", "-wmo", "-module-name", module]
        for path in imports { arguments += ["-I", path] }
        arguments += [
            "-emit-module", "-emit-module-path", output + "/" + made[1], "-static", "-emit-library", "-o", output + "/" + made[0],
        ]
        try compile(arguments + files, what: what, folder: folder)
        if let key, let cache = options.cacheFolder {
            for name in made {
                guard let data = FileManager.default.contents(atPath: output + "/" + name) else { continue }
                CacheEntry.write(data, named: "tuist/lib/\(key)/\(name)", in: cache)
            }
        }
        return output
    }

    /// A cache key of `parts`, the toolchain and the host; nil when nothing is cached. The one rule for
    /// every key of the feature: libraries' and manifests' (``TuistReader``).
    func cacheKey(_ parts: [String]) -> String? {
        guard options.cacheFolder != nil, let toolchain = options.toolchainVersion() else { return nil }
        var hasher = SHA256()
        for part in parts + [toolchain, HostDescription.current] { hasher.update(Array("\(part.utf8.count):\(part)".utf8)) }
        return hasher.finalizeHex()
    }

    static func staticLibrary(_ module: String) -> String {
        "lib\(module).a"
    }

    // MARK: Processes

    /// Runs the compiler; `folder` is the private temporary folder (passed, not looked up: callers may hold the lock).
    private func compile(_ arguments: [String], what: String, folder: String) throws(Failure) {
        let result = try run(
            options.swiftExecutable, ["--driver-mode=swiftc", "-module-cache-path", folder + "/module-cache"] + arguments, what: what,
            folder: folder)
        guard result.status.isSuccess else {
            let lines = CompilerDiagnostics.lines(from: result.standardError).map { Self.unmapped($0, folder: folder) }
            throw Failure(problem: "\(what) did not compile" + Self.joined(lines))
        }
    }

    private func run(_ executable: String, _ arguments: [String], what: String, folder: String) throws(Failure) -> ProcessRunner.Result {
        var environment = options.manifestEnvironment
        environment["TMPDIR"] = folder
        environment["HOME"] = folder
        // Sets and dictionaries in the same order on every run: the JSON printed is then the same bytes.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        do {
            return try ProcessRunner(timeout: options.timeout, memoryLimit: options.memoryLimit).run(
                executable, arguments, environment: environment,
                output: .capture(limit: TuistOptions.maximumOutput, errorHead: CompilerDiagnostics.headBytes))
        } catch {
            switch error {
            case .notFound: throw Failure(problem: "`\(executable)` was not found; Tuist manifests are read by compiling them with Swift")
            case let .cannotStart(_, reason): throw Failure(problem: "`\(executable)` could not start (\(reason))")
            case let .timedOut(limit): throw Failure(problem: "\(what) took longer than \(limit.components.seconds) s and was stopped")
            case let .outputTooLarge(limit): throw Failure(problem: "\(what) printed more than \(limit) bytes and was stopped")
            }
        }
    }

    /// A diagnostic line with the copies' folder named as the repository's files.
    private static func unmapped(_ line: String, folder: String) -> String {
        line.replacingOccurrences(of: folder + "/src/", with: "")
    }

    /// The compiler's first errors, on one line (a finding's message is one line): what a user acts on.
    private static func joined(_ lines: [String]) -> String {
        // The diagnostics' own lines (`file:line:column: error: …`), not the source excerpts drawn under them.
        let errors = lines.filter { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            return (text.hasPrefix("error:") || text.contains(": error: ")) && !text.hasPrefix("|")
                && !text.contains("command failed with exit code")
        }.prefix(3)
        return errors.isEmpty ? "" : ": " + errors.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
    }

    // MARK: Files

    private func temporaryFolder(locked state: inout State) throws(Failure) -> String {
        if let folder = state.folder { return folder }
        guard let folder = ChildProcesses.shared.makeTemporaryFolder(in: options.temporaryBase, prefix: "modgraph-tuist") else {
            throw Failure(problem: "no private temporary folder could be made in \(options.temporaryBase)")
        }
        state.folder = folder
        return folder
    }

    /// Writes a new file in the private folder (no link is followed: the folder is modgraph's own).
    private func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        try makeFolder((path as NSString).deletingLastPathComponent)
        do {
            try FileCreation.write(bytes, toNew: path, permissions: [.ownerRead, .ownerWrite])
        } catch {
            throw Failure(problem: "\(path) could not be written (\(error))")
        }
    }

    private func makeFolder(_ path: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(problem: "\(path) could not be made (\(error.localizedDescription))")
        }
    }
}
