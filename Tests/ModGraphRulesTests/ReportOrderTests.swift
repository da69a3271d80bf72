import ModGraphCore
import Testing
@testable import ModGraphRules

/// Notes (issue #34) are said as notes in every format.
@Suite("report order and notes")
struct ReportOrderTests {
    private func finding(_ rule: RuleKind, _ severity: Severity, _ from: String, _ to: String, _ message: String) -> Finding {
        let package = PackageIdentity("app")
        return Finding(
            rule: rule, severity: severity, chain: [TargetID(package: package, name: from), TargetID(package: package, name: to)],
            message: message, source: nil, location: SourcePosition(file: "Package.swift", line: 3))
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
}
