import ModGraphManifest

/// Paths normalised as SwiftPM's `AbsolutePath` and `RelativePath` do it:
/// by their text alone, without looking at the disk (no symlink is followed).
enum LexicalPath {
    /// `relative` (or an absolute path) against `base`, with `.`, `..`, repeated
    /// and trailing slashes resolved: `/a/b` + `../c/./d/` → `/a/c/d`.
    static func absolute(_ path: String, relativeTo base: String) -> String {
        Paths.lexical(path.hasPrefix("/") ? path : base + "/" + path)
    }

    /// A relative path with `.`, repeated and trailing slashes resolved, and `..`
    /// against the component before it: `./R/` → `R`, `a/../b` → `b`, `` → `.`.
    static func relative(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." { components.removeLast() } else { components.append(component) }
            default: components.append(component)
            }
        }
        return components.isEmpty ? "." : components.joined(separator: "/")
    }

    /// The identity SwiftPM gives a location: its last component without a
    /// trailing slash and `.git`, lowercased (`PackageIdentityParser`).
    static func identity(of location: String) -> String {
        var text = Substring(location)
        if text.hasSuffix("/") { text = text.dropLast() }
        if let slash = text.lastIndex(of: "/") { text = text[text.index(after: slash)...] }
        if text.hasSuffix(".git") { text = text.dropLast(4) }
        return text.lowercased()
    }

    /// The name target dependencies may use for a location: the identity's text before lowercasing.
    static func defaultName(of location: String) -> String {
        var text = Substring(location)
        if text.hasSuffix("/") { text = text.dropLast() }
        if let slash = text.lastIndex(of: "/") { text = text[text.index(after: slash)...] }
        if text.hasSuffix(".git") { text = text.dropLast(4) }
        return String(text)
    }
}
