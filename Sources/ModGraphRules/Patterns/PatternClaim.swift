import ModGraphCore

/// What a layer's `targets` or `isolated` list decides for one target. The
/// list is read in order: an entry written `!pattern` takes the targets it
/// matches back from the entries before it, and an entry after it may claim
/// them again. So `["*Feature", "!AppFeature"]` claims every feature but
/// AppFeature. The matching itself is ``TargetPattern``'s.
struct PatternClaim {
    /// The index of the entry that claims the target: the first that matches
    /// it after the last exclusion that does; `nil` when none claims it.
    let entry: Int?
    /// What that entry captured (`feature = Maps`); empty when none claims it.
    let bindings: [String: String]
    /// The exclusions that took the target back from an entry before them:
    /// the ones that did something, for `stale-config`.
    let exclusions: [Int]

    /// Reads `list` for the target `id`.
    ///
    /// - Complexity: O(P·m) for P entries of matching cost m; the entries after
    ///   the claim are read only while an exclusion may follow.
    init(_ list: [LocatedPattern], _ id: TargetID, packageName: String?) {
        self.init(list, trying: list.indices, id, packageName: packageName)
    }

    /// Reads the entries of `patterns` that may match `id`: the same claim as
    /// reading the whole list, since an entry that cannot match decides nothing.
    ///
    /// - Complexity: O(C·m) for the C entries that may match.
    init(_ patterns: PatternCandidates, _ id: TargetID, packageName: String?) {
        self.init(patterns.list, trying: patterns.candidates(for: id.name), id, packageName: packageName)
    }

    /// Reads the entries of `list` at `candidates` (ascending), skipping the others.
    private init(_ list: [LocatedPattern], trying candidates: some Collection<Int>, _ id: TargetID, packageName: String?) {
        var entry: Int?
        var bindings: [String: String] = [:]
        var exclusions: [Int] = []
        // Read in place: a layer's list is read for every target, and copying each
        // entry (its pattern's text and tokens) cost more than most matches.
        list.withUnsafeBufferPointer { items in
            var lastExclusion = -1
            for index in candidates where items[index].isExclusion { lastExclusion = index }
            for index in candidates {
                if entry != nil, index > lastExclusion { break }
                guard let captured = items[index].pattern.match(id, packageName: packageName) else { continue }
                if items[index].isExclusion {
                    if entry != nil { exclusions.append(index) }
                    entry = nil
                    bindings = [:]
                } else if entry == nil {
                    entry = index
                    bindings = captured
                }
            }
        }
        self.entry = entry
        self.bindings = bindings
        self.exclusions = exclusions
    }

    /// Whether the entry at `index` of `list` matches `id` and no exclusion
    /// after it takes the target back: the entry would claim it, were it first.
    ///
    /// - Complexity: O(P·m).
    static func keeps(_ list: [LocatedPattern], _ index: Int, _ id: TargetID, packageName: String?) -> Bool {
        guard list[index].pattern.match(id, packageName: packageName) != nil else { return false }
        return !list[(index + 1)...].contains { $0.isExclusion && $0.pattern.match(id, packageName: packageName) != nil }
    }
}
