import Foundation
import ModGraphKit
import Testing

/// The measured error `schedule` states beside a prediction in seconds is the
/// validation ledger's (docs/planning.md), and gains inside it are not ranked.
@Suite("Model accuracy")
struct ModelAccuracyTests {
    static let planning = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/planning.md")

    /// The largest error, either way, in column `column` of the ledger's rows.
    static func largestError(column: Int) throws -> Double {
        let text = try String(contentsOf: planning, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### Validation ledger").dropFirst().first)
        let table = section.components(separatedBy: "\n\n").first { $0.hasPrefix("| package") } ?? ""
        var largest = 0.0
        for row in table.split(separator: "\n").dropFirst(2) {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > column + 1, let percent = Double(cells[column + 1].replacingOccurrences(of: "%", with: "")) else {
                continue
            }
            largest = max(largest, abs(percent) / 100)
        }
        return largest
    }

    @Test func theStatedErrorsAreTheLedgers() throws {
        // Columns: package, targets, -j, module-level, its error, job-level, its error, real, load.
        #expect(abs(try Self.largestError(column: 4) - ModelAccuracy.moduleLevelError) < 0.005)
        #expect(abs(try Self.largestError(column: 6) - ModelAccuracy.jobLevelError) < 0.005)
        #expect(ModelAccuracy.jobLevelError > 0)
    }

    @Test func measuredPredictionsStateTheErrorAndRankNoSmallerGain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-accuracy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let weights = folder.appendingPathComponent("weights.json")
        try #"{"schemaVersion": 2, "targets": {"Prelude": 10, "Networking": 2, "App": 1}, "jobs": {"Prelude": {"emitModule": 1, "compile": [9, 8]}}}"#
            .write(to: weights, atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["schedule", path, "--no-tests", "--workers", "2", "--weights", weights.path, "--format", "json"])
        #expect(result.status == 0, "\(result.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["measuredError"] as? Double == ModelAccuracy.moduleLevelError)
        let jobLevel = try #require(document["jobLevel"] as? [String: Any])
        #expect(jobLevel["measuredError"] as? Double == ModelAccuracy.jobLevelError)
        // No ranked change saves less than the model's error.
        for (analysis, error) in [
            (document["bottlenecks"], ModelAccuracy.moduleLevelError), (jobLevel["bottlenecks"], ModelAccuracy.jobLevelError),
        ] {
            let bottlenecks = try #require(analysis as? [String: Any])
            let baseline = try #require(bottlenecks["baseline"] as? Double)
            #expect((bottlenecks["threshold"] as? Double ?? 0) >= error * baseline - 1e-6)
            for entry in bottlenecks["ranked"] as? [[String: Any]] ?? [] {
                #expect((entry["saving"] as? Double ?? 0) >= error * baseline - 1e-6)
            }
        }
        let text = try ModGraphRunner.run(["schedule", path, "--no-tests", "--workers", "2", "--weights", weights.path])
        #expect(text.output.contains("against real builds, docs/planning.md)"))
        // Lines of source were never checked against builds: no error is claimed.
        let sources = try ModGraphRunner.run(["schedule", path, "--no-tests", "--workers", "2"])
        #expect(!sources.output.contains("against real builds"))
    }
}
