import Foundation
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
}
