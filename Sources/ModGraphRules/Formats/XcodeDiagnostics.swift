import ModGraphOutput

/// `modgraph check --format xcode`: one `path:line:column: error: message`
/// line per finding, the form Xcode's build log, editors and most CI log
/// parsers turn into a clickable diagnostic (for a run-script build phase).
/// A finding without a place in a file is placed on the configuration rule
/// that made it, or, without one, on the configuration file's first line.
public enum XcodeDiagnostics {
    public static func render(_ report: CheckReport) -> String {
        var lines: [String] = []
        for finding in report.result.findings {
            let place: String
            if let position = finding.location {
                place = "\(Escape.text(position.file, limit: Escape.messageLimit)):\(position.line):\(position.column ?? 1)"
            } else if let source = finding.source {
                place = "\(Escape.text(source.file, limit: Escape.messageLimit)):\(source.line):\(source.column)"
            } else {
                place = "\(Escape.text(report.configFile, limit: Escape.messageLimit)):1:1"
            }
            let text = finding.chain.isEmpty ? finding.message : "\(finding.chainText): \(finding.message)"
            lines.append(
                "\(place): \(finding.severity.rawValue): \(Escape.message(text)) [modgraph \(finding.rule.rawValue)]"
            )
        }
        lines.append("modgraph check \(report.passed ? "passed" : "failed"): \(report.result.countsText)")
        return lines.joined(separator: "\n") + "\n"
    }
}
