import Testing

@testable import ModGraphTuist

/// What helpers do with strings and collections on their way to a project (session 45's trial apps): enumerating,
/// a character's tests, an empty settings dictionary spelled `.init()`, and a helper's `.relativeToCurrentFile`
/// path, which `--verify-manifests` compares as the file it stands for. Each answer is worked out by hand.
@Suite("Tuist helpers' strings and collections evaluated statically")
struct TuistStringHelpersTests: EvaluatesManifests {
    /// Team-Notitime/NOFFICE-iOS makes bundle identifiers from a case's name through `self.enumerated()` with a
    /// character's `isUppercase`; a list's `enumerated()` gives `offset` and `element` by label or position.
    @Test func enumeratedStringsAndListsAndACharactersTests() throws {
        let helper = """
            import ProjectDescription
            extension String {
                func toBundleIdentifier() -> String {
                    var result = ""
                    for (index, char) in self.enumerated() {
                        if char.isUppercase {
                            result += (index == 0 ? "" : "-") + char.lowercased()
                        } else {
                            result += String(char)
                        }
                    }
                    return result
                }
            }
            public func numbered(_ names: [String]) -> [String] {
                names.enumerated().map { "\\($0.offset)" + $0.element } + names.enumerated().map { pair in pair.1 + "\\(pair.0)" }
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "P", targets: numbered(["Kit", "UI"]).map { name in
                .target(
                    name: name, destinations: .iOS, product: .framework, productName: "NewAnnouncementPresent".toBundleIdentifier(),
                    bundleId: "p")
            })
            """
        let project = try project(manifest, helpers: [helper])
        #expect(project.targets.map(\.name) == ["0Kit", "1UI", "Kit0", "UI1"])
        #expect(project.targets.map(\.productName) == Array(repeating: "new-announcement-present", count: 4))
    }

    /// sudopark/TodoCalendar's helper writes `base: .init().swiftVersion("6.0")`: `.init()` where a
    /// `SettingsDictionary` is asked is an empty dictionary, whose methods add settings modgraph does not read.
    /// Its `.relativeToCurrentFile` paths, written in the helper, are the helper's; verifying against the
    /// compiled manifest names that file as the copy compiled in a temporary folder, which is no difference.
    @Test func anImplicitEmptyDictionaryAndAHelpersCurrentFile() throws {
        let helper = """
            import ProjectDescription
            public func framework(_ name: String) -> Target {
                .target(
                    name: name, destinations: .iOS, product: .framework, bundleId: "b",
                    dependencies: [.project(target: "Kit", path: .relativeToCurrentFile("../../Supports/Kit"))],
                    settings: .settings(base: .init().swiftVersion("6.0").merging(["PRODUCT_MODULE_NAME": "Made"]), configurations: []))
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "P", targets: [framework("Home")])
            """
        let evaluated = try project(manifest, helpers: [helper])
        #expect(evaluated.targets.first?.settings == ["PRODUCT_MODULE_NAME": "Made"])
        let written = "/repo/Tuist/ProjectDescriptionHelpers/H0.swift"
        #expect(
            evaluated.targets.first?.dependencies == [
                .project(target: "Kit", path: .init(base: .currentFile, text: "../../Supports/Kit", callerPath: written), filters: [])
            ])
        func compiled(callerPath: String) -> TuistDump.Project {
            var project = evaluated
            project.targets[0].dependencies = [
                .project(target: "Kit", path: .init(base: .currentFile, text: "../../Supports/Kit", callerPath: callerPath), filters: [])
            ]
            return project
        }
        let copy = "/tmp/modgraph-tuist.Cfp9lt/src/Tuist/ProjectDescriptionHelpers/H0.swift"
        #expect(TuistVerification.differences(evaluated, compiled(callerPath: copy), tuistRoot: "/repo").isEmpty)
        let elsewhere = "/tmp/modgraph-tuist.Cfp9lt/src/Tuist/ProjectDescriptionHelpers/Nested/H0.swift"
        #expect(TuistVerification.differences(evaluated, compiled(callerPath: elsewhere), tuistRoot: "/repo").count == 1)
    }

    /// AvocadoApps/azkar-ios's manifest extends `SettingsDictionary` with a computed property (`addingObjcLinkerFlag:
    /// Self`) and reads it at the end of a `merging` chain: the evaluator fell back to compiling. The property's
    /// getter runs with the dictionary as `self`: the module name the last one sets is the target's.
    @Test func aComputedPropertyOfASettingsDictionaryExtension() throws {
        let manifest = """
            import ProjectDescription
            extension SettingsDictionary {
                var addingObjcLinkerFlag: Self {
                    return self.merging(["OTHER_LDFLAGS": "$(inherited) -ObjC"])
                }
                var moduleNamed: Self { merging(["PRODUCT_MODULE_NAME": "Renamed"]) }
            }
            let base: SettingsDictionary = ["A": "B"]
            let project = Project(name: "P", targets: [
                .target(
                    name: "App", destinations: .iOS, product: .app, bundleId: "b",
                    settings: .settings(base: base.merging(["C": "D"]).addingObjcLinkerFlag.moduleNamed))
            ])
            """
        let project = try project(manifest)
        #expect(project.targets.map(\.name) == ["App"])
        #expect(project.targets.first?.settings == ["PRODUCT_MODULE_NAME": "Renamed"])
    }
}
