import Foundation

/// Today's violations, recorded so that an old codebase can adopt the rules
/// and ratchet toward them: with a baseline, only new violations fail.
///
/// Entries are keyed by ``Finding/fingerprint`` (rule and chain ends), so a
/// violation whose chain changes in the middle is still the same violation.
public struct Baseline: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public let fingerprint: String
        public let rule: String
        public let chain: [String]
        public let message: String
    }

    public var version = 1
    public var entries: [Entry]

    public init(recording findings: [Finding]) {
        entries = findings
            .filter { $0.rule != .staleConfig }
            .map { Entry(fingerprint: $0.fingerprint, rule: $0.rule.rawValue, chain: $0.chain.map(\.description), message: $0.message) }
            .sorted { $0.fingerprint < $1.fingerprint }
    }

    /// Moves the findings the baseline records out of `result.findings`, and
    /// lists the entries that no longer occur as fixed.
    public func apply(to result: inout CheckResult) {
        let recorded = Set(entries.map(\.fingerprint))
        let present = Set(result.findings.map(\.fingerprint))
        result.baselined = result.findings.filter { recorded.contains($0.fingerprint) }
        result.findings.removeAll { recorded.contains($0.fingerprint) }
        result.fixed = entries.filter { !present.contains($0.fingerprint) }.map(\.fingerprint)
    }

    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    public static func load(_ path: String) throws(ConfigError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, line: nil, problem: "cannot read the baseline file")
        }
        do {
            return try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw ConfigError(file: path, line: nil, problem: "not a modgraph baseline (write one with --write-baseline)")
        }
    }
}
