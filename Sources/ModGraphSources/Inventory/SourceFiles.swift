import Foundation

/// The Swift files SwiftPM compiles for a target: every `.swift` file under
/// its folder, or only under the `sources:` it lists, less its `exclude:`
/// entries (files or folders, relative to the target's folder). Hidden files
/// and folders are skipped, as SwiftPM skips them.
public enum SourceFiles {
    /// Absolute paths, sorted; empty when the folder does not exist.
    ///
    /// - Complexity: O(f) in the number of files under the folder.
    public static func list(folder: String, sources: [String]? = nil, exclude: [String] = []) -> [String] {
        let excluded = exclude.map(normalised)
        let included = sources.map { $0.map(normalised) }
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let entry = walker.nextObject() as? String {
            let relative = normalised(entry)
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || excluded.contains(where: { covers($0, relative) }) {
                walker.skipDescendants()
                continue
            }
            guard name.hasSuffix(".swift") else { continue }
            if let included, !included.contains(where: { covers($0, relative) }) { continue }
            var isDirectory: ObjCBool = false
            let path = (folder as NSString).appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// Whether `entry` (a file or a folder of the manifest) is `path` or holds it.
    private static func covers(_ entry: String, _ path: String) -> Bool {
        entry == "." || entry == path || path.hasPrefix(entry + "/")
    }

    /// `./A/b/` and `A/b` are the same entry.
    private static func normalised(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
