import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput
import ModGraphRules

/// `modgraph check`'s part of the report: the verdict, each violation with its
/// chain and the manifest line to change, and the layers for the diagram.
public enum CheckSection {
    public static func section(_ report: CheckReport) -> ReportSection {
        let result = report.result
        let verdict = report.passed ? "passed" : "failed"
        var summary = ["Check \(verdict): \(result.countsText) (\(report.configFile))"]
        for finding in result.findings.prefix(5) {
            // A lone target says little by itself; its message says what is wrong with it.
            let text = finding.chain.count > 1 ? finding.chainText : finding.message
            summary.append("  \(finding.rule.rawValue): \(text)")
        }
        if result.findings.count > 5 { summary.append("  … and \(result.findings.count - 5) more (report.json)") }
        let markdown = "Rules from \(Escape.markdownCode(report.configFile)): **\(verdict)**, \(result.countsText)."
        var details = CheckMarkdown.findingDetails(report)
        if !result.excused.isEmpty {
            details.append(MarkdownBudget.Details(
                title: "Accepted by exceptions",
                items: result.excused.map {
                    "- \(Escape.markdown($0.finding.chainText, limit: Escape.messageLimit)): \(Escape.markdown($0.reason, limit: Escape.messageLimit))"
                }))
        }
        return ReportSection(title: "Layering check", summary: summary, markdown: markdown, details: details,
                             jsonKey: "check", json: CheckJSON.document(for: report))
    }

    /// Layers, lowest first, and violation chains for the diagram.
    public static func style(_ report: CheckReport, layerNames: [String], into style: inout DiagramStyle) {
        style.layers = DiagramStyle.layers(of: report.result.layers, namesTopFirst: layerNames)
        style.violations = report.result.findings
            .filter { $0.severity == .error && $0.chain.count > 1 && $0.rule != .cycle }
            .map { DiagramStyle.Chain(targets: $0.chain, note: "\($0.rule.rawValue): \($0.message)") }
    }
}
