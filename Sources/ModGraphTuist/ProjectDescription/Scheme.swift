// Part of modgraph's source-compatible ProjectDescription (see docs/tuist.md): the public API of Tuist's
// ProjectDescription 4.x that manifests and their helpers call, written for modgraph. Each type encodes as
// Tuist's own does, so a manifest prints what `tuist dump` prints.
//
// This file: schemes and their actions, with the Tuist 3 public initializers (`Scheme(…)`,
// `BuildAction(…)`, `TestableTarget(…)`) and `SchemeDiagnosticsOption` lists. `Arguments` lives in Target.swift.
//
// Members added for Tuist 3 manifests are `@_disfavoredOverload`, so a helper module that declares the
// same member itself is chosen without ambiguity.

// MARK: - Scheme

public struct Scheme: Equatable, Codable, Sendable {
    public var name: String
    public var shared: Bool
    public var hidden: Bool
    public var buildAction: BuildAction?
    public var testAction: TestAction?
    public var runAction: RunAction?
    public var archiveAction: ArchiveAction?
    public var profileAction: ProfileAction?
    public var analyzeAction: AnalyzeAction?

    /// Public as in Tuist 3; Tuist 4 spells it `.scheme(…)`.
    @_disfavoredOverload
    public init(
        name: String,
        shared: Bool = true,
        hidden: Bool = false,
        buildAction: BuildAction? = nil,
        testAction: TestAction? = nil,
        runAction: RunAction? = nil,
        archiveAction: ArchiveAction? = nil,
        profileAction: ProfileAction? = nil,
        analyzeAction: AnalyzeAction? = nil
    ) {
        self.name = name
        self.shared = shared
        self.hidden = hidden
        self.buildAction = buildAction
        self.testAction = testAction
        self.runAction = runAction
        self.archiveAction = archiveAction
        self.profileAction = profileAction
        self.analyzeAction = analyzeAction
    }

    public static func scheme(
        name: String,
        shared: Bool = true,
        hidden: Bool = false,
        buildAction: BuildAction? = nil,
        testAction: TestAction? = nil,
        runAction: RunAction? = nil,
        archiveAction: ArchiveAction? = nil,
        profileAction: ProfileAction? = nil,
        analyzeAction: AnalyzeAction? = nil
    ) -> Self {
        Self(
            name: name, shared: shared, hidden: hidden, buildAction: buildAction, testAction: testAction,
            runAction: runAction, archiveAction: archiveAction, profileAction: profileAction, analyzeAction: analyzeAction
        )
    }
}

// MARK: - Build

public enum BuildOrder: Codable, Sendable {
    case dependency
    case manual
}

public struct BuildAction: Equatable, Codable, Sendable {
    public var targets: [TargetReference]
    public var preActions: [ExecutionAction]
    public var postActions: [ExecutionAction]
    public var buildOrder: BuildOrder
    public var runPostActionsOnFailure: Bool
    public var findImplicitDependencies: Bool

    public static func buildAction(
        targets: [TargetReference],
        preActions: [ExecutionAction] = [],
        postActions: [ExecutionAction] = [],
        buildOrder: BuildOrder = .dependency,
        runPostActionsOnFailure: Bool = false,
        findImplicitDependencies: Bool = true
    ) -> BuildAction {
        BuildAction(
            targets: targets, preActions: preActions, postActions: postActions, buildOrder: buildOrder,
            runPostActionsOnFailure: runPostActionsOnFailure, findImplicitDependencies: findImplicitDependencies
        )
    }
}

extension BuildAction {
    /// Tuist 3 `BuildAction(targets:…)`.
    @_disfavoredOverload
    public init(
        targets: [TargetReference],
        preActions: [ExecutionAction] = [],
        postActions: [ExecutionAction] = [],
        runPostActionsOnFailure: Bool = false
    ) {
        self = .buildAction(
            targets: targets, preActions: preActions, postActions: postActions,
            runPostActionsOnFailure: runPostActionsOnFailure
        )
    }
}

public struct ExecutionAction: Equatable, Codable, Sendable {
    public var title: String
    public var scriptText: String
    public var target: TargetReference?
    public var shellPath: String?

    /// Public as in Tuist 3; Tuist 4 spells it `.executionAction(…)`.
    @_disfavoredOverload
    public init(title: String = "Run Script", scriptText: String, target: TargetReference? = nil, shellPath: String? = nil) {
        self.title = title
        self.scriptText = scriptText
        self.target = target
        self.shellPath = shellPath
    }

    public static func executionAction(
        title: String = "Run Script",
        scriptText: String,
        target: TargetReference? = nil,
        shellPath: String? = nil
    ) -> Self {
        Self(title: title, scriptText: scriptText, target: target, shellPath: shellPath)
    }
}

public struct TargetReference: Hashable, Codable, ExpressibleByStringInterpolation, Sendable {
    public var projectPath: Path?
    public var targetName: String

    /// Public as in Tuist 3.
    @_disfavoredOverload
    public init(projectPath: Path?, target: String) {
        self.projectPath = projectPath
        self.targetName = target
    }

    public init(stringLiteral value: String) {
        self.init(projectPath: nil, target: value)
    }

    public static func project(path: Path, target: String) -> TargetReference {
        TargetReference(projectPath: path, target: target)
    }

    public static func target(_ name: String) -> TargetReference {
        TargetReference(projectPath: nil, target: name)
    }
}

// MARK: - Test

public struct TestAction: Equatable, Codable, Sendable {
    public var testPlans: [Path]?
    public var targets: [TestableTarget]
    public var arguments: Arguments?
    public var configuration: ConfigurationName
    public var attachDebugger: Bool
    public var expandVariableFromTarget: TargetReference?
    public var preActions: [ExecutionAction]
    public var postActions: [ExecutionAction]
    public var options: TestActionOptions
    public var diagnosticsOptions: SchemeDiagnosticsOptions
    public var skippedTests: [String]?

    public static func targets(
        _ targets: [TestableTarget],
        arguments: Arguments? = nil,
        configuration: ConfigurationName = .debug,
        attachDebugger: Bool = true,
        expandVariableFromTarget: TargetReference? = nil,
        preActions: [ExecutionAction] = [],
        postActions: [ExecutionAction] = [],
        options: TestActionOptions = .options(),
        diagnosticsOptions: SchemeDiagnosticsOptions = .options(),
        skippedTests: [String] = []
    ) -> Self {
        Self(
            testPlans: nil, targets: targets, arguments: arguments, configuration: configuration,
            attachDebugger: attachDebugger, expandVariableFromTarget: expandVariableFromTarget,
            preActions: preActions, postActions: postActions, options: options,
            diagnosticsOptions: diagnosticsOptions, skippedTests: skippedTests
        )
    }

    public static func testPlans(
        _ testPlans: [Path],
        configuration: ConfigurationName = .debug,
        attachDebugger: Bool = true,
        preActions: [ExecutionAction] = [],
        postActions: [ExecutionAction] = []
    ) -> Self {
        Self(
            testPlans: testPlans, targets: [], arguments: nil, configuration: configuration,
            attachDebugger: attachDebugger, expandVariableFromTarget: nil, preActions: preActions,
            postActions: postActions, options: .options(), diagnosticsOptions: .options(), skippedTests: nil
        )
    }
}

public struct TestableTarget: Equatable, Codable, ExpressibleByStringInterpolation, Sendable {
    public enum Parallelization: Equatable, Codable, Sendable {
        case disabled, swiftTestingOnly, enabled
    }

    public var target: TargetReference
    public var isSkipped: Bool
    public var parallelization: Parallelization
    public var isRandomExecutionOrdering: Bool
    public var simulatedLocation: SimulatedLocation?

    public var isParallelizable: Bool {
        parallelization == .enabled
    }

    init(
        target: TargetReference,
        isSkipped: Bool,
        parallelization: Parallelization,
        isRandomExecutionOrdering: Bool,
        simulatedLocation: SimulatedLocation? = nil
    ) {
        self.target = target
        self.isSkipped = isSkipped
        self.parallelization = parallelization
        self.isRandomExecutionOrdering = isRandomExecutionOrdering
        self.simulatedLocation = simulatedLocation
    }

    /// Tuist 3 `TestableTarget(target:skipped:parallelizable:randomExecutionOrdering:)`.
    @_disfavoredOverload
    public init(
        target: TargetReference,
        skipped: Bool = false,
        parallelizable: Bool = false,
        randomExecutionOrdering: Bool = false
    ) {
        self.init(
            target: target, isSkipped: skipped, parallelization: parallelizable ? .enabled : .disabled,
            isRandomExecutionOrdering: randomExecutionOrdering
        )
    }

    public init(stringLiteral value: String) {
        self.init(target: TargetReference(projectPath: nil, target: value), isSkipped: false, parallelization: .disabled,
                  isRandomExecutionOrdering: false)
    }

    public static func testableTarget(
        target: TargetReference,
        isSkipped: Bool = false,
        isParallelizable: Bool,
        isRandomExecutionOrdering: Bool = false,
        simulatedLocation: SimulatedLocation? = nil
    ) -> Self {
        Self(
            target: target, isSkipped: isSkipped, parallelization: isParallelizable ? .enabled : .disabled,
            isRandomExecutionOrdering: isRandomExecutionOrdering, simulatedLocation: simulatedLocation
        )
    }

    public static func testableTarget(
        target: TargetReference,
        isSkipped: Bool = false,
        parallelization: Parallelization = .disabled,
        isRandomExecutionOrdering: Bool = false,
        simulatedLocation: SimulatedLocation? = nil
    ) -> Self {
        Self(
            target: target, isSkipped: isSkipped, parallelization: parallelization,
            isRandomExecutionOrdering: isRandomExecutionOrdering, simulatedLocation: simulatedLocation
        )
    }
}

public struct TestActionOptions: Equatable, Codable, Sendable {
    public var language: SchemeLanguage?
    public var region: String?
    public var preferredScreenCaptureFormat: ScreenCaptureFormat?
    public var coverage: Bool
    public var codeCoverageTargets: [TargetReference]

    public static func options(
        language: SchemeLanguage? = nil,
        region: String? = nil,
        preferredScreenCaptureFormat: ScreenCaptureFormat? = nil,
        coverage: Bool = false,
        codeCoverageTargets: [TargetReference] = []
    ) -> TestActionOptions {
        TestActionOptions(
            language: language, region: region, preferredScreenCaptureFormat: preferredScreenCaptureFormat,
            coverage: coverage, codeCoverageTargets: codeCoverageTargets
        )
    }
}

public struct TestingOptions: OptionSet, Codable, Equatable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let parallelizable = TestingOptions(rawValue: 1 << 0)
    public static let randomExecutionOrdering = TestingOptions(rawValue: 1 << 1)
}

public enum ScreenCaptureFormat: String, Codable, Sendable {
    case screenshots
    case screenRecording
}

// MARK: - Run

public enum LaunchStyle: Codable, Sendable {
    case automatically
    case waitForExecutableToBeLaunched
}

public struct RunAction: Equatable, Codable, Sendable {
    public var configuration: ConfigurationName
    public var attachDebugger: Bool
    public var customLLDBInitFile: Path?
    public var preActions: [ExecutionAction]
    public var postActions: [ExecutionAction]
    public var executable: TargetReference?
    public var customWorkingDirectory: Path?
    public var filePath: Path?
    public var arguments: Arguments?
    public var options: RunActionOptions
    public var diagnosticsOptions: SchemeDiagnosticsOptions
    public var metalOptions: MetalOptions
    public var expandVariableFromTarget: TargetReference?
    public var launchStyle: LaunchStyle
    public var appClipInvocationURLString: String?

    public static func runAction(
        configuration: ConfigurationName = .debug,
        attachDebugger: Bool = true,
        customLLDBInitFile: Path? = nil,
        preActions: [ExecutionAction] = [],
        postActions: [ExecutionAction] = [],
        executable: TargetReference? = nil,
        customWorkingDirectory: Path? = nil,
        filePath: Path? = nil,
        arguments: Arguments? = nil,
        options: RunActionOptions = .options(),
        diagnosticsOptions: SchemeDiagnosticsOptions = .options(),
        metalOptions: MetalOptions = .options(),
        expandVariableFromTarget: TargetReference? = nil,
        launchStyle: LaunchStyle = .automatically,
        appClipInvocationURLString: String? = nil
    ) -> RunAction {
        RunAction(
            configuration: configuration, attachDebugger: attachDebugger, customLLDBInitFile: customLLDBInitFile,
            preActions: preActions, postActions: postActions, executable: executable,
            customWorkingDirectory: customWorkingDirectory, filePath: filePath, arguments: arguments,
            options: options, diagnosticsOptions: diagnosticsOptions, metalOptions: metalOptions,
            expandVariableFromTarget: expandVariableFromTarget, launchStyle: launchStyle,
            appClipInvocationURLString: appClipInvocationURLString
        )
    }
}

public struct RunActionOptions: Equatable, Codable, Sendable {
    public var language: SchemeLanguage?
    public var region: String?
    public var storeKitConfigurationPath: Path?
    public var simulatedLocation: ProjectDescription.SimulatedLocation?
    public var enableGPUFrameCaptureMode: GPUFrameCaptureMode

    public static func options(
        language: SchemeLanguage? = nil,
        region: String? = nil,
        storeKitConfigurationPath: Path? = nil,
        simulatedLocation: ProjectDescription.SimulatedLocation? = nil,
        enableGPUFrameCaptureMode: GPUFrameCaptureMode = GPUFrameCaptureMode.default
    ) -> Self {
        Self(
            language: language, region: region, storeKitConfigurationPath: storeKitConfigurationPath,
            simulatedLocation: simulatedLocation, enableGPUFrameCaptureMode: enableGPUFrameCaptureMode
        )
    }

    public enum GPUFrameCaptureMode: String, Codable, Equatable, Sendable {
        case autoEnabled
        case metal
        case openGL
        case disabled

        public static var `default`: GPUFrameCaptureMode {
            .autoEnabled
        }
    }

    public typealias SimulatedLocation = ProjectDescription.SimulatedLocation
}

public struct MetalOptions: Equatable, Codable, Sendable {
    public var apiValidation: Bool
    public var shaderValidation: Bool
    public var showGraphicsOverview: Bool
    public var logGraphicsOverview: Bool

    public static func options(
        apiValidation: Bool = true,
        shaderValidation: Bool = false,
        showGraphicsOverview: Bool = false,
        logGraphicsOverview: Bool = false
    ) -> MetalOptions {
        MetalOptions(
            apiValidation: apiValidation, shaderValidation: shaderValidation,
            showGraphicsOverview: showGraphicsOverview, logGraphicsOverview: logGraphicsOverview
        )
    }
}

public struct SimulatedLocation: Codable, Equatable, Sendable {
    public var identifier: String?
    public var gpxFile: Path?

    private init(identifier: String? = nil, gpxFile: Path? = nil) {
        self.identifier = identifier
        self.gpxFile = gpxFile
    }

    public static func custom(gpxFile: Path) -> SimulatedLocation { .init(gpxFile: gpxFile) }
    public static var london: SimulatedLocation { .init(identifier: "London, England") }
    public static var johannesburg: SimulatedLocation { .init(identifier: "Johannesburg, South Africa") }
    public static var moscow: SimulatedLocation { .init(identifier: "Moscow, Russia") }
    public static var mumbai: SimulatedLocation { .init(identifier: "Mumbai, India") }
    public static var tokyo: SimulatedLocation { .init(identifier: "Tokyo, Japan") }
    public static var sydney: SimulatedLocation { .init(identifier: "Sydney, Australia") }
    public static var hongKong: SimulatedLocation { .init(identifier: "Hong Kong, China") }
    public static var honolulu: SimulatedLocation { .init(identifier: "Honolulu, HI, USA") }
    public static var sanFrancisco: SimulatedLocation { .init(identifier: "San Francisco, CA, USA") }
    public static var mexicoCity: SimulatedLocation { .init(identifier: "Mexico City, Mexico") }
    public static var newYork: SimulatedLocation { .init(identifier: "New York, NY, USA") }
    public static var rioDeJaneiro: SimulatedLocation { .init(identifier: "Rio de Janeiro, Brazil") }
}

// MARK: - Diagnostics, language

public struct SchemeDiagnosticsOptions: Equatable, Codable, Sendable {
    public var addressSanitizerEnabled: Bool
    public var detectStackUseAfterReturnEnabled: Bool
    public var threadSanitizerEnabled: Bool
    public var mainThreadCheckerEnabled: Bool
    public var performanceAntipatternCheckerEnabled: Bool

    public static func options(
        addressSanitizerEnabled: Bool = false,
        detectStackUseAfterReturnEnabled: Bool = false,
        threadSanitizerEnabled: Bool = false,
        mainThreadCheckerEnabled: Bool = true,
        performanceAntipatternCheckerEnabled: Bool = true
    ) -> SchemeDiagnosticsOptions {
        SchemeDiagnosticsOptions(
            addressSanitizerEnabled: addressSanitizerEnabled,
            detectStackUseAfterReturnEnabled: detectStackUseAfterReturnEnabled,
            threadSanitizerEnabled: threadSanitizerEnabled,
            mainThreadCheckerEnabled: mainThreadCheckerEnabled,
            performanceAntipatternCheckerEnabled: performanceAntipatternCheckerEnabled
        )
    }
}

/// Tuist 3 diagnostics flags; a list literal of them converts to `SchemeDiagnosticsOptions`
/// (each listed flag on, the others off), so `diagnosticsOptions: [.mainThreadChecker]` still compiles.
public enum SchemeDiagnosticsOption: String, Equatable, Codable, Sendable {
    case enableAddressSanitizer
    case enableDetectStackUseAfterReturn
    case enableThreadSanitizer
    case mainThreadChecker
    case performanceAntipatternChecker
}

extension SchemeDiagnosticsOptions: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: SchemeDiagnosticsOption...) {
        self.init(
            addressSanitizerEnabled: elements.contains(.enableAddressSanitizer),
            detectStackUseAfterReturnEnabled: elements.contains(.enableDetectStackUseAfterReturn),
            threadSanitizerEnabled: elements.contains(.enableThreadSanitizer),
            mainThreadCheckerEnabled: elements.contains(.mainThreadChecker),
            performanceAntipatternCheckerEnabled: elements.contains(.performanceAntipatternChecker)
        )
    }
}

public struct SchemeLanguage: Codable, Equatable, ExpressibleByStringLiteral, Sendable {
    public let identifier: String

    public init(identifier: String) {
        self.identifier = identifier
    }

    public init(stringLiteral: String) {
        self.identifier = stringLiteral
    }

    public static var doubleLengthPseudoLanguage: SchemeLanguage {
        SchemeLanguage(identifier: "IDELaunchSchemeLanguageDoubleLocalizedStrings")
    }

    public static var rightToLeftPseudoLanguage: SchemeLanguage {
        SchemeLanguage(identifier: "IDELaunchSchemeLanguageRightToLeftLayoutDirection")
    }

    public static var accentedPseudoLanguage: SchemeLanguage {
        SchemeLanguage(identifier: "IDELaunchSchemeLanguageAccentedLatin")
    }

    public static var boundedStringPseudoLanguage: SchemeLanguage {
        SchemeLanguage(identifier: "IDELaunchSchemeLanguageBoundedString")
    }

    public static var rightToLeftWithStringsPseudoLanguage: SchemeLanguage {
        SchemeLanguage(identifier: "IDELaunchSchemeLanguageRLO")
    }
}

// MARK: - Profile, archive, analyze

public struct ProfileAction: Equatable, Codable, Sendable {
    public var configuration: ConfigurationName
    public var preActions: [ExecutionAction]
    public var postActions: [ExecutionAction]
    public var executable: TargetReference?
    public var arguments: Arguments?

    public static func profileAction(
        configuration: ConfigurationName = .release,
        preActions: [ExecutionAction] = [],
        postActions: [ExecutionAction] = [],
        executable: TargetReference? = nil,
        arguments: Arguments? = nil
    ) -> ProfileAction {
        ProfileAction(
            configuration: configuration, preActions: preActions, postActions: postActions,
            executable: executable, arguments: arguments
        )
    }
}

public struct ArchiveAction: Equatable, Codable, Sendable {
    public var configuration: ConfigurationName
    public var revealArchiveInOrganizer: Bool
    public var customArchiveName: String?
    public var preActions: [ExecutionAction]
    public var postActions: [ExecutionAction]

    public static func archiveAction(
        configuration: ConfigurationName,
        revealArchiveInOrganizer: Bool = true,
        customArchiveName: String? = nil,
        preActions: [ExecutionAction] = [],
        postActions: [ExecutionAction] = []
    ) -> ArchiveAction {
        ArchiveAction(
            configuration: configuration, revealArchiveInOrganizer: revealArchiveInOrganizer,
            customArchiveName: customArchiveName, preActions: preActions, postActions: postActions
        )
    }
}

public struct AnalyzeAction: Equatable, Codable, Sendable {
    public var configuration: ConfigurationName

    public static func analyzeAction(configuration: ConfigurationName) -> AnalyzeAction {
        AnalyzeAction(configuration: configuration)
    }
}
