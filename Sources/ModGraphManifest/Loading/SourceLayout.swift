import Foundation
import ModGraphCore

/// Finds a target's source folder as SwiftPM does: `path:` when given, else
/// the first predefined folder that exists (`Sources/NAME`, `Source/NAME`,
/// `src/NAME`, `srcs/NAME`; tests look in `Tests/NAME` first, plugins in
/// `Plugins/NAME`). When none exists, or the package is not on disk, the
/// first candidate is reported so the output stays the same everywhere.
struct SourceLayout {
    let packageDirectory: String?
    /// The predefined folders' sub-folders, listed once per package: a package
    /// of 100,000 targets asked the file system up to four times per target.
    private let folders = FolderListings()

    init(packageDirectory: String?) {
        self.packageDirectory = packageDirectory
    }

    private static let regularFolders = ["Sources", "Source", "src", "srcs"]
    private static let testFolders = ["Tests", "Sources", "Source", "src", "srcs"]
    private static let pluginFolders = ["Plugins"]

    /// The source folder relative to the package folder; `nil` for a binary target fetched by URL.
    func sourcePath(of target: ManifestTarget) -> String? {
        sourceFolder(of: target).path
    }

    /// ``sourcePath(of:)``, and whether the folder may be on disk: false when
    /// none of the predefined folders exists, so that ``effectiveType(of:sourcePath:)``
    /// need not look for a main file in a folder that is not there.
    func sourceFolder(of target: ManifestTarget) -> (path: String?, isOnDisk: Bool) {
        if let path = target.path { return (Self.normalised(path), true) }
        let folders: [String]
        switch target.type {
        case .binary, .externalProduct: return (nil, false)
        case .test: folders = Self.testFolders
        case .plugin: folders = Self.pluginFolders
        case .regular, .executable, .macro, .system: folders = Self.regularFolders
        // Xcode's kinds never come from a manifest (the decoder refuses them).
        case .application, .appExtension, .framework, .staticLibrary, .dynamicLibrary, .bundle, .unitTests, .uiTests, .aggregate:
            folders = Self.regularFolders
        }
        if let packageDirectory, let existing = folders.first(where: { isDirectory(target.name, in: $0, of: packageDirectory) }) {
            return ("\(existing)/\(target.name)", true)
        }
        return (folders.first.map { "\($0)/\(target.name)" }, false)
    }

    /// Whether `parent/name` is a folder of the package: known from the
    /// parent's listing when it names it or when the parent does not exist,
    /// asked of the file system otherwise (a case-insensitive one finds
    /// `Sources/app` for `App`, which a listing does not).
    private func isDirectory(_ name: String, in parent: String, of packageDirectory: String) -> Bool {
        let isPlainName = !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
        if isPlainName, let listing = self.folders.listing(of: parent, in: packageDirectory) {
            switch listing {
            case .missing: return false
            case .folders(let names) where names.contains(name): return true
            case .folders: break
            }
        }
        return Paths.isDirectory(Paths.absolute("\(parent)/\(name)", relativeTo: packageDirectory))
    }

    /// SwiftPM builds a `.target` whose sources hold a `main` file
    /// (`main.swift`, `main.c`, …, at any depth) as an executable, whatever
    /// the manifest says; older manifests rely on it.
    func effectiveType(of target: ManifestTarget, sourcePath: String?) -> TargetType {
        guard target.type == .regular, let packageDirectory, let sourcePath else { return target.type }
        let folder = Paths.absolute(sourcePath, relativeTo: packageDirectory)
        let excluded = Set(target.exclude.map { Paths.absolute($0, relativeTo: folder) })
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return target.type }
        while let relative = walker.nextObject() as? String {
            if excluded.contains(Paths.absolute(relative, relativeTo: folder)) {
                walker.skipDescendants()
                continue
            }
            let name = (relative as NSString).lastPathComponent.lowercased()
            if name.hasPrefix("main."), name.filter({ $0 == "." }).count == 1 { return .executable }
        }
        return target.type
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

    /// The listing of `folder` (relative to `packageDirectory`, which is the same at every call);
    /// `nil` when it exists but cannot be read.
    func listing(of folder: String, in packageDirectory: String) -> Listing? {
        if let known = listings[folder] { return known }
        let listing = Self.read(Paths.absolute(folder, relativeTo: packageDirectory))
        listings[folder] = .some(listing)
        return listing
    }

    private static func read(_ folder: String) -> Listing? {
        guard let directory = opendir(folder) else { return errno == ENOENT || errno == ENOTDIR ? .missing : nil }
        defer { closedir(directory) }
        var names = Set<String>()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): names.insert(name)
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                // A link counts when it leads to a folder, as `stat` follows it.
                if Paths.isDirectory(folder + "/" + name) { names.insert(name) }
            default: continue
            }
        }
        return .folders(names)
    }
}
