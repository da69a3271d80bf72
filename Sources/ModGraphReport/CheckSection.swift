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
            details.append(
                MarkdownBudget.Details(
                    title: "Accepted by exceptions",
                    items: result.excused.map {
                        "- \(Escape.markdown($0.finding.chainText, limit: Escape.messageLimit)): \(Escape.markdown($0.reason, limit: Escape.messageLimit))"
                    }))
        }
        return ReportSection(
            title: "Layering check", summary: summary, markdown: markdown, details: details,
            jsonKey: "check", json: CheckJSON.document(for: report))
    }

    /// Layers, lowest first, and the findings the diagram shows: the edges
    /// that break a rule in red, undeclared imports as dashed missing edges,
    /// unused dependencies as grey dotted edges; more than
    /// ``DiagramStyle/paintedFindingLimit`` of them are counted per module instead.
    public static func style(_ report: CheckReport, layerNames: [String], into style: inout DiagramStyle) {
        style.layers = DiagramStyle.layers(of: report.result.layers, namesTopFirst: layerNames)
        var violations: [DiagramStyle.Chain] = []
        var missing: [DiagramStyle.Chain] = []
        var unused: [DiagramStyle.Chain] = []
        for finding in report.result.findings where finding.chain.count > 1 {
            let note = "\(finding.rule.rawValue): \(finding.message)"
            switch finding.rule {
            // Cycles are drawn from the graph itself, findings or not.
            case .cycle: continue
            case .undeclaredImport:
                if let first = finding.chain.first, let last = finding.chain.last {
                    missing.append(DiagramStyle.Chain(targets: [first, last], note: note))
                }
            case .unusedDependency: unused.append(DiagramStyle.Chain(targets: finding.chain, note: note))
            default:
                if finding.severity == .error { violations.append(DiagramStyle.Chain(targets: finding.chain, note: note)) }
            }
        }
        if violations.count + missing.count + unused.count <= DiagramStyle.paintedFindingLimit {
            style.violations = violations
            style.missing = missing
            style.unused = unused
        } else {
            var counts: [TargetID: Int] = [:]
            for finding in report.result.findings {
                if let module = finding.chain.first { counts[module, default: 0] += 1 }
            }
            style.findingCounts = counts
        }
    }
}
