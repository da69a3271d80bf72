import ModGraphManifest

/// Build settings (`cSettings:`, `cxxSettings:`, `swiftSettings:`,
/// `linkerSettings:`) and their conditions, as `dump-package` writes them
/// (``BuildSetting``): `modgraph affected` compares them. The few values
/// `dump-package` rejects (an Xcode-style `$(…)`, a condition with nothing in
/// it) fall back.
enum SettingsAPI {
    private static let condition = Parameter(unlabelled: "condition", .optional(.api(.buildSettingCondition)), defaulted: true)

    static let members: [APIMember] = {
        var members: [APIMember] = []
        func add(_ owner: APIType, _ name: String, _ parameters: [Parameter], since: ToolsVersion? = nil) {
            members.append(
                APIMember(owner, name, parameters + [condition], since: since) { arguments throws(EvaluationFallback) in
                    try checkValues(arguments, parameters)
                    return .setting(try setting(owner, name, parameters, arguments))
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
                var configuration: String?
                if case let .name(name)? = arguments.value("configuration") { configuration = name }
                return .settingCondition(
                    BuildSettingCondition(
                        platforms: try TargetDependencyAPI.platformNames(arguments.list("platforms")), configuration: configuration,
                        traits: try arguments.optionalStrings("traits")))
            })
        for (owner, names, since) in [
            (APIType.buildConfiguration, ["debug", "release"], nil), (.interoperabilityMode, ["C", "Cxx"], version(5, 9)),
            (.warningLevel, ["warning", "error"], version(6, 2)),
        ] as [(APIType, [String], ToolsVersion?)] {
            for name in names { members.append(APIMember(owner, name, nil, since: since) { _ in .name(name) }) }
        }
        return members
    }()

    private static let tools: [APIType: String] = [.cSetting: "c", .cxxSetting: "cxx", .swiftSetting: "swift", .linkerSetting: "linker"]

    /// The setting a call makes: its arguments in order, as `dump-package`
    /// writes them (`define("A", to: "1")` is `A=1`; `defaultIsolation(nil)` is `nonisolated`).
    private static func setting(_ owner: APIType, _ kind: String, _ parameters: [Parameter], _ arguments: Arguments)
        throws(EvaluationFallback)
        -> BuildSetting
    {
        var values: [BuildSetting.Argument] = []
        switch kind {
        case "define" where owner != .swiftSetting:
            let name = try arguments.string("name")
            values = [.text(arguments.optionalString("to").map { "\(name)=\($0)" } ?? name)]
        case "defaultIsolation":
            values = [.text(arguments.has("isolation") ? "MainActor" : "nonisolated")]
        default:
            for parameter in parameters {
                switch arguments.value(parameter.key) {
                case let .string(text)?, let .name(text)?: values.append(.text(text))
                case .list?: values.append(.texts(try arguments.strings(parameter.key)))
                default: throw EvaluationFallback("a build setting argument of an unknown kind")
                }
            }
        }
        var condition: BuildSettingCondition?
        if case let .settingCondition(written)? = arguments.value("condition") { condition = written }
        return BuildSetting(
            tool: tools[owner] ?? "", kind: kind == "swiftLanguageVersion" ? "swiftLanguageMode" : kind, arguments: values,
            condition: condition)
    }

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
