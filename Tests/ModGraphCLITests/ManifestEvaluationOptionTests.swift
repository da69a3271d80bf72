import Foundation
import ModGraphTestSupport
import Testing

/// Manifests evaluated from their syntax tree: `--verbose` says how each was
/// answered, `--verify-manifests` loads both ways and reports differences.
@Suite("manifest evaluation options")
struct ManifestEvaluationOptionTests {
    @Test func verboseSaysHowManifestsWereAnswered() throws {
        let path = ModGraphRunner.samples.appendingPathComponent("Workspace/App").path
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-cli-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let cold = try ModGraphRunner.run(["graph", path, "--format", "json", "--verbose", "--cache-dir", cache])
        #expect(cold.status == 0, "\(cold.errors)")
        try expectGolden(cold.output, "Workspace.json")
        #expect(cold.errors.contains("note: manifests: "), "\(cold.errors)")
        #expect(cold.errors.contains("0 from the cache"), "\(cold.errors)")
        let warm = try ModGraphRunner.run(["graph", path, "--format", "json", "--verbose", "--cache-dir", cache])
        #expect(warm.errors.contains("0 evaluated from Package.swift, 0 dumped by swift package dump-package"), "\(warm.errors)")
        try expectGolden(warm.output, "Workspace.json")
    }

    @Test func verifyManifestsComparesBothPathsAndKeepsTheGraph() throws {
        let path = ModGraphRunner.samples.appendingPathComponent("Workspace/App").path
        let result = try ModGraphRunner.run(["graph", path, "--format", "json", "--verify-manifests"])
        #expect(result.status == 0, "\(result.errors)")
        try expectGolden(result.output, "Workspace.json")
        #expect(result.errors.contains("note: manifests verified: "), "\(result.errors)")
        #expect(result.errors.contains(", 0 differences"), "\(result.errors)")
        #expect(!result.errors.contains("manifest difference:"), "\(result.errors)")
    }

    /// A `swift` whose `dump-package` prints another package's dump: the verification
    /// must print the difference and exit 1.
    @Test func verifyManifestsReportsEachDifferenceAndFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-verify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("Package")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n"
            .write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let dump =
            #"{"name": "P", "toolsVersion": {"_version": "5.9.0"}, "packageKind": {"root": ["\#(package.path)"]}, "#
            + #""dependencies": [], "products": [], "targets": [{"name": "B", "type": "regular", "dependencies": [], "packageAccess": true}]}"#
        try dump.write(to: folder.appendingPathComponent("dump.json"), atomically: true, encoding: .utf8)
        let fakeSwift = try Self.swift(answeringDumpPackageWith: "cat '\(folder.path)/dump.json'", in: folder)
        let result = try ModGraphRunner.run(["graph", package.path, "--verify-manifests", "--swift-executable", fakeSwift.path])
        #expect(result.status == 1, "\(result.errors)")
        #expect(
            result.errors.contains("manifest difference: \(package.path)/Package.swift: targets[0].name: evaluated A, dumped B"),
            "\(result.errors)")
        #expect(result.errors.contains("1 manifest: 1 evaluated statically (100%), 1 difference"), "\(result.errors)")
    }

    /// A manifest the evaluator takes while `dump-package` refuses it: the load fails, as SwiftPM's
    /// would, and the difference is said before the error (issue #34).
    @Test func verifyManifestsReportsAManifestEvaluatedWhileTheDumpFailed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-verify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("Package")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/A"), withIntermediateDirectories: true)
        try "".write(to: package.appendingPathComponent("Sources/A/a.swift"), atomically: true, encoding: .utf8)
        try "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n"
            .write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let fakeSwift = try Self.swift(answeringDumpPackageWith: "echo \"error: refused\" >&2; exit 1", in: folder)
        let result = try ModGraphRunner.run(["graph", package.path, "--verify-manifests", "--swift-executable", fakeSwift.path])
        #expect(result.status == 2, "\(result.errors)")
        #expect(
            result.errors.contains("warning: manifest difference: \(package.path)/Package.swift: evaluated, but dump-package failed: "),
            "\(result.errors)")
        #expect(result.errors.contains("error: "), "\(result.errors)")
    }

    /// A `swift` in `folder` whose `dump-package` runs `command` (a shell command of the test's own),
    /// and which runs the real `swift` for anything else (`--version`).
    static func swift(answeringDumpPackageWith command: String, in folder: URL) throws -> URL {
        let fakeSwift = folder.appendingPathComponent("swift")
        try """
        #!/bin/sh
        case "$*" in *dump-package*) \(command) ;; *) exec /usr/bin/env swift "$@" ;; esac
        """.write(to: fakeSwift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fakeSwift.path)
        return fakeSwift
    }
}

/// `--no-run-manifests`: no manifest's code runs. A manifest the evaluator decides loads as always; one it
/// cannot is an error naming it and why; `dump-package` is never started (the fake `swift` would leave a
/// mark), and the options that exist to run it are refused.
@Suite("manifests not run")
struct ManifestsNotRunTests {
    private static let decided =
        "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n"
    /// The package built by a function of the manifest's own: only running it says what it is.
    private static let undecided = """
        // swift-tools-version: 5.9
        import PackageDescription
        func make() -> Package { Package(name: "P", targets: [.target(name: "A")]) }
        let package = make()

        """

    private func package(_ manifest: String) throws -> (folder: URL, package: URL, swift: URL, mark: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-norun-\(UUID().uuidString)")
        let package = folder.appendingPathComponent("Package")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/A"), withIntermediateDirectories: true)
        try "public let a = 1\n".write(to: package.appendingPathComponent("Sources/A/a.swift"), atomically: true, encoding: .utf8)
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let mark = folder.appendingPathComponent("dump-package-ran")
        let swift = try ManifestEvaluationOptionTests.swift(answeringDumpPackageWith: "touch '\(mark.path)'; exit 1", in: folder)
        return (folder, package, swift, mark)
    }

    @Test func aManifestTheEvaluatorDecidesLoadsWithoutRunningAnything() throws {
        let (folder, package, swift, mark) = try package(Self.decided)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ModGraphRunner.run(["graph", package.path, "--no-run-manifests", "--no-cache", "--swift-executable", swift.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("1 package, 1 target"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: mark.path))
    }

    @Test func aManifestOnlyRunningDecidesIsAnErrorThatSaysWhy() throws {
        let (folder, package, swift, mark) = try package(Self.undecided)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ModGraphRunner.run(["graph", package.path, "--no-run-manifests", "--no-cache", "--swift-executable", swift.path])
        #expect(result.status == 2, "\(result.errors)")
        #expect(
            result.errors.contains("\(package.path)/Package.swift: not read: modgraph cannot evaluate it from its text ("),
            "\(result.errors)")
        #expect(result.errors.contains("and --no-run-manifests forbids running it with swift package dump-package"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: mark.path))
        // Without the flag the same manifest goes to dump-package (which this fake `swift` refuses).
        let dumped = try ModGraphRunner.run(["graph", package.path, "--no-cache", "--swift-executable", swift.path])
        #expect(dumped.status == 2, "\(dumped.errors)")
        #expect(FileManager.default.fileExists(atPath: mark.path))
    }

    @Test func optionsThatRunManifestsAreRefused() throws {
        for option in ["--dump-manifests", "--verify-manifests"] {
            let result = try ModGraphRunner.run(["graph", ".", "--no-run-manifests", option])
            #expect(result.status == 2, "\(result.errors)")
            #expect(result.errors.contains("--no-run-manifests forbids what \(option) asks"), "\(result.errors)")
        }
    }
    /// `manifests: {run: false}` in `.modgraph.yml` forbids what the flag forbids, for every command that loads.
    @Test func theConfigurationCanForbidRunningManifestsToo() throws {
        let (folder, package, swift, mark) = try package(Self.undecided)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "manifests:\n  run: false\n".write(to: package.appendingPathComponent(".modgraph.yml"), atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["graph", package.path, "--no-cache", "--swift-executable", swift.path])
        #expect(result.status == 2, "\(result.errors)")
        #expect(result.errors.contains("and --no-run-manifests forbids running it with swift package dump-package"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: mark.path))
        let verify = try ModGraphRunner.run(["graph", package.path, "--verify-manifests", "--swift-executable", swift.path])
        #expect(verify.status == 2, "\(verify.errors)")
        #expect(
            verify.errors.contains("manifests: {run: false} forbids what --verify-manifests asks: running manifests"), "\(verify.errors)")
        #expect(!FileManager.default.fileExists(atPath: mark.path))
    }
}
