import ModGraphCore

/// One view of index.html: which nodes it draws and how, named by a key the
/// page's script, the page's data and `modgraph serve` share, such as
/// `focus:12:1:both|t1x0i0` (node 12, one step both ways, with tests, without
/// external products or implied dependencies).
///
/// Nodes and groups are numbered as in the page's data. A key read from a
/// request is checked against the graph: every number in range, every list
/// bounded (``init(key:nodeCount:groupCounts:)``).
public struct ViewerView: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Every node the toggles show.
        case all
        /// A node and its neighbourhood: `depth` steps (0: all the way), both ways, up or down.
        case focus(node: Int, depth: Int, direction: Direction)
        /// One node per group, the groups of `open` drawn open (ascending, without repeats).
        case collapse(Grouping.Kind, open: [Int])
        /// The `limit` shortest paths from one node to another, drawn on their own.
        case path(from: Int, to: Int, limit: Int)
    }

    /// Which way a focus goes.
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        /// What the focus uses and what uses it.
        case both
        /// What uses the focus (its dependents).
        case up
        /// What the focus uses (its dependencies).
        case down

        /// The traversals it makes.
        public var traversals: [Digraph.Direction] {
            switch self {
            case .both: [.dependencies, .dependents]
            case .up: [.dependents]
            case .down: [.dependencies]
            }
        }
    }

    public var kind: Kind
    /// Test targets drawn.
    public var tests: Bool
    /// Products of packages that were not loaded drawn.
    public var externals: Bool
    /// Dependencies a longer path implies drawn (else the view is transitively reduced).
    public var implied: Bool

    public init(_ kind: Kind, tests: Bool, externals: Bool, implied: Bool) {
        self.kind = kind
        self.tests = tests
        self.externals = externals
        self.implied = implied
        if case .collapse(let grouping, let open) = kind { self.kind = .collapse(grouping, open: Array(Set(open)).sorted()) }
    }

    /// The most groups a key may open, and the most paths it may ask for.
    static let openLimit = 500
    static let pathLimit = 100
    /// The longest key read.
    static let keyLimit = 8_192

    /// `all|t1x1i0`, `focus:3:1:both|t1x1i0`, `collapse:package:2,5|t0x0i0`, `path:3:9:10|t1x1i1`.
    public var key: String {
        let toggles = "t\(tests ? 1 : 0)x\(externals ? 1 : 0)i\(implied ? 1 : 0)"
        switch kind {
        case .all: return "all|" + toggles
        case .focus(let node, let depth, let direction): return "focus:\(node):\(depth):\(direction.rawValue)|" + toggles
        case .collapse(let grouping, let open):
            return "collapse:\(grouping.rawValue):\(open.map(String.init).joined(separator: ","))|" + toggles
        case .path(let from, let to, let limit): return "path:\(from):\(to):\(limit)|" + toggles
        }
    }

    /// The view `key` names in a graph of `nodeCount` nodes whose groupings have
    /// `groupCounts` groups; nil when the key is malformed or out of range.
    public init?(key: String, nodeCount: Int, groupCounts: [Grouping.Kind: Int]) {
        guard key.utf8.count <= Self.keyLimit else { return nil }
        let halves = key.split(separator: "|", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let toggles = Array(halves[1].utf8)
        guard toggles.count == 6, toggles[0] == UInt8(ascii: "t"), toggles[2] == UInt8(ascii: "x"), toggles[4] == UInt8(ascii: "i"),
            [toggles[1], toggles[3], toggles[5]].allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") })
        else { return nil }
        let parts = halves[0].split(separator: ":", omittingEmptySubsequences: false)
        func number(_ text: Substring, below bound: Int) -> Int? {
            guard text.count <= 9, let value = Int(text), value >= 0, value < bound else { return nil }
            return value
        }
        let kind: Kind
        switch parts.first {
        case "all" where parts.count == 1:
            kind = .all
        case "focus" where parts.count == 4:
            guard let node = number(parts[1], below: nodeCount), let depth = number(parts[2], below: 1_001),
                let direction = Direction(rawValue: String(parts[3]))
            else { return nil }
            kind = .focus(node: node, depth: depth, direction: direction)
        case "collapse" where parts.count == 3:
            guard let grouping = Grouping.Kind(rawValue: String(parts[1])), let groups = groupCounts[grouping] else { return nil }
            let listed = parts[2].split(separator: ",", omittingEmptySubsequences: true)
            guard listed.count <= Self.openLimit else { return nil }
            var open: [Int] = []
            for item in listed {
                guard let group = number(item, below: groups) else { return nil }
                open.append(group)
            }
            kind = .collapse(grouping, open: open)
        case "path" where parts.count == 4:
            guard let from = number(parts[1], below: nodeCount), let to = number(parts[2], below: nodeCount), from != to,
                let limit = number(parts[3], below: Self.pathLimit + 1), limit > 0
            else { return nil }
            kind = .path(from: from, to: to, limit: limit)
        default:
            return nil
        }
        self.init(
            kind, tests: toggles[1] == UInt8(ascii: "1"), externals: toggles[3] == UInt8(ascii: "1"),
            implied: toggles[5] == UInt8(ascii: "1"))
    }
}
