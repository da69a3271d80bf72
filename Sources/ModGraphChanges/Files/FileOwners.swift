import ModGraphCore

/// Which targets own a file: the inverse of ``TargetFiles``, built once so
/// that each changed file is looked up in a few steps.
///
/// A SwiftPM target owns every file under its folder that its `sources:`
/// (when given) include and its `exclude:` does not, resources and files
/// SwiftPM would warn about included: a change to any of them can change the
/// build. An Xcode target owns the files of its build phases (its sources,
/// and its resources, headers and copied files, what is in those that are
/// folders included), what its synchronised folders hold, less their exceptions
/// (and, for XcodeGen's, what their `includes:` globs match, when they list any),
/// and the files its build settings name (`Info.plist`, entitlements, `.xcconfig`
/// files and those they `#include`), in every configuration.
public struct FileOwners: Sendable {
    private struct FolderOwner: Sendable {
        let target: TargetID
        /// Relative to the folder; nil: everything.
        let only: [String]?
        let excluded: [String]
        var patterns: [PathPattern] = []
        /// XcodeGen's `includes:`: when not empty, only what one of them matches.
        var included: [PathPattern] = []
    }

    private var folders: [String: [FolderOwner]] = [:]
    private var files: [String: [TargetID]] = [:]

    /// - Parameter targetFiles: absolute paths, as the loader resolved them.
    /// - Complexity: O(T + F) for T targets and F files listed by projects.
    public init(_ targetFiles: [TargetID: TargetFiles]) {
        for (target, description) in targetFiles.sorted(by: { $0.key < $1.key }) {
            switch description {
            case let .folder(folder, sources, exclude):
                folders[Self.trimmed(folder), default: []].append(
                    FolderOwner(target: target, only: sources.map(Self.relative), excluded: Self.relative(exclude)))
            case let .project(projectFiles, synchronised, resources, settings):
                // A resource may be a folder (an asset catalog, a folder reference): what is in it is its target's too.
                for file in projectFiles + resources + settings { files[Self.trimmed(file), default: []].append(target) }
                for folder in synchronised {
                    folders[Self.trimmed(folder.path), default: []].append(
                        FolderOwner(
                            target: target, only: folder.only.map(Self.relative),
                            excluded: Self.relative(folder.excluded), patterns: folder.excludedPatterns,
                            included: folder.includedPatterns))
                }
            }
        }
    }

    /// The targets that own `path` (absolute), sorted.
    ///
    /// - Complexity: O(d × k) for d folders above the file and k targets sharing a folder.
    public func owners(of path: String) -> [TargetID] {
        let path = Self.trimmed(path)
        var found = Set(files[path] ?? [])
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            let key = folder.isEmpty ? "/" : String(folder)
            if let listed = files[key] { found.formUnion(listed) }
            guard let owners = folders[key] else { continue }
            let inside = String(path.dropFirst(folder.count + 1))
            for owner in owners
            where Self.includes(owner.only, inside) && !owner.excluded.contains(where: { Self.holds($0, inside) })
                && !owner.patterns.contains(where: { $0.matches(inside) })
                && PathPattern.includes(owner.included, inside)
            {
                found.insert(owner.target)
            }
        }
        return found.sorted()
    }

    private static func includes(_ only: [String]?, _ inside: String) -> Bool {
        guard let only else { return true }
        return only.contains { holds($0, inside) }
    }

    /// Whether relative path `outer` is `inner` or a folder holding it.
    private static func holds(_ outer: String, _ inner: String) -> Bool {
        outer == "." || outer == inner || (inner.hasPrefix(outer) && inner.utf8.dropFirst(outer.utf8.count).first == UInt8(ascii: "/"))
    }

    private static func relative(_ paths: [String]) -> [String] {
        paths.map { path in
            let parts = path.split(separator: "/").filter { $0 != "." }
            return parts.isEmpty ? "." : parts.joined(separator: "/")
        }
    }

    private static func trimmed(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
