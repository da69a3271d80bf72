import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
@testable import ModGraphCLI
import ModGraphTestSupport
import Testing

/// `modgraph check` end to end on the samples: the real dump, the real
/// configuration files, every output format against golden files.
@Suite("modgraph check")
struct CheckCommandTests {
    private func sample(_ name: String) -> String {
        ModGraphRunner.samples.appendingPathComponent(name).path
    }

    /// Paths in reports are relative to the current folder; run from the repository root as CI does.
    private func check(_ arguments: [String]) throws -> ModGraphRunner.Result {
        try ModGraphRunner.run(["check"] + arguments, in: ModGraphRunner.repository)
    }

    /// Their configurations turn every source check on, so their imports match their manifests on
    /// every platform, and also when one platform is checked on its own (`#if os(…)` imports).
    @Test(arguments: [["VerticalApp"], ["Workspace/App"], ["VerticalApp", "--platform", "linux"], ["VerticalApp", "--platform", "macos"]])
    func theCleanSamplesPass(_ arguments: [String]) throws {
        let result = try check(["Samples/\(arguments[0])"] + arguments.dropFirst())
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.hasPrefix("modgraph check passed: 0 errors, 0 warnings"))
    }

    @Test(arguments: [
        ("text", "check-Violations.txt"), ("json", "check-Violations.json"), ("github", "check-Violations.github"),
        ("sarif", "check-Violations.sarif"), ("junit", "check-Violations.xml"), ("xcode", "check-Violations.xcode.txt"),
    ])
    func theViolationsSampleReportsExactlyItsPlantedFaults(_ format: String, _ golden: String) throws {
        let result = try check(["Samples/Violations", "--format", format])
        #expect(result.status == 1)
        #expect(result.errors.isEmpty)
        try expectGolden(result.output, golden)
    }

    @Test func theJSONReportListsThePlantedFaultsWithTheirChains() throws {
        let result = try check(["Samples/Violations", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let chains = findings.map { finding in
            "\(finding["rule"] as? String ?? "?"): " + ((finding["chain"] as? [String]) ?? []).joined(separator: " → ")
        }
        #expect(
            chains == [
                "layering: violations/Networking → violations/Profile",
                "isolation: violations/Checkout → violations/Profile",
                "isolation: violations/Search → violations/SharedHelpers → violations/Messaging",
                "interface-content: violations/VerticalInterfaces",
                "interface-content: violations/VerticalInterfaces",
                "interface-content: violations/VerticalInterfaces",
                "undeclared-import: violations/App → violations/Search → violations/SharedHelpers",
                "interface-content: violations/VerticalInterfaces",
                "unused-dependency: violations/App → violations/Prelude",
            ])
        // Each points at the line marked FAULT: the manifest line of the offending dependency,
        // or the source line (and column) of the offending declaration or import.
        var files: [String: [Substring]] = [:]
        for finding in findings {
            let location = try #require(finding["location"] as? [String: Any])
            let path = try #require(location["file"] as? String)
            let line = try #require(location["line"] as? Int)
            if files[path] == nil {
                files[path] = try String(contentsOf: ModGraphRunner.repository.appendingPathComponent(path), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false)
            }
            let text = try #require(files[path]?[line - 1])
            #expect(text.contains("FAULT"), "\(path):\(line) is not a planted fault: \(text)")
            #expect((location["column"] != nil) == !path.hasSuffix("Package.swift"))
        }
    }

    @Test func sarifHasTheShapeTheSpecificationRequires() throws {
        let result = try check(["Samples/Violations", "--format", "sarif"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "modgraph")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 9)
        for entry in results {
            let index = try #require(entry["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == entry["ruleId"] as? String)
            #expect(["error", "warning", "note", "none"].contains(entry["level"] as? String ?? ""))
            #expect(((entry["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let physical = (entry["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let uri = try #require((physical?["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(uri.hasPrefix("Samples/Violations/") && uri.hasSuffix(".swift"))
            let region = try #require(physical?["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1)
            // Source-level findings point at a column too; manifest lines do not.
            #expect((region["startColumn"] as? Int).map { $0 >= 1 } ?? uri.hasSuffix("Package.swift"))
        }
    }

    @Test func junitIsWellFormedXMLWithOneCasePerFinding() throws {
        let result = try check(["Samples/Violations", "--format", "junit"])
        let parser = XMLParser(data: Data(result.output.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        // The 9 findings (7 errors, 2 warnings), and cycle, unassigned, optional-import and stale-config, which found nothing.
        #expect(result.output.components(separatedBy: "<testcase ").count - 1 == 13)
        #expect(result.output.components(separatedBy: "<failure ").count - 1 == 7)
        #expect(
            result.output.contains(#"<testcase classname="modgraph.check" name="isolation: violations/Checkout → violations/Profile">"#))
    }

    @Test func aBaselineRatchets() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-baseline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path

        let written = try check(["Samples/Violations", "--write-baseline", baseline])
        #expect(written.status == 0)
        #expect(written.errors == "recorded 9 findings in \(baseline)\n")

        let quiet = try check(["Samples/Violations", "--baseline", baseline])
        #expect(quiet.status == 0, "\(quiet.output)")
        #expect(quiet.output.contains("9 known violations not reported"))

        // A baseline entry that no longer occurs is listed as fixed.
        var text = try String(contentsOfFile: baseline, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "\"entries\": [",
            with:
                "\"entries\" : [\n    {\"chain\": [], \"fingerprint\": \"layering:violations/Gone->violations/Away\", \"message\": \"\", \"rule\": \"layering\"},"
        )
        try text.write(toFile: baseline, atomically: true, encoding: .utf8)
        let fixed = try check(["Samples/Violations", "--baseline", baseline, "--format", "json"])
        #expect(fixed.status == 0)
        #expect(fixed.output.contains("\"fixed\": [\n    \"layering:violations/Gone->violations/Away\"\n  ]"))
    }

    @Test func configurationErrorsExitWithTwoAndNameTheLine() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-config")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("rules.yml").path
        try "layers:\n  - name: app\n    targets: [App]\n    isolatd: true\n".write(toFile: config, atomically: true, encoding: .utf8)
        let result = try check(["Samples/VerticalApp", "--config", config])
        #expect(result.status == 2)
        #expect(
            result.errors == "error: \(config):4: unknown key 'isolatd' in layers[0]; expected one of: name, targets, isolated, externals\n"
        )

        let missing = try check(["Samples/VerticalApp", "--config", folder.appendingPathComponent("none.yml").path])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("no such configuration file"))
    }

    @Test func aPackageWithoutConfigurationIsAnInputError() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-noconfig")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Bare\")\n"
            .write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let result = try check([folder.path])
        #expect(result.status == 2)
        #expect(result.errors.contains("nothing to check yet: no .modgraph.yml here or in the folders above it up to the repository root"))
        // What to do, as a command to paste: init writes one from the graph.
        #expect(result.errors.contains("Run `modgraph init \(folder.path)` to write one from this graph"))
        #expect(result.errors.contains("then `modgraph check \(folder.path)` again"))
        #expect(result.errors.split(separator: "\n").count == 1)
    }

    @Test func theSuggestedCommandQuotesAPathForTheShell() {
        let message = CheckCommand.nothingConfigured(start: "/w/my app", path: "my app/it's")
        #expect(message.contains("Run `modgraph init 'my app/it'\\''s'` to write one"))
        #expect(CheckCommand.nothingConfigured(start: ".", path: ".").contains("Run `modgraph init` to write one"))
    }
}
