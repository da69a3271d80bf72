/// Lexical path arithmetic for the paths Xcode writes: joining a relative path
/// onto a folder and folding `.` and `..`, without touching the disk, so that
/// decoding a project stays pure and two spellings of one folder compare equal.
///
/// Paths are `/`-separated. A relative result may start with `..` components
/// (a sibling folder of the project); `""` is the base folder itself.
public enum XcodePath {
    /// `path` appended to `base`, folded; an absolute `path` replaces `base`.
    ///
    /// - Complexity: O(n) in the total length.
    public static func join(_ base: String, _ path: String) -> String {
        if path.hasPrefix("/") { return normalised(path) }
        if base.isEmpty { return normalised(path) }
        if path.isEmpty { return normalised(base) }
        return normalised(base + "/" + path)
    }

    /// `path` with empty and `.` components removed and `name/..` folded.
    /// `..` above the root of an absolute path stays at the root; above a
    /// relative path it is kept. `""` stands for `.`.
    ///
    /// - Complexity: O(n) in the length of `path`.
    public static func normalised(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".":
                continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(part)
                }
            default:
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return isAbsolute ? "/" + joined : joined
    }

    /// The folder that holds `path` (`""` for a single relative component, `/` for a top-level absolute one).
    public static func parent(_ path: String) -> String {
        let folded = normalised(path)
        if folded.isEmpty || folded == ".." || folded.hasSuffix("/..") { return join(folded, "..") }
        guard let slash = folded.lastIndex(of: "/") else { return "" }
        if slash == folded.startIndex { return "/" }
        return String(folded[..<slash])
    }

    /// The last component of `path`.
    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The extension of the last component, without the dot (`""` when none).
    public static func pathExtension(_ path: String) -> String {
        let last = lastComponent(path)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...])
    }

    /// The last component without its extension.
    public static func baseName(_ path: String) -> String {
        let last = lastComponent(path)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }

    /// Whether `path` is `folder` or lies inside it; both relative to the same base and normalised.
    public static func isSame(_ path: String, orInside folder: String) -> Bool {
        folder.isEmpty || path == folder || path.hasPrefix(folder + "/")
    }

    /// `path` relative to `folder`, both absolute (or both relative to one base): `..` where
    /// `path` is beside `folder`, `""` when they are the same folder.
    public static func relative(_ path: String, from folder: String) -> String {
        let target = normalised(path).split(separator: "/")
        let base = normalised(folder).split(separator: "/")
        var shared = 0
        while shared < target.count, shared < base.count, target[shared] == base[shared] { shared += 1 }
        let ups = Array(repeating: "..", count: base.count - shared)
        return (ups + target[shared...].map(String.init)).joined(separator: "/")
    }
}
