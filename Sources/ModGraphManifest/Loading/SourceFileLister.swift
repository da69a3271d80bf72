import Foundation
import ModGraphCore
import ModGraphSystem

/// Lists the files a target compiles from its ``TargetFiles``: the one walk
/// the source checks (Swift files) and the `sources` weights (every compiled
/// file) share, for package and Xcode targets alike.
///
/// SwiftPM's rules for a package target: every file under its folder, or only
/// under the `sources:` it lists, less its `exclude:` entries (files or
/// folders). Xcode's for a project target: the files of its *Compile Sources*
/// phase that exist, and its synchronised folders (all but the exceptions, or
/// only the files another target's exception ticked; of an XcodeGen folder with
/// `includes:`, only what they match). Both skip hidden files
/// and folders, and folders inside `.xcodeproj`/`.xcworkspace` bundles.
///
/// The checkout is input: a walk never follows a symbolic link into a folder
/// (a linked file is listed; a link cannot make a walk loop or leave the
/// checkout), except the starting folder itself, which is followed as SwiftPM
/// and Xcode follow it; a walk stops ``maximumDepth`` folders deep and after
/// ``maximumEntries`` entries. Within the repository loaded (``listing(_:extensions:within:)``),
/// a starting folder or a linked file that leads outside it is set apart, not listed: a pull
/// request's `Sources/App/Key.swift -> /somewhere/else.swift` is never read.
public enum SourceFileLister {
    /// Deeper than any source tree nests.
    public static let maximumDepth = 64
    /// Entries looked at by one walk, folders and files; far more than a target's sources.
    public static let maximumEntries = 200_000
    /// What the source checks read.
    public static let swift: Set<String> = ["swift"]
    /// What compiles into a module: Swift, C, C++, Objective-C and assembly (headers are not compiled).
    public static let compiled: Set<String> = ["swift", "c", "cc", "cpp", "cxx", "c++", "m", "mm", "s", "S"]

    /// What a target's listing found: the files to read, and those set apart because they lead outside
    /// the repository loaded (a linked file, or everything below a starting folder that is reached through
    /// a link leading out). Absolute paths, sorted, without repeats.
    public struct Listing: Sendable, Equatable {
        public var files: [String]
        public var outside: [String]
    }

    /// Absolute paths of the files with one of `extensions`, sorted, without repeats.
    ///
    /// - Complexity: O(entries under the folders walked + files listed).
    public static func files(_ files: TargetFiles, extensions: Set<String>) -> [String] {
        listing(files, extensions: extensions, within: nil).files
    }

    /// Whether the package folder `folder`, less `exclude`, holds a file with one of `extensions` whose path below it
    /// `matches`: what ``files(_:extensions:)`` would list, walked without the absolute paths sorted (SwiftPM's test
    /// of every regular target for a `main` file, on every run that loads the graph).
    public static func holdsFile(
        _ folder: String, exclude: [String], extensions: Set<String>, where matches: (String) -> Bool
    ) -> Bool {
        walk(root: folder, from: ".", skipping: exclude.map(normalised), extensions: extensions, within: nil).files.contains(where: matches)
    }

    /// The files with one of `extensions`; those leading outside `root` (canonical; nil: none) set apart.
    ///
    /// - Complexity: O(entries under the folders walked + files listed), and a path resolved per
    ///   starting folder and per linked file.
    public static func listing(_ files: TargetFiles, extensions: Set<String>, within root: String?) -> Listing {
        var found: Set<String> = []
        var outside: Set<String> = []
        switch files {
        case let .folder(folder, sources, exclude):
            let excluded = exclude.map(normalised)
            var (listed, leading): ([String], [String]) = ([], [])
            for start in (sources ?? ["."]).map(normalised) where isInside(start) {
                let walked = walk(root: folder, from: start, skipping: excluded, extensions: extensions, within: root)
                listed += walked.files
                leading += walked.outside
            }
            return Listing(files: absolute(listed, in: folder), outside: absolute(leading, in: folder))
        case let .project(listed, folders, _, _):
            for path in listed where extensions.contains(pathExtension(path)) && FileStatus.isRegularFile(path) {
                found.insert(path)
            }
            for folder in folders {
                let excluded = folder.excluded.map(normalised)
                for start in (folder.only ?? ["."]).map(normalised) where isInside(start) {
                    let walked = walk(
                        root: folder.path, from: start, skipping: excluded, patterns: folder.excludedPatterns, extensions: extensions,
                        within: root)
                    for relative in walked.files where PathPattern.includes(folder.includedPatterns, relative) {
                        found.insert(join(folder.path, relative))
                    }
                    walked.outside.forEach { outside.insert(join(folder.path, $0)) }
                }
            }
        }
        return Listing(files: found.sorted(), outside: outside.sorted())
    }

    /// Files at or under `start` (relative to `root`) with one of
    /// `extensions`, as paths relative to `root`, minus those at or under
    /// `skipping`. Iterative, so a deep tree cannot exhaust the stack.
    /// `patterns` (XcodeGen's `excludes:` globs) are tried on each file and folder met, a folder
    /// matched being left out whole, so no file is matched against every folder above it. With `repository`,
    /// a starting point or a linked file that leads outside it is set apart (the starting point as itself).
    private static func walk(
        root: String, from start: String, skipping: [String], patterns: [PathPattern] = [], extensions: Set<String>,
        within repository: String?
    ) -> (files: [String], outside: [String]) {
        var found: [String] = []
        var outside: [String] = []
        var entries = 0
        // Each entry with the kind its folder recorded, where it did: no status asked of a file only listed.
        var pending: [(path: String, depth: Int, kind: FileStatus.Kind?)] = [(start, 0, nil)]
        while let (relative, depth, recorded) = pending.popLast(), entries < maximumEntries {
            entries += 1
            if relative != ".", skipping.contains(where: { covers($0, relative) }) { continue }
            if relative != ".", !patterns.isEmpty, patterns.contains(where: { $0.matchesWhole(relative) }) { continue }
            let absolute = relative == "." ? root : join(root, relative)
            if depth == 0, let repository, !FileNames.leadsInside(absolute, root: repository) {
                outside.append(relative)
                continue
            }
            // The starting point is followed if it is a link; nothing below it is.
            guard let kind = recorded ?? (depth == 0 ? FileStatus.following(absolute) : FileStatus.notFollowing(absolute))?.kind else {
                continue
            }
            switch kind {
            case .folder:
                let isBundle = ["xcodeproj", "xcworkspace"].contains(pathExtension(relative))
                guard depth < maximumDepth, !isBundle || depth == 0,
                    let children = FolderEntries.list(absolute, followingLink: depth == 0)
                else { continue }
                for child in children.sorted(by: { $0.name > $1.name }) where !child.name.hasPrefix(".") {
                    pending.append((relative == "." ? child.name : relative + "/" + child.name, depth + 1, child.kind))
                }
            case .regularFile:
                if extensions.contains(pathExtension(relative)) { found.append(relative) }
            case .symbolicLink:
                // A linked file is compiled like any other; a link to a folder is not followed.
                guard extensions.contains(pathExtension(relative)), FileStatus.isRegularFile(absolute) else { continue }
                if let repository, !FileNames.leadsInside(absolute, root: repository) {
                    outside.append(relative)
                } else {
                    found.append(relative)
                }
            default:
                continue
            }
        }
        return (found, outside)
    }

    /// Whether a relative `path` stays inside its folder: a `sources:` entry or
    /// an exception naming `..` would lead the walk out of the checkout.
    private static func isInside(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    /// Whether `entry` (a file or a folder a target names) is `path` or holds it.
    private static func covers(_ entry: String, _ path: String) -> Bool {
        entry == "." || entry == path || path.hasPrefix(entry + "/")
    }

    /// `./A/b/` and `A/b` are the same entry; `.` is the whole folder.
    static func normalised(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `relative` (paths below `folder`, as walks of it list them) sorted without repeats, then made absolute: sorted as
    /// they are below the one folder, the same order, without a set of every absolute path (a package target's
    /// listing, made twice a run).
    private static func absolute(_ relative: [String], in folder: String) -> [String] {
        let sorted = relative.sorted()
        return sorted.indices.filter { $0 == 0 || sorted[$0] != sorted[$0 - 1] }.map { join(folder, sorted[$0]) }
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        relative == "." ? folder : (folder.hasSuffix("/") ? folder + relative : folder + "/" + relative)
    }

    /// The extension of the last component, without allocating on the way (a walk asks it of every entry). Read on the
    /// string's own bytes: the generic search backwards over its `utf8` view cost 1,700 instructions a path.
    private static func pathExtension(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return "" }
            if let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash > dot { return "" }
            // A name starting with `.` (`.gitignore`) has no extension.
            if dot == 0 || bytes[dot - 1] == UInt8(ascii: "/") { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
        }
    }
}
