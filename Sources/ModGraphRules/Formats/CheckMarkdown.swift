import ModGraphOutput

/// `modgraph check --format markdown`: the findings as a pull-request comment
/// that always fits (``MarkdownBudget``). One `<details>` per rule holds a
/// nested list, the modules at fault with their findings, so hundreds of
/// findings read as a few groups; report.md's check section uses the same lists.
public enum CheckMarkdown {
    /// Findings listed under one module before "… and N more".
    public static let findingsPerModule = 10

    public static func render(_ report: CheckReport, limit: Int = MarkdownBudget.commentLimit) -> String {
        let result = report.result
        var document = MarkdownBudget(limit: limit)
        document.line("## modgraph check \(report.passed ? "passed" : "failed")")
        document.line("")
        document.line("\(result.countsText), rules from \(Escape.markdownCode(report.configFile)).")
        document.line("")
        if result.findings.isEmpty {
            document.line("No findings.")
            document.line("")
        }
        let trailer = trailerLines(report)
        document.details(findingDetails(report), following: MarkdownBudget.length(of: trailer))
        document.reserved = 0
        document.lines(trailer)
        return document.finish()
    }

    /// One `<details>` per rule, in the order of the sorted findings (errors
    /// first), open for errors: a nested list of modules, most findings first,
    /// each with its first ``findingsPerModule`` findings.
    ///
    /// - Complexity: O(n log n) in the number of findings.
    public static func findingDetails(_ report: CheckReport) -> [MarkdownBudget.Details] {
        var rules: [RuleKind] = []
        var byRule: [RuleKind: [Finding]] = [:]
        for finding in report.result.findings {
            if byRule[finding.rule] == nil { rules.append(finding.rule) }
            byRule[finding.rule, default: []].append(finding)
        }
        return rules.map { rule in
            let findings = byRule[rule] ?? []
            var modules: [String] = []
            var byModule: [String: [Finding]] = [:]
            for finding in findings {
                let module = finding.chain.first?.description ?? "configuration"
                if byModule[module] == nil { modules.append(module) }
                byModule[module, default: []].append(finding)
            }
            // Modules with errors first, then most findings first, then by name.
            let errorModules = Set(findings.filter { $0.severity == .error }.map { $0.chain.first?.description ?? "configuration" })
            modules.sort { left, right in
                let (leftErrors, rightErrors) = (errorModules.contains(left), errorModules.contains(right))
                if leftErrors != rightErrors { return leftErrors }
                let (leftCount, rightCount) = (byModule[left]?.count ?? 0, byModule[right]?.count ?? 0)
                return leftCount != rightCount ? leftCount > rightCount : left < right
            }
            let items = modules.map { module in
                let ofModule = byModule[module] ?? []
                var lines = ["- \(Escape.markdownCode(module)): \(Counted.text(ofModule.count, "finding"))"]
                lines += ofModule.prefix(findingsPerModule).map { "  - " + line(for: $0) }
                if ofModule.count > findingsPerModule {
                    lines.append("  - … and \(ofModule.count - findingsPerModule) more (the JSON output has them all)")
                }
                return lines.joined(separator: "\n")
            }
            let errors = findings.filter { $0.severity == .error }.count
            let notes = findings.filter { $0.severity == .note }.count
            let counts = [
                errors > 0 ? Counted.text(errors, "error") : nil,
                findings.count > errors + notes ? Counted.text(findings.count - errors - notes, "warning") : nil,
                notes > 0 ? Counted.text(notes, "note") : nil,
            ]
            .compactMap { $0 }.joined(separator: ", ")
            let title =
                "<code>\(Escape.xml(rule.rawValue))</code>: \(counts) in \(Counted.text(modules.count, "module"))"
                + " — \(Escape.xml(report.result.rule(rule).summary))"
            return MarkdownBudget.Details(title: title, items: items, open: errors > 0, countsItems: false, leads: errors > 0)
        }
    }

    /// `✗ A → B → C: message (at Package.swift:12)`, escaped for Markdown.
    static func line(for finding: Finding) -> String {
        let mark = finding.severity == .error ? "✗" : finding.severity == .warning ? "⚠" : "ℹ"
        var text = "\(mark) "
        if finding.chain.count > 1 { text += Escape.markdown(finding.chainText, limit: Escape.messageLimit) + ": " }
        text += Escape.markdown(finding.message, limit: Escape.messageLimit)
        if let location = finding.location { text += " (at \(Escape.markdownCode(location.description)))" }
        return text
    }

    /// Exceptions and the baseline: short, and said whatever the findings' length.
    private static func trailerLines(_ report: CheckReport) -> [String] {
        let result = report.result
        var lines: [String] = []
        if !result.excused.isEmpty {
            lines.append("\(Counted.text(result.excused.count, "finding")) accepted by exceptions in the configuration.")
            lines.append("")
        }
        if !result.baselined.isEmpty || !result.fixed.isEmpty {
            lines.append(
                "Baseline: \(Counted.text(result.baselined.count, "known violation")) not reported"
                    + (result.fixed.isEmpty
                        ? "."
                        : "; \(Counted.text(result.fixed.count, "entry", plural: "entries")) no longer occur (write the baseline again to drop them).")
            )
            lines.append("")
        }
        return lines
    }
}
