import ModGraphOutput

/// `modgraph check --format sarif`: SARIF 2.1.0, which code-scanning tools
/// (GitHub's among them) read, with the same locations as the annotations.
/// Each rule's `defaultConfiguration.level` is the level the configuration
/// gave it (``CheckedRule/severity``); each result carries its own level.
public enum SARIF {
    public static func render(_ report: CheckReport, toolVersion: String) -> String {
        let rules = report.result.rules
        let results: [JSONValue] = report.result.findings.map { finding in
            var members: [(String, JSONValue)] = [
                ("ruleId", .string(finding.rule.rawValue)),
                ("ruleIndex", .int(rules.firstIndex { $0.id == finding.rule } ?? 0)),
                ("level", .string(finding.severity.rawValue)),
                (
                    "message",
                    .object([("text", .string(finding.chain.isEmpty ? finding.message : "\(finding.chainText): \(finding.message)"))])
                ),
            ]
            if let position = finding.location {
                members.append(
                    (
                        "locations",
                        .array([
                            .object([
                                (
                                    "physicalLocation",
                                    .object([
                                        ("artifactLocation", .object([("uri", .string(uri(position.file)))])),
                                        (
                                            "region",
                                            .object(
                                                [("startLine", .int(max(1, position.line)))]
                                                    + (position.column.map { [("startColumn", JSONValue.int(max(1, $0)))] } ?? []))
                                        ),
                                    ])
                                )
                            ])
                        ])
                    ))
            }
            members.append(("partialFingerprints", .object([("modgraphFingerprint/v1", .string(finding.fingerprint))])))
            return .object(members)
        }
        let driver: JSONValue = .object([
            ("name", .string("modgraph")),
            ("version", .string(toolVersion)),
            (
                "rules",
                .array(
                    rules.map { rule in
                        .object([
                            ("id", .string(rule.id.rawValue)),
                            ("shortDescription", .object([("text", .string(rule.summary))])),
                            ("defaultConfiguration", .object([("level", .string(rule.severity.rawValue))])),
                        ])
                    })
            ),
        ])
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        ("tool", .object([("driver", driver)])),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ]).serialized()
    }

    /// A relative URI reference: path segments percent-encoded, `/` kept.
    static func uri(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".unicodeScalars)
        var encoded = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, unreserved.contains(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
