import Foundation

/// What changed between two dumps of one package's manifest, target by
/// target, so that an edit to one target's declaration selects that target
/// and not its whole package.
///
/// The dumps are compared as JSON, every key `dump-package` writes included
/// (settings, resources, unsafe flags), not as the fields modgraph reads: a
/// change to a setting changes the build. Anything outside `targets` and
/// `products` (platforms, dependencies, language versions, traits) touches
/// every target, and says which keys changed.
public struct ManifestComparison: Sendable, Equatable {
    /// Targets whose declaration changed or that are new, each with what changed.
    public let targets: [String: String]
    /// Set when the change touches the whole package.
    public let wholePackage: String?

    public init(targets: [String: String], wholePackage: String?) {
        self.targets = targets
        self.wholePackage = wholePackage
    }

    /// Compares `base` (nil when the manifest is new or could not be read at
    /// the base) with `head`. The base was dumped in another folder:
    /// `baseFolder` in its strings is read as `headFolder`.
    ///
    /// - Complexity: O(size of the two documents).
    public static func compare(base: Data?, head: Data, baseFolder: String, headFolder: String) -> ManifestComparison {
        guard let base else { return ManifestComparison(targets: [:], wholePackage: "the manifest is new or was not readable at the base") }
        guard let old = try? JSONSerialization.jsonObject(with: base) as? [String: Any],
            let new = try? JSONSerialization.jsonObject(with: head) as? [String: Any]
        else {
            return ManifestComparison(targets: [:], wholePackage: "the manifest could not be compared")
        }
        let rebased = rewrite(old, from: baseFolder, to: headFolder) as? [String: Any] ?? [:]
        let packageKeys = Set(rebased.keys).union(new.keys).subtracting(["targets", "products"]).sorted()
        let changedKeys = packageKeys.filter { !same(rebased[$0], new[$0]) }
        var targets: [String: String] = [:]
        let oldTargets = byName(rebased["targets"])
        let newTargets = byName(new["targets"])
        if changedKeys == ["dependencies"] {
            // Only package dependencies moved (a version bump, most often): the targets that use those packages' products.
            let moved = changedDependencies(rebased["dependencies"], new["dependencies"])
            for (name, declaration) in newTargets where uses(declaration, moved, localTargets: Set(newTargets.keys)) {
                targets[name] = "package dependency " + moved.names.sorted().joined(separator: ", ") + " changed, and it uses it"
            }
        } else if !changedKeys.isEmpty {
            return ManifestComparison(targets: [:], wholePackage: "the package's " + changedKeys.joined(separator: ", ") + " changed")
        }
        for (name, declaration) in newTargets {
            guard let previous = oldTargets[name] else {
                targets[name] = "target '\(name)' is new"
                continue
            }
            if !same(previous, declaration) { targets[name] = "the declaration of target '\(name)' changed" }
        }
        // A product that changed changes what its users get: its targets stand for it.
        let oldProducts = byName(rebased["products"])
        let newProducts = byName(new["products"])
        for name in Set(oldProducts.keys).union(newProducts.keys).sorted() where !same(oldProducts[name], newProducts[name]) {
            let members = (newProducts[name]?["targets"] as? [String] ?? []) + (oldProducts[name]?["targets"] as? [String] ?? [])
            for member in members where targets[member] == nil && newTargets[member] != nil {
                targets[member] = "product '\(name)', which holds it, changed"
            }
        }
        return ManifestComparison(targets: targets, wholePackage: nil)
    }

    /// Package dependencies added, removed or changed, by every name a target may use for them.
    struct MovedDependencies {
        var names: Set<String> = []
    }

    private static func changedDependencies(_ old: Any?, _ new: Any?) -> MovedDependencies {
        func keyed(_ value: Any?) -> [String: (entry: [String: Any], names: [String])] {
            var result: [String: (entry: [String: Any], names: [String])] = [:]
            for case let wrapper as [String: Any] in value as? [Any] ?? [] {
                // {"sourceControl": [{...}]}, {"fileSystem": [{...}]}, {"registry": [{...}]}
                for case let list as [Any] in wrapper.values {
                    for case let body as [String: Any] in list {
                        guard let identity = (body["identity"] as? String)?.lowercased() else { continue }
                        let alias = (body["nameForTargetDependencyResolutionOnly"] as? String)?.lowercased()
                        result[identity] = (body, [identity] + (alias.map { [$0] } ?? []))
                    }
                }
            }
            return result
        }
        let before = keyed(old)
        let after = keyed(new)
        var moved = MovedDependencies()
        for identity in Set(before.keys).union(after.keys) where !same(before[identity]?.entry, after[identity]?.entry) {
            moved.names.formUnion(before[identity]?.names ?? [])
            moved.names.formUnion(after[identity]?.names ?? [])
        }
        return moved
    }

    /// Whether a target's declaration may use a product of a moved package: a
    /// `.product` naming it, or a plain name that is no target of the package
    /// (it names a product, of a package that cannot be told).
    private static func uses(_ target: [String: Any], _ moved: MovedDependencies, localTargets: Set<String>) -> Bool {
        for case let dependency as [String: Any] in target["dependencies"] as? [Any] ?? [] {
            if let product = dependency["product"] as? [Any] {
                guard product.count > 1, let package = product[1] as? String else { return true }
                if moved.names.contains(package.lowercased()) { return true }
            } else if let plain = dependency["byName"] as? [Any], let name = plain.first as? String, !localTargets.contains(name) {
                return true
            }
        }
        return false
    }

    private static func byName(_ value: Any?) -> [String: [String: Any]] {
        var result: [String: [String: Any]] = [:]
        for case let entry as [String: Any] in value as? [Any] ?? [] {
            if let name = entry["name"] as? String { result[name] = entry }
        }
        return result
    }

    private static func same(_ left: Any?, _ right: Any?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case let (left?, right?): equal(left, right)
        default: false
        }
    }

    /// Structural equality of two values `JSONSerialization` gave.
    private static func equal(_ left: Any, _ right: Any) -> Bool {
        switch (left, right) {
        case let (left as [String: Any], right as [String: Any]):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map { equal(value, $0) } ?? false }
        case let (left as [Any], right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        case let (left as String, right as String): return left == right
        case let (left as NSNumber, right as NSNumber): return left == right
        case (is NSNull, is NSNull): return true
        default: return false
        }
    }

    /// `value` with `folder` at the start of any string (or followed by `/`) replaced by `replacement`.
    private static func rewrite(_ value: Any, from folder: String, to replacement: String) -> Any {
        switch value {
        case let text as String:
            if text == folder { return replacement }
            if text.hasPrefix(folder + "/") { return replacement + text.dropFirst(folder.count) }
            return text
        case let array as [Any]: return array.map { rewrite($0, from: folder, to: replacement) }
        case let object as [String: Any]: return object.mapValues { rewrite($0, from: folder, to: replacement) }
        default: return value
        }
    }
}
