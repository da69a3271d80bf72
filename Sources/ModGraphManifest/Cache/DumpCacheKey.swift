import ModGraphCore
import ModGraphSystem
import Foundation

/// Everything that decides what `dump-package` prints for a folder, hashed
/// into the name of its cache entry: the manifest files' names and contents
/// (`Package.swift` and every `Package@swift-*.swift`, since the toolchain
/// picks one by its version), the toolchain, the host, and the folder's
/// canonical path (dumps contain it), and the values of the environment
/// variables the manifests read (``ManifestEnvironment``).
///
/// Not covered: other files a manifest reads while it runs, which is why
/// `--no-cache` exists.
struct DumpCacheKey: Equatable {
    /// 64 hex digits.
    let hex: String

    /// The bump that retires every entry when the key or entry format changes (2: a `diff` base's copy
    /// could keep a `path:` dependency on a package beside its own as the copy's path).
    static let formatVersion = "2"

    /// `environment` is what ``ManifestEnvironment/keyed(_:)`` gives: empty for a manifest that
    /// reads none, whose key is then what it was before variables were part of it.
    init(
        folder: String, manifestFiles: [(name: String, contents: Data)], toolchain: String, host: String,
        environment: [(name: String, value: String?)] = []
    ) {
        var hasher = SHA256()
        // Every part is length-prefixed, so no two different inputs hash the same text.
        func field(_ label: String, _ bytes: some Collection<UInt8>) {
            hasher.update("\(label) \(bytes.count)\n")
            hasher.update(bytes)
            hasher.update("\n")
        }
        field("format", Array(Self.formatVersion.utf8))
        field("toolchain", Array(toolchain.utf8))
        field("host", Array(host.utf8))
        field("folder", Array(folder.utf8))
        for file in manifestFiles.sorted(by: { $0.name < $1.name }) {
            field("name", Array(file.name.utf8))
            field("contents", file.contents)
        }
        for variable in environment {
            field("variable", Array(variable.name.utf8))
            // Unset is not the same as set to nothing.
            if let value = variable.value { field("value", Array(value.utf8)) } else { field("unset", []) }
        }
        hex = hasher.finalizeHex()
    }

    /// `Package.swift` and the `Package@swift-*.swift` beside it, read now;
    /// `nil` when there is no `Package.swift` or a file cannot be read.
    static func manifestFiles(in folder: String) -> [(name: String, contents: Data)]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
            names.contains("Package.swift")
        else { return nil }
        var files: [(name: String, contents: Data)] = []
        for name in names.sorted() where name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")) {
            guard let contents = FileManager.default.contents(atPath: Paths.absolute(name, relativeTo: folder)) else { return nil }
            files.append((name, contents))
        }
        return files
    }
}

/// The operating system and processor: manifests can branch on both with `#if`.
public enum HostDescription {
    public static let current: String = {
        var name = utsname()
        guard uname(&name) == 0 else { return ProcessInfo.processInfo.operatingSystemVersionString }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(name.sysname)) \(text(name.machine)) \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }()
}
