/// Which targets of a project a change to its `project.pbxproj` touches,
/// from the two files' parsed objects rather than from their text: the
/// targets whose own objects changed (the target, its build configurations,
/// phases, build files and the files they name, its dependencies, package
/// products, synchronised folders and their exceptions), the targets a
/// changed group or file reference reaches, and every target when the
/// project's own settings changed (its build configurations, its folder, its
/// regions, the file's format).
///
/// - Complexity: O(objects + references) per target.
public struct ProjectChange: Sendable, Equatable {
    /// Names of the targets touched (as ``XcodeTarget/name`` names them), at the head; sorted.
    public let targets: [String]
    /// Set when the change touches every target, with why.
    public let everyTarget: String?

    public init(targets: [String], everyTarget: String?) {
        self.targets = targets
        self.everyTarget = everyTarget
    }

    /// Compares two versions of one `project.pbxproj`.
    ///
    /// - Throws: ``PropertyListError`` when either cannot be read.
    public static func compare(base: [UInt8], head: [UInt8]) throws(PropertyListError) -> ProjectChange {
        let old = try Side(OpenStepParser.parse(base))
        let new = try Side(OpenStepParser.parse(head))
        guard let oldRoot = old.root, let newRoot = new.root else {
            return ProjectChange(targets: [], everyTarget: "the project file names no project object")
        }
        if old.format != new.format { return ProjectChange(targets: [], everyTarget: "the project file's format changed") }

        // Objects added, removed or changed, by id.
        var changed: Set<String> = []
        for id in Set(old.objects.keys).union(new.objects.keys) where !same(old.objects[id], new.objects[id]) { changed.insert(id) }
        var touched: Set<String> = []

        // The project object itself: its settings touch everything; its lists are judged by what they list.
        if changed.contains(newRoot) || oldRoot != newRoot {
            let before = old.objects[oldRoot]?.dictionary ?? PropertyListDictionary()
            let after = new.objects[newRoot]?.dictionary ?? PropertyListDictionary()
            for key in Set(before.keys).union(after.keys).sorted() where !same(before[key], after[key]) {
                switch key {
                case "targets", "packageReferences", "mainGroup", "productRefGroup", "projectReferences":
                    continue
                case "attributes":
                    switch attributes(before[key]?.dictionary, after[key]?.dictionary) {
                    case let .targets(ids): touched.formUnion(ids)
                    case let .everything(what): return ProjectChange(targets: [], everyTarget: "the project's \(what) changed")
                    }
                default:
                    return ProjectChange(targets: [], everyTarget: "the project's \(key) changed")
                }
            }
            changed.remove(newRoot)
            changed.remove(oldRoot)
        }
        // The project's own build configurations apply to every target.
        let projectSettings = new.reach(from: new.objects[newRoot]?.dictionary?["buildConfigurationList"]?.string)
            .union(old.reach(from: old.objects[oldRoot]?.dictionary?["buildConfigurationList"]?.string))
        if let setting = changed.first(where: projectSettings.contains) {
            _ = setting
            return ProjectChange(targets: [], everyTarget: "the project's build settings changed")
        }

        // A target whose objects (at either end) include a changed one.
        for side in [old, new] {
            for target in side.targets {
                if changed.contains(target) || !side.reach(from: target).isDisjoint(with: changed) { touched.insert(target) }
            }
        }
        // A changed object no target holds (a group, a file reference moved between groups) touches the targets
        // that use what it holds: a group's path is part of its files' paths.
        let held = Set((old.targets + new.targets).flatMap { target in Array(old.reach(from: target).union(new.reach(from: target))) })
        for id in changed where !held.contains(id) && !onlyChildrenChanged(old.objects[id], new.objects[id]) {
            let below = old.reach(from: id).union(new.reach(from: id))
            for side in [old, new] {
                for target in side.targets where !touched.contains(target) && !side.reach(from: target).isDisjoint(with: below) {
                    touched.insert(target)
                }
            }
        }
        let names = Set(touched.compactMap { new.targetName($0) })
        return ProjectChange(targets: names.sorted(), everyTarget: nil)
    }

    /// A group whose only change is what it holds: each child added or removed is a changed
    /// object of its own, and the children it kept are where they were.
    private static func onlyChildrenChanged(_ old: PropertyList?, _ new: PropertyList?) -> Bool {
        guard let before = old?.dictionary, let after = new?.dictionary, before["children"] != nil || after["children"] != nil else {
            return false
        }
        return Set(before.keys).union(after.keys).allSatisfy { $0 == "children" || same(before[$0], after[$0]) }
    }

    /// What changed in the project's `attributes`: `TargetAttributes` per target, else the whole.
    private enum AttributeChange {
        case targets(Set<String>)
        case everything(String)
    }

    /// Keys Xcode rewrites without changing what is built.
    private static let bookkeeping: Set<String> = [
        "LastUpgradeCheck", "LastSwiftUpdateCheck", "LastSwiftMigration", "ORGANIZATIONNAME", "CLASSPREFIX",
        "BuildIndependentTargetsInParallel",
    ]

    private static func attributes(_ before: PropertyListDictionary?, _ after: PropertyListDictionary?) -> AttributeChange {
        let old = before ?? PropertyListDictionary()
        let new = after ?? PropertyListDictionary()
        var targets: Set<String> = []
        for key in Set(old.keys).union(new.keys) where !same(old[key], new[key]) {
            if bookkeeping.contains(key) { continue }
            guard key == "TargetAttributes" else { return .everything("attributes (\(key))") }
            let oldTargets = old[key]?.dictionary ?? PropertyListDictionary()
            let newTargets = new[key]?.dictionary ?? PropertyListDictionary()
            for id in Set(oldTargets.keys).union(newTargets.keys) where !same(oldTargets[id], newTargets[id]) { targets.insert(id) }
        }
        return .targets(targets)
    }

    /// Structural equality; a dictionary's keys in any order.
    static func same(_ left: PropertyList?, _ right: PropertyList?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case let (.string(a)?, .string(b)?): return a == b
        case let (.data(a)?, .data(b)?): return a == b
        case let (.array(a)?, .array(b)?): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case let (.dictionary(a)?, .dictionary(b)?):
            return a.count == b.count && a.keys.allSatisfy { key in b[key] != nil && same(a[key], b[key]) }
        default: return false
        }
    }

    /// One version of the file: its objects, its project object, its targets, and who names whom.
    private struct Side {
        let objects: [String: PropertyList]
        let root: String?
        /// `objectVersion` and `archiveVersion`.
        let format: [String]
        let targets: [String]
        /// The ids each object's fields name, other than its own.
        let references: [String: [String]]
        /// Objects a walk does not go through: targets (each stands for itself) and the project.
        let stops: Set<String>

        init(_ plist: PropertyList) {
            let top = plist.dictionary ?? PropertyListDictionary()
            var objects: [String: PropertyList] = [:]
            if let table = top["objects"]?.dictionary {
                for id in table.keys { objects[id] = table[id] }
            }
            self.objects = objects
            root = top["rootObject"]?.string
            format = [top["objectVersion"]?.string ?? "", top["archiveVersion"]?.string ?? ""]
            var references: [String: [String]] = [:]
            var targets: [String] = []
            for (id, object) in objects {
                var named: [String] = []
                Self.collect(object, into: &named, known: objects)
                references[id] = named.filter { $0 != id }
                if let isa = object.dictionary?["isa"]?.string, ProjectDecoder.targetKinds.contains(isa) { targets.append(id) }
            }
            self.references = references
            self.targets = targets.sorted()
            stops = Set(targets).union(root.map { [$0] } ?? [])
        }

        /// Every string in `value` that names an object, `isa` values aside.
        private static func collect(_ value: PropertyList, into named: inout [String], known: [String: PropertyList], depth: Int = 0) {
            guard depth < OpenStepParser.maximumDepth else { return }
            switch value {
            case let .string(text): if known[text] != nil { named.append(text) }
            case let .array(items): for item in items { collect(item, into: &named, known: known, depth: depth + 1) }
            case let .dictionary(dictionary):
                for key in dictionary.keys where key != "isa" {
                    if let item = dictionary[key] { collect(item, into: &named, known: known, depth: depth + 1) }
                }
            case .data: break
            }
        }

        /// The objects reachable from `start` (itself included), not going through another target or the project.
        func reach(from start: String?) -> Set<String> {
            guard let start, objects[start] != nil else { return [] }
            var seen: Set<String> = [start]
            var queue = [start]
            while let next = queue.popLast() {
                for id in references[next] ?? [] where !stops.contains(id) && seen.insert(id).inserted { queue.append(id) }
            }
            return seen
        }

        /// A target's name as the decoder gives it: `name`, else `productName`, else its id; nil when it is not a target here.
        func targetName(_ id: String) -> String? {
            guard let object = objects[id]?.dictionary, let isa = object["isa"]?.string, ProjectDecoder.targetKinds.contains(isa) else {
                return nil
            }
            for key in ["name", "productName"] {
                if let text = object[key]?.string, !text.isEmpty { return text }
            }
            return id
        }
    }
}
