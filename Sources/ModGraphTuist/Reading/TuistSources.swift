import Foundation
import ModGraphCore
import ModGraphSystem
import ModGraphXcode

/// The Swift a Tuist root's manifests compile with besides their own text: the helper module
/// (`Tuist/ProjectDescriptionHelpers`) and each local plugin's (a folder holding a `Plugin.swift`
/// that names it, and its own `ProjectDescriptionHelpers`), every file read inside the folder loaded.
///
/// Plugins are found by their folders rather than by evaluating `Tuist/Config.swift` (which is code
/// too): a local plugin is a folder of the repository, and a plugin no manifest imports costs only
/// its compile. Remote plugins (a git URL in the config) are not fetched: a manifest that imports
/// one does not compile, and says which module is missing.
struct TuistSources: Sendable {
    struct File: Sendable {
        /// Relative to the Tuist root.
        let path: String
        let text: [UInt8]
    }

    struct Plugin: Sendable {
        /// The module name `Plugin(name:)` gives it.
        let name: String
        let files: [File]
        /// The SHA-256 of its name and files, computed once: part of the keys of its library and of every manifest.
        let digest: String
    }

    private(set) var helpers: [File] = []
    private(set) var plugins: [Plugin] = []
    /// The git URLs of the plugins `Tuist/Config.swift` (or Tuist 4's `Tuist.swift`) fetches (`.git(url: "…")`):
    /// `tuist install` downloads them outside the repository, which modgraph does not read. Said when a manifest
    /// imports a module nothing here provides (woin2ee/MyAlarm's `ExternalDependencyPlugin`).
    private(set) var remotePlugins: [String] = []
    /// The SHA-256 of ``helpers`` (paths and texts) and of every plugin's ``Plugin/digest``, each computed
    /// once when the files are read: a root's hundred manifests share them instead of hashing the files again.
    private(set) var helpersDigest = TuistSources.digest(of: [])
    private(set) var pluginsDigest = SHA256.hex([UInt8]())

    /// The most helper files read, the most bytes of one file and of all of them, and the most plugins.
    static let maximumFiles = 2_000
    static let maximumFileBytes = 4 << 20
    static let maximumBytes = 32 << 20
    static let maximumPlugins = 64
    /// How deep below the Tuist root plugin folders are looked for (`Plugins/Name`, `Tuist/Plugins/Name`).
    static let pluginDepth = 3

    /// Reads `tuistRoot`'s helpers and local plugins, inside `root`.
    init(of tuistRoot: String, in root: String, disk: XcodeDisk) throws(XcodeError) {
        var budget = Budget()
        helpers = try Self.swiftFiles(
            below: tuistRoot + "/Tuist/ProjectDescriptionHelpers", tuistRoot: tuistRoot, in: root, disk: disk, budget: &budget)
        for folder in Self.pluginFolders(below: tuistRoot, disk: disk).prefix(Self.maximumPlugins) {
            guard let text = ConfinedRead.file(folder + "/Plugin.swift", in: root, limit: Self.maximumFileBytes),
                let name = Self.pluginName(in: String(decoding: text, as: UTF8.self))
            else { continue }
            let files = try Self.swiftFiles(
                below: folder + "/ProjectDescriptionHelpers", tuistRoot: tuistRoot, in: root, disk: disk, budget: &budget)
            plugins.append(Plugin(name: name, files: files, digest: Self.digest(of: files, named: name)))
        }
        for config in ["Tuist/Config.swift", "Tuist.swift"] {
            guard let text = ConfinedRead.file(tuistRoot + "/" + config, in: root, limit: Self.maximumFileBytes) else { continue }
            remotePlugins = Self.gitURLs(in: String(decoding: text, as: UTF8.self))
            break
        }
        helpersDigest = Self.digest(of: helpers)
        var hasher = SHA256()
        for plugin in plugins { hasher.update(Array(plugin.digest.utf8)) }
        pluginsDigest = hasher.finalizeHex()
    }

    /// These sources for a manifest that does not import the helper module: it compiles without it.
    func withoutHelpers() -> TuistSources {
        var copy = self
        copy.helpers = []
        copy.helpersDigest = Self.digest(of: [])
        return copy
    }

    /// The SHA-256 of `files`' paths and texts (each prefixed by its length), after `name`.
    static func digest(of files: [File], named name: String = "") -> String {
        var hasher = SHA256()
        func add(_ bytes: some Collection<UInt8>) {
            hasher.update(Array("\(bytes.count):".utf8))
            hasher.update(bytes)
        }
        add(Array(name.utf8))
        for file in files {
            add(Array(file.path.utf8))
            add(file.text)
        }
        return hasher.finalizeHex()
    }

    /// The most remote plugins named, and the longest URL kept.
    static let maximumRemotePlugins = 8
    static let maximumURLLength = 200

    /// The literal URLs of `.git(url: "…"` in a Tuist configuration, in order, each once: only the characters
    /// of a URL, since they are printed in an error.
    static func gitURLs(in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while found.count < maximumRemotePlugins, let call = rest.range(of: ".git(url:") {
            rest = rest[call.upperBound...]
            let value = rest.drop { $0 == " " }
            guard value.first == "\"" else { continue }
            let url = value.dropFirst().prefix { $0 != "\"" }
            let allowed = url.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ":/._~@+-%".unicodeScalars.contains($0))
            }
            if !url.isEmpty, url.count <= maximumURLLength, allowed, !found.contains(String(url)) { found.append(String(url)) }
        }
        return found
    }

    /// `problem` (why a manifest could not be read), with the remote plugins named when a module is missing.
    func explaining(_ problem: String) -> String {
        guard !remotePlugins.isEmpty, problem.contains("no such module") || problem.contains("not a module the manifest's folder provides")
        else { return problem }
        return problem
            + "; the Tuist configuration fetches plugins from git (\(remotePlugins.joined(separator: ", "))), which `tuist install` downloads outside the repository, and modgraph reads nothing there"
    }

    /// `Plugin(name: "X")`: the module the plugin's helpers make.
    static func pluginName(in text: String) -> String? {
        guard let call = text.range(of: "Plugin(name:") else { return nil }
        let rest = text[call.upperBound...].drop { $0 == " " }
        guard rest.first == "\"" else { return nil }
        let name = rest.dropFirst().prefix { $0 != "\"" }
        guard !name.isEmpty, name.count <= 128, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(name)
    }

    /// Folders within ``pluginDepth`` of `tuistRoot` (not hidden, not build products) holding a `Plugin.swift`
    /// that imports ProjectDescription, in path order.
    static func pluginFolders(below tuistRoot: String, disk: XcodeDisk) -> [String] {
        var found: [String] = []
        var level = [tuistRoot]
        for _ in 0..<pluginDepth {
            var next: [String] = []
            for folder in level {
                for name in disk.subfolders(of: folder)
                where ![".build", "Derived", "DerivedData", "Pods", "Carthage", "node_modules"].contains(name) {
                    let path = folder + "/" + name
                    if disk.isRegularFile(path + "/Plugin.swift") {
                        found.append(path)
                    } else {
                        next.append(path)
                    }
                }
            }
            level = next
        }
        return found.sorted()
    }

    /// What all files read so far cost.
    struct Budget {
        var files = 0
        var bytes = 0
    }

    /// The `.swift` files below `top` (no link, nothing hidden), in path order, relative to `tuistRoot`.
    static func swiftFiles(below top: String, tuistRoot: String, in root: String, disk: XcodeDisk, budget: inout Budget) throws(XcodeError)
        -> [File]
    {
        var paths: [String] = []
        var level = [top]
        for _ in 0..<32 where !level.isEmpty {
            var next: [String] = []
            for folder in level {
                next += disk.subfolders(of: folder).map { folder + "/" + $0 }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                for name in names.sorted() where name.hasSuffix(".swift") && !name.hasPrefix(".") { paths.append(folder + "/" + name) }
            }
            level = next.sorted()
        }
        var files: [File] = []
        for path in paths.sorted() {
            budget.files += 1
            guard budget.files <= maximumFiles else { throw .unreadable(path: top, reason: "more than \(maximumFiles) helper files") }
            guard let text = ConfinedRead.file(path, in: root, limit: maximumFileBytes) else { continue }
            budget.bytes += text.count
            guard budget.bytes <= maximumBytes else { throw .unreadable(path: top, reason: "more than \(maximumBytes) bytes of helpers") }
            files.append(File(path: XcodePath.relative(path, from: tuistRoot), text: text))
        }
        return files
    }
}

/// Reading a file of the checkout: inside the folder loaded, following no link below it.
enum ConfinedRead {
    static func file(_ path: String, in root: String, limit: Int) -> [UInt8]? {
        ConfinedFiles.read(XcodePath.relative(path, from: root), in: root, limit: limit)
    }
}
