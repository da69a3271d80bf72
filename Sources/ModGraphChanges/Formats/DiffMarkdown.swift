import ModGraphCore
import ModGraphOutput

/// `modgraph diff --format markdown`: a pull-request comment that always fits
/// GitHub's limit (65,536 characters): long lists go in `<details>`, are cut
/// to what fits, and say how many were cut.
public enum DiffMarkdown {
    /// GitHub's limit on a comment's body, less room for what a workflow adds around it.
    public static let limit = MarkdownBudget.commentLimit

    public static func render(_ report: DiffReport, limit: Int = DiffMarkdown.limit) -> String {
        var document = MarkdownBudget(limit: limit)
        let exceeded = report.exceeded
        document.line("## modgraph diff: \(Escape.markdownCode(report.base)) → \(Escape.markdownCode(report.head))")
        document.line("")
        if !exceeded.isEmpty {
            document.line(
                "**Budget exceeded:** "
                    + exceeded.map { "\($0.name) \(Escape.markdown($0.limit)) (\(Escape.markdown($0.actual)))" }
                    .joined(separator: "; "))
            document.line("")
        }
        if report.config != nil {
            document.line(
                "**Findings:** \(report.newFindings.count) new, \(report.fixedFindings.count) fixed, \(report.unchangedFindings) unchanged")
            document.line("")
        }
        document.line("| | base | head | change |")
        document.line("|---|---|---|---|")
        for row in DiffRows.metrics(report) {
            document.line(
                "| \(Escape.markdown(row.name)) | \(Escape.markdown(row.before)) | \(Escape.markdown(row.after, limit: Escape.messageLimit)) | \(Escape.markdown(row.change)) |"
            )
        }
        document.line("")
        let graph = report.graph
        if graph.isEmpty { document.line("The graph did not change.") }
        document.details(
            title: "New findings",
            report.newFindings.map {
                "- **\($0.severity)** \(Escape.markdownCode($0.rule)): \(Escape.markdown($0.message, limit: Escape.messageLimit))"
            },
            open: true)
        document.details(
            title: "Fixed findings",
            report.fixedFindings.map { "- \(Escape.markdownCode($0.rule)): \(Escape.markdown($0.message, limit: Escape.messageLimit))" })
        document.details(title: "Targets added", graph.addedTargets.map { "- \(Escape.markdownCode($0.description))" })
        document.details(title: "Targets removed", graph.removedTargets.map { "- \(Escape.markdownCode($0.description))" })
        document.details(
            title: "Dependencies added",
            graph.addedDependencies.map { "- \(Escape.markdownCode($0.from.description)) → \(Escape.markdownCode($0.to.description))" })
        document.details(
            title: "Dependencies removed",
            graph.removedDependencies.map { "- \(Escape.markdownCode($0.from.description)) → \(Escape.markdownCode($0.to.description))" })
        return document.finish()
    }
}
