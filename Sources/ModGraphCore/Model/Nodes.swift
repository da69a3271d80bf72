/// Where a package came from, which decides whether its targets are the
/// user's own code or a third party's.
public enum PackageOrigin: String, Hashable, Sendable {
    /// The package the user pointed the tool at.
    case root
    /// A `path:` dependency, followed into the workspace.
    case local
    /// A source-control dependency.
    case remote
    /// A registry dependency (`scope.name`).
    case registry
    /// An Xcode project (`.xcodeproj`) of the repository: its targets are the
    /// user's own code, like a root package's.
    case project
    /// A pod a CocoaPods `Podfile` declares: not loaded, its products stand for it (docs/xcode.md, "CocoaPods").
    case cocoapods

    /// The workspace's own code (the roots, their `path:` packages and the
    /// Xcode projects), which is always in the graph; other packages' code is
    /// there only while it reaches it.
    public var isOwn: Bool { self == .root || self == .local || self == .project }
}

/// A package of the workspace.
public struct Package: Hashable, Sendable {
    public let identity: PackageIdentity
    /// The name the manifest declares, or the identity for a package never loaded.
    public let name: String
    /// Folder relative to the root package's folder (`.` for the root), or `nil` when not on disk.
    public let path: String?
    public let origin: PackageOrigin
    /// Remote URL or registry identity, for packages that are not local; for an Xcode
    /// project read from the XcodeGen spec that generates it, the spec (`project.yml`),
    /// relative to the root folder, where its targets are declared.
    public let location: String?
    /// Whether the package's manifest was loaded; unloaded packages appear only through external products.
    public let isLoaded: Bool

    /// Whether this is an Xcode project declared by an XcodeGen spec (``location``): edits go in the spec.
    public var isXcodeGenProject: Bool {
        guard origin == .project, let location else { return false }
        return location.hasSuffix(".yml") || location.hasSuffix(".yaml") || location.hasSuffix(".json")
    }

    /// Whether this is an Xcode project declared by a Tuist manifest (``location``, a `Project.swift`): edits go there.
    public var isTuistProject: Bool {
        guard origin == .project, let location else { return false }
        return location == "Project.swift" || location.hasSuffix("/Project.swift")
    }

    /// Whether this is Tuist's package list: the local package of a `Tuist` folder, whose `Package.swift` names
    /// the packages a manifest's `.external(name:)` reaches (a product of one is added as `.external`, not `.package`).
    public var isTuistPackageList: Bool {
        guard origin == .local, let path else { return false }
        return path == "Tuist" || path.hasSuffix("/Tuist")
    }

    /// Whether the project is generated (XcodeGen, Tuist): its targets are declared in ``location``, not in a project file.
    public var isGeneratedProject: Bool {
        isXcodeGenProject || isTuistProject
    }

    public init(identity: PackageIdentity, name: String, path: String?, origin: PackageOrigin, location: String?, isLoaded: Bool) {
        self.identity = identity
        self.name = name
        self.path = path
        self.origin = origin
        self.location = location
        self.isLoaded = isLoaded
    }
}

/// What a node of the graph is. The first seven are SwiftPM's target types;
/// then the kinds of Xcode targets that SwiftPM has no word for (an Xcode
/// command-line tool is an `executable`); then external products.
public enum TargetType: String, Hashable, Sendable, CaseIterable {
    case regular, executable, test, macro, plugin, binary, system
    /// An app: iOS, macOS, watchOS, tvOS and visionOS apps, app clips, iMessage apps.
    case application
    /// Built into an app, never linked: app, widget, watch, Messages and system extensions, XPC services.
    case appExtension = "app-extension"
    /// A framework, dynamic or static.
    case framework
    case staticLibrary = "static-library"
    case dynamicLibrary = "dynamic-library"
    /// A loadable or resource bundle, and product types modgraph does not know.
    case bundle
    /// An XCTest or Swift Testing bundle run inside a host.
    case unitTests = "unit-tests"
    /// A UI test bundle, run by a runner app against the app.
    case uiTests = "ui-tests"
    /// An aggregate or external-build-system target: runs scripts or other targets, compiles nothing itself.
    case aggregate
    /// A product of a package that was not loaded, standing in for its targets.
    case externalProduct = "external-product"

    /// Tests of every kind: nothing may depend on them, and `--no-tests` removes them.
    public var isTest: Bool {
        self == .test || self == .unitTests || self == .uiTests
    }

    /// What runs on its own and wires the rest together: the tops of a graph
    /// (executables, apps and their extensions), where composition happens.
    public var isEntryPoint: Bool {
        self == .executable || self == .application || self == .appExtension
    }
}

/// A node of the module graph.
public struct Target: Hashable, Sendable {
    public let id: TargetID
    public let type: TargetType
    /// Source folder relative to the package folder (for an Xcode target, the
    /// folder holding its sources, relative to the project's folder), or `nil`
    /// for external products and targets without sources.
    public let path: String?
    /// The name `import` uses, when the loader knows it differs from the one
    /// derived from the target's name (an Xcode target's `PRODUCT_MODULE_NAME`).
    public let moduleName: String?
    /// The platforms the target is built for, lowercased as conditions name them (`ios`,
    /// `macos`, …), when the loader knows them (an Xcode target's SDK and supported
    /// platforms); `nil` for any platform (a package's target, which SwiftPM builds for any).
    /// Code under `#if os(…)` of another platform is never compiled for it.
    public let platforms: [String]?

    public init(id: TargetID, type: TargetType, path: String?, moduleName: String? = nil, platforms: [String]? = nil) {
        self.id = id
        self.type = type
        self.path = path
        self.moduleName = moduleName
        self.platforms = platforms
    }

    public var name: String { id.name }
    public var package: PackageIdentity { id.package }
}

/// A product a package vends.
public struct Product: Hashable, Sendable {
    public let package: PackageIdentity
    public let name: String
    /// `library`, `library (static)`, `library (dynamic)`, `executable`, `plugin`, `macro`, …
    public let type: String
    public let targets: [TargetID]

    public init(package: PackageIdentity, name: String, type: String, targets: [TargetID]) {
        self.package = package
        self.name = name
        self.type = type
        self.targets = targets
    }
}

/// How a dependency was declared in the manifest.
public enum EdgeKind: String, Hashable, Sendable, Comparable {
    /// A target of the same package (`.target(name:)` or a plain string that names one).
    case target
    /// A product of another package (`.product(name:package:)` or a plain string that names one).
    case product
    /// A plugin applied to the target (`plugins: [...]`).
    case plugin

    public static func < (lhs: EdgeKind, rhs: EdgeKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A dependency: `from` needs `to` to build.
public struct Edge: Hashable, Sendable, Comparable {
    public let from: TargetID
    public let to: TargetID
    public let kind: EdgeKind
    /// The product the dependency went through, when `kind` is `.product` or a plugin product.
    public let product: String?
    /// `nil` when the dependency always applies.
    public let condition: Condition?

    public init(from: TargetID, to: TargetID, kind: EdgeKind, product: String? = nil, condition: Condition? = nil) {
        self.from = from
        self.to = to
        self.kind = kind
        self.product = product
        self.condition = (condition?.isUnconditional ?? true) ? nil : condition
    }

    public static func < (lhs: Edge, rhs: Edge) -> Bool {
        if lhs.from != rhs.from { return lhs.from < rhs.from }
        if lhs.to != rhs.to { return lhs.to < rhs.to }
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        if lhs.product != rhs.product { return (lhs.product ?? "") < (rhs.product ?? "") }
        switch (lhs.condition, rhs.condition) {
        case (nil, nil): return false
        case (nil, _): return true
        case (_, nil): return false
        case let (left?, right?): return left < right
        }
    }
}
