import Foundation
import Testing

/// report.md and `check --format markdown` fit a pull-request comment whatever
/// the graph: here 1,000 targets with long names and 500 isolation findings,
/// whose plain listing would be several times GitHub's limit.
@Suite("Markdown that fits a pull request")
struct MarkdownSizeTests {
    static let limit = 60_000

    /// `App` uses 1,000 features; each even feature uses the next one (an
    /// isolation finding each), every feature uses `Core`.
    private func writeLargeApp(into base: URL) throws -> (dump: String, config: String) {
        let folder = base.appendingPathComponent("large")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let long = String(repeating: "Payments", count: 6)
        let features = (0..<1_000).map { "Feature\($0)\(long)" }
        var targets: [String] = [#"{"name": "Core", "type": "regular", "dependencies": []}"#]
        for (index, name) in features.enumerated() {
            var uses = [#"{"byName": ["Core", null]}"#]
            if index % 2 == 0 { uses.append(#"{"byName": ["\#(features[index + 1])", null]}"#) }
            targets.append(#"{"name": "\#(name)", "type": "regular", "dependencies": [\#(uses.joined(separator: ", "))]}"#)
        }
        let appUses = features.map { #"{"byName": ["\#($0)", null]}"# }.joined(separator: ", ")
        targets.append(#"{"name": "App", "type": "executable", "dependencies": [\#(appUses)]}"#)
        let dump =
            #"{"name": "Large", "packageKind": {"root": ["\#(folder.path)"]}, "targets": [\#(targets.joined(separator: ", "))], "products": [], "dependencies": []}"#
        let dumpFile = folder.appendingPathComponent("dump.json")
        try dump.write(to: dumpFile, atomically: true, encoding: .utf8)
        let config = """
            version: 1
            layers:
              - name: app
                targets: [App]
              - name: features
                targets: ['Feature*']
                isolated: true
              - name: core
                targets: [Core]
            """
        let configFile = folder.appendingPathComponent(".modgraph.yml")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        return (dumpFile.path, configFile.path)
    }

    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-markdown")
    }

    /// What GitHub would show: every `<details>` closed, the finding groups as
    /// lists nested in lists, the tables as tables.
    private func expectRendersAsIntended(_ markdown: String, tables: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(markdown.utf16.count <= Self.limit, "\(markdown.utf16.count) characters", sourceLocation: sourceLocation)
        let html = try renderMarkdown(markdown)
        let opened = html.components(separatedBy: "<details").count - 1
        #expect(opened > 0, sourceLocation: sourceLocation)
        #expect(opened == html.components(separatedBy: "</details>").count - 1, sourceLocation: sourceLocation)
        // A module's findings are a list inside the module's item.
        #expect(
            html.contains("<li><code>large/Feature0\(String(repeating: "Payments", count: 6))</code>: 1 finding\n<ul>\n<li>✗ "),
            sourceLocation: sourceLocation)
        if tables { #expect(html.contains("<table>") && html.contains("<th>Target</th>"), sourceLocation: sourceLocation) }
        #expect(markdown.contains("more, cut to fit a comment (the JSON output has them all)"), sourceLocation: sourceLocation)
    }

    @Test func reportAndCheckOfAThousandTargetsWithHundredsOfFindingsFitAComment() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (dump, config) = try writeLargeApp(into: folder)

        let check = try ModGraphRunner.run(["check", dump, "--config", config, "--format", "markdown"])
        #expect(check.status == 1, "\(check.errors)")
        #expect(check.output.hasPrefix("## modgraph check failed\n\n500 errors, 0 warnings, rules from "))
        #expect(check.output.contains("<details open><summary><code>isolation</code>: 500 errors in 500 modules — "))
        try expectRendersAsIntended(check.output, tables: false)

        let report = folder.appendingPathComponent("report")
        let run = try ModGraphRunner.run([
            "report", dump, "--config", config, "--weights", "uniform", "--no-diagrams", "--output", report.path,
        ])
        #expect(run.status == 0, "\(run.errors)")
        let markdown = try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8)
        try expectRendersAsIntended(markdown, tables: true)
        // What must be said is said, after the long lists: the schedule comes last.
        #expect(markdown.contains("## Build schedule"))
        #expect(markdown.contains("| makespan | lower bound | critical path | total work | efficiency |"))
        // report.json keeps every finding that report.md cut.
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: report.appendingPathComponent("report.json"))) as? [String: Any])
        let findings = try #require((json["check"] as? [String: Any])?["findings"] as? [Any])
        #expect(findings.count == 500)
    }

    /// Small inputs are whole: nothing is cut, nothing says it was.
    @Test func aSmallCheckIsWhole() throws {
        let result = try ModGraphRunner.run([
            "check", ModGraphRunner.samples.appendingPathComponent("Violations").path, "--format", "markdown",
        ])
        #expect(result.status == 1)
        #expect(!result.output.contains("cut to fit"))
        let html = try renderMarkdown(result.output)
        #expect(html.contains("<li><code>violations/VerticalInterfaces</code>: 4 findings\n<ul>"))
        #expect(html.contains("<details><summary><code>unused-dependency</code>: 1 warning in 1 module"))
    }
}
