import Foundation
import Testing

/// `schedule`, `report` and `diff` simulate the same build when not told how:
/// the same workers (4, on every machine) and the same weights (lines of
/// source), so one repository gives one set of numbers (docs/planning.md).
@Suite("planning defaults")
struct PlanningDefaultsTests {
    /// Six independent modules of different sizes under an app: wide enough that
    /// 2, 4 or 8 workers give different makespans, and sized so that lines and
    /// units give different ones.
    private func writePackage(in folder: URL) throws {
        let sizes = ["A": 40, "B": 30, "C": 25, "D": 20, "E": 10, "F": 5]
        var targets = sizes.keys.sorted().map { #".target(name: "\#($0)"),"# }
        targets.append(
            #".executableTarget(name: "App", dependencies: [\#(sizes.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))]),"#)
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Wide",
                targets: [
                    \(targets.joined(separator: "\n        "))
                ]
            )

            """
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for (name, lines) in sizes.merging(["App": 3], uniquingKeysWith: { $1 }) {
            let sources = folder.appendingPathComponent("Sources/\(name)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            let text = (0..<lines).map { "let value\($0) = \($0)\n" }.joined()
            try text.write(to: sources.appendingPathComponent("\(name).swift"), atomically: true, encoding: .utf8)
        }
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func scheduleReportAndDiffSimulateTheSameBuild() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-defaults")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("Wide")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try writePackage(in: package)

        let schedule = try ModGraphRunner.run(["schedule", package.path, "--format", "json"])
        #expect(schedule.status == 0, "\(schedule.errors)")
        let plan = try json(schedule.output)
        let planSummary = try #require(plan["summary"] as? [String: Any])
        let planWeights = try #require(plan["weights"] as? [String: Any])

        let reportFolder = folder.appendingPathComponent("report")
        let report = try ModGraphRunner.run(["report", package.path, "--no-diagrams", "--output", reportFolder.path])
        #expect(report.status == 0, "\(report.errors)")
        let reportJSON = try json(String(contentsOf: reportFolder.appendingPathComponent("report.json"), encoding: .utf8))
        let reportPlan = try #require(reportJSON["schedule"] as? [String: Any])
        let reportSummary = try #require(reportPlan["summary"] as? [String: Any])
        let reportWeights = try #require(reportPlan["weights"] as? [String: Any])

        let diff = try ModGraphRunner.run(["diff", package.path, "--base-path", package.path, "--format", "json"])
        #expect(diff.status == 0, "\(diff.errors)")
        let head = try #require(try json(diff.output)["after"] as? [String: Any])

        #expect(plan["workers"] as? Int == 4)
        #expect(reportPlan["workers"] as? Int == 4)
        #expect(planWeights["source"] as? String == "sources")
        #expect(reportWeights["source"] as? String == "sources")
        #expect(planWeights["unit"] as? String == "lines")
        #expect(head["unit"] as? String == "lines")
        // 4 workers on lines: A, B, C and D start; E follows D (20) and F follows C (25),
        // both done by 30; App (3) follows A (40): 43 lines (on 2 workers it would be 68).
        let makespan = try #require(planSummary["makespan"] as? Double)
        #expect(makespan == 43)
        #expect(reportSummary["makespan"] as? Double == makespan)
        #expect(head["makespan"] as? Double == makespan)
    }
}
