import Foundation
import Testing
@testable import ModGraphRules

/// The check's formats on a small result: counts in words that agree with
/// their number, one JUnit case per finding, and a baseline file written like
/// every other JSON output.
@Suite("check formats")
struct CheckFormatTests {
    /// One isolation error (Cart → Chat) and one unassigned warning (Stray).
    static func oneErrorOneWarning() throws -> CheckReport {
        let result = try check(
            graph("Cart -> Chat, Cart -> Stray"),
            """
            layers:
              - name: verticals
                targets: [Cart, Chat]
                isolated: true
            """)
        return CheckReport(result: result, configFile: ".modgraph.yml")
    }

    @Test func countsAreSingularForOne() throws {
        let report = try Self.oneErrorOneWarning()
        #expect(GitHubAnnotations.render(report).hasSuffix("\nmodgraph check failed: 1 error, 1 warning\n"))
        #expect(CheckText(useColour: false).render(report).hasPrefix("modgraph check failed: 1 error, 1 warning (config: .modgraph.yml)\n"))
        #expect(report.result.countsText == "1 error, 1 warning")
        let clean = CheckResult(findings: [], excused: [], layers: [:], rules: [])
        #expect(clean.countsText == "0 errors, 0 warnings")
    }

    @Test func junitHasOneCasePerFindingAndOnePerRuleThatPassed() throws {
        let xml = JUnit.render(try Self.oneErrorOneWarning())
        let names = xml.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "<testcase classname=\"modgraph.check\" name=\""),
                let end = line[start.upperBound...].firstIndex(of: "\"")
            else { return nil }
            return String(line[start.upperBound..<end])
        }
        // cycle, layering and stale-config passed; isolation and unassigned have one finding each.
        #expect(names == ["cycle", "layering", "isolation: app/Cart → app/Chat", "unassigned: app/Stray", "stale-config"])
        #expect(xml.contains(#"<testsuites name="modgraph check" tests="5" failures="1" errors="0">"#))
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 1)
        #expect(xml.contains("<system-out>app/Stray: "))
    }

    @Test func theBaselineIsWrittenLikeEveryOtherJSONOutput() throws {
        let result = try check(graph("Cart -> Chat"), "layers:\n  - name: v\n    targets: [Cart, Chat]\n    isolated: true\n")
        #expect(
            Baseline(recording: result.findings).encoded() == """
                {
                  "schemaVersion": 2,
                  "entries": [
                    {
                      "fingerprint": "isolation:app/Cart->app/Chat",
                      "rule": "isolation",
                      "chain": [
                        "app/Cart",
                        "app/Chat"
                      ],
                      "message": "Cart depends on Chat: members of isolated layer 'v' must not depend on one another, directly or through other modules"
                    }
                  ]
                }

                """)
    }

    @Test func aBaselineFromANewerModgraphIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-new-baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"schemaVersion": 99, "entries": []}"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            throws: ConfigError(
                file: file.path, line: nil,
                problem: "baseline schemaVersion 99 is newer than this modgraph reads (2); update modgraph or write the baseline again")
        ) {
            try Baseline.load(file.path)
        }
    }

    @Test func anOldBaselineStillReads() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-v1-baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        {
          "entries" : [
            {
              "chain" : ["app/Cart", "app/Chat"],
              "fingerprint" : "isolation:app/Cart->app/Chat",
              "message" : "Cart depends on Chat",
              "rule" : "isolation"
            }
          ],
          "version" : 1
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        let baseline = try Baseline.load(file.path)
        #expect(baseline.entries.map(\.fingerprint) == ["isolation:app/Cart->app/Chat"])
    }
}
