// Part of modgraph's source-compatible ProjectDescription (see docs/tuist.md): the public API of Tuist's
// ProjectDescription 4.x that manifests and their helpers call, written for modgraph. Each type encodes as
// Tuist's own does, so a manifest prints what `tuist dump` prints.
//
// This file: paths and file selections — Path, sources, resources, additional files, headers,
// file lists and file header templates.
//
// Members added for Tuist 3 manifests are `@_disfavoredOverload`, so a helper module that declares the
// same member itself is chosen without ambiguity.

import Foundation

// MARK: - Path

public struct Path: ExpressibleByStringInterpolation, Codable, Hashable, Sendable {
    public enum PathType: String, Codable, Sendable {
        case relativeToCurrentFile
        case relativeToManifest
        case relativeToRoot
    }

    public var type: PathType
    public var pathString: String
    public var callerPath: String?

    init(_ pathString: String, type: PathType, callerPath: String? = nil) {
        self.type = type
        self.pathString = pathString
        self.callerPath = callerPath
    }

    /// Tuist 3 `Path("…")`: relative to the manifest.
    @_disfavoredOverload
    public init(_ path: String) {
        self.init(path, type: .relativeToManifest)
    }

    /// A literal starting with `//` is relative to the root (the `//` prefix is removed); others are relative
    /// to the manifest.
    public init(stringLiteral: String) {
        if stringLiteral.hasPrefix("//") {
            self.init(stringLiteral.replacingOccurrences(of: "//", with: ""), type: .relativeToRoot)
        } else {
            self.init(stringLiteral, type: .relativeToManifest)
        }
    }

    public static func path(_ path: String) -> Self {
        Self(path, type: .relativeToManifest)
    }

    public static func relativeToCurrentFile(_ pathString: String, callerPath: StaticString = #file) -> Path {
        Path(pathString, type: .relativeToCurrentFile, callerPath: "\(callerPath)")
    }

    public static func relativeToManifest(_ pathString: String) -> Path {
        Path(pathString, type: .relativeToManifest)
    }

    public static func relativeToRoot(_ pathString: String) -> Path {
        Path(pathString, type: .relativeToRoot)
    }
}

// MARK: - Sources

public struct SourceFileGlob: Codable, Equatable, Sendable {
    public enum FileType: String, Codable, Sendable {
        case alwaysPresent
        case generated
    }

    public var glob: Path
    public var excluding: [Path]
    public var compilerFlags: String?
    public var codeGen: FileCodeGen?
    public var compilationCondition: PlatformCondition?
    public var type: FileType

    public static func glob(
        _ glob: Path,
        excluding: [Path] = [],
        compilerFlags: String? = nil,
        codeGen: FileCodeGen? = nil,
        compilationCondition: PlatformCondition? = nil
    ) -> Self {
        Self(
            glob: glob, excluding: excluding, compilerFlags: compilerFlags, codeGen: codeGen,
            compilationCondition: compilationCondition, type: .alwaysPresent
        )
    }

    public static func glob(
        _ glob: Path,
        excluding: Path?,
        compilerFlags: String? = nil,
        codeGen: FileCodeGen? = nil,
        compilationCondition: PlatformCondition? = nil
    ) -> Self {
        Self(
            glob: glob, excluding: excluding.map { [$0] } ?? [], compilerFlags: compilerFlags, codeGen: codeGen,
            compilationCondition: compilationCondition, type: .alwaysPresent
        )
    }

    public static func generated(
        _ path: Path,
        compilerFlags: String? = nil,
        codeGen: FileCodeGen? = nil,
        compilationCondition: PlatformCondition? = nil
    ) -> Self {
        Self(
            glob: path, excluding: [], compilerFlags: compilerFlags, codeGen: codeGen,
            compilationCondition: compilationCondition, type: .generated
        )
    }
}

extension SourceFileGlob: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {
        self = .glob(.path(value))
    }
}

public struct SourceFilesList: Codable, Equatable, Sendable {
    public var globs: [SourceFileGlob]

    /// Tuist 3 `SourceFilesList(globs:)`.
    @_disfavoredOverload
    public init(globs: [SourceFileGlob]) {
        self.globs = globs
    }

    /// Tuist 3 `SourceFilesList(globs:)` with string patterns.
    @_disfavoredOverload
    public init(globs: [String]) {
        self.init(globs: globs.map { SourceFileGlob(stringLiteral: $0) })
    }

    public static func sourceFilesList(globs: [SourceFileGlob]) -> Self {
        Self(globs: globs)
    }

    public static func sourceFilesList(globs: [String]) -> Self {
        Self(globs: globs)
    }

    public static func paths(_ paths: [Path]) -> SourceFilesList {
        Self(globs: paths.map { .glob($0) })
    }
}

extension SourceFilesList: ExpressibleByStringInterpolation, ExpressibleByArrayLiteral {
    public init(stringLiteral value: String) {
        self.init(globs: [value])
    }

    public init(arrayLiteral elements: SourceFileGlob...) {
        self.init(globs: elements)
    }
}

public enum FileCodeGen: String, Codable, Equatable, Sendable {
    case `public`
    case `private`
    case project
    case disabled
}

// MARK: - Resources

public struct ResourceFileElements: Codable, Equatable, Sendable {
    public var resources: [ResourceFileElement]
    public var privacyManifest: PrivacyManifest?

    /// Public as in Tuist 3 (`ResourceFileElements(resources:)`).
    @_disfavoredOverload
    public init(resources: [ResourceFileElement], privacyManifest: PrivacyManifest? = nil) {
        self.resources = resources
        self.privacyManifest = privacyManifest
    }

    public static func resources(_ resources: [ResourceFileElement], privacyManifest: PrivacyManifest? = nil) -> Self {
        Self(resources: resources, privacyManifest: privacyManifest)
    }
}

extension ResourceFileElements: ExpressibleByStringInterpolation, ExpressibleByArrayLiteral {
    public init(stringLiteral value: String) {
        self.init(resources: [.glob(pattern: .path(value))])
    }

    public init(arrayLiteral elements: ResourceFileElement...) {
        self.init(resources: elements)
    }
}

public enum ResourceFileElement: Codable, Equatable, Sendable, Hashable {
    case glob(pattern: Path, excluding: [Path] = [], tags: [String] = [], inclusionCondition: PlatformCondition? = nil)
    case folderReference(path: Path, tags: [String] = [], inclusionCondition: PlatformCondition? = nil)
}

extension ResourceFileElement: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {
        self = .glob(pattern: .path(value))
    }
}

public struct PrivacyManifest: Codable, Equatable, Sendable {
    public var tracking: Bool
    public var trackingDomains: [String]
    public var collectedDataTypes: [[String: Plist.Value]]
    public var accessedApiTypes: [[String: Plist.Value]]

    public static func privacyManifest(
        tracking: Bool,
        trackingDomains: [String],
        collectedDataTypes: [[String: Plist.Value]],
        accessedApiTypes: [[String: Plist.Value]]
    ) -> Self {
        Self(
            tracking: tracking, trackingDomains: trackingDomains, collectedDataTypes: collectedDataTypes,
            accessedApiTypes: accessedApiTypes
        )
    }
}

// MARK: - Additional files

public enum FileElement: Codable, Equatable, Sendable {
    case glob(pattern: Path, excluding: [Path] = [])
    case folderReference(path: Path)
}

extension FileElement: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {
        self = .glob(pattern: .path(value))
    }
}

// The module-qualified protocol names mark these retroactive conformances as intended (no warning) and,
// unlike `@retroactive`, also compile with Swift 5.9.
extension [FileElement]: Swift.ExpressibleByUnicodeScalarLiteral {
    public typealias UnicodeScalarLiteralType = String
}

extension [FileElement]: Swift.ExpressibleByExtendedGraphemeClusterLiteral {
    public typealias ExtendedGraphemeClusterLiteralType = String
}

extension [FileElement]: Swift.ExpressibleByStringLiteral {
    public typealias StringLiteralType = String

    public init(stringLiteral value: String) {
        self = [.glob(pattern: .path(value))]
    }
}

// MARK: - File lists and headers

public struct FileList: Codable, Equatable, Sendable {
    public let globs: [FileListGlob]

    public static func list(_ globs: [FileListGlob]) -> FileList {
        FileList(globs: globs)
    }
}

extension FileList: ExpressibleByStringInterpolation, ExpressibleByArrayLiteral {
    public init(stringLiteral value: String) {
        self.init(globs: [FileListGlob(stringLiteral: value)])
    }

    public init(arrayLiteral elements: String...) {
        self.init(globs: elements.map { FileListGlob(stringLiteral: $0) })
    }
}

public struct FileListGlob: Codable, Equatable, Sendable {
    public var glob: Path
    public var excluding: [Path]

    public static func glob(_ glob: Path, excluding: [Path] = []) -> FileListGlob {
        FileListGlob(glob: glob, excluding: excluding)
    }

    public static func glob(_ glob: Path, excluding: Path?) -> FileListGlob {
        FileListGlob(glob: glob, excluding: excluding.map { [$0] } ?? [])
    }
}

extension FileListGlob: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {
        self.init(glob: .path(value), excluding: [])
    }
}

public struct Headers: Codable, Equatable, Sendable {
    public enum AutomaticExclusionRule: Int, Codable, Sendable {
        case projectExcludesPrivateAndPublic
        case publicExcludesPrivateAndProject
    }

    public var umbrellaHeader: Path?
    public var `public`: FileList?
    public var `private`: FileList?
    public var project: FileList?
    public var exclusionRule: AutomaticExclusionRule

    private init(
        public publicHeaders: FileList?,
        umbrellaHeader: Path?,
        private privateHeaders: FileList?,
        project: FileList?,
        exclusionRule: AutomaticExclusionRule
    ) {
        self.umbrellaHeader = umbrellaHeader
        self.public = publicHeaders
        self.private = privateHeaders
        self.project = project
        self.exclusionRule = exclusionRule
    }

    public static func headers(
        public: FileList? = nil,
        private: FileList? = nil,
        project: FileList? = nil,
        exclusionRule: AutomaticExclusionRule = .projectExcludesPrivateAndPublic
    ) -> Headers {
        Headers(public: `public`, umbrellaHeader: nil, private: `private`, project: project, exclusionRule: exclusionRule)
    }

    /// Public headers from the umbrella header; every other header in `list` becomes a project header.
    public static func allHeaders(from list: FileList, umbrella: Path, private privateHeaders: FileList? = nil) -> Headers {
        Headers(
            public: list, umbrellaHeader: umbrella, private: privateHeaders, project: list,
            exclusionRule: .projectExcludesPrivateAndPublic
        )
    }

    /// Public headers from the umbrella header; the rest of `list` is left out.
    public static func onlyHeaders(from list: FileList, umbrella: Path, private privateHeaders: FileList? = nil) -> Headers {
        Headers(
            public: list, umbrellaHeader: umbrella, private: privateHeaders, project: nil,
            exclusionRule: .projectExcludesPrivateAndPublic
        )
    }
}

// MARK: - File header template

public enum FileHeaderTemplate: Codable, Equatable, ExpressibleByStringInterpolation, Sendable {
    case file(Path)
    case string(String)

    public init(stringLiteral value: String) {
        self = .string(value)
    }
}
