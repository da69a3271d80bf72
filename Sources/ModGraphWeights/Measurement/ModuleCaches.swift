import Foundation
import ModGraphSystem

/// The compilers' module caches in a scratch folder, which a warm-up build
/// fills and the measured build then reuses.
///
/// A clean build spends its first seconds building the implicit modules every
/// Swift file needs (`SwiftShims`, `Glibc`, `Foundation`'s C modules as
/// `.pcm`; on Linux also `_Concurrency` and others from their interfaces)
/// into `<scratch>/<triple>/<configuration>/ModuleCache`. Whichever modules
/// compile first pay for it, several times their own compile for small
/// modules, which puts them on the critical path of a cold measurement
/// (docs/planning.md). `measure` therefore builds twice: a warm-up build, then,
/// with everything but the module caches removed, the measured one.
enum ModuleCaches {
    /// What a folder of module caches is called, wherever SwiftPM puts one.
    static let folderName = "ModuleCache"
    /// Module caches sit at most this deep under the scratch folder (`<triple>/<configuration>/ModuleCache`).
    static let maximumDepth = 3

    /// Removes what a build made in `scratch`, so that the next build compiles
    /// every module again, but keeps the module caches (and the folders that
    /// lead to them) and the top-level entries in `keeping` (checkouts,
    /// repositories, the workspace state: resolution is not what is measured).
    static func removeBuildOutputs(in scratch: String, keeping: Set<String>) throws {
        let fileManager = FileManager.default
        for name in try fileManager.contentsOfDirectory(atPath: scratch) where !keeping.contains(name) {
            try prune((scratch as NSString).appendingPathComponent(name), depth: 1)
        }
    }

    /// Removes `path` unless it is or holds a module cache; returns whether anything was kept.
    @discardableResult
    private static func prune(_ path: String, depth: Int) throws -> Bool {
        let fileManager = FileManager.default
        // A symbolic link (`debug` → `<triple>/debug`) is removed, never followed.
        guard let status = FileStatus.notFollowing(path) else { return false }
        let isFolder = status.kind == .folder
        if isFolder, (path as NSString).lastPathComponent == folderName { return true }
        if isFolder, depth < maximumDepth {
            var kept = false
            for child in try fileManager.contentsOfDirectory(atPath: path) {
                kept = try prune((path as NSString).appendingPathComponent(child), depth: depth + 1) || kept
            }
            if kept { return true }
        }
        try fileManager.removeItem(atPath: path)
        return false
    }

    /// The files in every module cache under `scratch`, relative to it.
    static func entries(in scratch: String) -> Set<String> {
        var found = Set<String>()
        for cache in folders(in: scratch, relative: "", depth: 1) {
            let absolute = (scratch as NSString).appendingPathComponent(cache)
            guard let walker = FileManager.default.enumerator(atPath: absolute) else { continue }
            while let relative = walker.nextObject() as? String {
                let pathExtension = (relative as NSString).pathExtension
                if pathExtension == "pcm" || pathExtension == "swiftmodule" { found.insert(cache + "/" + relative) }
            }
        }
        return found
    }

    /// `Foundation` from `…/ModuleCache/2AYQ8ZLNLBFMK/Foundation-3K2Q0R6S5S1T8.pcm`.
    static func moduleName(ofEntry entry: String) -> String {
        let file = ((entry as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let dash = file.lastIndex(of: "-"), dash != file.startIndex else { return file }
        return String(file[..<dash])
    }

    private static func folders(in scratch: String, relative: String, depth: Int) -> [String] {
        let folder = relative.isEmpty ? scratch : (scratch as NSString).appendingPathComponent(relative)
        guard depth <= maximumDepth, let children = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [String] = []
        for child in children.sorted() {
            let path = relative.isEmpty ? child : relative + "/" + child
            guard FileStatus.isFolder((scratch as NSString).appendingPathComponent(path), followingLinks: false) else { continue }
            if child == folderName {
                found.append(path)
            } else {
                found += folders(in: scratch, relative: path, depth: depth + 1)
            }
        }
        return found
    }
}
