import Foundation
import Testing
import ModGraphManifest
@testable import ModGraphManifestEvaluation

/// Runs the real `swift package dump-package`.
let dumper = DumpPackageRunner()

/// The host of this machine and toolchain.
let host: EvaluationHost? = dumper.toolchainVersion().flatMap(EvaluationHost.current(toolchainVersion:))

/// A scratch folder of packages; each test gets its own, so tests run in parallel.
struct TemporaryFolder {
    let path: String

    init() throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath().path
        path = (base as NSString).appendingPathComponent("modgraph-evaluation-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Writes `manifest` as a package's `Package.swift`, evaluates it and dumps it,
/// and expects the evaluation to succeed with no difference from the dump.
/// Returns the evaluated manifest for further expectations.
@discardableResult
func expectSameAsDump(
    _ manifest: String, besides files: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Manifest {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("Package/Package.swift", manifest)
    for (name, contents) in files { try folder.write("Package/\(name)", contents) }
    let directory = (folder.path as NSString).appendingPathComponent("Package")
    let host = try #require(host, sourceLocation: sourceLocation)
    let evaluated = StaticManifestEvaluator(host: host).manifest(forPackageAt: directory)
    let dumped = try dumper.manifest(forPackageAt: directory)
    switch evaluated {
    case let .success(manifest):
        #expect(ManifestComparison.differences(manifest, dumped) == [], sourceLocation: sourceLocation)
        // Cached as dump-shaped JSON, it reads back the same.
        #expect(
            try ManifestDecoding.decode(ManifestEncoding.dumpJSON(manifest), source: "encoded") == manifest, sourceLocation: sourceLocation)
        return manifest
    case let .failure(fallback):
        Issue.record("fell back: \(fallback)", sourceLocation: sourceLocation)
        return dumped
    }
}

/// The evaluator's answer for `manifest`, without dumping it.
func evaluate(_ manifest: String, in directory: String = "/tmp/modgraph-evaluation/Package") throws -> Result<Manifest, EvaluationFallback>
{
    let host = try #require(host)
    return StaticManifestEvaluator(host: host).manifest(source: Data(manifest.utf8), directory: directory)
}

/// Expects `manifest` to fall back, with a reason containing `reason`, and, when
/// `dumpFails`, `dump-package` to reject it (what the fallback is for).
func expectFallback(_ manifest: String, reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    switch try evaluate(manifest) {
    case let .success(evaluated):
        Issue.record("evaluated, expected a fallback for \(reason): \(evaluated)", sourceLocation: sourceLocation)
    case let .failure(fallback):
        #expect(reason.isEmpty || fallback.reason.contains(reason), "\(fallback)", sourceLocation: sourceLocation)
    }
}
