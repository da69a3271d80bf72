import Foundation
import ModGraphCore

/// A JSON file of measured or estimated seconds per target: the document
/// `modgraph measure` writes (`{"schemaVersion": 1, "unit": "seconds",
/// "targets": {"identity/Name": 1.25, …}, …}`), or just the `targets`
/// object on its own. Keys are `identity/Name`, or a plain target name when
/// only one target of the graph has it. Described in docs/planning.md.
public enum WeightsFile {
    /// The largest weight a target may have, in seconds (or lines, for
    /// `sources`): 1,000,000 s is 11.6 days, far beyond any module's compile.
    /// The file comes with the pull request it plans; the bound keeps the
    /// sums finite (100,000 targets at most 10¹¹ s) and every conversion of
    /// a time in milliseconds to `Int` in range (10¹⁴ ≪ 9.2 × 10¹⁸), where a
    /// weight of `1e19` used to crash the renderers.
    public static let maximumWeight: Double = 1_000_000

    /// Reads `path` and matches its entries to the targets of `graph`.
    /// Entries that name no target are ignored with a warning; targets
    /// without an entry get the median (see ``TargetWeights/assemble(graph:known:unit:source:extraWarnings:)``).
    public static func weights(at path: String, for graph: ModuleGraph) throws(WeightsError) -> TargetWeights {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw .unreadable(path: path, reason: reason)
        }
        return try weights(from: data, source: path, for: graph)
    }

    static func weights(from data: Data, source: String, for graph: ModuleGraph) throws(WeightsError) -> TargetWeights {
        let entries = try decode(data, source: source)
        var known: [Int: Double] = [:]
        var unmatched: [String] = []
        var byNameOnly: [String] = []
        for (key, seconds) in entries.sorted(by: { $0.key < $1.key }) {
            guard seconds.isFinite, seconds >= 0 else {
                throw .invalidValue(path: source, key: key, value: String(seconds))
            }
            guard seconds <= maximumWeight else {
                throw .tooLarge(path: source, key: key, value: String(seconds))
            }
            guard let (vertex, exact) = try vertex(named: key, in: graph, source: source) else {
                unmatched.append(key)
                continue
            }
            if !exact { byNameOnly.append(key) }
            guard known.updateValue(seconds, forKey: vertex) == nil else {
                throw .duplicate(path: source, target: graph.targets[vertex].id.description)
            }
        }
        if known.isEmpty, !graph.targets.isEmpty { throw .nothingMatches(path: source) }
        var warnings: [String] = []
        if !byNameOnly.isEmpty {
            warnings.append(
                "\(source): \(byNameOnly.count) entr\(byNameOnly.count == 1 ? "y" : "ies") matched by target name only, "
                    + "as no package has that identity here (\(TargetWeights.abbreviated(byNameOnly)))")
        }
        if !unmatched.isEmpty {
            warnings.append(
                "\(source): \(unmatched.count) entr\(unmatched.count == 1 ? "y names" : "ies name") no target of this graph, "
                    + "ignored (\(TargetWeights.abbreviated(unmatched)))")
        }
        return TargetWeights.assemble(graph: graph, known: known, unit: .seconds, source: source, extraWarnings: warnings)
    }

    /// The vertex a key names, and whether it named it exactly: `identity/Name`
    /// exactly, or a plain name that only one target has. A root package's
    /// identity is its folder's name, so a file measured in another checkout
    /// of the same package has other identities: an `identity/Name` whose
    /// identity is not in the graph falls back to `Name` alone when only
    /// one target has it. Nil when nothing matches.
    static func vertex(named key: String, in graph: ModuleGraph, source: String) throws(WeightsError) -> (Int, exact: Bool)? {
        var name = key
        if let slash = key.firstIndex(of: "/") {
            let package = PackageIdentity(String(key[..<slash]))
            name = String(key[key.index(after: slash)...])
            if let vertex = graph.index(of: TargetID(package: package, name: name)) { return (vertex, true) }
            guard !graph.targets.contains(where: { $0.package == package }) else { return nil }
        }
        let matches = graph.targets.indices.filter { graph.targets[$0].name == name }
        if matches.count > 1 {
            if name != key { return nil }
            throw .ambiguousName(path: source, name: key, candidates: matches.map { graph.targets[$0].id.description })
        }
        return matches.first.map { ($0, name == key) }
    }

    private struct Document: Decodable {
        let targets: [String: Double]
    }

    private static func decode(_ data: Data, source: String) throws(WeightsError) -> [String: Double] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformed(path: source, problem: "malformed JSON")
        }
        guard let dictionary = object as? [String: Any] else {
            throw .malformed(path: source, problem: "expected an object of target → seconds")
        }
        // A document of a later format may mean something else by the same keys: refuse it rather than guess.
        if let version = dictionary["schemaVersion"] {
            guard let number = version as? Int, number >= 1 else {
                throw .malformed(path: source, problem: "schemaVersion must be a whole number from 1")
            }
            guard number <= WeightsJSON.schemaVersion else {
                throw .malformed(
                    path: source,
                    problem:
                        "schemaVersion \(number) is newer than this modgraph reads (\(WeightsJSON.schemaVersion)); measure again or update modgraph"
                )
            }
        }
        do {
            if dictionary["targets"] is [String: Any] {
                return try JSONDecoder().decode(Document.self, from: data).targets
            }
            return try JSONDecoder().decode([String: Double].self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            let key = context.codingPath.last?.stringValue ?? "?"
            throw .malformed(path: source, problem: "the value of '\(key)' is not a number")
        } catch {
            throw .malformed(path: source, problem: "expected an object of target → seconds")
        }
    }
}
