/// A target of an Xcode project: a `PBXNativeTarget`, `PBXAggregateTarget` or
/// `PBXLegacyTarget`, as built in the project's default configuration.
public struct XcodeTarget: Hashable, Sendable {
    /// The object id in `project.pbxproj`: what other targets and other projects' proxies name it by.
    public let id: String
    public let name: String
    public let kind: XcodeTargetKind
    /// `PRODUCT_NAME`, evaluated (the target name when unset).
    public let productName: String
    /// The name `import` uses: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` made a
    /// C99 identifier (`My App` → `My_App`), as Xcode defaults it. See docs/xcode.md.
    public let moduleName: String
    /// The product's file (`Core.framework`, `libFoo.a`, `App.app`), from
    /// `productReference`; `nil` for targets without one (aggregate, legacy).
    public let productFileName: String?
    /// The id of the product's `PBXFileReference`: what other projects' `PBXReferenceProxy`s point at.
    public let productReference: String?
    /// Every declared dependency, in the order the target declares them:
    /// target dependencies, then build phases in order, then package products.
    public let dependencies: [XcodeDependency]
    /// Files of *Compile Sources* (`PBXSourcesBuildPhase`), relative to the
    /// project's folder or absolute, in phase order. Files in build-time
    /// folders (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`) are not listed.
    public let sources: [String]
    /// Xcode 16 synchronised folders whose files the target builds.
    public let synchronizedFolders: [XcodeSynchronizedFolder]
    /// The platforms the target is built for, as SwiftPM names them (`ios`, `macos`, `tvos`,
    /// `watchos`, `visionos`, `maccatalyst`, `driverkit`), sorted: from `SUPPORTED_PLATFORMS`
    /// when set, else `SDKROOT`, plus `maccatalyst` with `SUPPORTS_MACCATALYST = YES`. Empty
    /// when the settings read (its `.xcconfig` files included) do not say: then any platform.
    public let platforms: [String]
    /// The 1-based line of the target's object in `project.pbxproj`; `nil` when not known.
    public let line: Int?
    /// Files of its other phases that are part of the checkout: *Copy Bundle Resources*
    /// (asset catalogs, storyboards, xibs, each localisation of a localised file),
    /// *Headers* and *Copy Files*, relative to the project's folder or absolute; some are folders.
    public let resources: [String]
    /// Files its build settings name in any configuration (its own or the project's): `Info.plist`,
    /// entitlements, the `.xcconfig` files configurations are based on; relative to the project's
    /// folder or absolute. See `SettingFiles.swift`.
    public let settingFiles: [String]
    /// The compilation conditions its settings set for Swift (``SwiftConditions``).
    public let swiftConditions: SwiftConditions
    /// The file the target is declared in when it is not its project's
    /// ``XcodeProject/declarationFile`` (an XcodeGen `include:`d file), absolute; else `nil`.
    public let file: String?

    public init(
        id: String,
        name: String,
        kind: XcodeTargetKind,
        productName: String,
        moduleName: String,
        productFileName: String?,
        productReference: String?,
        dependencies: [XcodeDependency],
        sources: [String],
        synchronizedFolders: [XcodeSynchronizedFolder],
        platforms: [String] = [],
        line: Int? = nil,
        resources: [String] = [],
        file: String? = nil,
        settingFiles: [String] = [],
        swiftConditions: SwiftConditions = .unknown
    ) {
        self.settingFiles = settingFiles
        self.swiftConditions = swiftConditions
        self.file = file
        self.id = id
        self.name = name
        self.kind = kind
        self.productName = productName
        self.moduleName = moduleName
        self.productFileName = productFileName
        self.productReference = productReference
        self.dependencies = dependencies
        self.sources = sources
        self.synchronizedFolders = synchronizedFolders
        self.platforms = platforms
        self.line = line
        self.resources = resources
    }

    /// This target building `sources` and `synchronizedFolders` instead of its own, all else kept.
    func building(sources: [String], synchronizedFolders: [XcodeSynchronizedFolder]) -> XcodeTarget {
        XcodeTarget(
            id: id, name: name, kind: kind, productName: productName, moduleName: moduleName, productFileName: productFileName,
            productReference: productReference, dependencies: dependencies, sources: sources,
            synchronizedFolders: synchronizedFolders, platforms: platforms, line: line, resources: resources, file: file,
            settingFiles: settingFiles, swiftConditions: swiftConditions)
    }

    /// The distinct things the target depends on, in the order first declared.
    ///
    /// - Complexity: O(d) in the number of declarations.
    public var dependencyReferences: [XcodeDependency.Reference] {
        var seen: Set<XcodeDependency.Reference> = []
        return dependencies.compactMap { seen.insert($0.reference).inserted ? $0.reference : nil }
    }
}
