import Foundation
import Testing
@testable import ModGraphRules

/// docs/modgraph.schema.json and the parser accept the same keys, at every
/// level: the parser's "expected one of" list for an unknown key is the
/// schema's properties there. (scripts/validate-ci-files.sh validates the
/// samples' configurations against the schema.)
@Suite("configuration schema")
struct ConfigSchemaTests {
    static let schemaFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/modgraph.schema.json")

    /// A YAML document with an unknown key at a level, and where that level is in the schema.
    static let levels: [(yaml: String, schemaPath: [String])] = [
        ("zzz: 1\n", []),
        ("layers:\n  - {name: a, targets: [A], zzz: 1}\n", ["layers", "items"]),
        ("forbidden:\n  - {from: A, to: B, zzz: 1}\n", ["forbidden", "items"]),
        ("exceptions:\n  - {from: A, to: B, reason: r, zzz: 1}\n", ["exceptions", "items"]),
        ("limits: {zzz: 1}\n", ["limits"]),
        ("sources: {zzz: 1}\n", ["sources"]),
        ("sources:\n  wiring:\n    vocabulary: {zzz: 1}\n", ["sources", "wiring", "vocabulary"]),
        ("affected: {zzz: 1}\n", ["affected"]),
        ("affected:\n  triggers:\n    - {paths: [a], targets: [A], zzz: 1}\n", ["affected", "triggers", "items"]),
        ("budgets: {zzz: 1}\n", ["budgets"]),
    ]

    @Test(arguments: levels.indices)
    func theParserAndTheSchemaKnowTheSameKeys(_ index: Int) throws {
        let level = Self.levels[index]
        let message: String
        do {
            _ = try ConfigParser.parse(level.yaml, file: ".modgraph.yml")
            Issue.record("an unknown key was accepted")
            return
        } catch {
            message = error.description
        }
        let listed = try #require(message.components(separatedBy: "expected one of: ").last)
        let parserKeys = Set(listed.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        var node = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaFile)) as? [String: Any])
        for step in level.schemaPath {
            let properties = node["properties"] as? [String: Any] ?? [:]
            node = try #require((properties[step] ?? node[step]) as? [String: Any], "no \(step) in the schema")
        }
        #expect(node["additionalProperties"] as? Bool == false)
        let schemaKeys = Set((node["properties"] as? [String: Any] ?? [:]).keys)
        #expect(parserKeys == schemaKeys)
    }
}
