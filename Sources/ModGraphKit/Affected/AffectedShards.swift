import ModGraphChanges
import ModGraphOutput
import ModGraphPlanning
import ModGraphWeights

/// The selected test targets spread over CI machines (`TestShards`), with
/// what each machine runs them with.
public struct AffectedShards: Sendable {
    public let plan: TestShards
    public let unit: WeightUnit
    /// The shards asked for; fewer come out when there are fewer tests.
    public let count: Int
    /// Each shard's test targets.
    public let tests: [[AffectedSelection.Selected]]

    /// `shards:` lines for the text output.
    func text() -> String {
        var lines = [
            "shards: \(plan.shards.count) of \(count) asked for, the slowest predicted at \(number(plan.makespan)) "
                + "(no split can beat \(number(plan.lowerBound)))"
        ]
        for (index, shard) in plan.shards.enumerated() {
            lines.append(
                "  shard \(index + 1): \(number(shard.cost)), "
                    + tests[index].map { Escape.text($0.target.description) }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() throws(UnpassableTestName) -> JSONValue {
        .object([
            ("count", .int(plan.shards.count)),
            ("asked", .int(count)),
            ("unit", .string(unit.rawValue)),
            ("predicted", .decimal(plan.makespan)),
            ("lowerBound", .decimal(plan.lowerBound)),
            ("shards", .array(try plan.shards.indices.map { index throws(UnpassableTestName) in try entry(index) })),
        ])
    }

    /// What a GitHub Actions job's `strategy.matrix` reads (`fromJSON`): one
    /// `include` entry per shard. An empty selection gives `{"include": []}`,
    /// which a workflow must not start a matrix job with (docs/affected.md).
    func matrix() throws(UnpassableTestName) -> JSONValue {
        .object([("include", .array(try plan.shards.indices.map { index throws(UnpassableTestName) in try entry(index) }))])
    }

    /// One shard: `onlyTesting` is the `xcodebuild` arguments as a JSON array, one string per test.
    private func entry(_ index: Int) throws(UnpassableTestName) -> JSONValue {
        let shard = plan.shards[index]
        let selected = tests[index]
        return .object([
            ("shard", .int(index + 1)),
            ("of", .int(plan.shards.count)),
            ("targets", .strings(selected.map(\.target.description))),
            ("filter", .string(TestArguments.swiftTestFilter(selected).trimmingCharacters(in: .newlines))),
            ("onlyTesting", .strings(try TestArguments.xcodebuildArguments(selected))),
            ("predicted", .decimal(shard.cost)),
        ])
    }

    private func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(unit.symbol)"
    }
}
