import ModGraphChanges

/// The formats of `modgraph diff`.
public enum DiffFormat: String, CaseIterable, Sendable {
    case text
    case json
    /// A pull-request comment that fits GitHub's limit.
    case markdown
}

extension DiffRun {
    public func render(as format: DiffFormat) -> String {
        switch format {
        case .text: DiffText.render(report)
        case .json: DiffJSON.document(report).serialized()
        case .markdown: DiffMarkdown.render(report)
        }
    }

    /// 1 when a budget is exceeded: the diff is then a failed gate.
    public var exitCode: Int32 { report.exceeded.isEmpty ? 0 : 1 }
}
