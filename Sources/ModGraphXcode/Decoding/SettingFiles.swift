/// The files a target's build settings name, in every configuration: its
/// `Info.plist` (`INFOPLIST_FILE`), its entitlements (`CODE_SIGN_ENTITLEMENTS`),
/// and the `.xcconfig` files its configurations (and the project's) are based on
/// (`baseConfigurationReference`, or Xcode 16's anchor in a synchronised folder
/// and a path inside it). No build phase lists them, yet what they say goes into
/// the product or the build, so a change to one affects the target (`affected`).
///
/// A setting whose value names a variable other than the project's own folder
/// (`$(SRCROOT)`, `$(PROJECT_DIR)`, `$(SOURCE_ROOT)`) cannot be resolved without
/// building, and is left out. What an `.xcconfig` says is read apart (``ConfigFiles``).
extension ProjectDecoder {
    /// The settings that name a file relative to the project's source root; an SDK- or
    /// architecture-conditional form (`INFOPLIST_FILE[sdk=iphoneos*]`) counts too.
    static let fileSettings = ["INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS"]

    /// Every file the configurations of list `listID` name, relative to the project's folder
    /// (or absolute), without repeats, in configuration order.
    ///
    /// - Complexity: O(configurations × settings).
    mutating func settingFiles(ofList listID: String?) -> [String] {
        var files: [String] = []
        let list = objects.object(listID, isa: ["XCConfigurationList"])
        for id in list?.strings("buildConfigurations") ?? [] {
            guard let configuration = objects.object(id, isa: ["XCBuildConfiguration"]) else { continue }
            if let base = basePath(of: configuration) { files.append(base) }
            guard let settings = configuration.dictionary("buildSettings") else { continue }
            for key in settings.keys where Self.namesFile(key) {
                if let path = settings[key]?.string.flatMap(settingPath) { files.append(path) }
            }
        }
        return Self.distinct(files)
    }

    /// The `.xcconfig` `configuration` is based on, relative to the project's folder (or absolute):
    /// `baseConfigurationReference`, or Xcode 16's anchor in a synchronised folder and a path inside it.
    mutating func basePath(of configuration: ProjectObjects.Object) -> String? {
        if case let .path(path) = locator.location(of: configuration.text("baseConfigurationReference") ?? "") { return path }
        if let anchor = configuration.text("baseConfigurationReferenceAnchor"),
            let inside = configuration.text("baseConfigurationReferenceRelativePath"),
            case let .path(folder) = locator.location(of: anchor)
        {
            return XcodePath.join(folder, inside)
        }
        return nil
    }

    /// The settings of the `.xcconfig` `configuration` is based on, read once (``ConfigFiles``); nil when it has
    /// none or it cannot be read.
    mutating func baseSettings(of configuration: ProjectObjects.Object) -> PropertyListDictionary? {
        guard let path = basePath(of: configuration) else { return nil }
        if let known = configSettings[path] { return known }
        let settings = configFiles.read(XcodePath.join(projectFolder, path))
        configSettings[path] = .some(settings)
        return settings
    }

    /// Whether `configuration` is based on an `.xcconfig` that could not be read.
    mutating func hasUnreadBase(_ configuration: ProjectObjects.Object) -> Bool {
        basePath(of: configuration) != nil && baseSettings(of: configuration) == nil
    }

    private static func namesFile(_ key: String) -> Bool {
        fileSettings.contains { key == $0 || (key.hasPrefix($0) && key.dropFirst($0.count).first == "[") }
    }

    /// A setting's value as a path relative to the project's folder; nil when empty or when it
    /// names a variable this file cannot resolve.
    private func settingPath(_ value: String) -> String? {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\"" }
        var value = value.drop(while: blank)
        while let last = value.last, blank(last) { value = value.dropLast() }
        for root in ["$(SRCROOT)", "${SRCROOT}", "$(PROJECT_DIR)", "${PROJECT_DIR}", "$(SOURCE_ROOT)", "${SOURCE_ROOT}"]
        where value.hasPrefix(root) {
            value = value.dropFirst(root.count)
            while value.hasPrefix("/") { value = value.dropFirst() }
            break
        }
        guard !value.isEmpty, !value.contains("$") else { return nil }
        return value.hasPrefix("/") ? String(value) : XcodePath.join(sourceRoot, String(value))
    }
}
