import Foundation
import ModGraphTestSupport
import Testing

/// Every command's `--help`, as users read it, against a golden file: help
/// text that breaks lines in the wrong place or loses an option shows in review.
@Suite("Help snapshots")
struct HelpSnapshotTests {
    @Test(arguments: [
        [], ["init"], ["graph"], ["why"], ["serve"], ["check"], ["fix"], ["schedule"], ["affected"], ["diff"], ["measure"], ["report"],
        ["weights", "import"],
    ])
    func helpMatchesItsSnapshot(_ command: [String]) throws {
        let result = try ModGraphRunner.run(command + ["--help"], environment: ["COLUMNS": "100"])
        #expect(result.status == 0, "\(result.errors)")
        try expectGolden(result.output, "help-\(command.isEmpty ? "modgraph" : command.joined(separator: "-")).txt")
    }

    /// Hard line breaks in a discussion show as lines cut short in the middle.
    @Test(arguments: ["init", "graph", "why", "serve", "check", "fix", "schedule", "affected", "diff", "measure", "report"])
    func noLineIsCutShort(_ command: String) throws {
        let result = try ModGraphRunner.run([command, "--help"], environment: ["COLUMNS": "100"])
        let paragraphs = result.output.components(separatedBy: "\n\n")
        let discussion = paragraphs.dropFirst().first ?? ""
        guard !discussion.hasPrefix("USAGE") else { return }
        let lines = discussion.split(separator: "\n")
        for line in lines.dropLast() {
            #expect(line.count > 60, "a short line in the middle of '\(command) --help': \(line)")
        }
    }
}
