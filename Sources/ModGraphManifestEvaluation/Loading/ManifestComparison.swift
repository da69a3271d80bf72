import ModGraphCore
import ModGraphManifest

/// The differences between two manifests, field by field, one line each.
/// Lists that SwiftPM keeps in a `Set` (traits, the traits enabled in a
/// dependency or by a trait) are compared as sets: `dump-package` writes
/// them in hash order, which changes from run to run.
enum ManifestComparison {
    static func differences(_ evaluated: Manifest, _ dumped: Manifest) -> [String] {
        var lines: [String] = []
        func compare<T: Equatable>(_ field: String, _ mine: T, _ theirs: T) {
            if mine != theirs { lines.append("\(field): evaluated \(mine), dumped \(theirs)") }
        }
        compare("name", evaluated.name, dumped.name)
        compare("toolsVersion", evaluated.toolsVersion, dumped.toolsVersion)
        compare("packageDirectory", evaluated.packageDirectory, dumped.packageDirectory)
        compare("products", evaluated.products, dumped.products)
        compare("dependencies", evaluated.dependencies.map(normalized), dumped.dependencies.map(normalized))
        compare("traits", normalized(evaluated.traits), normalized(dumped.traits))
        compare("platforms", evaluated.build?.platforms, dumped.build?.platforms)
        compare("defaultLocalization", evaluated.build?.defaultLocalization, dumped.build?.defaultLocalization)
        compare("swiftLanguageVersions", evaluated.build?.swiftLanguageVersions, dumped.build?.swiftLanguageVersions)
        compare("cLanguageStandard", evaluated.build?.cLanguageStandard, dumped.build?.cLanguageStandard)
        compare("cxxLanguageStandard", evaluated.build?.cxxLanguageStandard, dumped.build?.cxxLanguageStandard)
        compare("pkgConfig", evaluated.build?.pkgConfig, dumped.build?.pkgConfig)
        compare("providers", evaluated.build?.providers, dumped.build?.providers)
        compare("unreadKeys", evaluated.build?.unreadKeys, dumped.build?.unreadKeys)
        if evaluated.targets.count != dumped.targets.count {
            compare("targets", evaluated.targets.map(\.name), dumped.targets.map(\.name))
        } else {
            for (index, (mine, theirs)) in zip(evaluated.targets, dumped.targets).enumerated() where mine != theirs {
                let name = mine.name == theirs.name ? "targets[\(theirs.name)]" : "targets[\(index)]"
                compare("\(name).name", mine.name, theirs.name)
                compare("\(name).type", mine.type, theirs.type)
                compare("\(name).dependencies", mine.dependencies, theirs.dependencies)
                compare("\(name).path", mine.path, theirs.path)
                compare("\(name).sources", mine.sources, theirs.sources)
                compare("\(name).exclude", mine.exclude, theirs.exclude)
                compare("\(name).resources", mine.resources, theirs.resources)
                compare("\(name).pluginUsages", mine.pluginUsages, theirs.pluginUsages)
                compare("\(name).settings", mine.build?.settings, theirs.build?.settings)
                compare("\(name).resources (rules)", mine.build?.resources, theirs.build?.resources)
                compare("\(name).publicHeadersPath", mine.build?.publicHeadersPath, theirs.build?.publicHeadersPath)
                compare("\(name).packageAccess", mine.build?.packageAccess, theirs.build?.packageAccess)
                compare("\(name).url", mine.build?.url, theirs.build?.url)
                compare("\(name).checksum", mine.build?.checksum, theirs.build?.checksum)
                compare("\(name).pkgConfig", mine.build?.pkgConfig, theirs.build?.pkgConfig)
                compare("\(name).providers", mine.build?.providers, theirs.build?.providers)
                compare("\(name).pluginCapability", mine.build?.pluginCapability, theirs.build?.pluginCapability)
            }
        }
        return lines
    }

    private static func normalized(_ dependency: PackageDependency) -> PackageDependency {
        PackageDependency(
            kind: dependency.kind, identity: dependency.identity, explicitName: dependency.explicitName,
            location: dependency.location,
            traits: dependency.traits?.map { DependencyTrait(name: $0.name, whenTraits: $0.whenTraits?.sorted()) }
                .sorted { ($0.name, $0.whenTraits ?? []).0 < ($1.name, $1.whenTraits ?? []).0 },
            requirement: dependency.requirement)
    }

    private static func normalized(_ traits: [PackageTrait]) -> [PackageTrait] {
        traits.map { PackageTrait(name: $0.name, enabledTraits: $0.enabledTraits.sorted()) }.sorted { $0.name < $1.name }
    }
}
