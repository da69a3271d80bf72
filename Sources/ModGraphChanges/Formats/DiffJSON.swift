import ModGraphCore
import ModGraphOutput

/// `modgraph diff --format json` (docs/affected.md).
public enum DiffJSON {
    public static let schemaVersion = 1

    public static func document(_ report: DiffReport) -> JSONValue {
        func metrics(_ value: GraphMetrics) -> JSONValue {
            .object([
                ("targets", .int(value.targets)), ("dependencies", .int(value.dependencies)),
                ("depth", value.depth.map(JSONValue.int) ?? .null), ("waves", value.waves.map(JSONValue.int) ?? .null),
                ("criticalPath", value.criticalPath.map(JSONValue.decimal) ?? .null),
                ("criticalTargets", .strings(value.criticalTargets.map(\.description))),
                ("makespan", value.makespan.map(JSONValue.decimal) ?? .null), ("unit", .string(value.unit)),
            ])
        }
        func finding(_ value: DiffFinding) -> JSONValue {
            .object([
                ("fingerprint", .string(value.fingerprint)), ("rule", .string(value.rule)), ("severity", .string(value.severity)),
                ("message", .string(value.message)),
            ])
        }
        func dependencies(_ list: [GraphDiff.Dependency]) -> JSONValue {
            .array(list.map { .object([("from", .string($0.from.description)), ("to", .string($0.to.description))]) })
        }
        return .object([
            ("schemaVersion", .int(schemaVersion)),
            ("base", .string(report.base)), ("head", .string(report.head)),
            ("before", metrics(report.before)), ("after", metrics(report.after)),
            ("addedTargets", .strings(report.graph.addedTargets.map(\.description))),
            ("removedTargets", .strings(report.graph.removedTargets.map(\.description))),
            ("addedDependencies", dependencies(report.graph.addedDependencies)),
            ("removedDependencies", dependencies(report.graph.removedDependencies)),
            (
                "fanInGrowth",
                .array(
                    report.graph.fanInGrowth.map {
                        .object([("target", .string($0.target.description)), ("before", .int($0.before)), ("after", .int($0.after))])
                    })
            ),
            ("config", .optional(report.config)),
            ("newFindings", .array(report.newFindings.map(finding))),
            ("fixedFindings", .array(report.fixedFindings.map(finding))),
            ("unchangedFindings", .int(report.unchangedFindings)),
            (
                "budgets",
                .array(
                    report.budgets.map {
                        .object([
                            ("name", .string($0.name)), ("limit", .string($0.limit)), ("actual", .string($0.actual)),
                            ("exceeded", .bool($0.isExceeded)),
                        ])
                    })
            ),
        ])
    }
}
