/// A spec target's ``SwiftConditions``, read as XcodeGen writes the settings: `settings:`
/// flat (every configuration) or as `base:` and `configs:` (a configuration's own, by name,
/// compared without case), at the target's level and the project's, for each configuration
/// the project declares (`configs:`, else XcodeGen's `Debug` and `Release`). Settings from
/// `configFiles:` or setting `groups:`/presets are not read: the conditions are then not
/// complete.
extension XcodeGenProject.Reader {
    func swiftConditions(of value: SpecValue) -> SwiftConditions {
        let names = spec.root["configs"]?.entries?.map(\.key) ?? ["Debug", "Release"]
        let project = spec.root["settings"]
        let target = value["settings"]
        let basedOnFiles =
            spec.root["configFiles"] != nil || value["configFiles"] != nil || spec.root["settingGroups"] != nil
            || [project, target].contains { $0?["groups"] != nil }
        let levels = names.map { name in [Self.level(target, configuration: name), Self.level(project, configuration: name)] }
        return SwiftConditions.of(levels, basedOnFiles: basedOnFiles)
    }

    /// The settings `value` sets for configuration `name`, as a level.
    private static func level(_ value: SpecValue?, configuration name: String) -> SwiftConditions.Level {
        guard let value else { return SwiftConditions.Level() }
        let grouped = value["base"] != nil || value["configs"] != nil || value["groups"] != nil
        var settings: [String: SpecValue] = [:]
        for (key, setting) in (grouped ? value["base"]?.entries : value.entries) ?? [] { settings[key] = setting }
        if grouped {
            for (configuration, overlay) in value["configs"]?.entries ?? [] where configuration.lowercased() == name.lowercased() {
                for (key, setting) in overlay.entries ?? [] { settings[key] = setting }
            }
        }
        return SwiftConditions.Level(keys: settings.keys) { key in
            guard let setting = settings[key] else { return nil }
            if let text = setting.string { return SwiftConditions.tokens(text) }
            return setting.items.compactMap(\.string).flatMap(SwiftConditions.tokens)
        }
    }
}
