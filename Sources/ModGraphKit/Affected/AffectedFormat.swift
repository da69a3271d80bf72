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
    /// `-only-testing:NAME` arguments for `xcodebuild test`, each ended by a NUL (for `xargs -0`).
    case xcodebuild
    /// `{"include": [...]}` for a GitHub Actions matrix, one entry per shard (`--shards`; the command line's default is 1).
    case githubMatrix = "github-matrix"
    /// An Xcode test plan of the selected test targets, or the plan `--test-plan` names with the others turned off.
    case xctestplan
    /// An Xcode scheme whose test action runs the selected test targets (for `xcodebuild test -scheme`).
    case xcscheme
}

extension AffectedRun {
    /// The report in `format`. The formats a test runner executes (`xcodebuild`, and
    /// `onlyTesting` in the shards' JSON and matrix) fail on a test target no argument can name.
    public func render(as format: AffectedFormat) throws(CommandError) -> String {
        do throws(UnpassableTestName) {
            switch format {
            case .text: return AffectedText.render(report) + (shards?.text() ?? "")
            case .json:
                guard let shards, case var .object(fields) = AffectedJSON.document(report) else {
                    return AffectedJSON.document(report).serialized()
                }
                fields.append(("shards", try shards.json()))
                return JSONValue.object(fields).serialized()
            case .swiftTest: return TestArguments.swiftTestFilter(report.selection)
            case .xcodebuild: return try TestArguments.xcodebuildArguments(report.selection).map { $0 + "\u{0}" }.joined()
            case .githubMatrix:
                // Shards are what a matrix spreads; a request without them gets no entries.
                return (try shards?.matrix() ?? JSONValue.object([("include", .array([]))])).serialized()
            case .xctestplan: return filteredTestPlan ?? TestPlan.written(testPlanEntries)
            case .xcscheme: return try TestScheme.written(testPlanEntries)
            }
        } catch {
            throw CommandError(error.description)
        }
    }
}
