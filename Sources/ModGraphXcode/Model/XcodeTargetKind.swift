/// What a target builds: its `productType`, or the kind of target for
/// aggregate and legacy (external build system) targets, which have none.
/// Product types Xcode may add later read as ``other(_:)`` with the raw value.
public enum XcodeTargetKind: Hashable, Sendable {
    case application
    /// An App Clip (`application.on-demand-install-capable`).
    case appClip
    /// An iMessage app (`application.messages`).
    case messagesApplication
    /// A watchOS 1 app (`application.watchapp`), run by a WatchKit extension on the phone.
    case watchApp
    /// A watchOS 2+ app (`application.watchapp2`).
    case watch2App
    /// The container of a watch-only app (`application.watchapp2-container`).
    case watch2AppContainer
    /// An app extension (`app-extension`): widgets, share, intents and most other extension points.
    case appExtension
    /// An ExtensionKit extension (`extensionkit-extension`): App Intents extensions and newer extension points.
    case extensionKitExtension
    /// An iMessage extension (`app-extension.messages`).
    case messagesExtension
    /// A sticker pack (`app-extension.messages-sticker-pack`).
    case stickerPack
    /// An Intents service extension of older Xcode templates (`app-extension.intents-service`).
    case intentsServiceExtension
    /// A tvOS extension (`tv-app-extension`).
    case tvExtension
    /// A watchOS 1 WatchKit extension (`watchkit-extension`).
    case watchExtension
    /// A watchOS 2+ WatchKit extension (`watchkit2-extension`).
    case watch2Extension
    case framework
    /// A static framework (`framework.static`).
    case staticFramework
    case staticLibrary
    case dynamicLibrary
    case bundle
    case unitTestBundle
    case uiTestBundle
    /// An OCUnit test bundle of very old projects (`bundle.ocunit-test`).
    case ocUnitTestBundle
    case commandLineTool
    /// A tool built for the host to run during the build (`tool.host-build`).
    case hostBuildTool
    case xpcService
    case systemExtension
    case driverExtension
    /// An Xcode source editor extension (`xcode-extension`).
    case xcodeExtension
    case instrumentsPackage
    case metalLibrary
    /// A `PBXAggregateTarget`: builds nothing itself, runs its dependencies and scripts.
    case aggregate
    /// A `PBXLegacyTarget`: runs an external build tool such as `make`.
    case legacy
    /// A product type modgraph does not know, as written (`com.apple.product-type.…`), or `""` when missing.
    case other(String)

    private static let prefix = "com.apple.product-type."

    private static let byProductType: [String: XcodeTargetKind] = [
        "application": .application,
        "application.on-demand-install-capable": .appClip,
        "application.messages": .messagesApplication,
        "application.watchapp": .watchApp,
        "application.watchapp2": .watch2App,
        "application.watchapp2-container": .watch2AppContainer,
        "app-extension": .appExtension,
        "extensionkit-extension": .extensionKitExtension,
        "app-extension.messages": .messagesExtension,
        "app-extension.messages-sticker-pack": .stickerPack,
        "app-extension.intents-service": .intentsServiceExtension,
        "tv-app-extension": .tvExtension,
        "watchkit-extension": .watchExtension,
        "watchkit2-extension": .watch2Extension,
        "framework": .framework,
        "framework.static": .staticFramework,
        "library.static": .staticLibrary,
        "library.dynamic": .dynamicLibrary,
        "bundle": .bundle,
        "bundle.unit-test": .unitTestBundle,
        "bundle.ui-testing": .uiTestBundle,
        "bundle.ocunit-test": .ocUnitTestBundle,
        "tool": .commandLineTool,
        "tool.host-build": .hostBuildTool,
        "xpc-service": .xpcService,
        "system-extension": .systemExtension,
        "driver-extension": .driverExtension,
        "xcode-extension": .xcodeExtension,
        "instruments-package": .instrumentsPackage,
        "metal-library": .metalLibrary,
    ]

    /// The kind of a target object: its `isa` decides for aggregate and legacy targets, its `productType` otherwise.
    public init(isa: String, productType: String?) {
        switch isa {
        case "PBXAggregateTarget":
            self = .aggregate
        case "PBXLegacyTarget":
            self = .legacy
        default:
            let raw = productType ?? ""
            if raw.hasPrefix(Self.prefix), let known = Self.byProductType[String(raw.dropFirst(Self.prefix.count))] {
                self = known
            } else {
                self = .other(raw)
            }
        }
    }

    /// Test bundles, whose code no other target may depend on.
    public var isTest: Bool {
        switch self {
        case .unitTestBundle, .uiTestBundle, .ocUnitTestBundle: true
        default: false
        }
    }

    /// Extensions of every kind: built into an app, never linked.
    public var isExtension: Bool {
        switch self {
        case .appExtension, .extensionKitExtension, .messagesExtension, .stickerPack, .intentsServiceExtension,
            .tvExtension, .watchExtension, .watch2Extension, .xcodeExtension, .systemExtension, .driverExtension:
            true
        default:
            false
        }
    }

    /// The file a target of this kind makes, as Xcode names it, for a product named `name`: what a project
    /// generated from a spec or a manifest (which names no product file) gives other targets to link.
    public func productFileName(named name: String) -> String? {
        switch self {
        case .application, .appClip, .messagesApplication, .watchApp, .watch2App, .watch2AppContainer: "\(name).app"
        case .framework, .staticFramework: "\(name).framework"
        case .staticLibrary: "lib\(name).a"
        case .dynamicLibrary: "lib\(name).dylib"
        case .bundle: "\(name).bundle"
        case .unitTestBundle, .uiTestBundle, .ocUnitTestBundle: "\(name).xctest"
        case .appExtension, .messagesExtension, .stickerPack, .intentsServiceExtension, .tvExtension, .watchExtension,
            .watch2Extension, .xcodeExtension, .extensionKitExtension:
            "\(name).appex"
        case .commandLineTool, .hostBuildTool: name
        case .xpcService: "\(name).xpc"
        default: nil
        }
    }
}
