import ModGraphManifest

/// Build settings (`cSettings:`, `cxxSettings:`, `swiftSettings:`,
/// `linkerSettings:`) and their conditions. ModGraph's ``Manifest`` keeps no
/// settings, so they are only type-checked, and the few values `dump-package`
/// rejects (an Xcode-style `$(…)`, a condition with nothing in it) fall back.
enum SettingsAPI {
    private static let condition = Parameter(unlabelled: "condition", .optional(.api(.buildSettingCondition)), defaulted: true)

    static let members: [APIMember] = {
        var members: [APIMember] = []
        func add(_ owner: APIType, _ name: String, _ parameters: [Parameter], since: ToolsVersion? = nil) {
            members.append(
                APIMember(owner, name, parameters + [condition], since: since) { arguments throws(EvaluationFallback) in
                    try checkValues(arguments, parameters)
                    return .opaque
                })
        }
        let name = Parameter(unlabelled: "name", .string)
        let flags = Parameter(unlabelled: "flags", .array(.string))
        for owner in [APIType.cSetting, .cxxSetting] {
            add(owner, "headerSearchPath", [Parameter(unlabelled: "path", .string)])
            add(owner, "define", [name, Parameter("to", .optional(.string), defaulted: true)])
            add(owner, "unsafeFlags", [flags])
            add(owner, "treatAllWarnings", [Parameter("as", .api(.warningLevel))], since: version(6, 2))
            add(owner, "treatWarning", [name, Parameter("as", .api(.warningLevel))], since: version(6, 2))
            add(owner, "enableWarning", [name], since: version(6, 2))
            add(owner, "disableWarning", [name], since: version(6, 2))
        }
        add(.swiftSetting, "define", [name])
        add(.swiftSetting, "unsafeFlags", [flags])
        add(.swiftSetting, "enableUpcomingFeature", [name], since: version(5, 8))
        add(.swiftSetting, "enableExperimentalFeature", [name], since: version(5, 8))
        add(.swiftSetting, "interoperabilityMode", [Parameter(unlabelled: "mode", .api(.interoperabilityMode))], since: version(5, 9))
        add(.swiftSetting, "swiftLanguageMode", [Parameter(unlabelled: "mode", .api(.swiftLanguageMode))], since: version(6))
        add(.swiftSetting, "swiftLanguageVersion", [Parameter(unlabelled: "version", .api(.swiftLanguageMode))], since: version(6))
        add(.swiftSetting, "strictMemorySafety", [], since: version(6, 2))
        add(.swiftSetting, "treatAllWarnings", [Parameter("as", .api(.warningLevel))], since: version(6, 2))
        add(.swiftSetting, "treatWarning", [name, Parameter("as", .api(.warningLevel))], since: version(6, 2))
        add(.swiftSetting, "defaultIsolation", [Parameter(unlabelled: "isolation", .optional(.api(.mainActorType)))], since: version(6, 2))
        add(.linkerSetting, "linkedLibrary", [Parameter(unlabelled: "library", .string)])
        add(.linkerSetting, "linkedFramework", [Parameter(unlabelled: "framework", .string)])
        add(.linkerSetting, "unsafeFlags", [flags])

        members.append(
            APIMember(
                .buildSettingCondition, "when",
                [
                    Parameter("platforms", .optional(.array(.api(.platform))), defaulted: true),
                    Parameter("configuration", .optional(.api(.buildConfiguration)), defaulted: true),
                    Parameter("traits", .optional(.set(.string)), defaulted: true, since: version(6, 1)),
                ]
            ) { arguments throws(EvaluationFallback) in
                // PackageDescription stops the manifest on a condition with nothing in it.
                guard arguments.has("platforms") || arguments.has("configuration") || arguments.has("traits") else {
                    throw EvaluationFallback("a build setting condition with nothing in it")
                }
                return .opaque
            })
        members.append(APIMember(.buildConfiguration, "debug", nil) { _ in .opaque })
        members.append(APIMember(.buildConfiguration, "release", nil) { _ in .opaque })
        members.append(APIMember(.interoperabilityMode, "C", nil, since: version(5, 9)) { _ in .opaque })
        members.append(APIMember(.interoperabilityMode, "Cxx", nil, since: version(5, 9)) { _ in .opaque })
        members.append(APIMember(.warningLevel, "warning", nil, since: version(6, 2)) { _ in .opaque })
        members.append(APIMember(.warningLevel, "error", nil, since: version(6, 2)) { _ in .opaque })
        return members
    }()

    /// `dump-package` rejects a setting value with an Xcode-style macro, `$(…)`.
    private static func checkValues(_ arguments: Arguments, _ parameters: [Parameter]) throws(EvaluationFallback) {
        for parameter in parameters {
            var texts: [String] = []
            if let text = arguments.optionalString(parameter.key) { texts.append(text) }
            texts += (try? arguments.optionalStrings(parameter.key)) ?? nil ?? []
            if texts.contains(where: { $0.contains("$(") }) { throw EvaluationFallback("a build setting with $(…)") }
        }
    }
}
