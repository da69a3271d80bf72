/// The platforms an Xcode target is built for, as Xcode's build system decides
/// them, in SwiftPM's names (what conditions, `--platform` and `#if os(…)` use):
/// `SUPPORTED_PLATFORMS` when the settings set it (a multiplatform target:
/// `iphoneos iphonesimulator macosx`), else the platform of `SDKROOT`
/// (`iphoneos`, `macosx17.0`, …), plus Mac Catalyst for an iOS target with
/// `SUPPORTS_MACCATALYST = YES`. Empty when neither says (`SDKROOT = auto`
/// alone, or settings in `.xcconfig` files that could not be read): any platform.
public enum TargetPlatforms {
    /// `SDKROOT` and `SUPPORTED_PLATFORMS` words (SDK names, with or without a version) by platform.
    private static let platformBySDK: [(prefix: String, platform: String)] = [
        ("iphoneos", "ios"), ("iphonesimulator", "ios"),
        ("macosx", "macos"),
        ("appletvos", "tvos"), ("appletvsimulator", "tvos"),
        ("watchos", "watchos"), ("watchsimulator", "watchos"),
        ("xros", "visionos"), ("xrsimulator", "visionos"),
        ("driverkit", "driverkit"),
    ]

    /// The sorted platform names `settings` build for.
    static func of(_ settings: inout BuildSettings) -> [String] {
        var platforms = Set<String>()
        let supported = settings.value(of: "SUPPORTED_PLATFORMS") ?? ""
        for word in supported.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if let platform = platform(ofSDK: String(word)) { platforms.insert(platform) }
        }
        if platforms.isEmpty, let sdk = settings.value(of: "SDKROOT"), let platform = platform(ofSDK: sdk) {
            platforms.insert(platform)
        }
        if platforms.contains("ios"), settings.value(of: "SUPPORTS_MACCATALYST")?.uppercased() == "YES" {
            platforms.insert("maccatalyst")
        }
        return platforms.sorted()
    }

    /// The platform of an SDK name, a path to an SDK (`…/iPhoneOS17.0.sdk`) or a versioned name (`iphoneos17.0`).
    static func platform(ofSDK text: String) -> String? {
        let name = XcodePath.lastComponent(text).lowercased()
        return platformBySDK.first { name.hasPrefix($0.prefix) }?.platform
    }

    /// Xcode's platform filter names as SwiftPM's platform names (`xros` is visionOS).
    public static func swiftPMName(ofFilter filter: String) -> String {
        switch filter.lowercased() {
        case "xros": "visionos"
        default: filter.lowercased()
        }
    }
}
