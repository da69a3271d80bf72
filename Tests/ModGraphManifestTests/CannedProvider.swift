import Foundation
@testable import ModGraphManifest

/// Serves dumps written in the test instead of running `swift`, so that the
/// loader's scheduling can be tested on many packages quickly and with
/// chosen delays. Each folder must exist: the loader resolves it on disk.
final class CannedProvider: ManifestProvider, @unchecked Sendable {
    private let dumps: [String: String]
    private let delay: @Sendable (String) -> Double
    private let lock = NSLock()
    private var running = 0
    private(set) var maximumRunning = 0
    private(set) var calls: [String] = []
    /// Called when a folder's load starts, before its delay.
    var onStart: (@Sendable (String) -> Void)?

    /// `dumps` maps canonical folders to dump-package JSON; `delay` gives each folder's load time in seconds.
    init(_ dumps: [String: String], delay: @escaping @Sendable (String) -> Double = { _ in 0 }) {
        self.dumps = dumps
        self.delay = delay
    }

    func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        lock.lock()
        running += 1
        maximumRunning = max(maximumRunning, running)
        calls.append(directory)
        lock.unlock()
        onStart?(directory)
        Thread.sleep(forTimeInterval: delay(directory))
        defer {
            lock.lock()
            running -= 1
            lock.unlock()
        }
        guard let json = dumps[directory] else { throw .noManifest(directory: directory) }
        return try ManifestDecoding.decode(Data(json.utf8), source: directory + "/Package.swift")
    }

    var callCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return calls.count
    }
}

/// A dump of package `name` in `folder` with one library target per name in
/// `targets` and a `path:` dependency on each folder in `dependsOn`.
func cannedDump(_ name: String, folder: String, dependsOn: [String] = [], broken: Bool = false) -> String {
    let dependencies = dependsOn.map { path in
        #"{"fileSystem": [{"identity": "\#(PackageIdentityText.of(path))", "path": "\#(path)", "productFilter": null}]}"#
    }
    let targetDependencies = dependsOn.map { path in
        let other = (path as NSString).lastPathComponent
        return #"{"product": ["\#(other)", "\#(PackageIdentityText.of(path))", null, null]}"#
    }
    let shape =
        broken
        ? #""targets": 7"#
        : #""targets": [{"name": "\#(name)", "type": "regular", "dependencies": [\#(targetDependencies.joined(separator: ", "))]}]"#
    return #"""
        {"name": "\#(name)", "packageKind": {"root": ["\#(folder)"]}, \#(shape),
         "products": [{"name": "\#(name)", "type": {"library": ["automatic"]}, "targets": ["\#(name)"]}],
         "dependencies": [\#(dependencies.joined(separator: ", "))]}
        """#
}

enum PackageIdentityText {
    static func of(_ path: String) -> String { (path as NSString).lastPathComponent.lowercased() }
}

/// A ``DumpSource`` that writes a dump for any folder (named after it) instead
/// of running `swift`, and counts what the cache asks of it.
final class CannedDumpSource: DumpSource, @unchecked Sendable {
    private let lock = NSLock()
    private var dumpCount = 0
    private var versionCount = 0
    var version: String? = "Swift version 9.9 (canned)"
    var files: [String] = []
    /// Folders whose dump fails as a broken manifest would.
    var failing: Set<String> = []

    var dumps: Int { lock.withLock { dumpCount } }
    var versionQueries: Int { lock.withLock { versionCount } }

    func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        try ManifestDecoding.decode(dump(forPackageAt: directory), source: directory + "/Package.swift")
    }

    func dump(forPackageAt directory: String) throws(LoadError) -> Data {
        lock.withLock { dumpCount += 1 }
        if failing.contains(directory) {
            throw .manifestFailed(manifest: directory + "/Package.swift", diagnostics: ["canned failure"])
        }
        return Data(cannedDump((directory as NSString).lastPathComponent, folder: directory).utf8)
    }

    func toolchainVersion() -> String? {
        lock.withLock { versionCount += 1 }
        return version
    }

    func toolchainFiles() -> [String] { files }
}
