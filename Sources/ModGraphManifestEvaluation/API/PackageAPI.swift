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
                if arguments.has("platforms") { package.platforms = try platforms(arguments.list("platforms")) }
                if case let .name(tag)? = arguments.value("defaultLocalization") { package.defaultLocalization = tag }
                package.pkgConfig = arguments.optionalString("pkgConfig")
                if arguments.has("providers") { package.providers = try providers(arguments.list("providers")) }
                for key in ["swiftLanguageVersions", "swiftLanguageModes"] where arguments.has(key) {
                    package.swiftLanguageVersions = try names(arguments.list(key))
                }
                if case let .name(standard)? = arguments.value("cLanguageStandard") { package.cLanguageStandard = standard }
                if case let .name(standard)? = arguments.value("cxxLanguageStandard") { package.cxxLanguageStandard = standard }
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
            provider("brew", since: nil),
            provider("apt", since: nil),
            provider("yum", since: version(5, 3)),
            APIMember(.swiftLanguageMode, "version", [Parameter(unlabelled: "version", .string)]) { arguments throws(EvaluationFallback) in
                // SwiftPM rejects a language version it cannot parse.
                let text = try arguments.string("version")
                let parts = text.split(separator: ".", omittingEmptySubsequences: false)
                guard (1...3).contains(parts.count),
                    parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } })
                else {
                    throw EvaluationFallback("a Swift language version SwiftPM may not read")
                }
                return .name(text)
            },
        ]
        for (name, since) in [("v4", nil), ("v4_2", nil), ("v5", version(5)), ("v6", version(6))] as [(String, ToolsVersion?)] {
            let text = name.dropFirst().replacingOccurrences(of: "_", with: ".")
            members.append(APIMember(.swiftLanguageMode, name, nil, since: since) { _ in .name(text) })
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
                let name = String(parts[0])
                members.append(APIMember(owner, name, nil, since: since) { _ in .name(standardText(name)) })
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
    static func platforms(_ values: [Value]) throws(EvaluationFallback) -> [PlatformRequirement] {
        var platforms: [PlatformRequirement] = []
        for value in values {
            guard case let .supportedPlatform(platform) = value else { throw EvaluationFallback("a platform of an unknown kind") }
            guard !platforms.contains(where: { $0.name == platform.name }) else {
                throw EvaluationFallback("the platform '\(platform.name)' twice")
            }
            platforms.append(platform)
        }
        guard !platforms.isEmpty else { throw EvaluationFallback("an empty platforms: list") }
        return platforms
    }

    /// The texts of enum-like constants (language modes).
    static func names(_ values: [Value]) throws(EvaluationFallback) -> [String] {
        try values.map { value throws(EvaluationFallback) in
            guard case let .name(name) = value else { throw EvaluationFallback("a value of an unknown kind") }
            return name
        }
    }

    static func providers(_ values: [Value]) throws(EvaluationFallback) -> [SystemPackageProvider] {
        try values.map { value throws(EvaluationFallback) in
            guard case let .provider(provider) = value else { throw EvaluationFallback("a system package provider of an unknown kind") }
            return provider
        }
    }

    private static func provider(_ manager: String, since: ToolsVersion?) -> APIMember {
        APIMember(.systemPackageProvider, manager, [Parameter(unlabelled: "packages", .array(.string))], since: since) {
            arguments throws(EvaluationFallback) in
            .provider(SystemPackageProvider(manager: manager, packages: try arguments.strings("packages")))
        }
    }

    /// A language standard as `dump-package` writes it: `cxx17` is `c++17`, `iso9899_1990` is `iso9899:1990`.
    static func standardText(_ name: String) -> String {
        if name.hasPrefix("gnucxx") { return "gnu++" + name.dropFirst("gnucxx".count) }
        if name.hasPrefix("cxx") { return "c++" + name.dropFirst("cxx".count) }
        if name.hasPrefix("iso9899_") { return "iso9899:" + name.dropFirst("iso9899_".count) }
        return name
    }
}

/// The package a manifest's `Package(...)` made, with what later statements
/// (`package.targets += …`) change.
struct PackageState: Sendable {
    var name: String
    var platforms: [PlatformRequirement]?
    var defaultLocalization: String?
    var swiftLanguageVersions: [String]?
    var cLanguageStandard: String?
    var cxxLanguageStandard: String?
    var pkgConfig: String?
    var providers: [SystemPackageProvider]?
    var products: [ManifestProduct] = []
    var traits: [PackageTrait] = []
    var dependencies: [DependencyValue] = []
    var targets: [TargetValue] = []
}
