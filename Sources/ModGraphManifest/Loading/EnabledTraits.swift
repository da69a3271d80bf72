import Foundation
import ModGraphCore

/// Which traits of the root package a build enables, as `swift build`'s
/// trait options choose them.
public enum TraitSelection: Sendable, Equatable {
    /// The root's default traits: `swift build` without trait options.
    case defaults
    /// Every trait the root declares (`--enable-all-traits`).
    case all
    /// These traits of the root (`--traits A,B`); its default traits only
    /// when `default` is among them.
    case listed([String])

    /// `default`, `all`, or a comma-separated list of the root's traits.
    public init(argument: String) {
        let names = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        switch names {
        case ["default"], ["defaults"]: self = .defaults
        case ["all"]: self = .all
        default: self = .listed(names.map { $0 == "defaults" ? "default" : $0 })
        }
    }
}

/// The traits a build enables in each loaded package, resolved as SwiftPM
/// resolves them: the root gets what the selection says; every other package
/// gets the union of what its dependents' `.package(..., traits:)` entries
/// ask for (their default traits when an entry does not say), counting a
/// conditional entry only while the dependent has one of its traits; and a
/// trait enables the traits it lists, transitively.
///
/// Packages whose manifest was not loaded have no entry: what they declare
/// is unknown, so their trait conditions cannot be judged.
public struct EnabledTraits: Sendable, Equatable {
    /// Per loaded package, its enabled traits (`default` expanded, not listed).
    public let byPackage: [PackageIdentity: Set<String>]

    /// - Complexity: O(P · (D + T)) per round, where P is the number of
    ///   packages, D their dependency entries and T their declared traits;
    ///   a package is revisited only when its set grows, so at most T rounds.
    /// - Throws: ``LoadError/unknownTrait(manifest:trait:declared:)`` when the
    ///   selection names a trait the root does not declare.
    public init(resolving selection: TraitSelection, in workspace: Workspace) throws(LoadError) {
        var enabled: [PackageIdentity: Set<String>] = [:]
        let roots = workspace.roots.compactMap { workspace.packages[$0] }.filter { $0.manifest != nil }
        // With several roots, each gets the listed traits it declares; a name no root declares is an error.
        if case let .listed(names) = selection, let first = roots.first,
            let unknown = names.first(where: { name in
                name != "default" && !roots.contains { $0.manifest?.traits.contains { $0.name == name } ?? false }
            })
        {
            let declared = first.manifest?.traits.map(\.name).filter { $0 != "default" } ?? []
            throw .unknownTrait(manifest: first.manifestPath, trait: unknown, declared: declared.sorted())
        }
        for root in roots {
            guard let rootManifest = root.manifest else { continue }
            let declared = rootManifest.traits.map(\.name).filter { $0 != "default" }
            let requested: [String]
            switch selection {
            case .defaults: requested = ["default"]
            case .all: requested = declared
            case let .listed(names): requested = names.filter { $0 == "default" || declared.contains($0) }
            }
            enabled[root.identity] = Self.closure(of: requested, in: rootManifest)
        }
        // An Xcode project's local packages: Xcode builds them with their default traits.
        for identity in workspace.locals where enabled[identity] == nil {
            if let manifest = workspace.packages[identity]?.manifest {
                enabled[identity] = Self.closure(of: ["default"], in: manifest)
            }
        }

        // Packages whose set is new or grew, so their requests must be passed on again.
        var pending = Array(enabled.keys).sorted()
        while let identity = pending.popLast() {
            guard let manifest = workspace.packages[identity]?.manifest else { continue }
            let own = enabled[identity] ?? []
            for dependency in manifest.dependencies {
                guard let required = workspace.package(for: dependency), let requiredManifest = required.manifest else { continue }
                let names = (dependency.traits ?? [DependencyTrait(name: "default")])
                    .filter { trait in trait.whenTraits.map { !own.isDisjoint(with: $0) } ?? true }
                    .map(\.name)
                let added = Self.closure(of: names, in: requiredManifest)
                let before = enabled[required.identity]
                let after = (before ?? []).union(added)
                if before != after {
                    enabled[required.identity] = after
                    pending.append(required.identity)
                }
            }
        }
        byPackage = enabled
    }

    /// `names` and every trait they enable, transitively, without `default`
    /// itself. Names the package does not declare are left out, as SwiftPM
    /// would reject them when it resolves.
    static func closure(of names: [String], in manifest: Manifest) -> Set<String> {
        let declared = Dictionary(manifest.traits.map { ($0.name, $0.enabledTraits) }, uniquingKeysWith: { first, _ in first })
        var result: Set<String> = []
        var pending = names
        var seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let implied = declared[name] else { continue }
            if name != "default" { result.insert(name) }
            pending += implied
        }
        return result
    }
}
