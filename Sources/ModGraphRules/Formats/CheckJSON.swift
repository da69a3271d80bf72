import ModGraphOutput

/// `modgraph check --format json`, described in `docs/configuration.md`.
public enum CheckJSON {
    public static let schemaVersion = 1

    public static func render(_ report: CheckReport) -> String {
        document(for: report).serialized()
    }

    public static func document(for report: CheckReport) -> JSONValue {
        let result = report.result
        return JSONValue.object([
            ("schemaVersion", .int(schemaVersion)),
            ("config", .string(report.configFile)),
            ("passed", .bool(report.passed)),
            (
                "summary",
                .object([
                    ("errors", .int(result.errorCount)),
                    ("warnings", .int(result.warningCount)),
                    ("notes", .int(result.noteCount)),
                    ("excused", .int(result.excused.count)),
                    ("baselined", .int(result.baselined.count)),
                    ("fixed", .int(result.fixed.count)),
                ])
            ),
            ("rules", .strings(result.rules.map(\.id.rawValue))),
            ("findings", .array(result.findings.map(finding))),
            (
                "excused",
                .array(
                    result.excused.map { excused in
                        var members = members(excused.finding)
                        members.append(("reason", .string(excused.reason)))
                        members.append(("exception", position(excused.exception.file, excused.exception.line)))
                        return .object(members)
                    })
            ),
            ("baselined", .array(result.baselined.map(finding))),
            ("fixed", .strings(result.fixed)),
        ])
    }

    private static func finding(_ finding: Finding) -> JSONValue {
        .object(members(finding))
    }

    private static func members(_ finding: Finding) -> [(String, JSONValue)] {
        [
            ("rule", .string(finding.rule.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("chain", .strings(finding.chain.map(\.description))),
            ("message", .string(finding.message)),
            ("location", finding.location.map { position($0.file, $0.line, column: $0.column) } ?? .null),
            ("configRule", finding.source.map { position($0.file, $0.line) } ?? .null),
            ("fingerprint", .string(finding.fingerprint)),
        ]
    }

    /// `{file, line}`, and `column` for source-level findings.
    private static func position(_ file: String, _ line: Int, column: Int? = nil) -> JSONValue {
        .object([("file", .string(file)), ("line", .int(line))] + (column.map { [("column", .int($0))] } ?? []))
    }
}
