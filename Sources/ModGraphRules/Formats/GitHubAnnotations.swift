import ModGraphOutput

/// `modgraph check --format github`: workflow commands that GitHub Actions
/// shows as annotations on the pull request, at the manifest line to change
/// (or, for source-level findings, at the source line and column).
public enum GitHubAnnotations {
    public static func render(_ report: CheckReport) -> String {
        var lines: [String] = []
        for finding in report.result.findings {
            var properties: [String] = []
            if let position = finding.location {
                properties.append("file=\(Escape.githubProperty(position.file))")
                properties.append("line=\(position.line)")
                if let column = position.column { properties.append("col=\(column)") }
            }
            properties.append("title=\(Escape.githubProperty("modgraph \(finding.rule.rawValue)"))")
            let text = finding.chain.isEmpty ? finding.message : "\(finding.chainText): \(finding.message)"
            lines.append(
                "::\(finding.severity == .note ? "notice" : finding.severity.rawValue) \(properties.joined(separator: ","))::\(Escape.githubData(text))")
        }
        let result = report.result
        lines.append("modgraph check \(report.passed ? "passed" : "failed"): \(result.countsText)")
        return lines.joined(separator: "\n") + "\n"
    }
}
