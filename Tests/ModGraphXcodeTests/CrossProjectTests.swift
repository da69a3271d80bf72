import Testing
@testable import ModGraphXcode

/// Dependencies that leave the project: a subproject's target and product
/// (through `projectReferences`, `PBXReferenceProxy` and
/// `PBXContainerItemProxy`), a sibling project's target, and a product of
/// the workspace found by file name (an implicit dependency).
@Suite("Dependencies across projects")
struct CrossProjectTests {
    static let app = projectText(
        objectVersion: 56, rootObject: "E10000000000000000000001",
        objects: """
            /* Begin PBXBuildFile section */
            \t\tE20000000000000000000001 /* Core.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = E30000000000000000000005 /* Core.framework */; };
            \t\tE20000000000000000000002 /* Analytics.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = E30000000000000000000007 /* Analytics.framework */; platformFilters = (ios, maccatalyst, ); };
            \t\tE20000000000000000000003 /* Vendor.xcframework in Frameworks */ = {isa = PBXBuildFile; fileRef = E30000000000000000000008 /* Vendor.xcframework */; };
            /* End PBXBuildFile section */

            /* Begin PBXContainerItemProxy section */
            \t\tE60000000000000000000001 /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = E30000000000000000000004 /* Core.xcodeproj */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = F40000000000000000000001;
            \t\t\tremoteInfo = Core;
            \t\t};
            \t\tE60000000000000000000002 /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = E30000000000000000000004 /* Core.xcodeproj */;
            \t\t\tproxyType = 2;
            \t\t\tremoteGlobalIDString = F30000000000000000000001;
            \t\t\tremoteInfo = Core;
            \t\t};
            \t\tE60000000000000000000003 /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = E30000000000000000000006 /* Network.xcodeproj */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = A40000000000000000000001;
            \t\t\tremoteInfo = Network;
            \t\t};
            /* End PBXContainerItemProxy section */

            /* Begin PBXFileReference section */
            \t\tE30000000000000000000001 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tE30000000000000000000004 /* Core.xcodeproj */ = {isa = PBXFileReference; lastKnownFileType = "wrapper.pb-project"; name = Core.xcodeproj; path = ../Core/Core.xcodeproj; sourceTree = "<group>"; };
            \t\tE30000000000000000000006 /* Network.xcodeproj */ = {isa = PBXFileReference; lastKnownFileType = "wrapper.pb-project"; path = Modules/Network/Network.xcodeproj; sourceTree = SOURCE_ROOT; };
            \t\tE30000000000000000000007 /* Analytics.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Analytics.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tE30000000000000000000008 /* Vendor.xcframework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.xcframework; path = Vendor/Vendor.xcframework; sourceTree = "<group>"; };
            /* End PBXFileReference section */

            /* Begin PBXFrameworksBuildPhase section */
            \t\tE70000000000000000000001 /* Frameworks */ = {
            \t\t\tisa = PBXFrameworksBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\tE20000000000000000000001 /* Core.framework in Frameworks */,
            \t\t\t\tE20000000000000000000002 /* Analytics.framework in Frameworks */,
            \t\t\t\tE20000000000000000000003 /* Vendor.xcframework in Frameworks */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXFrameworksBuildPhase section */

            /* Begin PBXGroup section */
            \t\tE90000000000000000000001 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tE90000000000000000000002 /* Subprojects */,
            \t\t\t\tE30000000000000000000006 /* Network.xcodeproj */,
            \t\t\t\tE30000000000000000000008 /* Vendor.xcframework */,
            \t\t\t\tE90000000000000000000004 /* Products */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tE90000000000000000000002 /* Subprojects */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tE30000000000000000000004 /* Core.xcodeproj */,
            \t\t\t);
            \t\t\tname = Subprojects;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tE90000000000000000000003 /* Products */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tE30000000000000000000005 /* Core.framework */,
            \t\t\t);
            \t\t\tname = Products;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tE90000000000000000000004 /* Products */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tE30000000000000000000001 /* App.app */,
            \t\t\t);
            \t\t\tname = Products;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\tE40000000000000000000001 /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t\tE70000000000000000000001 /* Frameworks */,
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t\tE50000000000000000000001 /* PBXTargetDependency */,
            \t\t\t\tE50000000000000000000002 /* PBXTargetDependency */,
            \t\t\t);
            \t\t\tname = App;
            \t\t\tproductName = App;
            \t\t\tproductReference = E30000000000000000000001 /* App.app */;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tE10000000000000000000001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tmainGroup = E90000000000000000000001;
            \t\t\tproductRefGroup = E90000000000000000000004 /* Products */;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectReferences = (
            \t\t\t\t{
            \t\t\t\t\tProductGroup = E90000000000000000000003 /* Products */;
            \t\t\t\t\tProjectRef = E30000000000000000000004 /* Core.xcodeproj */;
            \t\t\t\t},
            \t\t\t);
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\tE40000000000000000000001 /* App */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXReferenceProxy section */
            \t\tE30000000000000000000005 /* Core.framework */ = {
            \t\t\tisa = PBXReferenceProxy;
            \t\t\tfileType = wrapper.framework;
            \t\t\tpath = Core.framework;
            \t\t\tremoteRef = E60000000000000000000002 /* PBXContainerItemProxy */;
            \t\t\tsourceTree = BUILT_PRODUCTS_DIR;
            \t\t};
            /* End PBXReferenceProxy section */

            /* Begin PBXTargetDependency section */
            \t\tE50000000000000000000001 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\tname = Core;
            \t\t\ttargetProxy = E60000000000000000000001 /* PBXContainerItemProxy */;
            \t\t};
            \t\tE50000000000000000000002 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\tname = Network;
            \t\t\ttargetProxy = E60000000000000000000003 /* PBXContainerItemProxy */;
            \t\t};
            /* End PBXTargetDependency section */
            """)

    static let core = projectText(
        objectVersion: 56, rootObject: "F10000000000000000000001",
        objects: """
            /* Begin PBXFileReference section */
            \t\tF30000000000000000000001 /* Core.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Core.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            /* End PBXFileReference section */

            /* Begin PBXNativeTarget section */
            \t\tF40000000000000000000001 /* Core */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tname = Core;
            \t\t\tproductName = Core;
            \t\t\tproductReference = F30000000000000000000001 /* Core.framework */;
            \t\t\tproductType = "com.apple.product-type.framework";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tF10000000000000000000001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tmainGroup = F90000000000000000000001;
            \t\t\ttargets = (
            \t\t\t\tF40000000000000000000001 /* Core */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */
            """)

    @Test func subprojectsAndOtherProjectsAreListed() throws {
        let project = try decodeProject(Self.app, at: "App/App.xcodeproj")
        #expect(project.subprojects == ["../Core/Core.xcodeproj"])
        #expect(project.referencedProjects == ["../Core/Core.xcodeproj", "Modules/Network/Network.xcodeproj"])
        #expect(project.resolvedPath(project.referencedProjects[0]) == "Core/Core.xcodeproj")
        #expect(project.warnings.isEmpty)
    }

    @Test func dependenciesOnOtherProjectsTargetsAndProducts() throws {
        let app = try target("App", in: try decodeProject(Self.app, at: "App/App.xcodeproj"))
        #expect(
            app.dependencies == [
                XcodeDependency(
                    reference: .target(id: "F40000000000000000000001", name: "Core", project: "../Core/Core.xcodeproj"),
                    declaration: .targetDependency),
                XcodeDependency(
                    reference: .target(id: "A40000000000000000000001", name: "Network", project: "Modules/Network/Network.xcodeproj"),
                    declaration: .targetDependency),
                XcodeDependency(
                    reference: .productOfTarget(
                        productReference: "F30000000000000000000001", fileName: "Core.framework", name: "Core",
                        project: "../Core/Core.xcodeproj"),
                    declaration: .linkedLibrary
                ),
                XcodeDependency(
                    reference: .builtProduct(fileName: "Analytics.framework"), declaration: .linkedLibrary,
                    platformFilters: ["ios", "maccatalyst"]),
                // A prebuilt framework of the checkout: the loader keeps it as an external product.
                XcodeDependency(reference: .builtProduct(fileName: "Vendor.xcframework"), declaration: .linkedLibrary),
            ])
    }

    /// What the loader does with a reference proxy: read the other project and find the target making that product.
    @Test func aProductReferenceLeadsToItsTarget() throws {
        let app = try target("App", in: try decodeProject(Self.app, at: "App/App.xcodeproj"))
        let core = try decodeProject(Self.core, at: "Core/Core.xcodeproj")
        guard case let .productOfTarget(productReference, _, _, _) = app.dependencies[2].reference else {
            Issue.record("expected a product of another project's target")
            return
        }
        #expect(core.target(producing: productReference)?.name == "Core")
    }
}
