import ModGraphCore
import ModGraphSystem
import Foundation

/// Remembers `swift --version`, which costs a process start, under a fingerprint of the toolchain's files: their paths, sizes
/// and modification times, and the variables that choose a toolchain on
/// macOS. Installing another toolchain changes the fingerprint.
struct ToolchainVersionCache {
    let folder: String

    /// The version text of `source`'s toolchain, from the cache when its files have not changed.
    func version(of source: any DumpSource, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let fingerprint = Self.fingerprint(files: source.toolchainFiles(), environment: environment) else {
            return source.toolchainVersion()
        }
        let path = Paths.absolute("toolchains/\(SHA256.hex(fingerprint.utf8)).txt", relativeTo: folder)
        if let data = CacheFile.read(path, under: folder) { return String(decoding: data, as: UTF8.self) }
        guard let version = source.toolchainVersion() else { return nil }
        try? CacheFile.write(Data(version.utf8), to: path, under: folder)
        return version
    }

    /// `nil` when no file of the toolchain can be examined: its version is then asked every time.
    static func fingerprint(files: [String], environment: [String: String]) -> String? {
        var lines: [String] = []
        for file in files {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
                let size = attributes[.size] as? NSNumber,
                let modified = attributes[.modificationDate] as? Date
            else { continue }
            lines.append("file \(file) \(size) \(modified.timeIntervalSince1970)")
        }
        guard !lines.isEmpty else { return nil }
        for name in ["TOOLCHAINS", "DEVELOPER_DIR", "SDKROOT"] {
            lines.append("env \(name)=\(environment[name] ?? "")")
        }
        #if os(macOS)
            lines.append("xcode-select \(Paths.canonical("/var/db/xcode_select_link") ?? "")")
        #endif
        return lines.joined(separator: "\n")
    }
}

/// The toolchain's version text for code outside the cache: remembered in
/// `cacheFolder` under the toolchain's fingerprint when there is one, else asked.
public enum ToolchainVersionLookup {
    public static func version(of source: any DumpSource, cacheFolder: String?) -> String? {
        guard let cacheFolder else { return source.toolchainVersion() }
        return ToolchainVersionCache(folder: cacheFolder).version(of: source)
    }
}
