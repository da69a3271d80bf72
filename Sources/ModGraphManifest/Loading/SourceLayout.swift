import Foundation
import ModGraphCore
import ModGraphSystem

/// Finds a target's source folder as SwiftPM does: `path:` when given, else
/// the first predefined folder that exists (`Sources/NAME`, `Source/NAME`,
/// `src/NAME`, `srcs/NAME`; tests look in `Tests/NAME` first, plugins in
/// `Plugins/NAME`). From tools-version 5.9, a target that is the only one of
/// its kind (regular, test or plugin) and has no folder of its own takes the
/// whole predefined folder (`Sources`, `Tests`, `Plugins`), as SwiftPM lets
/// it. When nothing is found, or the package is not on disk, the first
/// candidate is reported so the output stays the same everywhere.
struct SourceLayout {
    let packageDirectory: String?
    /// The package's manifest, for its tools-version and how many targets share a folder.
    let manifest: Manifest
    /// The predefined folders' sub-folders, listed once per package: a package
    /// of 100,000 targets asked the file system up to four times per target.
    private let folders = FolderListings()
    /// How many targets of each kind of folder (regular, test, plugin) the
    /// manifest declares, counted once rather than per target.
    private let targetsPerKindOfFolder: [Int]

    init(packageDirectory: String?, manifest: Manifest) {
        var counts = [0, 0, 0]
        for target in manifest.targets { counts[Self.kindOfFolder(target.type)] += 1 }
        self.packageDirectory = packageDirectory
        self.manifest = manifest
        self.targetsPerKindOfFolder = counts
    }

    /// Where each of the manifest's targets is, whether SwiftPM finds sources
    /// there, and the type it builds it as, in manifest order.
    ///
    /// - Complexity: O(T) lookups and the walks of ``hasSources(_:in:)``.
    func placements() -> [Placement] {
        manifest.targets.map(placement(of:))
    }

    /// A target's folder, whether it has sources, and the type SwiftPM builds it as.
    struct Placement: Sendable {
        let folder: Folder
        let hasSources: Bool
        let type: TargetType
    }

    private func placement(of target: ManifestTarget) -> Placement {
        let folder = folder(of: target)
        let hasSources = hasSources(target, in: folder)
        let type = hasSources && folder.mayExist ? effectiveType(of: target, sourcePath: folder.path) : target.type
        return Placement(folder: folder, hasSources: hasSources, type: type)
    }

    private static let regularFolders = ["Sources", "Source", "src", "srcs"]
    private static let testFolders = ["Tests", "Sources", "Source", "src", "srcs"]
    private static let pluginFolders = ["Plugins"]

    /// Where a target's sources are.
    struct Folder: Equatable, Sendable {
        /// Relative to the package folder; `nil` for a binary target fetched by URL.
        let path: String?
        /// The target took a whole predefined folder (SwiftPM 5.9's rule for
        /// the only target of its kind); SwiftPM then does not fail when the
        /// folder is missing, it finds no sources there.
        let isWholePredefinedFolder: Bool
        /// False when the folder is known not to exist (no predefined folder
        /// holds it), so that nothing need look inside it.
        var mayExist = true
        /// The folder as the manifest names it, when no folder of that name exists and ``path``
        /// is the one that differs from it only in case (``Paths/caseInsensitiveMatch(_:)``),
        /// as a case-insensitive file system (macOS's default) finds it.
        var writtenAs: String?
    }

    /// The source folder relative to the package folder; `nil` for a binary target fetched by URL.
    func sourcePath(of target: ManifestTarget) -> String? {
        folder(of: target).path
    }

    func folder(of target: ManifestTarget) -> Folder {
        if let path = target.path {
            let written = Self.normalised(path)
            if let packageDirectory, let found = caseFolded(written, in: packageDirectory) {
                return Folder(path: found, isWholePredefinedFolder: false, writtenAs: written)
            }
            return Folder(path: written, isWholePredefinedFolder: false)
        }
        let folders: [String]
        switch target.type {
        case .binary, .externalProduct: return Folder(path: nil, isWholePredefinedFolder: false, mayExist: false)
        case .test: folders = Self.testFolders
        case .plugin: folders = Self.pluginFolders
        case .regular, .executable, .macro, .system: folders = Self.regularFolders
        // Xcode's kinds never come from a manifest (the decoder refuses them).
        case .application, .appExtension, .framework, .staticLibrary, .dynamicLibrary, .bundle, .unitTests, .uiTests, .aggregate:
            folders = Self.regularFolders
        }
        // The first predefined folder is where SwiftPM looks first and what its warning names.
        let firstCandidate = "\(folders[0])/\(target.name)"
        guard let packageDirectory else { return Folder(path: firstCandidate, isWholePredefinedFolder: false) }
        let listings = self.folders.listings(ofKind: Self.kindOfFolder(target.type), folders, in: packageDirectory)
        if let existing = folders.indices.first(where: {
            isDirectory(target.name, in: folders[$0], listing: listings[$0], of: packageDirectory)
        }) {
            return Folder(path: "\(folders[existing])/\(target.name)", isWholePredefinedFolder: false)
        }
        for (index, folder) in folders.enumerated() {
            guard case let .folders(names)? = listings[index] else { continue }
            let matches = names.filter { $0.lowercased() == target.name.lowercased() }
            if matches.count == 1, let match = matches.first {
                return Folder(path: "\(folder)/\(match)", isWholePredefinedFolder: false, writtenAs: "\(folder)/\(target.name)")
            }
        }
        if takesWholeFolder(target) {
            let existing = folders.first(where: { FileStatus.isFolder(Paths.absolute($0, relativeTo: packageDirectory)) })
            return Folder(path: existing ?? folders.first, isWholePredefinedFolder: true, mayExist: existing != nil)
        }
        return Folder(path: firstCandidate, isWholePredefinedFolder: false, mayExist: false)
    }

    /// `path` (relative to the package) as found on disk without regard to case, when it does not
    /// exist as written; `nil` when it does, or nothing differing only in case does either.
    private func caseFolded(_ path: String, in packageDirectory: String) -> String? {
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains(".."),
            let match = Paths.caseInsensitiveMatch(Paths.absolute(path, relativeTo: packageDirectory)),
            match.hasPrefix(packageDirectory + "/")
        else { return nil }
        return String(match.dropFirst(packageDirectory.count + 1))
    }

    /// Whether `parent/name` is a folder of the package: known from the
    /// parent's listing when it names it or when the parent does not exist,
    /// asked of the file system otherwise (a case-insensitive one finds
    /// `Sources/app` for `App`, which a listing does not).
    private func isDirectory(
        _ name: String, in parent: String, listing: FolderListings.Listing?, of packageDirectory: String
    ) -> Bool {
        if case .missing? = listing { return false }
        let isPlainName = !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
        if isPlainName, let listing {
            switch listing {
            case .missing: return false
            case .folders(let names) where names.contains(name): return true
            case .folders: break
            }
        }
        return FileStatus.isFolder(Paths.absolute("\(parent)/\(name)", relativeTo: packageDirectory))
    }

    /// SwiftPM 5.9 on: the only target of its kind may have its sources right
    /// in the predefined folder (`targetsWithCommonSourceRoot`: tests, plugins, and everything else).
    private func takesWholeFolder(_ target: ManifestTarget) -> Bool {
        guard (manifest.toolsVersion ?? .v5_2) >= ToolsVersion(major: 5, minor: 9) else { return false }
        return targetsPerKindOfFolder[Self.kindOfFolder(target.type)] == 1
    }

    private static func kindOfFolder(_ type: TargetType) -> Int {
        type == .test ? 1 : type == .plugin ? 2 : 0
    }

    /// The folder SwiftPM names in its warning: the first predefined one for the kind.
    private static func suggestedFolder(for type: TargetType) -> String {
        type == .test ? testFolders[0] : type == .plugin ? pluginFolders[0] : regularFolders[0]
    }

    /// SwiftPM's warning for a target it leaves out for having no sources
    /// (`targetHasNoSources`), word for word, so that a search finds both.
    func noSourcesWarning(for target: ManifestTarget) -> String {
        let folder = Self.suggestedFolder(for: target.type)
        var clauses = ["Source files for target \(target.name) should be located under '\(folder)/\(target.name)'"]
        if takesWholeFolder(target) { clauses.append("'\(folder)'") }
        clauses.append("or a custom sources path can be set with the 'path' property in Package.swift")
        return clauses.joined(separator: ", ")
    }

    /// Extensions SwiftPM builds from on every platform: compiled files and
    /// headers (a headers-only C target is a target), and the resources it
    /// processes without being told (`FileRuleDescription`).
    private static let contentExtensions: Set<String> = SourceFileLister.compiled.union([
        "h", "hh", "hpp", "h++", "hp", "hxx", "H", "ipp", "def",
        "nib", "xib", "storyboard", "xcassets", "xcstrings", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "metal",
    ])

    /// Whether SwiftPM would find anything to build for `target` in `folder`:
    /// a source file, a header or a resource, after `sources:` and `exclude:`.
    /// SwiftPM leaves a target without any out, with a warning. Binary and
    /// system library targets need no sources; a package not on disk, or a
    /// folder that does not exist where SwiftPM would fail rather than leave
    /// the target out, is given the benefit of the doubt.
    ///
    /// - Complexity: O(entries walked); the walk stops at the first file that counts.
    func hasSources(_ target: ManifestTarget, in folder: Folder) -> Bool {
        guard target.type != .binary, target.type != .system, let packageDirectory, let path = folder.path else { return true }
        // A folder known to be missing (every target of a dump without its sources) costs no path.
        guard folder.mayExist else { return !folder.isWholePredefinedFolder }
        let root = Paths.absolute(path, relativeTo: packageDirectory)
        guard FileStatus.isFolder(root) else { return !folder.isWholePredefinedFolder }
        for resource in target.resources where FileManager.default.fileExists(atPath: Paths.absolute(resource, relativeTo: root)) {
            return true
        }
        let excluded = Set(target.exclude.map { Self.normalised($0) })
        // The package's own manifests are never sources, even when a target's folder is the package's.
        let manifests = path == "." ? Self.manifestFiles(in: root) : []
        var pending = (target.sources ?? ["."]).map { Self.normalised($0) }.filter {
            !$0.hasPrefix("/") && !$0.split(separator: "/").contains("..")
        }
        var entries = 0
        while let relative = pending.popLast(), entries < SourceFileLister.maximumEntries {
            entries += 1
            if relative != ".", excluded.contains(where: { $0 == "." || $0 == relative || relative.hasPrefix($0 + "/") }) { continue }
            if manifests.contains(relative) { continue }
            let absolute = relative == "." ? root : root + "/" + relative
            let name = (relative as NSString).lastPathComponent
            let pathExtension = (name as NSString).pathExtension
            if FileStatus.isFolder(absolute) {
                if Self.contentExtensions.contains(pathExtension) || pathExtension == "lproj" { return true }
                if ["xcodeproj", "xcworkspace", "playground"].contains(pathExtension) { continue }
                let children = (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []
                pending += children.filter { !$0.hasPrefix(".") }.map { relative == "." ? $0 : relative + "/" + $0 }
            } else if Self.contentExtensions.contains(pathExtension) || target.sources != nil {
                // Tools-version 5.3 on, any file a `sources:` entry names is compiled.
                return true
            }
        }
        return false
    }

    private static func manifestFiles(in folder: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Set(
            names.filter { $0 == "Package.swift" || $0 == "Package.resolved" || ($0.hasPrefix("Package@") && $0.hasSuffix(".swift")) })
    }

    /// SwiftPM builds a `.target` whose sources hold a `main` file
    /// (`main.swift`, `main.c`, …, at any depth) as an executable, whatever
    /// the manifest says; older manifests rely on it.
    func effectiveType(of target: ManifestTarget, sourcePath: String?) -> TargetType {
        guard target.type == .regular, let packageDirectory, let sourcePath else { return target.type }
        let folder = Paths.absolute(sourcePath, relativeTo: packageDirectory)
        // One walk of the target's compiled files, as the source checks list them (Foundation's
        // enumerator rewrote every path it met: a fifth of a warm `check` of 5,000 files).
        let hasMain = SourceFileLister.holdsFile(
            folder, exclude: target.exclude, extensions: SourceFileLister.compiled, where: Self.isMainFile)
        return hasMain ? .executable : target.type
    }

    /// Whether the file at `path` is named `main.EXT` (any case, one dot): what makes a regular
    /// target an executable. Read on the path's bytes: Foundation's `lastPathComponent` rewrote every
    /// path it was asked about, a twentieth of a warm `check` of 5,000 files; and on the string's own bytes, not
    /// searched backwards through its `utf8` view.
    static func isMainFile(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let name = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes[($0 + 1)...] } ?? bytes[...]
            guard name.count >= 5, name.lastIndex(of: UInt8(ascii: ".")) == name.startIndex + 4,
                !name.prefix(4).contains(UInt8(ascii: "."))
            else { return false }
            // An ASCII letter or'ed with 0x20 is its lower case; no other byte becomes one of these.
            return zip(name.prefix(4), "main".utf8).allSatisfy { $0 | 0x20 == $1 }
        }
    }

    /// `./Sources/X/` and `Sources/X` are the same folder.
    private static func normalised(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

/// The sub-folders of a package's predefined source folders, each folder
/// listed once (``SourceLayout`` asks for one target's folder at a time).
private final class FolderListings {
    enum Listing {
        /// The folder does not exist, so nothing is in it.
        case missing
        /// The names of its entries that are folders or links to folders.
        case folders(Set<String>)
    }

    /// By folder relative to the package's.
    private var listings: [String: Listing?] = [:]
    /// The listings of each kind's predefined folders (``SourceLayout``'s
    /// kinds of folder), looked up once rather than once per target.
    private var listingsByKind: [Int: [Listing?]] = [:]

    /// The listings of `folders`, the predefined folders of the kind of folder `kind`.
    func listings(ofKind kind: Int, _ folders: [String], in packageDirectory: String) -> [Listing?] {
        if let known = listingsByKind[kind] { return known }
        let listings = folders.map { listing(of: $0, in: packageDirectory) }
        listingsByKind[kind] = listings
        return listings
    }

    /// The listing of `folder` (relative to `packageDirectory`, which is the same at every call);
    /// `nil` when it exists but cannot be read.
    func listing(of folder: String, in packageDirectory: String) -> Listing? {
        if let known = listings[folder] { return known }
        let listing = Self.read(Paths.absolute(folder, relativeTo: packageDirectory))
        listings[folder] = .some(listing)
        return listing
    }

    private static func read(_ folder: String) -> Listing? {
        guard let entries = FolderEntries.list(folder, followingLink: true) else {
            // Nothing there, or not a folder, is a missing folder; a folder that cannot be read is not.
            return FileStatus.isFolder(folder) ? nil : .missing
        }
        var names = Set<String>()
        for entry in entries {
            switch entry.kind {
            case .folder?: names.insert(entry.name)
            case .symbolicLink?, nil:
                // A link counts when it leads to a folder, as `stat` follows it.
                if FileStatus.isFolder(folder + "/" + entry.name) { names.insert(entry.name) }
            default: continue
            }
        }
        return .folders(names)
    }
}
