import ModGraphChanges
import ModGraphOutput

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
    /// `{"include": [...]}` for a GitHub Actions matrix, one entry per shard (`--shards`; the command line's default is 1).
    case githubMatrix = "github-matrix"
    /// An Xcode test plan of the selected test targets, or the plan `--test-plan` names with the others turned off.
    case xctestplan
}

extension AffectedRun {
    public func render(as format: AffectedFormat) -> String {
        switch format {
        case .text: return AffectedText.render(report) + (shards?.text() ?? "")
        case .json:
            guard let shards, case var .object(fields) = AffectedJSON.document(report) else {
                return AffectedJSON.document(report).serialized()
            }
            fields.append(("shards", shards.json()))
            return JSONValue.object(fields).serialized()
        case .swiftTest: return TestArguments.swiftTestFilter(report.selection)
        case .xcodebuild: return TestArguments.xcodebuildArguments(report.selection)
        case .githubMatrix:
            // Shards are what a matrix spreads; a request without them gets no entries.
            return (shards?.matrix() ?? JSONValue.object([("include", .array([]))])).serialized()
        case .xctestplan: return filteredTestPlan ?? TestPlan.written(testPlanEntries)
        }
    }
}
