import Foundation
import ModGraphSystem

/// Path helpers the loader needs: canonical folders (so a package reached
/// through a symlink or two relative paths is loaded once) and paths shown
/// relative to the root package, so output does not depend on where a
/// checkout lives.
public enum Paths {
    /// The absolute path with symlinks, `.` and `..` resolved; `nil` when it does not exist.
    public static func canonical(_ path: String) -> String? {
        FileNames.canonical(path)
    }

    /// `path` made absolute against `base` when it is relative.
    ///
    /// Two parts without empty components (no `//`, no trailing `/`) are
    /// joined with a `/`, which is what `NSString` gives them, without
    /// bridging every path to `NSString` and back (paths are joined per target).
    public static func absolute(_ path: String, relativeTo base: String) -> String {
        if path.hasPrefix("/") { return path }
        if hasNoEmptyComponent(path), hasNoEmptyComponent(base) { return base + "/" + path }
        return (base as NSString).appendingPathComponent(path)
    }

    /// Not empty, no `//` and no trailing `/` (so not `/` itself either).
    private static func hasNoEmptyComponent(_ path: String) -> Bool {
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { return false }
            previous = byte
        }
        return previous != 0 && previous != UInt8(ascii: "/")
    }

    /// The path that leads from folder `base` to `path`; both absolute and canonical.
    public static func relative(_ path: String, from base: String) -> String {
        let from = base.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// What is at `path`, after symbolic links, when it is something other than a regular
    /// file ("a FIFO", "a folder", "a device", "a socket", "a symbolic link to nothing"), for
    /// messages; nil for a regular file, or when nothing is there. Nothing is opened, so a
    /// FIFO cannot block and a device is not read.
    public static func irregularKind(_ path: String) -> String? {
        guard FileStatus.exists(path) else { return nil }
        guard let status = FileStatus.following(path) else { return "a symbolic link to nothing" }
        switch status.kind {
        case .regularFile: return nil
        case .folder: return "a folder"
        case .fifo: return "a FIFO"
        case .device: return "a device"
        case .socket: return "a socket"
        case .symbolicLink, .other: return "not a regular file"
        }
    }

    /// `path` (absolute) with `.`, `..` and repeated slashes folded by its text alone, as SwiftPM's
    /// `AbsolutePath` folds it: what a manifest's `path:` and its dump's absolute location compare as.
    public static func lexical(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// Whether `path` is a folder with nothing in it: what a git submodule is before
    /// `git submodule update --init`.
    public static func isEmptyFolder(_ path: String) -> Bool {
        FolderEntries.list(path, followingLink: true)?.isEmpty ?? false
    }

    /// The path that exists on disk for `path` (absolute) when `path` itself does not but a path
    /// differing from it only in the case of letters does, as a case-insensitive file system (macOS's
    /// default) finds it: from the deepest folder of `path` that exists, each missing component is
    /// matched to the one entry of its folder equal to it without regard to case. `nil` when `path`
    /// exists, or no such path is found, or a component matches several entries.
    ///
    /// - Complexity: O(entries of the folders listed), at most ``maximumCaseFoldedComponents`` of them.
    public static func caseInsensitiveMatch(_ path: String) -> String? {
        guard path.hasPrefix("/"), !FileManager.default.fileExists(atPath: path) else { return nil }
        let components = path.split(separator: "/").map(String.init)
        var existing = 0
        var base = ""
        while existing < components.count, FileManager.default.fileExists(atPath: base + "/" + components[existing]) {
            base += "/" + components[existing]
            existing += 1
        }
        guard existing < components.count, components.count - existing <= maximumCaseFoldedComponents else { return nil }
        var found = base
        for component in components[existing...] {
            guard component != ".", component != "..", FileStatus.isFolder(found.isEmpty ? "/" : found) else { return nil }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: found.isEmpty ? "/" : found)) ?? []
            let matches = names.filter { $0.lowercased() == component.lowercased() }
            guard matches.count == 1, let match = matches.first else { return nil }
            found += "/" + match
        }
        return found
    }

    /// Components a case-insensitive match may fold: more than any manifest path has.
    public static let maximumCaseFoldedComponents = 16
}
