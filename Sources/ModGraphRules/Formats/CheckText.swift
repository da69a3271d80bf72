import ModGraphOutput

/// `modgraph check --format text`: findings grouped by rule, each with its
/// chain, what it breaks and where to change it. Every name, path and
/// message goes through ``Escape/text(_:limit:)``.
public struct CheckText: Sendable {
    public var useColour: Bool

    public init(useColour: Bool) {
        self.useColour = useColour
    }

    private func paint(_ text: String, _ code: String) -> String {
        useColour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func render(_ report: CheckReport) -> String {
        let result = report.result
        var lines: [String] = []
        let verdict = report.passed ? paint("passed", "32;1") : paint("failed", "31;1")
        lines.append("modgraph check \(verdict): \(result.countsText) (config: \(Escape.message(report.configFile)))")
        let byRule = Dictionary(grouping: result.findings, by: \.rule)
        for rule in byRule.keys.sorted() {
            let findings = byRule[rule] ?? []
            lines.append("")
            lines.append(paint("\(rule.rawValue)", "1") + " — \(result.rule(rule).summary)")
            for finding in findings {
                let mark = finding.severity == .error ? paint("✗", "31") : finding.severity == .warning ? paint("!", "33") : paint("i", "36")
                lines.append("  \(mark) \(Escape.message(finding.chain.isEmpty ? finding.message : finding.chainText))")
                if !finding.chain.isEmpty { lines.append("    \(Escape.message(finding.message))") }
                var details: [String] = []
                if let location = finding.location { details.append("at \(location)") }
                if let source = finding.source, finding.location?.file != source.file || finding.location?.line != source.line {
                    details.append("rule \(source)")
                }
                if !details.isEmpty { lines.append("    " + paint(Escape.message(details.joined(separator: " · ")), "2")) }
            }
        }
        if !result.excused.isEmpty {
            lines.append("")
            lines.append(paint("accepted by exceptions", "1") + " (\(result.excused.count))")
            for excused in result.excused {
                lines.append(
                    "  \(Escape.message(excused.finding.chainText)) [\(excused.finding.rule.rawValue)]: \(Escape.message(excused.reason)) "
                        + paint("(\(Escape.message(excused.exception.description)))", "2"))
            }
        }
        if !result.baselined.isEmpty || !result.fixed.isEmpty {
            lines.append("")
            lines.append(paint("baseline", "1") + ": \(Counted.text(result.baselined.count, "known violation")) not reported")
            if !result.fixed.isEmpty {
                lines.append("  no longer occurring (write the baseline again to drop them):")
                for fingerprint in result.fixed { lines.append("    \(Escape.message(fingerprint))") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
