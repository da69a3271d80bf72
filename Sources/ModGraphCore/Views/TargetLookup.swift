/// Why a target named on the command line was not found.
public enum TargetLookupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No target has that id or name; `suggestions` are the closest names.
    case unknown(String, suggestions: [String])
    /// Several packages have a target of that name; `candidates` are their ids.
    case ambiguous(String, candidates: [String])

    public var description: String {
        switch self {
        case .unknown(let name, let suggestions):
            "no target '\(name)' in the graph"
                + (suggestions.isEmpty ? "" : "; did you mean " + suggestions.joined(separator: ", ") + "?")
        case .ambiguous(let name, let candidates):
            "'\(name)' names several targets; use one of " + candidates.joined(separator: ", ")
        }
    }
}

extension ModuleGraph {
    /// The vertex a user means by `name`: a target id `identity/Name`
    /// (identity case-insensitive), else a target name that only one package
    /// uses, else a unique case-insensitive match of the name.
    ///
    /// - Complexity: O(V) for a hit; O(V · n · m) for a miss, where n and m
    ///   are name lengths, to find the closest names.
    public func lookUpTarget(_ name: String) throws(TargetLookupError) -> Int {
        if let slash = name.firstIndex(of: "/") {
            let id = TargetID(package: PackageIdentity(String(name[..<slash])), name: String(name[name.index(after: slash)...]))
            if let vertex = index(of: id) { return vertex }
        }
        let exact = targets.indices.filter { targets[$0].name == name }
        if exact.count == 1 { return exact[0] }
        if exact.count > 1 { throw .ambiguous(name, candidates: exact.map { targets[$0].id.description }) }
        let lowered = name.lowercased()
        let folded = targets.indices.filter { targets[$0].name.lowercased() == lowered }
        if folded.count == 1 { return folded[0] }
        if folded.count > 1 { throw .ambiguous(name, candidates: folded.map { targets[$0].id.description }) }
        throw .unknown(name, suggestions: closestNames(to: name))
    }

    /// Up to five targets whose names are within a few edits of `name`, or
    /// contain it, closest first; shown by name when only one package has
    /// that name, else by id.
    private func closestNames(to name: String) -> [String] {
        let query = Array(name.lowercased())
        let limit = max(2, query.count / 3)
        var scored: [(distance: Int, label: String)] = []
        let nameCounts = Dictionary(targets.map { ($0.name, 1) }, uniquingKeysWith: +)
        for target in targets {
            let candidate = target.name.lowercased()
            let distance =
                candidate.contains(String(query)) && !query.isEmpty
                ? 0
                : editDistance(query, Array(candidate), limit: limit)
            guard distance <= limit else { continue }
            scored.append((distance, nameCounts[target.name] == 1 ? target.name : target.id.description))
        }
        scored.sort { ($0.distance, $0.label) < ($1.distance, $1.label) }
        return Array(scored.prefix(5).map(\.label))
    }
}

/// The Levenshtein distance between `a` and `b`, or any value above `limit`
/// once it is certain to exceed it.
///
/// - Complexity: O(n · m) time, O(m) memory.
func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        current[0] = i
        var rowMinimum = current[0]
        for j in 1...max(b.count, 1) where !b.isEmpty {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            rowMinimum = min(rowMinimum, current[j])
        }
        if rowMinimum > limit { return limit + 1 }
        swap(&previous, &current)
    }
    return previous[b.count]
}
