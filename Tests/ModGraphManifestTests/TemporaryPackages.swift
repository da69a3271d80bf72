import Foundation
@testable import ModGraphManifest

/// A scratch folder of packages that a test writes and `dump-package` reads.
/// Each test gets its own folder, so tests run in parallel.
struct TemporaryFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = (base as NSString).appendingPathComponent("modgraph-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` at `relativePath`, creating folders on the way.
    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Writes a `Package.swift` and an empty source file for each named source folder.
    @discardableResult
    func package(_ folder: String, manifest: String, sources: [String] = []) throws -> String {
        try write("\(folder)/Package.swift", manifest)
        for source in sources {
            try write("\(folder)/\(source)/File.swift", "// \(source)\n")
        }
        return (path as NSString).appendingPathComponent(folder)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs the real `swift package dump-package`.
let dumper = DumpPackageRunner()

func dump(_ manifest: String, sources: [String] = []) throws -> Manifest {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let directory = try folder.package("Package", manifest: manifest, sources: sources)
    return try dumper.manifest(forPackageAt: directory)
}

func decode(_ json: String) throws -> Manifest {
    try ManifestDecoding.decode(Data(json.utf8), source: "fixture.json")
}
