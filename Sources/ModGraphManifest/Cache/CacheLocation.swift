import Foundation
import ModGraphCore
import ModGraphSystem

/// Where dumps are cached. Everything in the folder can be rebuilt, so it is
/// safe to delete at any time, even while `modgraph` runs.
public enum CacheLocation {
    /// `MODGRAPH_CACHE_DIR` when set; else `~/Library/Caches/modgraph` on
    /// macOS, `$XDG_CACHE_HOME/modgraph` or `~/.cache/modgraph` elsewhere;
    /// `nil` when there is no home folder to put it in.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit = environment["MODGRAPH_CACHE_DIR"], !explicit.isEmpty { return explicit }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        #if os(macOS)
            return home.isEmpty ? nil : Paths.absolute("Library/Caches/modgraph", relativeTo: home)
        #else
            if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
                return Paths.absolute("modgraph", relativeTo: xdg)
            }
            return home.isEmpty ? nil : Paths.absolute(".cache/modgraph", relativeTo: home)
        #endif
    }
}

extension CacheLocation {
    /// Creates `folder` if needed and marks it as a cache (`CACHEDIR.TAG`, which
    /// backup tools skip); throws when it cannot be written.
    public static func prepare(_ folder: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw POSIXError(.ENOTDIR)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The folder itself may not be a link either (one committed where a checkout keeps its cache).
        guard ConfinedFiles.isFolder(folder) else { throw POSIXError(.ELOOP) }
        let tag = Paths.absolute("CACHEDIR.TAG", relativeTo: folder)
        if !FileManager.default.fileExists(atPath: tag) {
            let text = """
                Signature: 8a477f597d28d172789f06886806bc55
                # This file marks a cache folder created by modgraph: dumps of Package.swift
                # files it can make again. Deleting the folder is safe.

                """
            try CacheFile.write(Data(text.utf8), to: tag, under: folder, raw: true)
        }
        // Writing the tag proves nothing when it was already there: try a file of our own.
        let probe = Paths.absolute(".probe-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)", relativeTo: folder)
        try FileCreation.write(Data(), toNew: probe, permissions: .ownerReadWrite)
        try FileManager.default.removeItem(atPath: probe)
    }
}
