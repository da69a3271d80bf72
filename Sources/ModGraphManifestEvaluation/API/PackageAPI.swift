import ModGraphManifest

/// `Package(...)` and what only it takes: traits (6.1), language modes and
/// standards, system package providers. Overloads of `init` by tools-version
/// are one member: `defaultLocalization:` from 5.3, `traits:` from 6.1, and
/// `swiftLanguageVersions:` (every version) or `swiftLanguageModes:` (6.0) in the same place.
enum PackageAPI {
    static let members: [APIMember] = {
        var members: [APIMember] = [
            APIMember(
                .package, "init",
                [
                    Parameter("name", .string),
                    Parameter("defaultLocalization", .optional(.api(.languageTag)), defaulted: true, since: version(5, 3)),
                    Parameter("platforms", .optional(.array(.api(.supportedPlatform))), defaulted: true),
                    Parameter("pkgConfig", .optional(.string), defaulted: true),
                    Parameter("providers", .optional(.array(.api(.systemPackageProvider))), defaulted: true),
                    Parameter("products", .array(.api(.product)), defaulted: true),
                    Parameter("traits", .set(.api(.trait)), defaulted: true, since: version(6, 1)),
                    Parameter("dependencies", .array(.api(.packageDependency)), defaulted: true),
                    Parameter("targets", .array(.api(.target)), defaulted: true),
                    Parameter("swiftLanguageVersions", .optional(.array(.api(.swiftLanguageMode))), defaulted: true),
                    Parameter("swiftLanguageModes", .optional(.array(.api(.swiftLanguageMode))), defaulted: true, since: version(6)),
                    Parameter("cLanguageStandard", .optional(.api(.cLanguageStandard)), defaulted: true),
                    Parameter("cxxLanguageStandard", .optional(.api(.cxxLanguageStandard)), defaulted: true),
                ]
            ) { arguments throws(EvaluationFallback) in
                // The 5.3 overload has `swiftLanguageVersions:`, the 6.0 and 6.1 ones `swiftLanguageModes:`; only 6.1's has `traits:`.
                if arguments.has("swiftLanguageVersions") {
                    guard !arguments.has("swiftLanguageModes"), !arguments.has("traits") else {
                        throw EvaluationFallback("Package(...) arguments no one overload takes")
                    }
                }
                var package = PackageState(name: try arguments.string("name"))
                if arguments.has("platforms") { package.platforms = try platformNames(arguments.list("platforms")) }
                package.products = try arguments.list("products").map { value throws(EvaluationFallback) in
                    guard case let .product(product) = value else { throw EvaluationFallback("a product of an unknown kind") }
                    return product
                }
                package.traits = try arguments.list("traits").map { value throws(EvaluationFallback) in
                    guard case let .trait(trait) = value else { throw EvaluationFallback("a trait of an unknown kind") }
                    return trait
                }
                package.dependencies = try arguments.list("dependencies").map { value throws(EvaluationFallback) in
                    guard case let .packageDependency(dependency) = value else {
                        throw EvaluationFallback("a package dependency of an unknown kind")
                    }
                    return dependency
                }
                package.targets = try arguments.list("targets").map { value throws(EvaluationFallback) in
                    guard case let .target(target) = value else { throw EvaluationFallback("a target of an unknown kind") }
                    return target
                }
                return .package(package)
            },
            APIMember(.trait, "trait", traitParameters, since: version(6, 1)) { arguments throws(EvaluationFallback) in
                .trait(
                    PackageTrait(name: try arguments.string("name"), enabledTraits: try arguments.optionalStrings("enabledTraits") ?? []))
            },
            APIMember(.trait, "init", traitParameters, since: version(6, 1)) { arguments throws(EvaluationFallback) in
                .trait(
                    PackageTrait(name: try arguments.string("name"), enabledTraits: try arguments.optionalStrings("enabledTraits") ?? []))
            },
            APIMember(.trait, "default", [Parameter("enabledTraits", .set(.string))], since: version(6, 1)) {
                arguments throws(EvaluationFallback) in
                .trait(PackageTrait(name: "default", enabledTraits: try arguments.strings("enabledTraits")))
            },
            APIMember(.systemPackageProvider, "brew", [Parameter(unlabelled: "packages", .array(.string))]) { _ in .opaque },
            APIMember(.systemPackageProvider, "apt", [Parameter(unlabelled: "packages", .array(.string))]) { _ in .opaque },
            APIMember(.systemPackageProvider, "yum", [Parameter(unlabelled: "packages", .array(.string))], since: version(5, 3)) { _ in
                .opaque
            },
            APIMember(.swiftLanguageMode, "version", [Parameter(unlabelled: "version", .string)]) { arguments throws(EvaluationFallback) in
                // SwiftPM rejects a language version it cannot parse.
                let text = try arguments.string("version")
                let parts = text.split(separator: ".", omittingEmptySubsequences: false)
                guard (1...3).contains(parts.count),
                    parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } })
                else {
                    throw EvaluationFallback("a Swift language version SwiftPM may not read")
                }
                return .opaque
            },
        ]
        for (name, since) in [("v4", nil), ("v4_2", nil), ("v5", version(5)), ("v6", version(6))] as [(String, ToolsVersion?)] {
            members.append(APIMember(.swiftLanguageMode, name, nil, since: since) { _ in .opaque })
        }
        let c =
            "c89 c90 c99 c11 c17@5.4 c18@5.4 c2x@5.4 gnu89 gnu90 gnu99 gnu11 gnu17@5.4 gnu18@5.4 gnu2x@5.4 "
            + "iso9899_1990 iso9899_199409 iso9899_1999 iso9899_2011 iso9899_2017@5.4 iso9899_2018@5.4"
        let cxx =
            "cxx98 cxx03 cxx11 cxx14 cxx17@5.4 cxx1z cxx20@5.4 cxx2b@5.6 gnucxx98 gnucxx03 gnucxx11 gnucxx14 gnucxx17@5.4 "
            + "gnucxx1z gnucxx20@5.4 gnucxx2b@5.6"
        for (owner, list) in [(APIType.cLanguageStandard, c), (.cxxLanguageStandard, cxx)] {
            for entry in list.split(separator: " ") {
                let parts = entry.split(separator: "@")
                let since = parts.count > 1 ? ToolsVersion(String(parts[1])) : nil
                members.append(APIMember(owner, String(parts[0]), nil, since: since) { _ in .opaque })
            }
        }
        return members
    }()

    private static let traitParameters = [
        Parameter("name", .string),
        Parameter("description", .optional(.string), defaulted: true),
        Parameter("enabledTraits", .set(.string), defaulted: true),
    ]

    /// The platforms of `platforms:`, which `dump-package` rejects when empty or when one is named twice.
    private static func platformNames(_ values: [Value]) throws(EvaluationFallback) -> [String] {
        var names: [String] = []
        for value in values {
            guard case let .supportedPlatform(name) = value else { throw EvaluationFallback("a platform of an unknown kind") }
            guard !names.contains(name) else { throw EvaluationFallback("the platform '\(name)' twice") }
            names.append(name)
        }
        guard !names.isEmpty else { throw EvaluationFallback("an empty platforms: list") }
        return names
    }
}

/// The package a manifest's `Package(...)` made, with what later statements
/// (`package.targets += …`) change.
struct PackageState: Sendable {
    var name: String
    var platforms: [String]?
    var products: [ManifestProduct] = []
    var traits: [PackageTrait] = []
    var dependencies: [DependencyValue] = []
    var targets: [TargetValue] = []
}
