import ModGraphRules

/// The formats of `modgraph check`.
public enum CheckFormat: String, CaseIterable, Sendable {
    /// For people: findings grouped by rule, with where to change them.
    case text
    /// For programs (docs/configuration.md).
    case json
    /// GitHub Actions workflow commands: annotations on the pull request.
    case github
    /// SARIF 2.1.0, for code scanning.
    case sarif
    /// JUnit XML, for CI dashboards.
    case junit
    /// `path:line:column: error: message`, for Xcode's build log and editors.
    case xcode
    /// A pull-request comment: findings grouped by rule and module, within GitHub's size limit.
    case markdown
}

extension CheckRun {
    /// `report` in `format`; colour only applies to text.
    public static func render(_ report: CheckReport, as format: CheckFormat, colour: Bool = false) -> String {
        switch format {
        case .text: CheckText(useColour: colour).render(report)
        case .json: CheckJSON.render(report)
        case .github: GitHubAnnotations.render(report)
        case .sarif: SARIF.render(report, toolVersion: ModGraphVersion.current)
        case .junit: JUnit.render(report)
        case .xcode: XcodeDiagnostics.render(report)
        case .markdown: CheckMarkdown.render(report)
        }
    }
}
