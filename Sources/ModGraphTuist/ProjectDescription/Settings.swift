// Part of modgraph's source-compatible ProjectDescription (see docs/tuist.md): the public API of Tuist's
// ProjectDescription 4.x that manifests and their helpers call, written for modgraph. Each type encodes as
// Tuist's own does, so a manifest prints what `tuist dump` prints.
//
// This file: build settings and their transformers, configurations, Info.plist / entitlements
// content, and `Environment` (the `TUIST_*` variables).
//
// Members added for Tuist 3 manifests are `@_disfavoredOverload`, so a helper module that declares the
// same member itself is chosen without ambiguity.

import Foundation

// MARK: - Setting values

public typealias SettingsDictionary = [String: SettingValue]

public enum SettingValue: ExpressibleByStringInterpolation, ExpressibleByArrayLiteral, ExpressibleByBooleanLiteral,
    Equatable, Codable, Sendable
{
    case string(String)
    case array([String])

    public init(stringLiteral value: String) {
        self = .string(value)
    }

    public init(arrayLiteral elements: String...) {
        self = .array(elements)
    }

    public typealias BooleanLiteralType = Bool

    public init(booleanLiteral value: Bool) {
        self = .string(value ? "YES" : "NO")
    }

    public init<T>(_ stringRawRepresentable: T) where T: RawRepresentable, T.RawValue == String {
        self = .string(stringRawRepresentable.rawValue)
    }
}

public enum SwiftCompilationMode: String {
    case singlefile
    case wholemodule
}

public enum DebugInformationFormat: String {
    case dwarf
    case dwarfWithDsym = "dwarf-with-dsym"
}

public enum SwiftOptimizationLevel: String {
    case o = "-O"
    case oNone = "-Onone"
    case oSize = "-Osize"
}

// MARK: - Settings transformers

extension SettingsDictionary {
    public mutating func merge(_ other: SettingsDictionary) {
        merge(other) { _, new in new }
    }

    public func merging(_ other: SettingsDictionary) -> SettingsDictionary {
        merging(other) { _, new in new }
    }

    private func setting(_ key: String, _ value: SettingValue) -> SettingsDictionary {
        merging([key: value])
    }

    private static func flag(_ enabled: Bool) -> SettingValue {
        .string(enabled ? "YES" : "NO")
    }

    public func manualCodeSigning(identity: String? = nil, provisioningProfileSpecifier: String? = nil) -> SettingsDictionary {
        var result = setting("CODE_SIGN_STYLE", "Manual")
        if let provisioningProfileSpecifier {
            result["PROVISIONING_PROFILE_SPECIFIER"] = .string(provisioningProfileSpecifier)
        }
        if let identity {
            result = result.codeSignIdentity(identity)
        }
        return result
    }

    public func automaticCodeSigning(devTeam: String) -> SettingsDictionary {
        merging(["CODE_SIGN_STYLE": "Automatic", "DEVELOPMENT_TEAM": .string(devTeam)])
    }

    public func codeSignIdentityAppleDevelopment() -> SettingsDictionary {
        codeSignIdentity("Apple Development")
    }

    public func codeSignIdentity(_ identity: String) -> SettingsDictionary {
        setting("CODE_SIGN_IDENTITY", .string(identity))
    }

    public func currentProjectVersion(_ version: String) -> SettingsDictionary {
        setting("CURRENT_PROJECT_VERSION", .string(version))
    }

    public func marketingVersion(_ version: String) -> SettingsDictionary {
        setting("MARKETING_VERSION", .string(version))
    }

    public func appleGenericVersioningSystem() -> SettingsDictionary {
        setting("VERSIONING_SYSTEM", "apple-generic")
    }

    public func versionInfo(_ version: String, prefix: String? = nil, suffix: String? = nil) -> SettingsDictionary {
        var values: SettingsDictionary = ["VERSION_INFO_STRING": .string(version)]
        if let prefix { values["VERSION_INFO_PREFIX"] = .string(prefix) }
        if let suffix { values["VERSION_INFO_SUFFIX"] = .string(suffix) }
        return merging(values)
    }

    public func swiftVersion(_ version: String) -> SettingsDictionary {
        setting("SWIFT_VERSION", .string(version))
    }

    public func otherSwiftFlags(_ flags: String...) -> SettingsDictionary {
        otherSwiftFlags(flags)
    }

    public func otherSwiftFlags(_ flags: [String]) -> SettingsDictionary {
        setting("OTHER_SWIFT_FLAGS", .array(flags))
    }

    public func swiftActiveCompilationConditions(_ conditions: String...) -> SettingsDictionary {
        swiftActiveCompilationConditions(conditions)
    }

    public func swiftActiveCompilationConditions(_ conditions: [String]) -> SettingsDictionary {
        setting("SWIFT_ACTIVE_COMPILATION_CONDITIONS", .array(conditions))
    }

    public func swiftCompilationMode(_ mode: SwiftCompilationMode) -> SettingsDictionary {
        setting("SWIFT_COMPILATION_MODE", SettingValue(mode))
    }

    public func swiftOptimizationLevel(_ level: SwiftOptimizationLevel) -> SettingsDictionary {
        setting("SWIFT_OPTIMIZATION_LEVEL", SettingValue(level))
    }

    public func swiftOptimizeObjectLifetimes(_ enabled: Bool) -> SettingsDictionary {
        setting("SWIFT_OPTIMIZE_OBJECT_LIFETIME", Self.flag(enabled))
    }

    public func swiftObjcBridgingHeaderPath(_ path: String) -> SettingsDictionary {
        setting("SWIFT_OBJC_BRIDGING_HEADER", .string(path))
    }

    /// Tuist 3 misspelling of `swiftObjcBridgingHeaderPath(_:)`.
    @_disfavoredOverload
    public func swiftObjcBridingHeaderPath(_ path: String) -> SettingsDictionary {
        swiftObjcBridgingHeaderPath(path)
    }

    public func otherCFlags(_ flags: [String]) -> SettingsDictionary {
        setting("OTHER_CFLAGS", .array(flags))
    }

    public func otherLinkerFlags(_ flags: [String]) -> SettingsDictionary {
        setting("OTHER_LDFLAGS", .array(flags))
    }

    public func bitcodeEnabled(_ enabled: Bool) -> SettingsDictionary {
        setting("ENABLE_BITCODE", Self.flag(enabled))
    }

    public func debugInformationFormat(_ format: DebugInformationFormat) -> SettingsDictionary {
        setting("DEBUG_INFORMATION_FORMAT", SettingValue(format))
    }

    public func betaFeature_enableExplicitModules(_ enabled: Bool) -> SettingsDictionary {
        setting("_EXPERIMENTAL_SWIFT_EXPLICIT_MODULES", Self.flag(enabled))
    }
}

// MARK: - Configurations

public struct ConfigurationName: ExpressibleByStringLiteral, Codable, Equatable, Sendable {
    public var rawValue: String

    init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: StringLiteralType) {
        self.init(value)
    }

    public static func configuration(_ name: String) -> ConfigurationName {
        ConfigurationName(name)
    }

    public static var debug: ConfigurationName {
        ConfigurationName("Debug")
    }

    public static var release: ConfigurationName {
        ConfigurationName("Release")
    }
}

public struct Configuration: Equatable, Codable, Sendable {
    public enum Variant: String, Codable, Sendable {
        case debug
        case release
    }

    public var name: ConfigurationName
    public var variant: Variant
    public var settings: SettingsDictionary
    public var xcconfig: Path?

    public static func debug(name: ConfigurationName, settings: SettingsDictionary = [:], xcconfig: Path? = nil) -> Configuration {
        Configuration(name: name, variant: .debug, settings: settings, xcconfig: xcconfig)
    }

    public static func release(name: ConfigurationName, settings: SettingsDictionary = [:], xcconfig: Path? = nil) -> Configuration {
        Configuration(name: name, variant: .release, settings: settings, xcconfig: xcconfig)
    }
}

public enum DefaultSettings: Codable, Equatable, Sendable {
    case recommended(excluding: Set<String> = [])
    case essential(excluding: Set<String> = [])
    case none
}

extension DefaultSettings {
    public static var recommended: DefaultSettings {
        .recommended(excluding: [])
    }

    public static var essential: DefaultSettings {
        .essential(excluding: [])
    }
}

public struct Settings: Equatable, Codable, Sendable {
    public var base: SettingsDictionary
    public var configurations: [Configuration]
    public var defaultSettings: DefaultSettings
    public var defaultConfiguration: String?

    public static func settings(
        base: SettingsDictionary = [:],
        debug: SettingsDictionary = [:],
        release: SettingsDictionary = [:],
        defaultSettings: DefaultSettings = .recommended,
        defaultConfiguration: String? = nil
    ) -> Settings {
        Settings(
            base: base,
            configurations: [.debug(name: .debug, settings: debug), .release(name: .release, settings: release)],
            defaultSettings: defaultSettings,
            defaultConfiguration: defaultConfiguration
        )
    }

    public static func settings(
        base: SettingsDictionary = [:],
        configurations: [Configuration],
        defaultSettings: DefaultSettings = .recommended,
        defaultConfiguration: String? = nil
    ) -> Settings {
        Settings(
            base: base,
            configurations: configurations,
            defaultSettings: defaultSettings,
            defaultConfiguration: defaultConfiguration
        )
    }
}

// MARK: - Info.plist, entitlements, plist values

public enum InfoPlist: Codable, Equatable, Sendable {
    case file(path: Path)
    case dictionary([String: Plist.Value])
    case extendingDefault(with: [String: Plist.Value])
    case variable(String)

    /// Tuist 3 name of `Plist.Value`.
    public typealias Value = Plist.Value

    public static var `default`: InfoPlist {
        .extendingDefault(with: [:])
    }

    public enum CodingError: Error {
        case invalidType(String)
    }

    public var path: Path? {
        if case let .file(path) = self { return path }
        return nil
    }
}

extension InfoPlist: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {
        self = .file(path: .path(value))
    }
}

public enum Entitlements: Codable, Equatable, Sendable {
    case file(path: Path)
    case dictionary([String: Plist.Value])
    case variable(String)

    public enum CodingError: Error {
        case invalidType(String)
    }

    public var path: Path? {
        if case let .file(path) = self { return path }
        return nil
    }
}

extension Entitlements {
    /// Path spellings from early Tuist 3, where `entitlements:` took a `Path`; each is a `.file(path:)`.
    @_disfavoredOverload
    public static func relativeToRoot(_ path: String) -> Entitlements { .file(path: .relativeToRoot(path)) }
    @_disfavoredOverload
    public static func relativeToManifest(_ path: String) -> Entitlements { .file(path: .relativeToManifest(path)) }
    @_disfavoredOverload
    public static func relativeToCurrentFile(_ path: String, callerPath: StaticString = #file) -> Entitlements {
        .file(path: .relativeToCurrentFile(path, callerPath: callerPath))
    }
}

extension Entitlements: ExpressibleByStringInterpolation {
    /// A `$(…)` build-setting reference becomes `.variable`, anything else a file path.
    public init(stringLiteral value: String) {
        self = value.hasPrefix("$(") ? .variable(value) : .file(path: .path(value))
    }
}

public enum Plist {
    public indirect enum Value: Codable, Equatable, Sendable {
        case string(String)
        case integer(Int)
        case real(Double)
        case boolean(Bool)
        case dictionary([String: Value])
        case array([Value])
    }
}

extension Plist.Value: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(dictionaryLiteral elements: (String, Plist.Value)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public init(arrayLiteral elements: Plist.Value...) { self = .array(elements) }
}

// MARK: - Environment

/// `Environment.someName` reads `TUIST_SOME_NAME` from the process environment.
@dynamicMemberLookup
public enum Environment {
    public enum Value: Equatable {
        case string(String)

        var value: String {
            switch self {
            case let .string(value): return value
            }
        }
    }

    public static subscript(dynamicMember member: String) -> Value? {
        value(for: member)
    }

    static func value(for key: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Value? {
        environment["TUIST_" + snakeCased(key).uppercased()].map(Value.string)
    }

    /// camelCase → snake_case with the word boundaries JSONEncoder's `.convertToSnakeCase` uses
    /// ("myURLValue" → "my_url_value").
    static func snakeCased(_ key: String) -> String {
        let chars = Array(key)
        guard !chars.isEmpty else { return key }
        var words: [ArraySlice<Character>] = []
        var wordStart = 0
        var searchFrom = 1
        while let upper = (searchFrom ..< max(searchFrom, chars.count)).first(where: { chars[$0].isUppercase }) {
            words.append(chars[wordStart ..< upper])
            guard let lower = (upper ..< chars.count).first(where: { chars[$0].isLowercase }) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(chars[upper ..< lower - 1])
                wordStart = lower - 1
            }
            searchFrom = lower + 1
        }
        words.append(chars[wordStart...])
        return words.map { String($0).lowercased() }.joined(separator: "_")
    }
}

extension Environment.Value? {
    public func getString(default defaultString: String) -> String {
        if case let .string(value)? = self { return value }
        return defaultString
    }

    public func getBoolean(default defaultBoolean: Bool) -> Bool {
        switch self?.value {
        case "1", "true", "TRUE", "yes", "YES": return true
        case "0", "false", "FALSE", "no", "NO": return false
        default: return defaultBoolean
        }
    }
}
