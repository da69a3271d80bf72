import ModGraphManifest

/// Platforms: `Platform` in conditions (`.linux`, `.custom("x")`) and
/// `SupportedPlatform` in `platforms:` (`.macOS(.v13)`, `.iOS("15.0")`), with
/// each version constant's tools-version (PackageDescription 6.3's
/// `SupportedPlatforms.swift`), with their versions as `dump-package` writes
/// them (`.v10_15` is `10.15`, `.v13` is `13.0`); a duplicate or an empty
/// list, which `dump-package` rejects, falls back.
enum PlatformAPI {
    /// The platforms a condition may name, by their spelling in Swift and in the dump.
    static let conditionPlatforms: [APIMember] = {
        let always = ["macOS", "macCatalyst", "iOS", "tvOS", "watchOS", "visionOS", "driverKit", "linux"]
        var members = always.map { name in
            APIMember(.platform, name, nil) { _ in .platform(name.lowercased()) }
        }
        for (name, since) in [("windows", version(5, 2)), ("android", version(5, 2)), ("wasi", version(5, 3)), ("openbsd", version(5, 8))] {
            members.append(APIMember(.platform, name, nil, since: since) { _ in .platform(name) })
        }
        members.append(
            APIMember(.platform, "custom", [Parameter(unlabelled: "name", .string)], since: version(5, 6)) {
                arguments throws(EvaluationFallback) in
                .platform(try arguments.string("name"))
            })
        return members
    }()

    /// `name: (version type, since, constants as "name@since")`; constants Swift
    /// marks unavailable (`v10_16`, `v16`, `v19`, …) are left out, so using them falls back.
    private static let supported: [(String, APIType, ToolsVersion?, String)] = [
        (
            "macOS", .macOSVersion, nil,
            "v10_10@5.0 v10_11@5.0 v10_12@5.0 v10_13@5.0 v10_14@5.0 v10_15@5.1 v11@5.3 v12@5.5 v13@5.7 v14@5.9 v15@6.0 v26@6.2"
        ),
        (
            "iOS", .iOSVersion, nil,
            "v8@5.0 v9@5.0 v10@5.0 v11@5.0 v12@5.0 v13@5.1 v14@5.3 v15@5.5 v16@5.7 v17@5.9 v18@6.0 v26@6.2"
        ),
        (
            "tvOS", .tvOSVersion, nil,
            "v9@5.0 v10@5.0 v11@5.0 v12@5.0 v13@5.1 v14@5.3 v15@5.5 v16@5.7 v17@5.9 v18@6.0 v26@6.2"
        ),
        (
            "watchOS", .watchOSVersion, nil,
            "v2@5.0 v3@5.0 v4@5.0 v5@5.0 v6@5.1 v7@5.3 v8@5.5 v9@5.7 v10@5.9 v11@6.0 v26@6.2"
        ),
        (
            "macCatalyst", .macCatalystVersion, version(5, 5),
            "v13@5.5 v14@5.5 v15@5.5 v16@5.7 v17@5.9 v18@6.0 v26@6.2"
        ),
        (
            "visionOS", .visionOSVersion, version(5, 9),
            "v1@5.9 v2@6.0 v26@6.2"
        ),
        (
            "driverKit", .driverKitVersion, version(5, 5),
            "v19@5.5 v20@5.5 v21@5.5 v22@5.7 v23@5.9 v24@6.0 v25@6.2"
        ),
    ]

    static let members: [APIMember] = {
        var members: [APIMember] = []
        for (platform, versionType, since, constants) in supported {
            let dumpName = platform.lowercased()
            members.append(
                APIMember(
                    .supportedPlatform, platform, [Parameter(unlabelled: "version", .api(versionType))],
                    since: since
                ) { arguments throws(EvaluationFallback) in
                    guard case let .name(constant)? = arguments.value("version") else {
                        throw EvaluationFallback("a platform version of an unknown kind")
                    }
                    return .supportedPlatform(PlatformRequirement(name: dumpName, version: versionText(constant)))
                })
            members.append(
                APIMember(
                    .supportedPlatform, platform, [Parameter(unlabelled: "version", .string)],
                    since: since
                ) { arguments throws(EvaluationFallback) in
                    // PackageDescription records a malformed version as an error, which fails the load.
                    let text = try arguments.string("version")
                    guard isPlatformVersion(text) else {
                        throw EvaluationFallback("a platform version that is not N, N.N or N.N.N")
                    }
                    return .supportedPlatform(PlatformRequirement(name: dumpName, version: text))
                })
            for constant in constants.split(separator: " ") {
                let parts = constant.split(separator: "@")
                guard parts.count == 2, let introduced = ToolsVersion(String(parts[1])) else { continue }
                let name = String(parts[0])
                members.append(APIMember(versionType, name, nil, since: introduced) { _ in .name(name) })
            }
        }
        return members
    }()

    /// A version constant's text: `v10_15` is `10.15`, `v13` is `13.0`.
    static func versionText(_ constant: String) -> String {
        let parts = constant.dropFirst().split(separator: "_")
        return parts.count == 1 ? "\(parts[0]).0" : parts.joined(separator: ".")
    }

    /// `13.0`, `10.15.4`: what every toolchain takes alike.
    /// What PackageDescription takes as a platform version string, as `dump-package` showed: one to three
    /// parts of digits (`"14"`, `"10.15"`, `"14.0.01"`), the first not starting with 0 (`"0.1"`, `"01.2"`
    /// fail the load). Kept as written.
    static func isPlatformVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.first?.first != "0"
            && parts.allSatisfy { part in
                (1...9).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
            }
    }
}
