import Foundation
import ModGraphCore
import ModGraphManifest

/// Turns what the statements made into the ``Manifest`` `dump-package` would
/// print, after the checks `dump-package` makes while loading (SwiftPM's
/// `ManifestJSONParser` and `ManifestValidator`): where one of them would
/// fail, the manifest falls back, so that `dump-package` reports the error.
struct ManifestAssembly {
    let toolsVersion: ToolsVersion
    /// The package's folder: absolute, canonical, as the loader passes it.
    let directory: String

    /// Every check below is linear or `O(n log n)` in the manifest's size.
    func manifest(from package: PackageState) throws(EvaluationFallback) -> Manifest {
        let targets = try package.targets.map(target)
        var names = Set<String>()
        for target in targets where !names.insert(target.name).inserted {
            throw EvaluationFallback("two targets named '\(target.name)'")
        }
        try checkProducts(package.products, targets: package.targets)
        let dependencies = try package.dependencies.map(dependency)
        try checkReferences(targets, dependencies: dependencies, declared: package.dependencies)
        try checkTraits(package.traits)
        let build = PackageBuildDeclaration(
            platforms: package.platforms ?? [], defaultLocalization: package.defaultLocalization,
            swiftLanguageVersions: package.swiftLanguageVersions, cLanguageStandard: package.cLanguageStandard,
            cxxLanguageStandard: package.cxxLanguageStandard, pkgConfig: package.pkgConfig, providers: package.providers)
        return Manifest(
            name: package.name, toolsVersion: toolsVersion, packageDirectory: directory, targets: targets,
            products: package.products, dependencies: dependencies, traits: package.traits, build: build)
    }

    private func target(_ target: TargetValue) throws(EvaluationFallback) -> ManifestTarget {
        for path in (target.sources ?? []) + target.exclude + target.resources.map(\.path) where !Self.isRelative(path) {
            throw EvaluationFallback("the path '\(path)' of target '\(target.name)' is not relative")
        }
        if target.type == .binary { try checkBinary(target) }
        let resources = target.resources.map { TargetResource(path: LexicalPath.relative($0.path), rule: $0.rule) }
        // `package` access is on by default from 5.9 for the kinds that compile Swift.
        let defaultAccess = toolsVersion >= ToolsVersion(major: 5, minor: 9) && ![.binary, .system].contains(target.type)
        let build = TargetBuildDeclaration(
            settings: TargetValue.settingsLabels.flatMap { target.settings[$0] ?? [] }, resources: resources,
            publicHeadersPath: target.publicHeadersPath, packageAccess: target.packageAccess ?? defaultAccess, url: target.url,
            checksum: target.checksum, pkgConfig: target.pkgConfig, providers: target.providers, pluginCapability: target.pluginCapability)
        return ManifestTarget(
            name: target.name, type: target.type, dependencies: target.dependencies, path: target.path,
            sources: target.sources, exclude: target.exclude, resources: resources.map(\.path),
            pluginUsages: target.plugins, build: build)
    }

    /// What `RelativePath(validating:)` takes: not absolute, not from the home folder.
    private static func isRelative(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.hasPrefix("~")
    }

    /// SwiftPM's binary target checks, narrowed to what is certain to pass.
    private func checkBinary(_ target: TargetValue) throws(EvaluationFallback) {
        if let path = target.path {
            let trimmed = path.trimmingCharacters(in: .whitespacesAndNewlines)
            let isKnown = [".xcframework", ".artifactbundle", ".zip"].contains { trimmed.hasSuffix($0) }
            guard trimmed == path, Self.isRelative(path), isKnown else {
                throw EvaluationFallback("a binary target path SwiftPM may reject")
            }
        } else if let url = target.url {
            let isKnown = url.hasPrefix("https://") && (url.hasSuffix(".zip") || url.hasSuffix(".artifactbundleindex"))
            guard isKnown, !url.contains("?"), !url.contains("#"), !url.contains(where: \.isWhitespace) else {
                throw EvaluationFallback("a binary target URL SwiftPM may reject")
            }
        }
    }

    private func checkProducts(_ products: [ManifestProduct], targets: [TargetValue]) throws(EvaluationFallback) {
        let types = Dictionary(targets.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        for product in products {
            guard !product.targets.isEmpty else { throw EvaluationFallback("product '\(product.name)' names no target") }
            for name in product.targets where types[name] == nil {
                throw EvaluationFallback("product '\(product.name)' names an unknown target '\(name)'")
            }
            // "products referencing only binary targets must be executable or automatic library products"
            if product.type != "executable", product.type != "library", product.targets.allSatisfy({ types[$0] == .binary }) {
                throw EvaluationFallback("a \(product.type) product of binary targets only")
            }
        }
    }

    /// Resolves a `.package(...)` against the package's folder, as SwiftPM's dependency mapper does.
    private func dependency(_ value: DependencyValue) throws(EvaluationFallback) -> PackageDependency {
        switch value.kind {
        case let .fileSystem(path):
            guard !path.isEmpty, !path.hasPrefix("~"), !path.contains("://") else {
                throw EvaluationFallback("a path dependency SwiftPM reads its own way")
            }
            // SwiftPM takes `Lib@2` for a location with a scheme (`git@host:…`), not a path, and refuses it.
            guard Self.scheme(of: path) == nil else {
                throw EvaluationFallback("a path dependency SwiftPM reads as a URL ('\(path)')")
            }
            let absolute = LexicalPath.absolute(path, relativeTo: directory)
            guard absolute != "/" else { throw EvaluationFallback("a path dependency on the root folder") }
            return PackageDependency(
                kind: .fileSystem, identity: PackageIdentity(LexicalPath.identity(of: absolute)),
                explicitName: value.explicitName, location: absolute, traits: value.traits)
        case let .sourceControl(url):
            let schemes = ["https://", "http://", "ssh://", "git://"]
            guard schemes.contains(where: url.hasPrefix) || Self.isSCPStyle(url), !url.contains(where: { $0.isWhitespace }),
                !LexicalPath.identity(of: url).isEmpty
            else {
                throw EvaluationFallback("a package URL of another form (local, scp-style)")
            }
            return PackageDependency(
                kind: .sourceControl, identity: PackageIdentity(LexicalPath.identity(of: url)),
                explicitName: value.explicitName, location: url, traits: value.traits, requirement: value.requirement)
        case let .registry(id):
            guard Self.isRegistryIdentity(id) else { throw EvaluationFallback("a registry identity SwiftPM may reject") }
            return PackageDependency(
                kind: .registry, identity: PackageIdentity(id), location: id, traits: value.traits, requirement: value.requirement)
        }
    }

    /// `user@host:owner/name.git` (Whisky's `git@github.com:SwiftPackageIndex/SemanticVersion.git`), which SwiftPM
    /// keeps as a remote location whose identity is the last path component: a user and host of letters, digits,
    /// `.`, `_`, `-`, and a path after the colon with a `/`, not starting with one.
    static func isSCPStyle(_ url: String) -> Bool {
        guard let at = url.firstIndex(of: "@"), let colon = url[at...].firstIndex(of: ":") else { return false }
        let user = url[..<at]
        let host = url[url.index(after: at)..<colon]
        let path = url[url.index(after: colon)...]
        let plain = { (text: Substring) in !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) } }
        return plain(user) && plain(host) && path.contains("/") && path.first != "/" && !path.hasSuffix("/")
            && path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-/~".contains($0)) }
    }

    /// What SwiftPM's `parseScheme` finds in a dependency's location: the text before the first `://`,
    /// else before the first `@`, when it holds no `/`; `nil` when the location is a path to it.
    static func scheme(of location: String) -> Substring? {
        for delimiter in ["://", "@"] {
            if let range = location.range(of: delimiter), !location[..<range.lowerBound].contains("/") {
                return location[..<range.lowerBound]
            }
        }
        return nil
    }

    /// `scope.name`, lowercase, within PackageDescription's pattern for registry identities
    /// (`[a-zA-Z\d](?:[a-zA-Z\d]|-(?=[a-zA-Z\d])){0,38}` `.` `[a-zA-Z0-9](?:[a-zA-Z0-9]|[-_](?=[a-zA-Z0-9])){0,99}`):
    /// a hyphen or underscore is always followed by a letter or digit.
    static func isRegistryIdentity(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, id == id.lowercased() else { return false }
        func follows(_ part: Substring, separators: Set<Character>, length: ClosedRange<Int>) -> Bool {
            guard length.contains(part.count), let first = part.first, first.isASCII, first.isLetter || first.isNumber else { return false }
            var previousIsSeparator = false
            for character in part {
                guard character.isASCII else { return false }
                let isSeparator = separators.contains(character)
                guard isSeparator || character.isLetter || character.isNumber, !(isSeparator && previousIsSeparator) else { return false }
                previousIsSeparator = isSeparator
            }
            return !previousIsSeparator
        }
        return follows(parts[0], separators: ["-"], length: 1...39) && follows(parts[1], separators: ["-", "_"], length: 1...100)
    }

    /// From 5.2, a `.product(name:package:)` must name one of the dependencies
    /// (by `name:` or by its location's last component, in any case).
    private func checkReferences(
        _ targets: [ManifestTarget], dependencies: [PackageDependency],
        declared: [DependencyValue]
    ) throws(EvaluationFallback) {
        var known = Set<String>()
        for (dependency, value) in zip(dependencies, declared) {
            if let name = value.explicitName {
                known.insert(name.lowercased())
            } else if dependency.kind == .registry {
                known.insert(dependency.identity.rawValue)
            } else {
                known.insert(LexicalPath.defaultName(of: dependency.location).lowercased())
            }
        }
        for target in targets {
            for case let .product(name, package?, _) in target.dependencies where !known.contains(package.lowercased()) {
                throw EvaluationFallback("target '\(target.name)' uses product '\(name)' of an undeclared package '\(package)'")
            }
        }
    }

    /// At most 300 traits, each an identifier, enabling only traits the package declares.
    private func checkTraits(_ traits: [PackageTrait]) throws(EvaluationFallback) {
        guard traits.count <= 300 else { throw EvaluationFallback("more than 300 traits") }
        let names = Set(traits.map(\.name))
        for trait in traits {
            let isIdentifier =
                !trait.name.isEmpty && trait.name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                && !(trait.name.first?.isNumber ?? true)
            guard isIdentifier else { throw EvaluationFallback("a trait name SwiftPM may reject") }
            for enabled in trait.enabledTraits where !names.contains(enabled) {
                throw EvaluationFallback("trait '\(trait.name)' enables an undeclared trait '\(enabled)'")
            }
        }
    }
}
