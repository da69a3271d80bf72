/// A target's ``SwiftConditions``, from each of its configurations and the project's of the same name.
extension ProjectDecoder {
    mutating func swiftConditions(ofList listID: String?, projectList: String?) -> SwiftConditions {
        let targets = configurations(of: listID)
        let projects = configurations(of: projectList)
        var basedOnFiles = false
        var levels: [(target: SwiftConditions.Level, project: SwiftConditions.Level)] = []
        for configuration in targets {
            let project = projects.first { $0.string("name") == configuration.string("name") } ?? projects.first
            for object in [configuration, project].compactMap({ $0 })
            where object.text("baseConfigurationReference") != nil || object.text("baseConfigurationReferenceAnchor") != nil {
                basedOnFiles = true
            }
            levels.append((Self.level(configuration.dictionary("buildSettings")), Self.level(project?.dictionary("buildSettings"))))
        }
        return SwiftConditions.of(levels, basedOnFiles: basedOnFiles)
    }

    private func configurations(of listID: String?) -> [ProjectObjects.Object] {
        let list = objects.object(listID, isa: ["XCConfigurationList"])
        return (list?.strings("buildConfigurations") ?? []).compactMap { objects.object($0, isa: ["XCBuildConfiguration"]) }
    }

    private static func level(_ settings: PropertyListDictionary?) -> SwiftConditions.Level {
        guard let settings else { return SwiftConditions.Level() }
        func tokens(_ value: PropertyList?) -> [String]? {
            guard let value else { return nil }
            if let text = value.string { return SwiftConditions.tokens(text) }
            return value.strings.flatMap(SwiftConditions.tokens)
        }
        var level = SwiftConditions.Level(
            conditions: tokens(settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"]), flags: tokens(settings["OTHER_SWIFT_FLAGS"]))
        for key in settings.keys where key.hasPrefix("SWIFT_ACTIVE_COMPILATION_CONDITIONS[") {
            level.conditional.formUnion(SwiftConditions.conditionNames(tokens(settings[key]) ?? []).0)
        }
        for key in settings.keys where key.hasPrefix("OTHER_SWIFT_FLAGS[") {
            level.conditional.formUnion(SwiftConditions.flagNames(tokens(settings[key]) ?? []).0)
        }
        return level
    }
}
