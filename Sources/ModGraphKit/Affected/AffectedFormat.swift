import ModGraphChanges

/// The formats of `modgraph affected`.
public enum AffectedFormat: String, CaseIterable, Sendable {
    /// For people: each target with why it is in, the tests, each file's verdict.
    case text
    /// For programs (docs/affected.md).
    case json
    /// A `swift test --filter` expression for the selected test targets (empty when none).
    case swiftTest = "swift-test"
    /// `-only-testing:` arguments for `xcodebuild test`, one a line.
    case xcodebuild
}

extension AffectedRun {
    public static func render(_ report: AffectedReport, as format: AffectedFormat) -> String {
        switch format {
        case .text: AffectedText.render(report)
        case .json: AffectedJSON.document(report).serialized()
        case .swiftTest: TestArguments.swiftTestFilter(report.selection)
        case .xcodebuild: TestArguments.xcodebuildArguments(report.selection)
        }
    }
}
