import Foundation
import ModGraphXcode
import Testing

@testable import ModGraphFix

/// Another target of the same project added to a target of a `project.pbxproj`: the proxy and the
/// target dependency, the link of its product and, for a framework an application links, its
/// embedding; read back with the project parser.
@Suite("fix: adding a target of the same project")
struct ProjectTargetDependencyTests {
    /// App (an application) and AppTests (unit tests hosted by App) do not depend on Low (a framework)
    /// yet; Tool is a command-line tool, whose product nothing links.
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {

        /* Begin PBXFileReference section */
        \t\tFR0000000000000000000001 /* Low.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Low.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tFR0000000000000000000002 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXFrameworksBuildPhase section */
        \t\tPH0000000000000000000001 /* Frameworks */ = {
        \t\t\tisa = PBXFrameworksBuildPhase;
        \t\t\tfiles = (
        \t\t\t);
        \t\t};
        \t\tPH0000000000000000000002 /* Frameworks */ = {
        \t\t\tisa = PBXFrameworksBuildPhase;
        \t\t\tfiles = (
        \t\t\t);
        \t\t};
        /* End PBXFrameworksBuildPhase section */

        /* Begin PBXNativeTarget section */
        \t\tTG0000000000000000000001 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tPH0000000000000000000001 /* Frameworks */,
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tname = App;
        \t\t\tproductName = App;
        \t\t\tproductReference = FR0000000000000000000002 /* App.app */;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tTG0000000000000000000002 /* Low */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tname = Low;
        \t\t\tproductName = Low;
        \t\t\tproductReference = FR0000000000000000000001 /* Low.framework */;
        \t\t\tproductType = "com.apple.product-type.framework";
        \t\t};
        \t\tTG0000000000000000000003 /* AppTests */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tPH0000000000000000000002 /* Frameworks */,
        \t\t\t);
        \t\t\tname = AppTests;
        \t\t\tproductName = AppTests;
        \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
        \t\t};
        \t\tTG0000000000000000000004 /* Tool */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tname = Tool;
        \t\t\tproductName = Tool;
        \t\t\tproductType = "com.apple.product-type.tool";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tPR0000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\ttargets = (
        \t\t\t\tTG0000000000000000000001 /* App */,
        \t\t\t\tTG0000000000000000000002 /* Low */,
        \t\t\t\tTG0000000000000000000003 /* AppTests */,
        \t\t\t\tTG0000000000000000000004 /* Tool */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */
        \t};
        \trootObject = PR0000000000000000000001 /* Project object */;
        }

        """

    private func objects(_ text: String) throws -> PropertyListDictionary {
        guard case let .dictionary(root) = try OpenStepParser.parse(Array(text.utf8)), let objects = root["objects"]?.dictionary else {
            throw ManifestRefusal(reason: "does not parse")
        }
        return objects
    }

    /// The ids the editor makes, in the order it makes them.
    private func ids(_ parts: [[String]]) -> [String] {
        var maker = IDMaker(taken: [], text: "")
        return parts.map { maker.make(from: $0) }
    }

    @Test func aFrameworkIsADependencyLinkedAndEmbeddedInTheApplication() throws {
        let edited = try ProjectEditor(Self.project).adding(targetDependency: "Low", to: "App")
        let made = ids([["proxy", "App", "Low"], ["target dependency", "App", "Low"], ["link", "App", "Low"], ["embed", "App", "Low"], ["embed phase", "App"]])
        let (proxy, dependency, link, embed, phase) = (made[0], made[1], made[2], made[3], made[4])
        // Each object as Xcode writes it, in its section.
        #expect(edited.contains("""
            /* Begin PBXContainerItemProxy section */
            \t\t\(proxy) /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = PR0000000000000000000001 /* Project object */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = TG0000000000000000000002;
            \t\t\tremoteInfo = Low;
            \t\t};
            /* End PBXContainerItemProxy section */
            """))
        #expect(edited.contains("""
            \t\t\(dependency) /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\ttarget = TG0000000000000000000002 /* Low */;
            \t\t\ttargetProxy = \(proxy) /* PBXContainerItemProxy */;
            \t\t};
            """))
        #expect(edited.contains("\t\t\(link) /* Low.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = FR0000000000000000000001 /* Low.framework */; };"))
        #expect(edited.contains(
            "\t\t\(embed) /* Low.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = FR0000000000000000000001 /* Low.framework */; "
                + "settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };"))
        // Read back: App depends on Low through the proxy, links its product and embeds it in a new copy phase.
        let objects = try objects(edited)
        let app = try #require(objects["TG0000000000000000000001"]?.dictionary)
        #expect(app["dependencies"]?.strings == [dependency])
        #expect(app["buildPhases"]?.strings == ["PH0000000000000000000001", phase])
        #expect(objects["PH0000000000000000000001"]?.dictionary?["files"]?.strings == [link])
        let copy = try #require(objects[phase]?.dictionary)
        #expect(copy["isa"]?.string == "PBXCopyFilesBuildPhase")
        #expect(copy["dstSubfolderSpec"]?.string == "10")
        #expect(copy["name"]?.string == "Embed Frameworks")
        #expect(copy["files"]?.strings == [embed])
        #expect(objects[embed]?.dictionary?["fileRef"]?.string == "FR0000000000000000000001")
        // The same fix writes the same file; a second one finds the dependency there.
        #expect(try ProjectEditor(Self.project).adding(targetDependency: "Low", to: "App") == edited)
        #expect(throws: ManifestRefusal(reason: "target \"App\" already depends on target \"Low\"")) {
            try ProjectEditor(edited).adding(targetDependency: "Low", to: "App")
        }
        // A unit-test bundle links the framework and embeds nothing: the one Embed Frameworks phase stays App's.
        let twice = try ProjectEditor(edited).adding(targetDependency: "Low", to: "AppTests")
        #expect(try self.objects(twice)["PH0000000000000000000002"]?.dictionary?["files"]?.strings.count == 1)
        #expect(twice.components(separatedBy: "/* Embed Frameworks */ = {").count == 2)
    }

    @Test func testsDependOnTheirHostWithoutLinkingIt() throws {
        // A unit-test bundle imports its host application's module: a dependency, nothing linked or embedded.
        let edited = try ProjectEditor(Self.project).adding(targetDependency: "App", to: "AppTests")
        let objects = try objects(edited)
        let tests = try #require(objects["TG0000000000000000000003"]?.dictionary)
        #expect(tests["dependencies"]?.strings.count == 1)
        #expect(objects["PH0000000000000000000002"]?.dictionary?["files"]?.strings == [])
        #expect(!edited.contains("Embed Frameworks"))
    }

    @Test func whatCannotBeLinkedOrWrittenIsRefused() {
        #expect(
            throws: ManifestRefusal(reason: "target \"App\" is not a framework or library that \"Tool\" can link: make the edit the finding says in Xcode")
        ) {
            try ProjectEditor(Self.project).adding(targetDependency: "App", to: "Tool")
        }
        #expect(throws: ManifestRefusal(reason: "the project has 0 targets named \"Missing\"")) {
            try ProjectEditor(Self.project).adding(targetDependency: "Missing", to: "App")
        }
        #expect(throws: ManifestRefusal.self) {
            try ProjectEditor(Self.project).adding(targetDependency: "Low */ evil", to: "App")
        }
    }
}
