import ModGraphCore
import Testing
@testable import ModGraphRules

/// What a report leads with (issue #34): errors before warnings in Markdown whatever the budget,
/// notes said as notes in every format, and a rule whose pattern matches nothing said to be stale.
@Suite("report order and notes")
struct ReportOrderTests {
    private func finding(_ rule: RuleKind, _ severity: Severity, _ from: String, _ to: String, _ message: String) -> Finding {
        let package = PackageIdentity("app")
        return Finding(
            rule: rule, severity: severity, chain: [TargetID(package: package, name: from), TargetID(package: package, name: to)],
            message: message, source: nil, location: SourcePosition(file: "Package.swift", line: 3))
    }

    /// 2 errors and 598 warnings: a comment short on room shows the errors, never warnings in their place.
    @Test func markdownShowsErrorsBeforeWarningsWhateverTheBudget() {
        let long = String(repeating: "declares a module none of its files imports, which lengthens the build ", count: 4)
        var findings = (0..<598).map { index in finding(.unusedDependency, .warning, "Module\(index)", "Dependency\(index)", long) }
        findings += [
            finding(.undeclaredImport, .error, "App", "Core", "App imports Core without declaring it (error one)"),
            finding(.undeclaredImport, .error, "Feed", "Core", "Feed imports Core without declaring it (error two)"),
        ]
        let rules = [CheckedRule(UndeclaredImportRule(), severity: .error), CheckedRule(UnusedDependencyRule(), severity: .warning)]
        let report = CheckReport(
            result: CheckResult(findings: findings.sorted(), excused: [], layers: [:], rules: rules), configFile: ".modgraph.yml")
        for limit in [2_500, 4_000, 8_000, 60_000] {
            let markdown = CheckMarkdown.render(report, limit: limit)
            #expect(markdown.contains("(error one)") && markdown.contains("(error two)"), "limit \(limit):\n\(markdown)")
            if let warning = markdown.range(of: "Module0"), let error = markdown.range(of: "(error one)") {
                #expect(error.lowerBound < warning.lowerBound, "limit \(limit)")
            }
        }
    }

    /// Within one rule, the modules with errors come first, whatever their counts.
    @Test func modulesWithErrorsLeadTheirRule() {
        var findings = (0..<5).map { index in finding(.layering, .warning, "Busy", "Other\(index)", "a warning \(index)") }
        findings.append(finding(.layering, .error, "Quiet", "Other", "the error"))
        let report = CheckReport(
            result: CheckResult(findings: findings.sorted(), excused: [], layers: [:], rules: [CheckedRule(LayeringRule(), severity: .error)]),
            configFile: ".modgraph.yml")
        let items = CheckMarkdown.findingDetails(report).first?.items ?? []
        #expect(items.first?.hasPrefix("- `app/Quiet`") == true, "\(items)")
    }

    /// A note (an optional import) is a note in every format, and never fails the check.
    @Test func notesAreNotesInEveryFormat() {
        let note = finding(.optionalImport, .note, "App", "Kit", "App imports Kit under #if canImport(Kit) without declaring it")
        let report = CheckReport(
            result: CheckResult(findings: [note], excused: [], layers: [:], rules: [CheckedRule(OptionalImportRule(), severity: .note)]),
            configFile: ".modgraph.yml")
        #expect(report.passed)
        #expect(report.result.countsText == "0 errors, 0 warnings, 1 note")
        #expect(GitHubAnnotations.render(report).hasPrefix("::notice "))
        #expect(XcodeDiagnostics.render(report).contains("Package.swift:3:1: note: "))
        #expect(SARIF.render(report, toolVersion: "0").contains(#""level": "note""#))
        #expect(CheckMarkdown.render(report).contains("ℹ "))
        #expect(JUnit.render(report).contains(#"failures="0""#))
    }

    /// A forbidden rule whose `to` has a typo forbids nothing: stale, like an exception that matches nothing.
    @Test func aForbiddenRuleWhosePatternMatchesNothingIsStale() throws {
        let result = try check(
            graph("App -> Core"),
            """
            forbidden:
              - {from: App, to: Cor}
              - {from: App, to: Core, allow: Nothing*}
            """)
        #expect(
            summary(result, includingStale: true) == [
                "forbidden: App → Core",
                "stale-config: forbidden rule's 'allow' pattern 'Nothing*' matches no target",
                "stale-config: forbidden rule's 'to' pattern 'Cor' matches no target",
            ])
    }
}
