import ModGraphCore

extension XcodeTargetKind {
    /// The graph's word for this kind: what the checks, the schedule and the
    /// diagrams treat it as. Tools built for the command line or the host are
    /// executables; every extension point is an app extension; what modgraph
    /// does not know is a bundle (built, not linked, not imported).
    public var targetType: TargetType {
        switch self {
        case .application, .appClip, .messagesApplication, .watchApp, .watch2App, .watch2AppContainer:
            .application
        case .appExtension, .extensionKitExtension, .messagesExtension, .stickerPack, .intentsServiceExtension,
            .tvExtension, .watchExtension, .watch2Extension, .xpcService, .systemExtension, .driverExtension, .xcodeExtension:
            .appExtension
        case .framework, .staticFramework: .framework
        case .staticLibrary: .staticLibrary
        case .dynamicLibrary: .dynamicLibrary
        case .unitTestBundle, .ocUnitTestBundle: .unitTests
        case .uiTestBundle: .uiTests
        case .commandLineTool, .hostBuildTool: .executable
        case .aggregate, .legacy: .aggregate
        case .bundle, .instrumentsPackage, .metalLibrary, .other: .bundle
        }
    }
}
