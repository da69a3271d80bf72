/// Targets put into named groups, for a collapsed view: a graph of groups
/// whose edges say how many dependencies they stand for, in which any group
/// can be opened in place (its targets drawn again, among the other groups).
///
/// What a person reads first in a workspace of a hundred modules or more:
/// which packages (or project folders, or layers) use which, and how much.
public struct Grouping: Sendable, Equatable {
    /// What the groups are.
    public enum Kind: String, Sendable, CaseIterable {
        /// One group per package of the graph: a SwiftPM package or an Xcode project.
        case package
        /// One group per project folder: the folder that holds several packages or Xcode
        /// projects (a monorepo's `libraries/`, `Modules/Features/`); a package or project
        /// at the top of the repository, or from elsewhere, is a group of its own.
        case project
        /// One group per layer of `.modgraph.yml`, and one for the targets no layer claims.
        case layer
    }

    public struct Group: Sendable, Hashable {
        /// Unique among the groups: the view's node id is `kind:key`.
        public let key: String
        /// What the group is called on its node.
        public let name: String
        /// The node's kind: `.package(origin)` for a package, else `.group(kind)`.
        public let kind: GraphView.NodeKind

        public init(key: String, name: String, kind: GraphView.NodeKind) {
            self.key = key
            self.name = name
            self.kind = kind
        }
    }

    public let kind: Kind
    /// In the order their nodes are drawn.
    public let groups: [Group]
    /// Each target's group (an index into ``groups``).
    public let groupOfTarget: [Int]

    public init(kind: Kind, groups: [Group], groupOfTarget: [Int]) {
        precondition(groupOfTarget.allSatisfy { groups.indices.contains($0) }, "every target needs a group")
        self.kind = kind
        self.groups = groups
        self.groupOfTarget = groupOfTarget
    }

    /// The targets of each group, ascending.
    public var members: [[Int]] {
        var members = [[Int]](repeating: [], count: groups.count)
        for (vertex, group) in groupOfTarget.enumerated() { members[group].append(vertex) }
        return members
    }

    /// One group per package of `graph`, in the graph's order of packages.
    ///
    /// - Complexity: O(V).
    public static func byPackage(_ graph: ModuleGraph) -> Grouping {
        var index: [PackageIdentity: Int] = [:]
        var groups: [Group] = []
        let groupOfTarget = graph.targets.map { target -> Int in
            if let known = index[target.package] { return known }
            let record = graph.package(target.package)
            index[target.package] = groups.count
            groups.append(
                Group(
                    key: target.package.rawValue, name: record?.name ?? target.package.rawValue,
                    kind: .package(record?.origin ?? .remote)))
            return groups.count - 1
        }
        return Grouping(kind: .package, groups: groups, groupOfTarget: groupOfTarget)
    }

    /// One group per project folder of `graph` (see ``Kind/project``): the
    /// folder holding a package's folder (or the folder of an Xcode project's
    /// folder), when that is not the top of the repository; else the package
    /// alone. Groups in order of their keys.
    ///
    /// - Complexity: O(V log V + P) for P packages.
    public static func byProject(_ graph: ModuleGraph) -> Grouping {
        var folderOf: [PackageIdentity: (key: String, name: String, kind: GraphView.NodeKind)] = [:]
        for package in graph.packages {
            if let folder = projectFolder(of: package.path) {
                folderOf[package.identity] = ("folder:" + folder, folder + "/", .group(.project))
            } else {
                folderOf[package.identity] = ("package:" + package.identity.rawValue, package.name, .package(package.origin))
            }
        }
        var byKey: [String: Group] = [:]
        let keys = graph.targets.map { target -> String in
            let entry = folderOf[target.package] ?? ("package:" + target.package.rawValue, target.package.rawValue, .package(.remote))
            if byKey[entry.key] == nil { byKey[entry.key] = Group(key: entry.key, name: entry.name, kind: entry.kind) }
            return entry.key
        }
        let groups = byKey.keys.sorted().compactMap { byKey[$0] }
        let position = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($1.key, $0) })
        return Grouping(kind: .project, groups: groups, groupOfTarget: keys.map { position[$0] ?? 0 })
    }

    /// The folder above a package's folder (`libraries` for `libraries/Home`,
    /// `apps` for `apps/ios/iOS.xcodeproj`, `../Features` for a path package at
    /// `../Features/Search`), nil when that is the top of the repository (or
    /// the folder above it) or the package is not on disk.
    static func projectFolder(of path: String?) -> String? {
        guard let path else { return nil }
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        // An Xcode project's folder is the one that holds the .xcodeproj.
        if let last = parts.last, last.hasSuffix(".xcodeproj") { parts.removeLast() }
        let up = parts.prefix { $0 == ".." }.count
        guard parts.count - up >= 2, !parts.dropFirst(up).contains("..") else { return nil }
        return parts.dropLast().joined(separator: "/")
    }

    /// One group per layer, numbered as `layerOfTarget` numbers them (nil:
    /// no layer, gathered in a last group called `unassigned`), named by `names`.
    ///
    /// - Precondition: every layer number is an index into `names`.
    public static func byLayer(layerOfTarget: [Int?], names: [String], unassigned: String = "(no layer)") -> Grouping {
        let used = Set(layerOfTarget.compactMap { $0 })
        var groups: [Group] = []
        var position: [Int: Int] = [:]
        for (layer, name) in names.enumerated() where used.contains(layer) {
            position[layer] = groups.count
            groups.append(Group(key: name, name: name, kind: .group(.layer)))
        }
        let spare = groups.count
        if layerOfTarget.contains(where: { $0 == nil }) {
            groups.append(Group(key: unassigned, name: unassigned, kind: .group(.layer)))
        }
        return Grouping(kind: .layer, groups: groups, groupOfTarget: layerOfTarget.map { $0.flatMap { position[$0] } ?? spare })
    }
}

extension GraphView {
    /// The collapsed view of `graph`: a node per group of `grouping`, except
    /// the groups in `open`, whose targets are drawn as themselves; an edge
    /// says how many dependencies between targets it stands for (``count(from:to:)``).
    ///
    /// - Complexity: O((V + E) log(V + E)).
    public init(_ graph: ModuleGraph, grouping: Grouping, open: Set<Int> = []) {
        precondition(grouping.groupOfTarget.count == graph.targets.count, "the grouping is of another graph")
        var nodes: [Node] = []
        var nodesOfVertex = [[Int]](repeating: [], count: graph.targets.count)
        for (group, members) in grouping.members.enumerated() where !members.isEmpty {
            let record = grouping.groups[group]
            if open.contains(group) {
                for vertex in members {
                    let target = graph.targets[vertex]
                    nodesOfVertex[vertex] = [nodes.count]
                    nodes.append(
                        Node(
                            id: target.id.description, name: target.name, package: target.package, kind: .target(target.type),
                            members: [vertex]))
                }
            } else {
                for vertex in members { nodesOfVertex[vertex] = [nodes.count] }
                nodes.append(
                    Node(
                        id: "\(grouping.kind.rawValue):\(record.key)", name: record.name, package: graph.targets[members[0]].package,
                        kind: record.kind, members: members))
            }
        }
        self.init(coarser: graph, level: .target, nodes: nodes, nodesOfVertex: nodesOfVertex, groupedBy: grouping.kind)
    }
}
