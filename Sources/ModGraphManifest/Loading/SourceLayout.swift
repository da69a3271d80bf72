import Foundation
import ModGraphCore

/// Finds a target's source folder as SwiftPM does: `path:` when given, else
/// the first predefined folder that exists (`Sources/NAME`, `Source/NAME`,
/// `src/NAME`, `srcs/NAME`; tests look in `Tests/NAME` first, plugins in
/// `Plugins/NAME`). When none exists, or the package is not on disk, the
/// first candidate is reported so the output stays the same everywhere.
struct SourceLayout {
    let packageDirectory: String?

    private static let regularFolders = ["Sources", "Source", "src", "srcs"]
    private static let testFolders = ["Tests", "Sources", "Source", "src", "srcs"]
    private static let pluginFolders = ["Plugins"]

    /// The source folder relative to the package folder; `nil` for a binary target fetched by URL.
    func sourcePath(of target: ManifestTarget) -> String? {
        if let path = target.path { return Self.normalised(path) }
        let folders: [String]
        switch target.type {
        case .binary, .externalProduct: return nil
        case .test: folders = Self.testFolders
        case .plugin: folders = Self.pluginFolders
        case .regular, .executable, .macro, .system: folders = Self.regularFolders
        // Xcode's kinds never come from a manifest (the decoder refuses them).
        case .application, .appExtension, .framework, .staticLibrary, .dynamicLibrary, .bundle, .unitTests, .uiTests, .aggregate:
            folders = Self.regularFolders
        }
        let candidates = folders.map { "\($0)/\(target.name)" }
        if let packageDirectory,
           let existing = candidates.first(where: { Paths.isDirectory(Paths.absolute($0, relativeTo: packageDirectory)) }) {
            return existing
        }
        return candidates.first
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
