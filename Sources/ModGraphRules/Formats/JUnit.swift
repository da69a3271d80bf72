import ModGraphOutput

/// `modgraph check --format junit`: one test case per rule, failed when the
/// rule has errors, so CI dashboards that read JUnit show the check. The
/// cases are the rules that ran (``CheckResult/rules``).
public enum JUnit {
    public static func render(_ report: CheckReport) -> String {
        let rules = report.result.rules
        let byRule = Dictionary(grouping: report.result.findings, by: \.rule)
        let failures = rules.filter { (byRule[$0.id] ?? []).contains { $0.severity == .error } }.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="modgraph check" tests="\#(rules.count)" failures="\#(failures)" errors="0">"#,
            #"  <testsuite name="modgraph check" tests="\#(rules.count)" failures="\#(failures)" errors="0" skipped="0">"#,
        ]
        for rule in rules {
            let findings = byRule[rule.id] ?? []
            let errors = findings.filter { $0.severity == .error }
            let warnings = findings.filter { $0.severity == .warning }
            lines.append(#"    <testcase classname="modgraph.check" name="\#(Escape.xml(rule.id.rawValue))">"#)
            if !errors.isEmpty {
                lines.append(#"      <failure type="\#(Escape.xml(rule.id.rawValue))" message="\#(Escape.xml("\(errors.count) violation\(errors.count == 1 ? "" : "s"): \(rule.summary)"))">"# + describe(errors) + "</failure>")
            }
            if !warnings.isEmpty {
                lines.append("      <system-out>" + describe(warnings) + "</system-out>")
            }
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ findings: [Finding]) -> String {
        findings.map { finding in
            let position = finding.location.map { " (\($0))" } ?? ""
            return Escape.xml((finding.chain.isEmpty ? finding.message : "\(finding.chainText): \(finding.message)") + position,
                              limit: Escape.messageLimit)
        }.joined(separator: "\n")
    }
}
