import Foundation
import ModGraphCore
import ModGraphManifest

/// What changed between two readings of one package's manifest, target by
/// target, so that an edit to one target's declaration selects that target
/// and not its whole package.
///
/// The manifests are compared as typed values, what changes a build
/// included (settings, resources, unsafe flags, platforms, requirements:
/// ``TargetBuildDeclaration``, ``PackageBuildDeclaration``), not only the
/// graph's shape. A change outside targets, products and dependencies
/// (platforms, language versions, traits) touches every target and says
/// which fields changed; a dependency that moved is named, for the caller
/// to select what uses it, as it does for a moved pin.
public struct ManifestComparison: Sendable, Equatable {
    /// Targets whose declaration changed or that are new, each with what changed.
    public let targets: [String: String]
    /// Set when the change touches the whole package.
    public let wholePackage: String?
    /// Package dependencies added, removed, or whose location, requirement or traits changed, by identity.
    public let movedDependencies: [PackageIdentity]

    public init(targets: [String: String], wholePackage: String?, movedDependencies: [PackageIdentity] = []) {
        self.targets = targets
        self.wholePackage = wholePackage
        self.movedDependencies = movedDependencies
    }

    static func whole(_ reason: String) -> ManifestComparison {
        ManifestComparison(targets: [:], wholePackage: reason)
    }

    /// Compares `base` (nil when the manifest is new or could not be read at
    /// the base) with `head`; `base` names the head's folders (it was read
    /// in a copy and relocated).
    ///
    /// - Complexity: O(size of the two manifests).
    public static func compare(base: Manifest?, head: Manifest) -> ManifestComparison {
        guard let base else { return whole("the manifest is new or was not readable at the base") }
        guard let oldBuild = base.build, let newBuild = head.build else {
            return whole("what the manifest declares beyond the graph could not be read, so what changed cannot be told")
        }
        var changedFields: [String] = []
        func field<T: Equatable>(_ name: String, _ old: T, _ new: T) {
            if old != new { changedFields.append(name) }
        }
        field("name", base.name, head.name)
        field("tools-version", base.toolsVersion, head.toolsVersion)
        field("traits", normalized(base.traits), normalized(head.traits))
        field("platforms", oldBuild.platforms, newBuild.platforms)
        field("defaultLocalization", oldBuild.defaultLocalization, newBuild.defaultLocalization)
        field("Swift language versions", oldBuild.swiftLanguageVersions, newBuild.swiftLanguageVersions)
        field("C language standard", oldBuild.cLanguageStandard, newBuild.cLanguageStandard)
        field("C++ language standard", oldBuild.cxxLanguageStandard, newBuild.cxxLanguageStandard)
        field("pkgConfig", oldBuild.pkgConfig, newBuild.pkgConfig)
        field("providers", oldBuild.providers, newBuild.providers)
        if !changedFields.isEmpty { return whole("the package's " + changedFields.joined(separator: ", ") + " changed") }
        let oldUnread = UnreadKeys(oldBuild.unreadKeys)
        let newUnread = UnreadKeys(newBuild.unreadKeys)
        let packageUnread = Set(oldUnread.package + newUnread.package).sorted()
        if !packageUnread.isEmpty {
            return whole(
                "the manifest has keys modgraph does not read (" + packageUnread.joined(separator: ", ")
                    + "), so what changed cannot be told")
        }

        var targets: [String: String] = [:]
        let oldTargets = byName(base.targets, \.name)
        let newTargets = byName(head.targets, \.name)
        for target in head.targets {
            guard let previous = oldTargets[target.name] else {
                targets[target.name] = "target '\(target.name)' is new"
                continue
            }
            if let what = difference(previous, target) {
                targets[target.name] = "the declaration of target '\(target.name)' changed (\(what))"
            } else if oldUnread.targets.contains(target.name) || newUnread.targets.contains(target.name) {
                targets[target.name] = "target '\(target.name)' has keys modgraph does not read, so what changed cannot be told"
            }
        }
        // A product that changed changes what its users get: its targets stand for it.
        let oldProducts = byName(base.products, \.name)
        let newProducts = byName(head.products, \.name)
        let productNames = Set(oldProducts.keys).union(newProducts.keys).union(oldUnread.products).union(newUnread.products)
        for name in productNames.sorted()
        where oldProducts[name] != newProducts[name] || oldUnread.products.contains(name) || newUnread.products.contains(name) {
            for member in (newProducts[name]?.targets ?? []) + (oldProducts[name]?.targets ?? [])
            where targets[member] == nil && newTargets[member] != nil {
                targets[member] = "product '\(name)', which holds it, changed"
            }
        }
        // Dependencies that moved: the targets of this package that may use them; the caller adds what the graph says uses them.
        let moved = movedDependencies(base.dependencies, head.dependencies, unread: oldUnread.dependencies.union(newUnread.dependencies))
        if !moved.isEmpty {
            let names = Set(moved.flatMap(\.names))
            let localNames = Set(newTargets.keys)
            let list = moved.map(\.identity.rawValue).joined(separator: ", ")
            for target in head.targets where targets[target.name] == nil && uses(target, names, localTargets: localNames) {
                targets[target.name] = "package dependency \(list) changed, and it uses it"
            }
        }
        return ManifestComparison(targets: targets, wholePackage: nil, movedDependencies: moved.map(\.identity))
    }

    /// What differs between two declarations of one target, in a few words; nil when nothing does.
    static func difference(_ old: ManifestTarget, _ new: ManifestTarget) -> String? {
        var parts: [String] = []
        func field<T: Equatable>(_ name: String, _ a: T, _ b: T) {
            if a != b { parts.append(name) }
        }
        field("type", old.type, new.type)
        field("dependencies", old.dependencies, new.dependencies)
        field("path", old.path, new.path)
        field("sources", old.sources, new.sources)
        field("exclude", old.exclude, new.exclude)
        field("plugins", old.pluginUsages, new.pluginUsages)
        let oldBuild = old.build ?? TargetBuildDeclaration()
        let newBuild = new.build ?? TargetBuildDeclaration()
        field("resources", old.resources, new.resources)
        if old.resources == new.resources { field("resources", oldBuild.resources, newBuild.resources) }
        field("settings", oldBuild.settings, newBuild.settings)
        field("publicHeadersPath", oldBuild.publicHeadersPath, newBuild.publicHeadersPath)
        field("packageAccess", oldBuild.packageAccess, newBuild.packageAccess)
        field("url", oldBuild.url, newBuild.url)
        field("checksum", oldBuild.checksum, newBuild.checksum)
        field("pkgConfig", oldBuild.pkgConfig, newBuild.pkgConfig)
        field("providers", oldBuild.providers, newBuild.providers)
        field("capability", oldBuild.pluginCapability, newBuild.pluginCapability)
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// A dependency that moved, with every name a target may use for it.
    struct Moved {
        let identity: PackageIdentity
        let names: [String]
    }

    private static func movedDependencies(
        _ old: [PackageDependency], _ new: [PackageDependency], unread: Set<String>
    ) -> [Moved] {
        let before = byName(old.map(normalized), \.identity)
        let after = byName(new.map(normalized), \.identity)
        var moved: [Moved] = []
        for identity in Set(before.keys).union(after.keys).sorted(by: { $0.rawValue < $1.rawValue }) {
            let unreadHere = [before[identity], after[identity]].contains { dependency in
                dependency.map { unread.contains($0.identity.rawValue) || unread.contains($0.location) } ?? false
            }
            guard before[identity] != after[identity] || unreadHere else { continue }
            let names = [before[identity], after[identity]].compactMap { $0 }.flatMap { dependency in
                [dependency.identity.rawValue] + (dependency.explicitName.map { [$0.lowercased()] } ?? [])
            }
            moved.append(Moved(identity: identity, names: Array(Set(names)).sorted()))
        }
        return moved
    }

    /// Whether a target's declaration may use a product of a moved package: a
    /// `.product` naming it, or a plain name that is no target of the package
    /// (it names a product, of a package that cannot be told).
    private static func uses(_ target: ManifestTarget, _ moved: Set<String>, localTargets: Set<String>) -> Bool {
        target.dependencies.contains { dependency in
            switch dependency {
            case let .product(_, package?, _): moved.contains(package.lowercased())
            case .product(_, nil, _): true
            case let .byName(name, _): !localTargets.contains(name)
            case .target: false
            }
        }
    }

    private static func byName<T, Key: Hashable>(_ items: [T], _ key: (T) -> Key) -> [Key: T] {
        var result: [Key: T] = [:]
        for item in items { result[key(item)] = item }
        return result
    }

    /// SwiftPM keeps a dependency's traits in a set, which dumps write in no fixed order.
    private static func normalized(_ dependency: PackageDependency) -> PackageDependency {
        PackageDependency(
            kind: dependency.kind, identity: dependency.identity, explicitName: dependency.explicitName, location: dependency.location,
            traits: dependency.traits?.map { DependencyTrait(name: $0.name, whenTraits: $0.whenTraits?.sorted()) }
                .sorted {
                    ($0.name, ($0.whenTraits ?? []).joined(separator: ",")) < ($1.name, ($1.whenTraits ?? []).joined(separator: ","))
                },
            requirement: dependency.requirement)
    }

    private static func normalized(_ traits: [PackageTrait]) -> [PackageTrait] {
        traits.map { PackageTrait(name: $0.name, enabledTraits: $0.enabledTraits.sorted()) }.sorted { $0.name < $1.name }
    }

    /// The unread keys of a manifest, by what they belong to.
    private struct UnreadKeys {
        var package: [String] = []
        var targets: Set<String> = []
        var products: Set<String> = []
        var dependencies: Set<String> = []

        init(_ keys: [String]) {
            for key in keys {
                if let owner = Self.owner(key, "targets[") {
                    targets.insert(owner)
                } else if let owner = Self.owner(key, "products[") {
                    products.insert(owner)
                } else if let owner = Self.owner(key, "dependencies[") {
                    dependencies.insert(owner)
                } else {
                    package.append(key)
                }
            }
        }

        /// `Name` of `targets[Name].key`.
        private static func owner(_ key: String, _ prefix: String) -> String? {
            guard key.hasPrefix(prefix), let end = key.range(of: "].", options: .backwards) else { return nil }
            return String(key[key.index(key.startIndex, offsetBy: prefix.count)..<end.lowerBound])
        }
    }
}
