/// A path given to `--output`, split into the folder that holds it and its
/// last component by string rules alone: no path API of Foundation's, one of
/// which (`deletingLastPathComponent`) crashed on a one-character relative path
/// (`-o g`, `report --output .`). Every file and folder a command writes is
/// named through it.
struct OutputPath: Equatable {
    /// The path as given, without trailing slashes (`/` stays `/`).
    let path: String
    /// The folder holding it: what comes before the last `/`; `.` for a bare name, `/` at the top.
    let parent: String
    /// The last component: a name, `.` or `..`, or `/` for the root itself.
    let name: String

    init(_ given: String) {
        var trimmed = Substring(given)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        path = String(trimmed)
        if path == "/" {
            parent = "/"
            name = "/"
        } else if let slash = trimmed.lastIndex(of: "/") {
            var folder = trimmed[..<slash]
            while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
            parent = folder.isEmpty ? "/" : String(folder)
            name = String(trimmed[trimmed.index(after: slash)...])
        } else {
            parent = "."
            name = path
        }
    }

    /// Whether the last component names a folder whatever is on disk: `.`, `..` or the root.
    var namesAFolder: Bool {
        name == "." || name == ".." || name == "/"
    }

    /// `name` inside `folder`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
