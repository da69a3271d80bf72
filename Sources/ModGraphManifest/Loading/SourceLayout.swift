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
        }
        let candidates = folders.map { "\($0)/\(target.name)" }
        if let packageDirectory,
           let existing = candidates.first(where: { Paths.isDirectory(Paths.absolute($0, relativeTo: packageDirectory)) }) {
            return existing
        }
        return candidates.first
    }

    /// `./Sources/X/` and `Sources/X` are the same folder.
    private static func normalised(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
