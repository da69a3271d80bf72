import ModGraphOutput

/// `modgraph check --format junit`, for CI dashboards that read JUnit: one
/// test case per finding, named by its rule and chain (`isolation: A → B`),
/// so a dashboard shows what failed, not only which rule; errors fail their
/// case, warnings pass with the finding as output. A rule that ran
/// (``CheckResult/rules``) without findings keeps one passing case of its own.
public enum JUnit {
    /// - Complexity: O(R + F) for R rules that ran and F findings.
    public static func render(_ report: CheckReport) -> String {
        let byRule = Dictionary(grouping: report.result.findings, by: \.rule)
        var cases: [String] = []
        var failures = 0
        for rule in report.result.rules {
            let findings = byRule[rule.id] ?? []
            guard !findings.isEmpty else {
                cases.append(#"    <testcase classname="modgraph.check" name="\#(Escape.xml(rule.id.rawValue))">"# + "\n    </testcase>")
                continue
            }
            for finding in findings {
                var lines = [
                    #"    <testcase classname="modgraph.check" name="\#(Escape.xml(name(of: finding), limit: Escape.messageLimit))">"#
                ]
                if finding.severity == .error {
                    failures += 1
                    lines.append(
                        #"      <failure type="\#(Escape.xml(rule.id.rawValue))" message="\#(Escape.xml(finding.message, limit: Escape.messageLimit))">"#
                            + describe(finding) + "</failure>")
                } else {
                    lines.append("      <system-out>" + describe(finding) + "</system-out>")
                }
                lines.append("    </testcase>")
                cases.append(lines.joined(separator: "\n"))
            }
        }
        return
            ([
                #"<?xml version="1.0" encoding="UTF-8"?>"#,
                #"<testsuites name="modgraph check" tests="\#(cases.count)" failures="\#(failures)" errors="0">"#,
                #"  <testsuite name="modgraph check" tests="\#(cases.count)" failures="\#(failures)" errors="0" skipped="0">"#,
            ] + cases + [
                "  </testsuite>",
                "</testsuites>",
            ]).joined(separator: "\n") + "\n"
    }

    /// `rule: A → B → C`; the subject tells apart findings of one target
    /// (`interface-content: Kit (Screen.swift: class ScreenCache)`); a finding
    /// without a chain is named by its message.
    static func name(of finding: Finding) -> String {
        guard !finding.chain.isEmpty else { return "\(finding.rule.rawValue): \(finding.message)" }
        return "\(finding.rule.rawValue): \(finding.chainText)" + (finding.subject.map { " (\($0))" } ?? "")
    }

    private static func describe(_ finding: Finding) -> String {
        let position = finding.location.map { " (\($0))" } ?? ""
        return Escape.xml(
            (finding.chain.isEmpty ? finding.message : "\(finding.chainText): \(finding.message)") + position,
            limit: Escape.messageLimit)
    }
}
