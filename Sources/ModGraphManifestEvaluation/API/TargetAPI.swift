import ModGraphCore
import ModGraphManifest

/// `Target`'s factory methods (`.target`, `.executableTarget`, `.testTarget`,
/// `.systemLibrary`, `.binaryTarget`, `.plugin`, and CompilerPluginSupport's
/// `.macro`) from tools-version 5.0 on, as PackageDescription declares them.
enum TargetAPI {
    static let members: [APIMember] = [
        APIMember(.target, "target", sourceTargetParameters(publicHeaders: true)) { arguments throws(EvaluationFallback) in
            try target(.regular, arguments)
        },
        APIMember(.target, "executableTarget", sourceTargetParameters(publicHeaders: true), since: version(5, 4)) {
            arguments throws(EvaluationFallback) in
            try target(.executable, arguments)
        },
        APIMember(.target, "testTarget", sourceTargetParameters(publicHeaders: false)) { arguments throws(EvaluationFallback) in
            try target(.test, arguments)
        },
        APIMember(
            .target, "macro",
            [
                Parameter("name", .string),
                Parameter("dependencies", .array(.api(.targetDependency)), defaulted: true),
                Parameter("path", .optional(.string), defaulted: true),
                Parameter("exclude", .array(.string), defaulted: true),
                Parameter("sources", .optional(.array(.string)), defaulted: true),
                Parameter("packageAccess", .bool, defaulted: true),
                Parameter("swiftSettings", .optional(.array(.api(.swiftSetting))), defaulted: true),
                Parameter("linkerSettings", .optional(.array(.api(.linkerSetting))), defaulted: true),
                Parameter("plugins", .optional(.array(.api(.pluginUsage))), defaulted: true),
            ], since: version(5, 9)
        ) { arguments throws(EvaluationFallback) in
            try target(.macro, arguments)
        },
        APIMember(
            .target, "plugin",
            [
                Parameter("name", .string),
                Parameter("capability", .api(.pluginCapability)),
                Parameter("dependencies", .array(.api(.targetDependency)), defaulted: true),
                Parameter("path", .optional(.string), defaulted: true),
                Parameter("exclude", .array(.string), defaulted: true),
                Parameter("sources", .optional(.array(.string)), defaulted: true),
                Parameter("packageAccess", .bool, defaulted: true, since: version(5, 9)),
            ], since: version(5, 5)
        ) { arguments throws(EvaluationFallback) in
            var plugin = try targetValue(.plugin, arguments)
            guard case let .pluginCapability(capability)? = arguments.value("capability") else {
                throw EvaluationFallback("a plugin capability of an unknown kind")
            }
            plugin.pluginCapability = capability
            return .target(plugin)
        },
        APIMember(
            .target, "systemLibrary",
            [
                Parameter("name", .string),
                Parameter("path", .optional(.string), defaulted: true),
                Parameter("pkgConfig", .optional(.string), defaulted: true),
                Parameter("providers", .optional(.array(.api(.systemPackageProvider))), defaulted: true),
            ]
        ) { arguments throws(EvaluationFallback) in
            var target = TargetValue(name: try arguments.string("name"), type: .system, path: arguments.optionalString("path"))
            target.pkgConfig = arguments.optionalString("pkgConfig")
            if arguments.has("providers") { target.providers = try PackageAPI.providers(arguments.list("providers")) }
            return .target(target)
        },
        APIMember(.target, "binaryTarget", [Parameter("name", .string), Parameter("path", .string)], since: version(5, 3)) {
            arguments throws(EvaluationFallback) in
            .target(TargetValue(name: try arguments.string("name"), type: .binary, path: try arguments.string("path")))
        },
        APIMember(
            .target, "binaryTarget", [Parameter("name", .string), Parameter("url", .string), Parameter("checksum", .string)],
            since: version(5, 3)
        ) { arguments throws(EvaluationFallback) in
            var target = TargetValue(name: try arguments.string("name"), type: .binary, url: try arguments.string("url"))
            target.checksum = try arguments.string("checksum")
            return .target(target)
        },
    ]

    /// The parameters of `.target`, `.executableTarget` and `.testTarget`, in order.
    private static func sourceTargetParameters(publicHeaders: Bool) -> [Parameter] {
        var parameters = [
            Parameter("name", .string),
            Parameter("dependencies", .array(.api(.targetDependency)), defaulted: true),
            Parameter("path", .optional(.string), defaulted: true),
            Parameter("exclude", .array(.string), defaulted: true),
            Parameter("sources", .optional(.array(.string)), defaulted: true),
            Parameter("resources", .optional(.array(.api(.resource))), defaulted: true, since: version(5, 3)),
        ]
        if publicHeaders { parameters.append(Parameter("publicHeadersPath", .optional(.string), defaulted: true)) }
        parameters += [
            Parameter("packageAccess", .bool, defaulted: true, since: version(5, 9)),
            Parameter("cSettings", .optional(.array(.api(.cSetting))), defaulted: true),
            Parameter("cxxSettings", .optional(.array(.api(.cxxSetting))), defaulted: true),
            Parameter("swiftSettings", .optional(.array(.api(.swiftSetting))), defaulted: true),
            Parameter("linkerSettings", .optional(.array(.api(.linkerSetting))), defaulted: true),
            Parameter("plugins", .optional(.array(.api(.pluginUsage))), defaulted: true, since: version(5, 5)),
        ]
        return parameters
    }

    private static func target(_ type: TargetType, _ arguments: Arguments) throws(EvaluationFallback) -> Value {
        .target(try targetValue(type, arguments))
    }

    private static func targetValue(_ type: TargetType, _ arguments: Arguments) throws(EvaluationFallback) -> TargetValue {
        var target = TargetValue(name: try arguments.string("name"), type: type)
        for value in arguments.list("dependencies") {
            guard case let .targetDependency(dependency) = value else { throw EvaluationFallback("a target dependency of an unknown kind") }
            target.dependencies.append(dependency)
        }
        target.path = arguments.optionalString("path")
        target.exclude = try arguments.optionalStrings("exclude") ?? []
        target.sources = try arguments.optionalStrings("sources")
        for value in arguments.list("resources") {
            guard case let .resource(resource) = value else { throw EvaluationFallback("a resource of an unknown kind") }
            target.resources.append(resource)
        }
        for value in arguments.list("plugins") {
            guard case let .pluginUsage(usage) = value else { throw EvaluationFallback("a plugin usage of an unknown kind") }
            target.plugins.append(usage)
        }
        for label in TargetValue.settingsLabels where arguments.has(label) {
            target.settings[label] = try arguments.list(label).map { value throws(EvaluationFallback) in
                guard case let .setting(setting) = value else { throw EvaluationFallback("a build setting of an unknown kind") }
                return setting
            }
        }
        target.publicHeadersPath = arguments.optionalString("publicHeadersPath")
        if case let .bool(access)? = arguments.value("packageAccess") { target.packageAccess = access }
        return target
    }
}

/// `Target.Dependency`, its conditions, and the platforms they name.
enum TargetDependencyAPI {
    static let members: [APIMember] =
        [
            // `moduleAliases:` (5.7) is left out: a call that passes it falls back.
            APIMember(
                .targetDependency, "product",
                [
                    Parameter("name", .string),
                    Parameter("package", .string),
                    Parameter("condition", .optional(.api(.targetDependencyCondition)), defaulted: true, since: version(5, 3)),
                ], since: version(5, 2)
            ) { arguments throws(EvaluationFallback) in
                .targetDependency(
                    .product(try arguments.string("name"), package: try arguments.string("package"), condition: condition(arguments)))
            },
            // Before 5.2 `package:` could be left out (or be nil).
            APIMember(
                .targetDependency, "product",
                [
                    Parameter("name", .string),
                    Parameter("package", .optional(.string), defaulted: true),
                ], until: version(5, 2)
            ) { arguments throws(EvaluationFallback) in
                .targetDependency(.product(try arguments.string("name"), package: arguments.optionalString("package"), condition: nil))
            },
            // Before 5.7 `platforms:` was optional and `.when()` crashed the manifest; only the common form is
            // taken. That `when` returns a condition even for an empty list, which the dump writes as such.
            APIMember(
                .targetDependencyCondition, "when", [Parameter("platforms", .array(.api(.platform)))], until: version(5, 7),
                result: .optional(.api(.targetDependencyCondition))
            ) { arguments throws(EvaluationFallback) in
                .condition(Condition(platforms: try platformNames(arguments.list("platforms"))))
            },
            // From 5.7 `when(platforms:)` is `nil` for an empty list: no condition, the dependency always applies.
            APIMember(
                .targetDependencyCondition, "when",
                [
                    Parameter("platforms", .array(.api(.platform))),
                    Parameter("traits", .set(.string), defaulted: true, since: version(6, 1)),
                ], since: version(5, 7), result: .optional(.api(.targetDependencyCondition))
            ) { arguments throws(EvaluationFallback) in
                let condition = Condition(
                    platforms: try platformNames(arguments.list("platforms")), traits: try arguments.optionalStrings("traits") ?? [])
                guard !condition.isUnconditional else {
                    if arguments.has("traits") { throw EvaluationFallback("a condition of no platforms and no traits") }
                    return .none
                }
                return .condition(condition)
            },
            APIMember(
                .targetDependencyCondition, "when", [Parameter("traits", .set(.string))], since: version(6, 1),
                result: .optional(.api(.targetDependencyCondition))
            ) { arguments throws(EvaluationFallback) in
                .condition(Condition(traits: try arguments.strings("traits")))
            },
        ] + PlatformAPI.conditionPlatforms
        // `condition:` came with 5.3; before, `.target(name:)` and `.byName(name:)` took the name alone.
        + [("target", TargetDependency.target(_:condition:)), ("byName", TargetDependency.byName(_:condition:))].map { name, make in
            APIMember(
                .targetDependency, name,
                [
                    Parameter("name", .string),
                    Parameter("condition", .optional(.api(.targetDependencyCondition)), defaulted: true, since: version(5, 3)),
                ]
            ) { arguments throws(EvaluationFallback) in .targetDependency(make(try arguments.string("name"), condition(arguments))) }
        }

    private static func condition(_ arguments: Arguments) -> Condition? {
        if case let .condition(condition)? = arguments.value("condition") { return condition }
        return nil
    }

    static func platformNames(_ values: [Value]) throws(EvaluationFallback) -> [String] {
        var names: [String] = []
        for value in values {
            guard case let .platform(name) = value else { throw EvaluationFallback("a platform of an unknown kind") }
            names.append(name)
        }
        return names
    }
}

/// `resources:`, `plugins:` and a plugin's `capability:`.
enum TargetPartsAPI {
    static let members: [APIMember] = [
        APIMember(
            .resource, "process",
            [
                Parameter(unlabelled: "path", .string),
                Parameter("localization", .optional(.api(.localization)), defaulted: true),
            ], since: version(5, 3)
        ) { arguments throws(EvaluationFallback) in
            var localization: String?
            if case let .name(name)? = arguments.value("localization") { localization = name }
            return .resource(TargetResource(path: try arguments.string("path"), rule: .process(localization: localization)))
        },
        APIMember(.resource, "copy", [Parameter(unlabelled: "path", .string)], since: version(5, 3)) {
            arguments throws(EvaluationFallback) in
            .resource(TargetResource(path: try arguments.string("path"), rule: .copy))
        },
        APIMember(.resource, "embedInCode", [Parameter(unlabelled: "path", .string)], since: version(5, 9)) {
            arguments throws(EvaluationFallback) in
            .resource(TargetResource(path: try arguments.string("path"), rule: .embedInCode))
        },
        APIMember(.localization, "default", nil, since: version(5, 3)) { _ in .name("default") },
        APIMember(.localization, "base", nil, since: version(5, 3)) { _ in .name("base") },
        APIMember(.pluginUsage, "plugin", [Parameter("name", .string)], since: version(5, 5)) { arguments throws(EvaluationFallback) in
            .pluginUsage(PluginUsage(name: try arguments.string("name"), package: nil))
        },
        APIMember(
            .pluginUsage, "plugin", [Parameter("name", .string), Parameter("package", .optional(.string))],
            since: version(5, 5)
        ) { arguments throws(EvaluationFallback) in
            .pluginUsage(PluginUsage(name: try arguments.string("name"), package: arguments.optionalString("package")))
        },
        APIMember(.pluginCapability, "buildTool", [], since: version(5, 5)) { _ in .pluginCapability(.buildTool) },
        APIMember(
            .pluginCapability, "command",
            [
                Parameter("intent", .api(.pluginCommandIntent)),
                Parameter("permissions", .array(.api(.pluginPermission)), defaulted: true),
            ], since: version(5, 6)
        ) { arguments throws(EvaluationFallback) in
            guard case let .commandIntent(intent)? = arguments.value("intent") else {
                throw EvaluationFallback("a command intent of an unknown kind")
            }
            let permissions = try arguments.list("permissions").map { value throws(EvaluationFallback) in
                guard case let .pluginPermission(permission) = value else {
                    throw EvaluationFallback("a plugin permission of an unknown kind")
                }
                return permission
            }
            return .pluginCapability(.command(intent: intent, permissions: permissions))
        },
        APIMember(.pluginCommandIntent, "documentationGeneration", [], since: version(5, 6)) { _ in .commandIntent(.documentationGeneration)
        },
        APIMember(.pluginCommandIntent, "sourceCodeFormatting", [], since: version(5, 6)) { _ in .commandIntent(.sourceCodeFormatting) },
        APIMember(.pluginCommandIntent, "documentationGeneration", nil, since: version(5, 6)) { _ in
            .commandIntent(.documentationGeneration)
        },
        APIMember(.pluginCommandIntent, "sourceCodeFormatting", nil, since: version(5, 6)) { _ in .commandIntent(.sourceCodeFormatting) },
        APIMember(
            .pluginCommandIntent, "custom", [Parameter("verb", .string), Parameter("description", .string)],
            since: version(5, 6)
        ) { arguments throws(EvaluationFallback) in
            .commandIntent(.custom(verb: try arguments.string("verb"), description: try arguments.string("description")))
        },
        APIMember(.pluginPermission, "writeToPackageDirectory", [Parameter("reason", .string)], since: version(5, 6)) {
            arguments throws(EvaluationFallback) in
            .pluginPermission(.writeToPackageDirectory(reason: try arguments.string("reason")))
        },
    ]
}
