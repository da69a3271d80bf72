import ModGraphCore
import ModGraphOutput

/// `modgraph diff --format markdown`: a pull-request comment that always fits
/// GitHub's limit (65,536 characters): long lists go in `<details>`, are cut
/// to what fits, and say how many were cut.
public enum DiffMarkdown {
    /// GitHub's limit on a comment's body, less room for what a workflow adds around it.
    public static let limit = 60_000

    public static func render(_ report: DiffReport, limit: Int = DiffMarkdown.limit) -> String {
        var document = Document(limit: limit)
        let exceeded = report.exceeded
        document.line("## modgraph diff: \(Escape.markdownCode(report.base)) → \(Escape.markdownCode(report.head))")
        document.line("")
        if !exceeded.isEmpty {
            document.line("**Budget exceeded:** " + exceeded.map { "\($0.name) \(Escape.markdown($0.limit)) (\(Escape.markdown($0.actual)))" }
                .joined(separator: "; "))
            document.line("")
        }
        if report.config != nil {
            document.line("**Findings:** \(report.newFindings.count) new, \(report.fixedFindings.count) fixed, \(report.unchangedFindings) unchanged")
            document.line("")
        }
        document.line("| | base | head | change |")
        document.line("|---|---|---|---|")
        for row in DiffRows.metrics(report) {
            document.line("| \(Escape.markdown(row.name)) | \(Escape.markdown(row.before)) | \(Escape.markdown(row.after, limit: Escape.messageLimit)) | \(Escape.markdown(row.change)) |")
        }
        document.line("")
        let graph = report.graph
        if graph.isEmpty { document.line("The graph did not change.") }
        document.section("New findings", report.newFindings.map { "- **\($0.severity)** \(Escape.markdownCode($0.rule)): \(Escape.markdown($0.message, limit: Escape.messageLimit))" },
                         open: true)
        document.section("Fixed findings", report.fixedFindings.map { "- \(Escape.markdownCode($0.rule)): \(Escape.markdown($0.message, limit: Escape.messageLimit))" })
        document.section("Targets added", graph.addedTargets.map { "- \(Escape.markdownCode($0.description))" })
        document.section("Targets removed", graph.removedTargets.map { "- \(Escape.markdownCode($0.description))" })
        document.section("Dependencies added", graph.addedDependencies.map { "- \(Escape.markdownCode($0.from.description)) → \(Escape.markdownCode($0.to.description))" })
        document.section("Dependencies removed", graph.removedDependencies.map { "- \(Escape.markdownCode($0.from.description)) → \(Escape.markdownCode($0.to.description))" })
        return document.finish()
    }

    /// Lines kept within the limit, whatever the input: room is kept for each
    /// section's cut note, so the closing tags always fit.
    struct Document {
        let limit: Int
        private var text = ""
        private var cut = 0

        init(limit: Int) { self.limit = limit }

        /// Room kept for closing a section and the final note.
        private static let reserve = 400

        mutating func line(_ line: String) {
            guard text.utf16.count + line.utf16.count + 1 + Self.reserve <= limit else { cut += 1; return }
            text += line + "\n"
        }

        mutating func section(_ title: String, _ items: [String], open: Bool = false) {
            guard !items.isEmpty else { return }
            let header = "<details\(open ? " open" : "")><summary>\(title) (\(items.count))</summary>\n\n"
            // A section starts only when its header and closing fit; else it is one of the cuts.
            guard text.utf16.count + header.utf16.count + Self.reserve <= limit else { cut += 1; return }
            text += header
            var shown = 0
            for item in items {
                guard text.utf16.count + item.utf16.count + 1 + Self.reserve <= limit else { break }
                text += item + "\n"
                shown += 1
            }
            if shown < items.count { text += "- … and \(items.count - shown) more, cut to fit a comment (the JSON output has them all)\n" }
            text += "\n</details>\n\n"
        }

        func finish() -> String {
            cut > 0 ? text + "_\(cut) lines were cut to fit a comment._\n" : text
        }
    }
}
