import Foundation
import ModGraphOutput

/// Today's violations, recorded so that an old codebase can adopt the rules
/// and ratchet toward them: with a baseline, only new violations fail.
///
/// Entries are keyed by ``Finding/fingerprint`` (rule and chain ends, or the
/// two features of an isolation violation), so a violation whose chain
/// changes in the middle is still the same violation.
///
/// The file is written like every other JSON output (``JSONValue``: keys in
/// a fixed order, two-space indentation) with a `schemaVersion`; files
/// written before it (`"version": 1`, no `schemaVersion`) still read.
public struct Baseline: Decodable, Equatable, Sendable {
    /// 2: `schemaVersion` and the project's JSON style; version 1 files had `"version": 1` instead.
    public static let schemaVersion = 2

    public struct Entry: Codable, Equatable, Sendable {
        public let fingerprint: String
        public let rule: String
        public let chain: [String]
        public let message: String
    }

    public var entries: [Entry]

    public init(recording findings: [Finding]) {
        entries =
            findings
            .filter { $0.rule != .staleConfig }
            .map { Entry(fingerprint: $0.fingerprint, rule: $0.rule.rawValue, chain: $0.chain.map(\.description), message: $0.message) }
            .sorted { $0.fingerprint < $1.fingerprint }
    }

    /// Moves the findings the baseline records out of `result.findings`, and
    /// lists the entries that no longer occur as fixed (by their own fingerprint).
    ///
    /// - Complexity: O(B + F) for B entries and F findings, besides hashing.
    public func apply(to result: inout CheckResult) {
        let features = Dictionary(result.isolationFeatures.map { ($0.key.description, $0.value) }, uniquingKeysWith: { first, _ in first })
        let keys = entries.map { Self.keys(of: $0, features: features) }
        let recorded = Set(keys.joined())
        let present = Set(result.findings.map(\.fingerprint))
        result.baselined = result.findings.filter { recorded.contains($0.fingerprint) }
        result.findings.removeAll { recorded.contains($0.fingerprint) }
        result.fixed = zip(entries, keys).filter { !$0.1.contains(where: present.contains) }.map(\.0.fingerprint)
    }

    /// The fingerprints `entry` stands for: its own and, for an isolation
    /// entry keyed by its chain's two members (as every isolation entry was
    /// before features became the key), the fingerprint of those members'
    /// features today (`features`: feature name by member id), so that
    /// `isolation:app/MapsUI->app/CartCore` still accepts `isolation:Maps->Cart`.
    private static func keys(of entry: Entry, features: [String: String]) -> [String] {
        let rule = RuleKind.isolation.rawValue
        guard entry.rule == rule, let first = entry.chain.first, let last = entry.chain.last,
            entry.fingerprint == "\(rule):\(first)->\(last)",
            let from = features[first], let to = features[last]
        else { return [entry.fingerprint] }
        return [entry.fingerprint, "\(rule):" + IsolationFeature.identity(from: from, to: to)]
    }

    /// The file's text: `{"schemaVersion": 2, "entries": [{fingerprint, rule, chain, message}, …]}`,
    /// entries sorted by fingerprint, so that a rewritten baseline diffs only where findings changed.
    public func encoded() -> String {
        JSONValue.object([
            ("schemaVersion", .int(Self.schemaVersion)),
            (
                "entries",
                .array(
                    entries.map { entry in
                        .object([
                            ("fingerprint", .string(entry.fingerprint)),
                            ("rule", .string(entry.rule)),
                            ("chain", .strings(entry.chain)),
                            ("message", .string(entry.message)),
                        ])
                    })
            ),
        ]).serialized()
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, version, entries
    }

    /// Reads both shapes: `schemaVersion` up to ``schemaVersion``, or the first
    /// files' `"version": 1`. A newer file is refused rather than half understood.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let version = try container.decodeIfPresent(Int.self, forKey: .schemaVersion) {
            guard (1...Self.schemaVersion).contains(version) else { throw NewerSchema(version: version) }
        } else {
            guard try container.decode(Int.self, forKey: .version) == 1 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .version, in: container, debugDescription: "only version 1 precedes schemaVersion")
            }
        }
        entries = try container.decode([Entry].self, forKey: .entries)
    }

    /// A file written by a later modgraph, whose entries this one may misread.
    private struct NewerSchema: Error {
        let version: Int
    }

    public static func load(_ path: String) throws(ConfigError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, line: nil, problem: "cannot read the baseline file")
        }
        do {
            return try JSONDecoder().decode(Baseline.self, from: data)
        } catch let newer as NewerSchema {
            throw ConfigError(
                file: path, line: nil,
                problem:
                    "baseline schemaVersion \(newer.version) is newer than this modgraph reads (\(schemaVersion)); update modgraph or write the baseline again"
            )
        } catch {
            throw ConfigError(file: path, line: nil, problem: "not a modgraph baseline (write one with --write-baseline)")
        }
    }
}
