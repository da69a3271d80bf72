import Foundation
import Testing

/// Every format announces a rule at the level `.modgraph.yml` gives it, not
/// at a level of its own: SARIF used to call `unused-dependency` a warning
/// and every other rule an error, whatever the configuration said.
@Suite("rule levels from the configuration")
struct RuleLevelTests {
    /// `modgraph check Samples/Violations` with the sample's configuration, `edits` applied.
    private func check(_ format: String, _ edits: [(String, String)]) throws -> ModGraphRunner.Result {
        let folder = try ModGraphRunner.scratchFolder("modgraph-levels")
        defer { try? FileManager.default.removeItem(at: folder) }
        var yaml = try String(contentsOf: ModGraphRunner.samples.appendingPathComponent("Violations/.modgraph.yml"), encoding: .utf8)
        for (old, new) in edits {
            #expect(yaml.contains(old), "the sample's configuration no longer says '\(old)'")
            yaml = yaml.replacingOccurrences(of: old, with: new)
        }
        let config = folder.appendingPathComponent("rules.yml")
        try yaml.write(to: config, atomically: true, encoding: .utf8)
        return try ModGraphRunner.run(
            ["check", "Samples/Violations", "--config", config.path, "--format", format],
            in: ModGraphRunner.repository)
    }

    /// Rule id → `defaultConfiguration.level`, and the results' levels by rule id.
    private func sarifLevels(_ output: String) throws -> (rules: [String: String], results: [String: Set<String>]) {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        var rules: [String: String] = [:]
        for rule in try #require(driver["rules"] as? [[String: Any]]) {
            let id = try #require(rule["id"] as? String)
            rules[id] = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
        }
        var results: [String: Set<String>] = [:]
        for result in try #require(run["results"] as? [[String: Any]]) {
            let id = try #require(result["ruleId"] as? String)
            results[id, default: []].insert(try #require(result["level"] as? String))
        }
        return (rules, results)
    }

    @Test func sarifAnnouncesUnusedDependenciesAsErrorsWhenTheConfigurationSaysSo() throws {
        let result = try check("sarif", [("unusedDependencies: warning", "unusedDependencies: error")])
        #expect(result.status == 1)
        let levels = try sarifLevels(result.output)
        #expect(levels.rules["unused-dependency"] == "error")
        #expect(levels.results["unused-dependency"] == ["error"])
    }

    @Test func sarifAnnouncesUnassignedTargetsAsWarningsWhenTheConfigurationSaysSo() throws {
        let result = try check("sarif", [("unassigned: error", "unassigned: warning")])
        let levels = try sarifLevels(result.output)
        #expect(levels.rules["unassigned"] == "warning")
        #expect(levels.rules["layering"] == "error")
        #expect(levels.rules["stale-config"] == "warning")
    }

    /// An ignored rule did not run, so no format lists it as checked.
    @Test(arguments: ["sarif", "junit", "json"])
    func aRuleTheConfigurationIgnoresIsNotListed(_ format: String) throws {
        let result = try check(
            format, [("unassigned: error", "unassigned: ignore"), ("unusedDependencies: warning", "unusedDependencies: ignore")])
        #expect(result.status == 1)
        #expect(result.errors.isEmpty)
        #expect(result.output.contains("undeclared-import"))
        #expect(!result.output.contains("unused-dependency"))
        #expect(!result.output.contains("unassigned"))
    }
}
