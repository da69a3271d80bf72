import Foundation
import Testing
@testable import ModGraphFix

/// Removals from a `project.pbxproj` written as Xcode writes one, with the whole result
/// worked out by hand.
@Suite("fix: editing project.pbxproj")
struct ProjectEditorTests {
    /// Target App links package product Kit and framework target Core (built here, embedded).
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \t\tBF0000000000000000000001 /* Kit in Frameworks */ = {isa = PBXBuildFile; productRef = PD0000000000000000000001 /* Kit */; };
        \t\tBF0000000000000000000002 /* Core.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = FR0000000000000000000002 /* Core.framework */; };
        \t\tBF0000000000000000000003 /* Core.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = FR0000000000000000000002 /* Core.framework */; };
        /* End PBXBuildFile section */

        /* Begin PBXContainerItemProxy section */
        \t\tCP0000000000000000000001 /* PBXContainerItemProxy */ = {
        \t\t\tisa = PBXContainerItemProxy;
        \t\t\tcontainerPortal = PR0000000000000000000001 /* Project object */;
        \t\t\tproxyType = 1;
        \t\t\tremoteGlobalIDString = TG0000000000000000000002;
        \t\t\tremoteInfo = Core;
        \t\t};
        /* End PBXContainerItemProxy section */

        /* Begin PBXFileReference section */
        \t\tFR0000000000000000000002 /* Core.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Core.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXFrameworksBuildPhase section */
        \t\tPH0000000000000000000001 /* Frameworks */ = {
        \t\t\tisa = PBXFrameworksBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tBF0000000000000000000001 /* Kit in Frameworks */,
        \t\t\t\tBF0000000000000000000002 /* Core.framework in Frameworks */,
        \t\t\t);
        \t\t};
        \t\tPH0000000000000000000002 /* Embed Frameworks */ = {
        \t\t\tisa = PBXCopyFilesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tBF0000000000000000000003 /* Core.framework in Embed Frameworks */,
        \t\t\t);
        \t\t};
        /* End PBXFrameworksBuildPhase section */

        /* Begin PBXNativeTarget section */
        \t\tTG0000000000000000000001 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tPH0000000000000000000001 /* Frameworks */,
        \t\t\t\tPH0000000000000000000002 /* Embed Frameworks */,
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t\tTD0000000000000000000001 /* PBXTargetDependency */,
        \t\t\t);
        \t\t\tname = App;
        \t\t\tpackageProductDependencies = (
        \t\t\t\tPD0000000000000000000001 /* Kit */,
        \t\t\t);
        \t\t};
        \t\tTG0000000000000000000002 /* Core */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tname = Core;
        \t\t\tproductName = Core;
        \t\t\tproductReference = FR0000000000000000000002 /* Core.framework */;
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXTargetDependency section */
        \t\tTD0000000000000000000001 /* PBXTargetDependency */ = {
        \t\t\tisa = PBXTargetDependency;
        \t\t\ttarget = TG0000000000000000000002 /* Core */;
        \t\t\ttargetProxy = CP0000000000000000000001 /* PBXContainerItemProxy */;
        \t\t};
        /* End PBXTargetDependency section */

        /* Begin XCSwiftPackageProductDependency section */
        \t\tPD0000000000000000000001 /* Kit */ = {
        \t\t\tisa = XCSwiftPackageProductDependency;
        \t\t\tproductName = Kit;
        \t\t};
        /* End XCSwiftPackageProductDependency section */

        \t};
        \trootObject = PR0000000000000000000001 /* Project object */;
        }

        """

    private func without(_ text: String, _ parts: [String]) -> String {
        parts.reduce(text) { result, part in
            #expect(result.contains(part), "\(part)")
            return result.replacingOccurrences(of: part, with: "")
        }
    }

    @Test func aPackageProductGoesWithItsBuildFileAndSection() throws {
        let edited = try ProjectEditor(Self.project).removing("Kit", from: "App")
        #expect(
            edited
                == without(
                    Self.project,
                    [
                        "\t\tBF0000000000000000000001 /* Kit in Frameworks */ = {isa = PBXBuildFile; productRef = PD0000000000000000000001 /* Kit */; };\n",
                        "\t\t\t\tBF0000000000000000000001 /* Kit in Frameworks */,\n",
                        "\t\t\t\tPD0000000000000000000001 /* Kit */,\n",
                        "/* Begin XCSwiftPackageProductDependency section */\n\t\tPD0000000000000000000001 /* Kit */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = Kit;\n\t\t};\n/* End XCSwiftPackageProductDependency section */\n\n",
                    ]))
    }

    /// A target built here: its dependency, the proxy behind it, and the build files that link and embed its product.
    @Test func aTargetDependencyGoesWithItsProxyAndBuildFiles() throws {
        let edited = try ProjectEditor(Self.project).removing("Core", from: "App")
        #expect(
            edited
                == without(
                    Self.project,
                    [
                        "\t\tBF0000000000000000000002 /* Core.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = FR0000000000000000000002 /* Core.framework */; };\n",
                        "\t\tBF0000000000000000000003 /* Core.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = FR0000000000000000000002 /* Core.framework */; };\n",
                        "/* Begin PBXContainerItemProxy section */\n\t\tCP0000000000000000000001 /* PBXContainerItemProxy */ = {\n\t\t\tisa = PBXContainerItemProxy;\n\t\t\tcontainerPortal = PR0000000000000000000001 /* Project object */;\n\t\t\tproxyType = 1;\n\t\t\tremoteGlobalIDString = TG0000000000000000000002;\n\t\t\tremoteInfo = Core;\n\t\t};\n/* End PBXContainerItemProxy section */\n\n",
                        "\t\t\t\tBF0000000000000000000002 /* Core.framework in Frameworks */,\n",
                        "\t\t\t\tBF0000000000000000000003 /* Core.framework in Embed Frameworks */,\n",
                        "\t\t\t\tTD0000000000000000000001 /* PBXTargetDependency */,\n",
                        "/* Begin PBXTargetDependency section */\n\t\tTD0000000000000000000001 /* PBXTargetDependency */ = {\n\t\t\tisa = PBXTargetDependency;\n\t\t\ttarget = TG0000000000000000000002 /* Core */;\n\t\t\ttargetProxy = CP0000000000000000000001 /* PBXContainerItemProxy */;\n\t\t};\n/* End PBXTargetDependency section */\n\n",
                    ]))
    }

    /// A framework linked by file that this project does not build (ownCloud's tests link the SDK project's
    /// `ownCloudUI.framework`): the build files that link and embed it, and the dependency on the other
    /// project's target, written with its `name` and a proxy; the file reference stays, as Xcode leaves it.
    @Test func aFrameworkLinkedByFileGoesWithItsBuildFilesAndOtherProjectsDependency() throws {
        let core = """
            \t\tTG0000000000000000000002 /* Core */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tname = Core;
            \t\t\tproductName = Core;
            \t\t\tproductReference = FR0000000000000000000002 /* Core.framework */;
            \t\t};

            """
        #expect(Self.project.contains(core))
        let byFile = Self.project.replacingOccurrences(of: core, with: "")
            .replacingOccurrences(of: "\t\t\ttarget = TG0000000000000000000002 /* Core */;\n", with: "\t\t\tname = Core;\n")
        let edited = try ProjectEditor(byFile).removing("Core", from: "App")
        #expect(
            edited
                == without(
                    byFile,
                    [
                        "\t\tBF0000000000000000000002 /* Core.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = FR0000000000000000000002 /* Core.framework */; };\n",
                        "\t\tBF0000000000000000000003 /* Core.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = FR0000000000000000000002 /* Core.framework */; };\n",
                        "/* Begin PBXContainerItemProxy section */\n\t\tCP0000000000000000000001 /* PBXContainerItemProxy */ = {\n\t\t\tisa = PBXContainerItemProxy;\n\t\t\tcontainerPortal = PR0000000000000000000001 /* Project object */;\n\t\t\tproxyType = 1;\n\t\t\tremoteGlobalIDString = TG0000000000000000000002;\n\t\t\tremoteInfo = Core;\n\t\t};\n/* End PBXContainerItemProxy section */\n\n",
                        "\t\t\t\tBF0000000000000000000002 /* Core.framework in Frameworks */,\n",
                        "\t\t\t\tBF0000000000000000000003 /* Core.framework in Embed Frameworks */,\n",
                        "\t\t\t\tTD0000000000000000000001 /* PBXTargetDependency */,\n",
                        "/* Begin PBXTargetDependency section */\n\t\tTD0000000000000000000001 /* PBXTargetDependency */ = {\n\t\t\tisa = PBXTargetDependency;\n\t\t\tname = Core;\n\t\t\ttargetProxy = CP0000000000000000000001 /* PBXContainerItemProxy */;\n\t\t};\n/* End PBXTargetDependency section */\n\n",
                    ]))
        #expect(edited.contains("FR0000000000000000000002 /* Core.framework */ = {isa = PBXFileReference;"))
    }

    @Test func whatIsNotThereOrNotInXcodesLayoutIsRefused() throws {
        #expect(throws: ManifestRefusal.self) { try ProjectEditor(Self.project).removing("Nothing", from: "App") }
        #expect(throws: ManifestRefusal.self) { try ProjectEditor(Self.project).removing("Kit", from: "NoSuchTarget") }
        #expect(throws: ManifestRefusal.self) { try ProjectEditor("{ objects = (") }
        // The product dependency written on the target's own line: not Xcode's layout, so not guessed at.
        let squeezed = Self.project.replacingOccurrences(
            of: "\t\t\tpackageProductDependencies = (\n\t\t\t\tPD0000000000000000000001 /* Kit */,\n\t\t\t);",
            with: "\t\t\tpackageProductDependencies = (PD0000000000000000000001);")
        #expect(throws: ManifestRefusal.self) { try ProjectEditor(squeezed).removing("Kit", from: "App") }
    }
}
