// Part of modgraph's source-compatible ProjectDescription (see docs/tuist.md): the public API of Tuist's
// ProjectDescription 4.x that manifests and their helpers call, written for modgraph. Each type encodes as
// Tuist's own does, so a manifest prints what `tuist dump` prints.
//
// This file: the dump hook and the root manifests (Project, Workspace, Plugin, Template) plus the
// project-level options and resource synthesizers.
//
// Members added for Tuist 3 manifests are `@_disfavoredOverload`, so a helper module that declares the
// same member itself is chosen without ambiguity.

import Foundation

/// Prints `entity` between the markers Tuist's loader looks for, when the process runs with `--tuist-dump`.
/// Encoding failures print nothing instead of trapping.
func dumpIfNeeded<E: Encodable>(_ entity: E) {
    let arguments = ProcessInfo.processInfo.arguments
    guard arguments.contains("--tuist-dump") else { return }
    guard let data = try? JSONEncoder().encode(entity),
          let json = String(data: data, encoding: .utf8) else { return }
    print("TUIST_MANIFEST_START")
    print(json)
    print("TUIST_MANIFEST_END")
}

// MARK: - Project

public struct Project: Codable, Equatable, Sendable {
    public let name: String
    public let organizationName: String?
    public let classPrefix: String?
    public let options: Options
    public let packages: [Package]
    public let targets: [Target]
    public let schemes: [Scheme]
    public let settings: Settings?
    public let fileHeaderTemplate: FileHeaderTemplate?
    public let additionalFiles: [FileElement]
    public let resourceSynthesizers: [ResourceSynthesizer]

    public init(
        name: String,
        organizationName: String? = nil,
        classPrefix: String? = nil,
        options: Options = .options(),
        packages: [Package] = [],
        settings: Settings? = nil,
        targets: [Target] = [],
        schemes: [Scheme] = [],
        fileHeaderTemplate: FileHeaderTemplate? = nil,
        additionalFiles: [FileElement] = [],
        resourceSynthesizers: [ResourceSynthesizer] = .default
    ) {
        self.name = name
        self.organizationName = organizationName
        self.classPrefix = classPrefix
        self.options = options
        self.packages = packages
        self.targets = targets
        self.schemes = schemes
        self.settings = settings
        self.fileHeaderTemplate = fileHeaderTemplate
        self.additionalFiles = additionalFiles
        self.resourceSynthesizers = resourceSynthesizers
        dumpIfNeeded(self)
    }

    public var containsExternalDependencies: Bool {
        targets.contains { target in
            target.dependencies.contains { dependency in
                if case .external = dependency { return true }
                return false
            }
        }
    }
}

extension Project {
    public struct Options: Codable, Equatable, Sendable {
        public var automaticSchemesOptions: AutomaticSchemesOptions
        public var defaultKnownRegions: [String]?
        public var developmentRegion: String?
        public var disableBundleAccessors: Bool
        public var disableShowEnvironmentVarsInScriptPhases: Bool
        public var disableSynthesizedResourceAccessors: Bool
        public var textSettings: TextSettings
        public var xcodeProjectName: String?

        public static func options(
            automaticSchemesOptions: AutomaticSchemesOptions = .enabled(),
            defaultKnownRegions: [String]? = nil,
            developmentRegion: String? = nil,
            disableBundleAccessors: Bool = false,
            disableShowEnvironmentVarsInScriptPhases: Bool = false,
            disableSynthesizedResourceAccessors: Bool = false,
            textSettings: TextSettings = .textSettings(),
            xcodeProjectName: String? = nil
        ) -> Self {
            Self(
                automaticSchemesOptions: automaticSchemesOptions,
                defaultKnownRegions: defaultKnownRegions,
                developmentRegion: developmentRegion,
                disableBundleAccessors: disableBundleAccessors,
                disableShowEnvironmentVarsInScriptPhases: disableShowEnvironmentVarsInScriptPhases,
                disableSynthesizedResourceAccessors: disableSynthesizedResourceAccessors,
                textSettings: textSettings,
                xcodeProjectName: xcodeProjectName
            )
        }
    }
}

extension Project.Options {
    public enum AutomaticSchemesOptions: Codable, Equatable, Sendable {
        public enum TargetSchemesGrouping: Codable, Equatable, Sendable {
            case singleScheme
            case byNameSuffix(build: Set<String>, test: Set<String>, run: Set<String>)
            case notGrouped
        }

        case enabled(
            targetSchemesGrouping: TargetSchemesGrouping = .byNameSuffix(
                build: ["Implementation", "Interface", "Mocks", "Testing"],
                test: ["Tests", "IntegrationTests", "UITests", "SnapshotTests"],
                run: ["App", "Demo", "Example"]
            ),
            codeCoverageEnabled: Bool = false,
            testingOptions: TestingOptions = [],
            testLanguage: SchemeLanguage? = nil,
            testRegion: String? = nil,
            testScreenCaptureFormat: ScreenCaptureFormat? = nil,
            runLanguage: SchemeLanguage? = nil,
            runRegion: String? = nil
        )
        case disabled
    }

    public struct TextSettings: Codable, Equatable, Sendable {
        public var usesTabs: Bool?
        public var indentWidth: UInt?
        public var tabWidth: UInt?
        public var wrapsLines: Bool?

        public static func textSettings(
            usesTabs: Bool? = nil,
            indentWidth: UInt? = nil,
            tabWidth: UInt? = nil,
            wrapsLines: Bool? = nil
        ) -> Self {
            Self(usesTabs: usesTabs, indentWidth: indentWidth, tabWidth: tabWidth, wrapsLines: wrapsLines)
        }
    }
}

// MARK: - Workspace

public struct Workspace: Codable, Equatable, Sendable {
    public let name: String
    public let projects: [Path]
    public let schemes: [Scheme]
    public let fileHeaderTemplate: FileHeaderTemplate?
    public let additionalFiles: [FileElement]
    public let generationOptions: GenerationOptions

    public init(
        name: String,
        projects: [Path],
        schemes: [Scheme] = [],
        fileHeaderTemplate: FileHeaderTemplate? = nil,
        additionalFiles: [FileElement] = [],
        generationOptions: GenerationOptions = .options()
    ) {
        self.name = name
        self.projects = projects
        self.schemes = schemes
        self.fileHeaderTemplate = fileHeaderTemplate
        self.additionalFiles = additionalFiles
        self.generationOptions = generationOptions
        dumpIfNeeded(self)
    }
}

extension Workspace {
    public struct GenerationOptions: Codable, Equatable, Sendable {
        public enum AutogeneratedWorkspaceSchemes: Codable, Equatable, Sendable {
            public enum CodeCoverageMode: Codable, Equatable, Sendable {
                case all
                case relevant
                case targets([TargetReference])
                case disabled
            }

            case disabled
            case enabled(
                codeCoverageMode: CodeCoverageMode = .disabled,
                testingOptions: TestingOptions = [],
                testLanguage: SchemeLanguage? = nil,
                testRegion: String? = nil,
                testScreenCaptureFormat: ScreenCaptureFormat? = nil
            )
        }

        public var enableAutomaticXcodeSchemes: Bool?
        public var autogeneratedWorkspaceSchemes: AutogeneratedWorkspaceSchemes
        public var lastXcodeUpgradeCheck: Version?
        public var renderMarkdownReadme: Bool

        public static func options(
            enableAutomaticXcodeSchemes: Bool? = false,
            autogeneratedWorkspaceSchemes: AutogeneratedWorkspaceSchemes = .enabled(),
            lastXcodeUpgradeCheck: Version? = nil,
            renderMarkdownReadme: Bool = false
        ) -> Self {
            Self(
                enableAutomaticXcodeSchemes: enableAutomaticXcodeSchemes,
                autogeneratedWorkspaceSchemes: autogeneratedWorkspaceSchemes,
                lastXcodeUpgradeCheck: lastXcodeUpgradeCheck,
                renderMarkdownReadme: renderMarkdownReadme
            )
        }
    }
}

// MARK: - Plugin

public struct Plugin: Codable, Equatable, Sendable {
    public let name: String

    public init(name: String) {
        self.name = name
        dumpIfNeeded(self)
    }
}

// MARK: - Template

public struct Template: Codable, Equatable, Sendable {
    public let description: String
    public let attributes: [Attribute]
    public let items: [Item]

    public init(description: String, attributes: [Attribute] = [], items: [Item] = []) {
        self.description = description
        self.attributes = attributes
        self.items = items
        dumpIfNeeded(self)
    }

    public enum Contents: Codable, Equatable, Sendable {
        case string(String)
        case file(Path)
        case directory(Path)
    }

    public struct Item: Codable, Equatable, Sendable {
        public let path: String
        public let contents: Contents

        /// Tuist 3 spelling; Tuist 4 uses `.item(path:contents:)`.
        @_disfavoredOverload
        public init(path: String, contents: Contents) {
            self.path = path
            self.contents = contents
        }

        public static func item(path: String, contents: Contents) -> Self {
            Self(path: path, contents: contents)
        }
    }

    public enum Attribute: Codable, Equatable, Sendable {
        case required(String)
        case optional(String, default: Value)
    }
}

extension Template.Attribute {
    public indirect enum Value: Codable, Equatable, Sendable {
        case string(String)
        case integer(Int)
        case real(Double)
        case boolean(Bool)
        case dictionary([String: Value])
        case array([Value])
    }
}

extension Template.Attribute.Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(dictionaryLiteral elements: (String, Template.Attribute.Value)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public init(arrayLiteral elements: Template.Attribute.Value...) { self = .array(elements) }
}

extension Template.Item {
    public static func string(path: String, contents: String) -> Template.Item {
        Template.Item(path: path, contents: .string(contents))
    }

    public static func file(path: String, templatePath: Path) -> Template.Item {
        Template.Item(path: path, contents: .file(templatePath))
    }

    public static func directory(path: String, sourcePath: Path) -> Template.Item {
        Template.Item(path: path, contents: .directory(sourcePath))
    }
}

extension String.StringInterpolation {
    public mutating func appendInterpolation(_ value: Template.Attribute) {
        switch value {
        case let .required(name), let .optional(name, default: _):
            appendLiteral("{{ \(name) }}")
        }
    }
}

public struct TemplateString: Encodable, Decodable, Equatable {
    let rawString: String
}

extension TemplateString: CustomStringConvertible {
    public var description: String { rawString }
}

extension TemplateString: ExpressibleByStringInterpolation {
    public init(stringLiteral: String) {
        rawString = stringLiteral
    }

    public init(stringInterpolation: StringInterpolation) {
        rawString = stringInterpolation.string
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var string: String

        public init(literalCapacity _: Int, interpolationCount _: Int) {
            string = ""
        }

        public mutating func appendLiteral(_ literal: String) {
            string += literal
        }

        public mutating func appendInterpolation(_ token: TemplateString.Token) {
            string += token.rawValue
        }
    }

    public enum Token: String, Equatable {
        case projectName = "${project_name}"
    }
}

// MARK: - ResourceSynthesizer

public struct ResourceSynthesizer: Codable, Equatable, Sendable {
    public var templateType: TemplateType
    public var parser: Parser
    public var parserOptions: [String: Parser.Option]
    public var extensions: Set<String>

    public enum TemplateType: Codable, Equatable, Sendable {
        case plugin(name: String, resourceName: String)
        case defaultTemplate(resourceName: String)
    }

    public enum Parser: String, Codable, Sendable {
        case strings
        case assets
        case plists
        case fonts
        case coreData
        case interfaceBuilder
        case json
        case yaml
        case files

        public enum Option: Equatable, Codable, Sendable {
            case string(String)
            case integer(Int)
            case double(Double)
            case boolean(Bool)
            case dictionary([String: Option])
            case array([Option])
        }
    }

    private static func make(
        _ parser: Parser, _ resourceName: String, plugin: String?,
        _ options: [String: Parser.Option], _ extensions: Set<String>
    ) -> Self {
        let type: TemplateType = plugin.map { .plugin(name: $0, resourceName: resourceName) }
            ?? .defaultTemplate(resourceName: resourceName)
        return Self(templateType: type, parser: parser, parserOptions: options, extensions: extensions)
    }

    private static let stringsExtensions: Set<String> = ["strings", "stringsdict"]
    private static let fontExtensions: Set<String> = ["otf", "ttc", "ttf", "woff"]

    public static func strings(parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.strings, "Strings", plugin: nil, parserOptions, stringsExtensions)
    }

    public static func strings(plugin: String, parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.strings, "Strings", plugin: plugin, parserOptions, stringsExtensions)
    }

    public static func assets(parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.assets, "Assets", plugin: nil, parserOptions, ["xcassets"])
    }

    public static func assets(plugin: String, parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.assets, "Assets", plugin: plugin, parserOptions, ["xcassets"])
    }

    public static func fonts(parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.fonts, "Fonts", plugin: nil, parserOptions, fontExtensions)
    }

    public static func fonts(plugin: String, parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.fonts, "Fonts", plugin: plugin, parserOptions, fontExtensions)
    }

    public static func plists(parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.plists, "Plists", plugin: nil, parserOptions, ["plist"])
    }

    public static func plists(plugin: String, parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.plists, "Plists", plugin: plugin, parserOptions, ["plist"])
    }

    public static func coreData(plugin: String, parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.coreData, "CoreData", plugin: plugin, parserOptions, ["xcdatamodeld"])
    }

    public static func coreData(parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.coreData, "CoreData", plugin: nil, parserOptions, ["xcdatamodeld"])
    }

    public static func interfaceBuilder(plugin: String, parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.interfaceBuilder, "InterfaceBuilder", plugin: plugin, parserOptions, ["storyboard"])
    }

    public static func interfaceBuilder(parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.interfaceBuilder, "InterfaceBuilder", plugin: nil, parserOptions, ["storyboard"])
    }

    /// Tuist builds the plugin variant with the Core Data parser and extensions; kept so the dump matches.
    public static func json(plugin: String, parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.coreData, "JSON", plugin: plugin, parserOptions, ["xcdatamodeld"])
    }

    public static func json(parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.json, "JSON", plugin: nil, parserOptions, ["json"])
    }

    public static func yaml(plugin: String, parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.yaml, "YAML", plugin: plugin, parserOptions, ["yml"])
    }

    public static func yaml(parserOptions: [String: Parser.Option] = [:]) -> Self {
        make(.yaml, "YAML", plugin: nil, parserOptions, ["yml"])
    }

    public static func files(
        plugin: String, parserOptions: [String: Parser.Option] = [:], extensions: Set<String>
    ) -> Self {
        make(.files, "Files", plugin: plugin, parserOptions, extensions)
    }

    public static func files(parserOptions: [String: Parser.Option] = [:], extensions: Set<String>) -> Self {
        make(.files, "Files", plugin: nil, parserOptions, extensions)
    }

    public static func custom(
        plugin: String,
        parser: Parser,
        parserOptions: [String: Parser.Option] = [:],
        extensions: Set<String>,
        resourceName: String
    ) -> Self {
        make(parser, resourceName, plugin: plugin, parserOptions, extensions)
    }

    public static func custom(
        name: String,
        parser: Parser,
        parserOptions: [String: Parser.Option] = [:],
        extensions: Set<String>
    ) -> Self {
        make(parser, name, plugin: nil, parserOptions, extensions)
    }
}

extension [ResourceSynthesizer] {
    public static var `default`: Self {
        [.strings(), .assets(), .plists(), .fonts()]
    }
}

extension ResourceSynthesizer.Parser.Option: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(dictionaryLiteral elements: (String, Self)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public init(arrayLiteral elements: Self...) { self = .array(elements) }
}
