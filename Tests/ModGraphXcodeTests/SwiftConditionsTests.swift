import Testing
@testable import ModGraphXcode

/// Hand-worked compilation conditions of Xcode settings.
@Suite("Swift compilation conditions")
struct SwiftConditionsTests {
    typealias Level = SwiftConditions.Level

    @Test func targetLevelsOverProjectLevelsWithInherited() {
        let project = Level(conditions: ["SHARED"], flags: ["-DFROM_PROJECT"])
        let debug = Level(conditions: ["DEBUG", "$(inherited)"], flags: ["-D", "APP", "-Onone"])
        let release = Level(conditions: nil, flags: ["-DAPP=1"])
        let conditions = SwiftConditions.of([[debug, project], [release, project]], basedOnFiles: false)
        // Debug: DEBUG, SHARED (inherited), APP; FROM_PROJECT overridden by the target's flags. Release: SHARED, APP.
        #expect(conditions.always == ["APP", "SHARED"])
        #expect(conditions.sometimes == ["APP", "DEBUG", "SHARED"])
        #expect(conditions.complete)
        #expect(conditions.flags(judging: ["APP", "DEBUG", "IS_NSE"]) == ["APP": true, "SHARED": true, "IS_NSE": false])
    }

    @Test func variablesAndFilesLeaveItIncomplete() {
        let variable = SwiftConditions.of([[Level(conditions: ["$(EXTRA)"], flags: nil), Level()]], basedOnFiles: false)
        #expect(!variable.complete)
        #expect(variable.flags(judging: ["IS_NSE"]).isEmpty)
        let files = SwiftConditions.of([[Level(conditions: ["A"], flags: nil), Level()]], basedOnFiles: true)
        #expect(files.flags(judging: ["A", "B"]) == ["A": true])
        #expect(SwiftConditions.of([], basedOnFiles: false) == .unknown)
    }

    @Test func tokensKeepQuotedWordsTogether() {
        #expect(SwiftConditions.tokens(#"-D "A B" -DC  'D E'"#) == ["-D", "A B", "-DC", "D E"])
    }

    /// From a project file: a condition under `[sdk=…]` is only sometimes set; the project's configuration of
    /// the same name is the level below; an `.xcconfig` base leaves the other target incomplete.
    @Test func readFromAProjectFile() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tobjectVersion = 56;
            \tobjects = {
            \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2); };
            \t\tG0 = {isa = PBXGroup; children = (X1); sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
            \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); name = App; productType = "com.apple.product-type.application"; };
            \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); name = NSE; productType = "com.apple.product-type.app-extension"; };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0, D0); defaultConfigurationName = Release; };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, D1); defaultConfigurationName = Release; };
            \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2); defaultConfigurationName = Release; };
            \t\tC0 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = SHARED; }; name = Release; };
            \t\tD0 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG SHARED"; }; name = Debug; };
            \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {OTHER_SWIFT_FLAGS = ("$(inherited)", "-DIS_MAIN_APP"); "SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=iphoneos*]" = DEVICE; }; name = Release; };
            \t\tD1 = {isa = XCBuildConfiguration; buildSettings = {OTHER_SWIFT_FLAGS = "-DIS_MAIN_APP"; }; name = Debug; };
            \t\tC2 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {}; name = Release; };
            \t};
            \trootObject = P0;
            }
            """
        let project = try XcodeProject.parse(Array(text.utf8), projectPath: "/p/App.xcodeproj")
        let app = try #require(project.targets.first { $0.name == "App" }?.swiftConditions)
        #expect(app == SwiftConditions(always: ["IS_MAIN_APP", "SHARED"], sometimes: ["DEBUG", "DEVICE"], complete: true))
        let nse = try #require(project.targets.first { $0.name == "NSE" }?.swiftConditions)
        #expect(nse.always == ["SHARED"])
        #expect(!nse.complete)
    }

    /// An `.xcconfig` a configuration is based on is read (issue #49: UTM's conditions, NetNewsWire's
    /// module name): it sits between the target's settings and the project's, `$(inherited)` reaching down.
    @Test func theXcconfigAConfigurationIsBasedOnIsALevel() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tobjectVersion = 56;
            \tobjects = {
            \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, T2); };
            \t\tG0 = {isa = PBXGroup; children = (X1, X2); sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
            \t\tX2 = {isa = PBXFileReference; path = Build.xcconfig; sourceTree = "<group>"; };
            \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); name = "App-iOS"; productType = "com.apple.product-type.application"; };
            \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (); name = Remote; productType = "com.apple.product-type.application"; };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); defaultConfigurationName = Release; };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); defaultConfigurationName = Release; };
            \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2); defaultConfigurationName = Release; };
            \t\tC0 = {isa = XCBuildConfiguration; baseConfigurationReference = X2; buildSettings = {}; name = Release; };
            \t\tC1 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = "WITH_USB $(inherited)"; }; name = Release; };
            \t\tC2 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_ACTIVE_COMPILATION_CONDITIONS = "WITH_REMOTE $(inherited)"; }; name = Release; };
            \t};
            \trootObject = P0;
            }
            """
        let files: [String: String] = [
            "/p/App.xcconfig": "PRODUCT_MODULE_NAME = App // the module\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = WITH_APP $(inherited)\n",
            "/p/Build.xcconfig": "SWIFT_ACTIVE_COMPILATION_CONDITIONS = SHARED\n",
        ]
        let configFiles = ConfigFiles { path in
            guard let text = files[path] else { return nil }
            var settings = PropertyListDictionary()
            for case let .assignment(name, value) in ConfigFiles.lines(text) { settings.set(name, .string(value)) }
            return settings
        }
        let project = try XcodeProject.parse(Array(text.utf8), projectPath: "/p/App.xcodeproj", configFiles: configFiles)
        let app = try #require(project.targets.first { $0.name == "App-iOS" })
        #expect(app.moduleName == "App")
        // WITH_USB (target), $(inherited): its .xcconfig's WITH_APP, $(inherited): the project's level is empty,
        // so the project's .xcconfig's SHARED.
        #expect(app.swiftConditions == SwiftConditions(always: ["WITH_USB", "WITH_APP", "SHARED"], sometimes: [], complete: true))
        let remote = try #require(project.targets.first { $0.name == "Remote" })
        #expect(remote.swiftConditions.flags(judging: ["WITH_USB", "WITH_REMOTE"]) == ["WITH_REMOTE": true, "SHARED": true, "WITH_USB": false])
        // Unread, the same project judges nothing unset.
        let unread = try XcodeProject.parse(Array(text.utf8), projectPath: "/p/App.xcodeproj")
        #expect(unread.targets.allSatisfy { !$0.swiftConditions.complete })
    }

    @Test func xcconfigLinesAreReadAsXcodeReadsThem() {
        let lines = ConfigFiles.lines(
            "// a comment\n#include \"Base.xcconfig\"\n#include? \"Local.xcconfig\" \nOTHER_SWIFT_FLAGS = -DA $(inherited); // x\nSDKROOT[sdk=iphoneos*] = iphoneos\nnot a setting\n")
        #expect(
            lines == [
                .include("Base.xcconfig", optional: false), .include("Local.xcconfig", optional: true),
                .assignment("OTHER_SWIFT_FLAGS", "-DA $(inherited)"), .assignment("SDKROOT[sdk=iphoneos*]", "iphoneos"),
            ])
    }
}
