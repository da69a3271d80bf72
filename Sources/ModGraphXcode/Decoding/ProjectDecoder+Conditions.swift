/// A target's ``SwiftConditions``, from each of its configurations and the project's of the same name,
/// each over the `.xcconfig` it is based on (``ConfigFiles``).
extension ProjectDecoder {
    mutating func swiftConditions(ofList listID: String?, projectList: String?) -> SwiftConditions {
        let targets = configurations(of: listID)
        let projects = configurations(of: projectList)
        var basedOnFiles = false
        var chains: [[SwiftConditions.Level]] = []
        for configuration in targets {
            let project = projects.first { $0.string("name") == configuration.string("name") } ?? projects.first
            // Most specific first: the target's settings, its .xcconfig, the project's, the project's .xcconfig.
            var chain: [SwiftConditions.Level] = []
            for object in [configuration, project].compactMap({ $0 }) {
                if hasUnreadBase(object) { basedOnFiles = true }
                chain.append(Self.level(object.dictionary("buildSettings")))
                chain.append(Self.level(baseSettings(of: object)))
            }
            chains.append(chain)
        }
        return SwiftConditions.of(chains, basedOnFiles: basedOnFiles)
    }

    private func configurations(of listID: String?) -> [ProjectObjects.Object] {
        let list = objects.object(listID, isa: ["XCConfigurationList"])
        return (list?.strings("buildConfigurations") ?? []).compactMap { objects.object($0, isa: ["XCBuildConfiguration"]) }
    }

    private static func level(_ settings: PropertyListDictionary?) -> SwiftConditions.Level {
        guard let settings else { return SwiftConditions.Level() }
        return SwiftConditions.Level(keys: settings.keys) { key in
            guard let value = settings[key] else { return nil }
            if let text = value.string { return SwiftConditions.tokens(text) }
            return value.strings.flatMap(SwiftConditions.tokens)
        }
    }
}
