/// Which build configuration's settings describe a target, chosen as
/// `xcodebuild` chooses when told no `-configuration`:
///
/// - the project's configuration list names a default
///   (`defaultConfigurationName`: *Use … for command-line builds*); without one,
///   the project's first configuration, and `Release` for a project with none;
/// - a target uses its configuration of that name, else its first one
///   (Swift Build's `getEffectiveConfiguration`); the project-level settings
///   beneath it are the project's configuration of that name, else its first.
struct ConfigurationChoice {
    /// The name Xcode builds when none is given.
    let defaultName: String
    private let objects: ProjectObjects

    init(objects: ProjectObjects, project: ProjectObjects.Object) {
        self.objects = objects
        let list = objects.object(project.string("buildConfigurationList"), isa: ["XCConfigurationList"])
        defaultName =
            list?.text("defaultConfigurationName")
            ?? Self.configurations(of: list, in: objects).first?.text("name")
            ?? "Release"
    }

    /// The `buildSettings` of the configuration list `listID` for the default configuration;
    /// `nil` when the list has no configuration.
    func settings(ofList listID: String?) -> PropertyListDictionary? {
        guard let chosen = chosen(ofList: listID) else { return nil }
        return chosen.dictionary("buildSettings") ?? PropertyListDictionary()
    }

    /// The configuration of list `listID` Xcode builds when told none; nil when the list has none.
    func chosen(ofList listID: String?) -> ProjectObjects.Object? {
        let list = objects.object(listID, isa: ["XCConfigurationList"])
        let configurations = Self.configurations(of: list, in: objects)
        return configurations.first { $0.string("name") == defaultName } ?? configurations.first
    }

    private static func configurations(of list: ProjectObjects.Object?, in objects: ProjectObjects) -> [ProjectObjects.Object] {
        (list?.strings("buildConfigurations") ?? []).compactMap { objects.object($0, isa: ["XCBuildConfiguration"]) }
    }
}
