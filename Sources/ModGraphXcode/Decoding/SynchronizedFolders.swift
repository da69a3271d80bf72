/// Each target's Xcode 16 synchronised folders (`PBXFileSystemSynchronizedRootGroup`)
/// and their exceptions, gathered in one pass over the project so that a
/// target's share costs O(its folders), not O(all folders): see
/// ``XcodeSynchronizedFolder`` for what the exceptions mean.
/// `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet`s are
/// ignored: they put files into another phase of a target (Copy Files,
/// Headers), which does not change what it compiles.
struct SynchronizedFolders {
    private struct Folder {
        let path: String
        let opaqueFolders: [String]
        /// Paths named by exception sets, per target id, in file order.
        var exceptions: [String: [String]] = [:]
    }

    private var folders: [String: Folder] = [:]
    /// Folder ids in file order.
    private var folderOrder: [String] = []
    /// Target id → the folders it lists in `fileSystemSynchronizedGroups`.
    private var listed: [String: [String]] = [:]
    /// Target id → folders it does not list but whose exception sets name some files for it.
    private var onlyFrom: [String: [String]] = [:]
    private(set) var warnings: [String] = []

    /// - Complexity: O(objects + exception paths).
    init(objects: ProjectObjects, all: [ProjectObjects.Object], targets: [ProjectObjects.Object], locator: inout FileLocator, file: String)
    {
        var listedBy: [String: Set<String>] = [:]
        for target in targets {
            let ids = Self.distinct(target.strings("fileSystemSynchronizedGroups"))
            listed[target.id] = ids
            listedBy[target.id] = Set(ids)
        }
        let targetIDs = Set(targets.map(\.id))
        for group in all where group.isa == "PBXFileSystemSynchronizedRootGroup" {
            guard case let .path(path) = locator.location(of: group.id) else {
                warnings.append(
                    "\(file):\(group.line): the synchronised folder \(group.text("path") ?? "without a path") is not in a folder of the checkout; skipped")
                continue
            }
            var outside: [String] = []
            let opaque = Self.partitionedInside(group.strings("explicitFolders"))
            outside += opaque.outside
            var folder = Folder(path: path, opaqueFolders: opaque.inside)
            for exceptionID in group.strings("exceptions") {
                // PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet moves files into another
                // phase (Copy Files, Headers) of a target; it does not change which files it compiles.
                guard let exception = objects.object(exceptionID, isa: ["PBXFileSystemSynchronizedBuildFileExceptionSet"]),
                    let owner = exception.text("target"), targetIDs.contains(owner)
                else { continue }
                let paths = Self.partitionedInside(exception.strings("membershipExceptions"))
                outside += paths.outside
                folder.exceptions[owner, default: []] += paths.inside
            }
            outside = Self.distinct(outside)
            if !outside.isEmpty {
                let named =
                    outside.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
                    + (outside.count > 5 ? " and \(outside.count - 5) more" : "")
                warnings.append("\(file): the synchronised folder \(path) names \(named), outside itself; ignored")
            }
            folders[group.id] = folder
            folderOrder.append(group.id)
        }
        for id in folderOrder {
            guard let folder = folders[id] else { continue }
            for owner in folder.exceptions.keys.sorted() where !(listedBy[owner]?.contains(id) ?? false) {
                onlyFrom[owner, default: []].append(id)
            }
        }
    }

    /// The folders target `id` builds from: those it lists, then those of
    /// other targets that name some of their files for it, in file order.
    func folders(of id: String) -> [XcodeSynchronizedFolder] {
        var result: [XcodeSynchronizedFolder] = []
        for folderID in listed[id] ?? [] {
            guard let folder = folders[folderID] else { continue }
            let except = Self.distinct(folder.exceptions[id] ?? [])
            result.append(XcodeSynchronizedFolder(path: folder.path, membership: .all(except: except), opaqueFolders: folder.opaqueFolders))
        }
        for folderID in onlyFrom[id] ?? [] {
            guard let folder = folders[folderID] else { continue }
            let only = Self.distinct(folder.exceptions[id] ?? [])
            result.append(XcodeSynchronizedFolder(path: folder.path, membership: .only(only), opaqueFolders: folder.opaqueFolders))
        }
        return result
    }

    /// `paths` folded, split into those inside the folder and those that leave it
    /// (absolute, or climbing out with `..`), which a folder's exceptions cannot name.
    /// Xcode names a localised resource (the variants of `Base.lproj/Main.storyboard`,
    /// `en.lproj/Localizable.strings`, …) by a path of the folder after `/Localized/` or
    /// `/Localized: `: resources, never compiled, so left out of both.
    private static func partitionedInside(_ paths: [String]) -> (inside: [String], outside: [String]) {
        var inside: [String] = []
        var outside: [String] = []
        for path in paths where !(path.hasPrefix("/Localized/") || path.hasPrefix("/Localized:")) {
            let folded = XcodePath.normalised(path)
            if folded.hasPrefix("/") || folded == ".." || folded.hasPrefix("../") || folded.isEmpty {
                outside.append(path)
            } else {
                inside.append(folded)
            }
        }
        return (inside, outside)
    }

    private static func distinct(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}
