import Foundation
import Testing

/// A project that sets a compilation condition for some targets builds the others without it:
/// `#if IS_MAIN_APP` code shared with an extension is not the extension's (element-x-ios: its
/// notification extension was told to declare what only the app imports).
@Suite("compilation conditions from build settings")
struct CompilationConditionTests {
    /// App and NSE compile Shared/Settings.swift; only App sets IS_MAIN_APP and declares Analytics.
    /// `nseSettings` is NSE's `settings:` (YAML, indented for the target).
    private func spec(nseSettings: String, extra: String = "") -> String {
        """
        name: Chat
        \(extra)targets:
          App:
            type: application
            platform: iOS
            sources: [App, Shared]
            settings:
              base:
                OTHER_SWIFT_FLAGS: ["-DIS_MAIN_APP"]
            dependencies:
              - target: Analytics
          NSE:
            type: app-extension
            platform: iOS
            sources: [NSE, Shared]
        \(nseSettings)
          Analytics:
            type: framework
            platform: iOS
            sources: [Analytics]

        """
    }

    private func check(spec: String) throws -> ModGraphRunner.Result {
        let folder = try ModGraphRunner.scratchFolder("modgraph-conditions")
        defer { try? FileManager.default.removeItem(at: folder) }
        try ModGraphRunner.write(
            [
                "project.yml": spec,
                "App/App.swift": "import Analytics\n",
                "NSE/NSE.swift": "let nse = 1\n",
                "Shared/Settings.swift": "#if IS_MAIN_APP\nimport Analytics\n#endif\nlet settings = 1\n",
                "Analytics/Analytics.swift": "public let analytics = 1\n",
                ".modgraph.yml": "layers:\n  - {name: all, targets: [\"*\"]}\nsources:\n  undeclaredImports: error\n",
                "Chat.xcconfig": "OTHER_SWIFT_FLAGS = -DIS_MAIN_APP\n",
            ], in: folder)
        return try ModGraphRunner.run(["check", "."], in: folder)
    }

    @Test func aConditionOtherTargetsSetIsUnsetForATargetThatDoesNot() throws {
        let result = try check(spec: spec(nseSettings: "    settings:\n      base:\n        OTHER_SWIFT_FLAGS:\n        - \"-DIS_NSE\"\n"))
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(!result.output.contains("NSE imports Analytics"), "\(result.output)")
    }

    /// Set through `SWIFT_ACTIVE_COMPILATION_CONDITIONS` in one configuration only: it may be set, so the import counts.
    @Test func aConditionSetInOneConfigurationCounts() throws {
        let settings = "    settings:\n      configs:\n        Debug:\n          SWIFT_ACTIVE_COMPILATION_CONDITIONS: IS_MAIN_APP DEBUG\n"
        let result = try check(spec: spec(nseSettings: settings))
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("Analytics"), "\(result.output)")
    }

    /// Configurations based on an .xcconfig (not read): nothing is judged unset.
    @Test func configFilesLeaveConditionsUnknown() throws {
        let result = try check(spec: spec(nseSettings: "    configFiles:\n      Debug: Chat.xcconfig\n"))
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(result.output.contains("Analytics"), "\(result.output)")
    }
}
