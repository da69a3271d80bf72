import Testing
@testable import ModGraphXcode

/// Projects written by generators rather than by Xcode: the same format, with
/// their own ids, ordering and habits.
@Suite("Generated projects")
struct GeneratorStyleTests {
    /// XcodeGen: 24-hex ids of its own, a `path` on every file and group,
    /// settings written in full, local packages as folder references.
    static let xcodeGen = projectText(
        objectVersion: 54, rootObject: "0F6C8B1E5A2D4C3B9E7F1A2D",
        objects: """
            /* Begin PBXBuildFile section */
            \t\t1C9D3E5F7A2B4C6D8E0F1A2B /* HomeView.swift in Sources */ = {isa = PBXBuildFile; fileRef = 7E2B9C4D1F3A5B6C8D0E2F4A /* HomeView.swift */; };
            \t\t2D0E4F6A8B3C5D7E9F1A2B3C /* Networking.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = 8F3C0D5E2A4B6C7D9E1F3A5B /* Networking.framework */; };
            \t\t3E1F5A7B9C4D6E8F0A2B3C4D /* Networking.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = 8F3C0D5E2A4B6C7D9E1F3A5B /* Networking.framework */; settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };
            \t\t4F2A6B8C0D5E7F9A1B3C4D5E /* Client.swift in Sources */ = {isa = PBXBuildFile; fileRef = 9A4D1E6F3B5C7D8E0F2A4B6C /* Client.swift */; };
            \t\t5A3B7C9D1E6F8A0B2C4D5E6F /* DesignSystem in Frameworks */ = {isa = PBXBuildFile; productRef = AB5E2F7A4C6D8E9F1A3B5C7D /* DesignSystem */; };
            /* End PBXBuildFile section */

            /* Begin PBXContainerItemProxy section */
            \t\t6B4C8D0E2F7A9B1C3D5E6F7A /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = 0F6C8B1E5A2D4C3B9E7F1A2D /* Project object */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = BC6F3A8B5D7E9F0A2B4C6D8E;
            \t\t\tremoteInfo = Networking;
            \t\t};
            /* End PBXContainerItemProxy section */

            /* Begin PBXCopyFilesBuildPhase section */
            \t\t7C5D9E1F3A8B0C2D4E6F7A8B /* Embed Frameworks */ = {
            \t\t\tisa = PBXCopyFilesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tdstPath = "";
            \t\t\tdstSubfolderSpec = 10;
            \t\t\tfiles = (
            \t\t\t\t3E1F5A7B9C4D6E8F0A2B3C4D /* Networking.framework in Embed Frameworks */,
            \t\t\t);
            \t\t\tname = "Embed Frameworks";
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXCopyFilesBuildPhase section */

            /* Begin PBXFileReference section */
            \t\t7E2B9C4D1F3A5B6C8D0E2F4A /* HomeView.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = HomeView.swift; sourceTree = "<group>"; };
            \t\t8F3C0D5E2A4B6C7D9E1F3A5B /* Networking.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Networking.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\t9A4D1E6F3B5C7D8E0F2A4B6C /* Client.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Client.swift; sourceTree = "<group>"; };
            \t\tCD7A4B9C6E8F0A1B3C5D7E9F /* DesignSystem */ = {isa = PBXFileReference; lastKnownFileType = folder; name = DesignSystem; path = Packages/DesignSystem; sourceTree = SOURCE_ROOT; };
            \t\tDE8B5C0D7F9A1B2C4D6E8F0A /* Home.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Home.app; sourceTree = BUILT_PRODUCTS_DIR; };
            /* End PBXFileReference section */

            /* Begin PBXFrameworksBuildPhase section */
            \t\tEF9C6D1E8A0B2C3D5E7F9A1B /* Frameworks */ = {
            \t\t\tisa = PBXFrameworksBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\t2D0E4F6A8B3C5D7E9F1A2B3C /* Networking.framework in Frameworks */,
            \t\t\t\t5A3B7C9D1E6F8A0B2C4D5E6F /* DesignSystem in Frameworks */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXFrameworksBuildPhase section */

            /* Begin PBXGroup section */
            \t\t1F0A7B2C9D1E3F4A6B8C0D2E /* Sources */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t2A1B8C3D0E2F4A5B7C9D1E3F /* Home */,
            \t\t\t\t3B2C9D4E1F3A5B6C8D0E2F4A /* Networking */,
            \t\t\t);
            \t\t\tpath = Sources;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\t2A1B8C3D0E2F4A5B7C9D1E3F /* Home */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t7E2B9C4D1F3A5B6C8D0E2F4A /* HomeView.swift */,
            \t\t\t);
            \t\t\tpath = Home;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\t3B2C9D4E1F3A5B6C8D0E2F4A /* Networking */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t9A4D1E6F3B5C7D8E0F2A4B6C /* Client.swift */,
            \t\t\t);
            \t\t\tpath = Networking;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\t4C3D0E5F2A4B6C7D9E1F3A5B = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t5D4E1F6A3B5C7D8E0F2A4B6C /* Packages */,
            \t\t\t\t1F0A7B2C9D1E3F4A6B8C0D2E /* Sources */,
            \t\t\t\t6E5F2A7B4C6D8E9F1A3B5C7D /* Products */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\t5D4E1F6A3B5C7D8E0F2A4B6C /* Packages */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tCD7A4B9C6E8F0A1B3C5D7E9F /* DesignSystem */,
            \t\t\t);
            \t\t\tname = Packages;
            \t\t\tsourceTree = SOURCE_ROOT;
            \t\t};
            \t\t6E5F2A7B4C6D8E9F1A3B5C7D /* Products */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tDE8B5C0D7F9A1B2C4D6E8F0A /* Home.app */,
            \t\t\t\t8F3C0D5E2A4B6C7D9E1F3A5B /* Networking.framework */,
            \t\t\t);
            \t\t\tname = Products;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\tAF0D7E2F9B1C3D4E6F8A0B2C /* Home */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = B01E8F3A0C2D4E5F7A9B1C3D /* Build configuration list for PBXNativeTarget "Home" */;
            \t\t\tbuildPhases = (
            \t\t\t\tC12F9A4B1D3E5F6A8B0C2D4E /* Sources */,
            \t\t\t\tEF9C6D1E8A0B2C3D5E7F9A1B /* Frameworks */,
            \t\t\t\t7C5D9E1F3A8B0C2D4E6F7A8B /* Embed Frameworks */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t\tD23A0B5C2E4F6A7B9C1D3E5F /* PBXTargetDependency */,
            \t\t\t);
            \t\t\tname = Home;
            \t\t\tpackageProductDependencies = (
            \t\t\t\tAB5E2F7A4C6D8E9F1A3B5C7D /* DesignSystem */,
            \t\t\t);
            \t\t\tproductName = Home;
            \t\t\tproductReference = DE8B5C0D7F9A1B2C4D6E8F0A /* Home.app */;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\tBC6F3A8B5D7E9F0A2B4C6D8E /* Networking */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = E34B1C6D3F5A7B8C0D2E4F6A /* Build configuration list for PBXNativeTarget "Networking" */;
            \t\t\tbuildPhases = (
            \t\t\t\tF45C2D7E4A6B8C9D1E3F5A7B /* Sources */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tname = Networking;
            \t\t\tproductName = Networking;
            \t\t\tproductReference = 8F3C0D5E2A4B6C7D9E1F3A5B /* Networking.framework */;
            \t\t\tproductType = "com.apple.product-type.framework";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\t0F6C8B1E5A2D4C3B9E7F1A2D /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tattributes = {
            \t\t\t\tBuildIndependentTargetsInParallel = YES;
            \t\t\t\tLastUpgradeCheck = 1430;
            \t\t\t};
            \t\t\tbuildConfigurationList = 056D3E8F5B7C9D0E2F4A6B8C /* Build configuration list for PBXProject "Home" */;
            \t\t\tcompatibilityVersion = "Xcode 14.0";
            \t\t\tdevelopmentRegion = en;
            \t\t\thasScannedForEncodings = 0;
            \t\t\tknownRegions = (
            \t\t\t\tBase,
            \t\t\t\ten,
            \t\t\t);
            \t\t\tmainGroup = 4C3D0E5F2A4B6C7D9E1F3A5B;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\tAF0D7E2F9B1C3D4E6F8A0B2C /* Home */,
            \t\t\t\tBC6F3A8B5D7E9F0A2B4C6D8E /* Networking */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXSourcesBuildPhase section */
            \t\tC12F9A4B1D3E5F6A8B0C2D4E /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\t1C9D3E5F7A2B4C6D8E0F1A2B /* HomeView.swift in Sources */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            \t\tF45C2D7E4A6B8C9D1E3F5A7B /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\t4F2A6B8C0D5E7F9A1B3C4D5E /* Client.swift in Sources */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXSourcesBuildPhase section */

            /* Begin PBXTargetDependency section */
            \t\tD23A0B5C2E4F6A7B9C1D3E5F /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\ttarget = BC6F3A8B5D7E9F0A2B4C6D8E /* Networking */;
            \t\t\ttargetProxy = 6B4C8D0E2F7A9B1C3D5E6F7A /* PBXContainerItemProxy */;
            \t\t};
            /* End PBXTargetDependency section */

            /* Begin XCBuildConfiguration section */
            \t\t167E4F9A6C8D0E1F3A5B7C9D /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.home;
            \t\t\t\tSDKROOT = iphoneos;
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\t278F5A0B7D9E1F2A4B6C8D0E /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tINFOPLIST_FILE = Sources/Home/Info.plist;
            \t\t\t\tPRODUCT_NAME = Home;
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\t38906B1C8E0F2A3B5C7D9E1F /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tDEFINES_MODULE = YES;
            \t\t\t\tPRODUCT_NAME = Networking;
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            /* End XCBuildConfiguration section */

            /* Begin XCConfigurationList section */
            \t\t056D3E8F5B7C9D0E2F4A6B8C /* Build configuration list for PBXProject "Home" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\t167E4F9A6C8D0E1F3A5B7C9D /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationIsVisible = 0;
            \t\t\tdefaultConfigurationName = Release;
            \t\t};
            \t\tB01E8F3A0C2D4E5F7A9B1C3D /* Build configuration list for PBXNativeTarget "Home" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\t278F5A0B7D9E1F2A4B6C8D0E /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationIsVisible = 0;
            \t\t\tdefaultConfigurationName = "";
            \t\t};
            \t\tE34B1C6D3F5A7B8C0D2E4F6A /* Build configuration list for PBXNativeTarget "Networking" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\t38906B1C8E0F2A3B5C7D9E1F /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationIsVisible = 0;
            \t\t\tdefaultConfigurationName = "";
            \t\t};
            /* End XCConfigurationList section */

            /* Begin XCSwiftPackageProductDependency section */
            \t\tAB5E2F7A4C6D8E9F1A3B5C7D /* DesignSystem */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tproductName = DesignSystem;
            \t\t};
            /* End XCSwiftPackageProductDependency section */
            """)

    @Test func xcodeGenProject() throws {
        let project = try decodeProject(Self.xcodeGen, at: "Home.xcodeproj")
        #expect(project.warnings.isEmpty)
        #expect(project.targets.map(\.name) == ["Home", "Networking"])
        #expect(project.targets.map(\.moduleName) == ["Home", "Networking"])
        #expect(project.targets.map(\.sources) == [["Sources/Home/HomeView.swift"], ["Sources/Networking/Client.swift"]])
        #expect(project.localPackageCandidates == ["Packages/DesignSystem"])
        let networking = XcodeDependency.Reference.target(id: "BC6F3A8B5D7E9F0A2B4C6D8E", name: "Networking", project: nil)
        let designSystem = XcodeDependency.Reference.packageProduct(
            XcodePackageProduct(name: "DesignSystem", isPlugin: false, package: nil))
        #expect(try target("Home", in: project).dependencyReferences == [networking, designSystem])
    }

    /// Tuist: settings split between project and targets with `$(inherited)`,
    /// `PRODUCT_MODULE_NAME` set, `.xcconfig` references, and objects in another order.
    static let tuist = projectText(
        objectVersion: 60, rootObject: "8A3F51D2C6B94E07A1D2C3B4",
        objects: """
            /* Begin PBXProject section */
            \t\t8A3F51D2C6B94E07A1D2C3B4 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tattributes = {
            \t\t\t\tBuildIndependentTargetsInParallel = YES;
            \t\t\t\tORGANIZATIONNAME = Example;
            \t\t\t\tTargetAttributes = {
            \t\t\t\t};
            \t\t\t};
            \t\t\tbuildConfigurationList = 0B7E9F31A2C44D5E8F6A7B8C /* Build configuration list for PBXProject "Features" */;
            \t\t\tcompatibilityVersion = "Xcode 14.0";
            \t\t\tdevelopmentRegion = en;
            \t\t\tmainGroup = 5C1D2E3F4A5B6C7D8E9F0A1B;
            \t\t\tpackageReferences = (
            \t\t\t\t9F8E7D6C5B4A39281706F5E4 /* XCLocalSwiftPackageReference "../../Packages/Analytics" */,
            \t\t\t);
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\tF1E2D3C4B5A6978812345678 /* Home-Feature */,
            \t\t\t\t1234567890ABCDEF12345678 /* HomeFeatureTests */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXNativeTarget section */
            \t\t1234567890ABCDEF12345678 /* HomeFeatureTests */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = 3344556677889900AABBCCDD /* Build configuration list for PBXNativeTarget "HomeFeatureTests" */;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t\tAABBCCDDEEFF001122334455 /* PBXTargetDependency */,
            \t\t\t);
            \t\t\tname = HomeFeatureTests;
            \t\t\tproductName = HomeFeatureTests;
            \t\t\tproductReference = 66778899AABBCCDDEEFF0011 /* HomeFeatureTests.xctest */;
            \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
            \t\t};
            \t\tF1E2D3C4B5A6978812345678 /* Home-Feature */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = 2233445566778899AABBCCDD /* Build configuration list for PBXNativeTarget "Home-Feature" */;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tname = "Home-Feature";
            \t\t\tpackageProductDependencies = (
            \t\t\t\tEEDDCCBBAA99887766554433 /* Analytics */,
            \t\t\t);
            \t\t\tproductName = HomeFeature;
            \t\t\tproductReference = 5566778899AABBCCDDEEFF00 /* HomeFeature.framework */;
            \t\t\tproductType = "com.apple.product-type.framework";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin XCConfigurationList section */
            \t\t0B7E9F31A2C44D5E8F6A7B8C /* Build configuration list for PBXProject "Features" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tA1000000000000000000000A /* Debug */,
            \t\t\t\tA1000000000000000000000B /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationIsVisible = 0;
            \t\t\tdefaultConfigurationName = Release;
            \t\t};
            \t\t2233445566778899AABBCCDD /* Build configuration list for PBXNativeTarget "Home-Feature" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tA2000000000000000000000A /* Debug */,
            \t\t\t\tA2000000000000000000000B /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationIsVisible = 0;
            \t\t\tdefaultConfigurationName = Debug;
            \t\t};
            \t\t3344556677889900AABBCCDD /* Build configuration list for PBXNativeTarget "HomeFeatureTests" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tA3000000000000000000000B /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationIsVisible = 0;
            \t\t\tdefaultConfigurationName = Debug;
            \t\t};
            /* End XCConfigurationList section */

            /* Begin XCBuildConfiguration section */
            \t\tA1000000000000000000000A /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {MODULE_SUFFIX = Debug; }; name = Debug; };
            \t\tA1000000000000000000000B /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbaseConfigurationReference = 4455667788990011AABBCCDD /* Project.xcconfig */;
            \t\t\tbuildSettings = {
            \t\t\t\tMODULE_PREFIX = "";
            \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\tA2000000000000000000000A /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_MODULE_NAME = "HomeFeature$(MODULE_SUFFIX)"; PRODUCT_NAME = HomeFeature; }; name = Debug; };
            \t\tA2000000000000000000000B /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tOTHER_LDFLAGS = (
            \t\t\t\t\t"$(inherited)",
            \t\t\t\t\t"-ObjC",
            \t\t\t\t);
            \t\t\t\tPRODUCT_MODULE_NAME = "$(MODULE_PREFIX)HomeFeature";
            \t\t\t\tPRODUCT_NAME = HomeFeature;
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\tA3000000000000000000000B /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tPRODUCT_NAME = "$(inherited)";
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            /* End XCBuildConfiguration section */

            /* Begin PBXTargetDependency section */
            \t\tAABBCCDDEEFF001122334455 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\tname = "Home-Feature";
            \t\t\ttarget = F1E2D3C4B5A6978812345678 /* Home-Feature */;
            \t\t\ttargetProxy = 99887766554433221100FFEE /* PBXContainerItemProxy */;
            \t\t};
            /* End PBXTargetDependency section */

            /* Begin PBXFileReference section */
            \t\t4455667788990011AABBCCDD /* Project.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Project.xcconfig; sourceTree = "<group>"; };
            \t\t5566778899AABBCCDDEEFF00 /* HomeFeature.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = HomeFeature.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\t66778899AABBCCDDEEFF0011 /* HomeFeatureTests.xctest */ = {isa = PBXFileReference; explicitFileType = wrapper.cfbundle; includeInIndex = 0; path = HomeFeatureTests.xctest; sourceTree = BUILT_PRODUCTS_DIR; };
            /* End PBXFileReference section */

            /* Begin XCLocalSwiftPackageReference section */
            \t\t9F8E7D6C5B4A39281706F5E4 /* XCLocalSwiftPackageReference "../../Packages/Analytics" */ = {
            \t\t\tisa = XCLocalSwiftPackageReference;
            \t\t\trelativePath = ../../Packages/Analytics;
            \t\t};
            /* End XCLocalSwiftPackageReference section */

            /* Begin XCSwiftPackageProductDependency section */
            \t\tEEDDCCBBAA99887766554433 /* Analytics */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tpackage = 9F8E7D6C5B4A39281706F5E4 /* XCLocalSwiftPackageReference "../../Packages/Analytics" */;
            \t\t\tproductName = Analytics;
            \t\t};
            /* End XCSwiftPackageProductDependency section */
            """)

    @Test func tuistProject() throws {
        let project = try decodeProject(Self.tuist, at: "Projects/Features/Features.xcodeproj")
        #expect(project.warnings.isEmpty)
        // The project's default (Release) decides, not the targets' own default (Debug).
        #expect(project.defaultConfiguration == "Release")
        #expect(project.targets.map(\.name) == ["Home-Feature", "HomeFeatureTests"])
        #expect(project.targets.map(\.productName) == ["HomeFeature", "HomeFeatureTests"])
        #expect(project.targets.map(\.moduleName) == ["HomeFeature", "HomeFeatureTests"])
        #expect(project.targets.map(\.productFileName) == ["HomeFeature.framework", "HomeFeatureTests.xctest"])
        #expect(project.packageReferences == [.local(path: "../../Packages/Analytics")])
        #expect(project.resolvedPath("../../Packages/Analytics") == "Packages/Analytics")
        let analytics = XcodePackageProduct(name: "Analytics", isPlugin: false, package: .local(path: "../../Packages/Analytics"))
        #expect(try target("Home-Feature", in: project).dependencyReferences == [.packageProduct(analytics)])
        // A `target` wins over a proxy that does not exist.
        #expect(
            try target("HomeFeatureTests", in: project).dependencyReferences == [
                .target(id: "F1E2D3C4B5A6978812345678", name: "Home-Feature", project: nil)
            ])
    }

    /// SwiftPM's old `generate-xcodeproj`: `OBJ_n` ids, no comments, everything quoted.
    @Test func swiftPMGeneratedProject() throws {
        let text = """
            // !$*UTF8*$!
            {
               "archiveVersion" = "1";
               "classes" = {};
               "objectVersion" = "46";
               "objects" = {
                  "OBJ_1" = {
                     "isa" = "PBXProject";
                     "mainGroup" = "OBJ_5";
                     "targets" = ("Tool::Tool", "Tool::ToolKit");
                  };
                  "OBJ_5" = {"isa" = "PBXGroup"; "children" = ("OBJ_9"); "path" = ""; "sourceTree" = "<group>";};
                  "OBJ_9" = {"isa" = "PBXGroup"; "children" = ("OBJ_10"); "name" = "Sources"; "path" = "Sources/ToolKit"; "sourceTree" = "SOURCE_ROOT";};
                  "OBJ_10" = {"isa" = "PBXFileReference"; "path" = "Kit.swift"; "sourceTree" = "<group>";};
                  "OBJ_20" = {"isa" = "PBXBuildFile"; "fileRef" = "OBJ_10";};
                  "OBJ_21" = {"isa" = "PBXSourcesBuildPhase"; "files" = ("OBJ_20");};
                  "OBJ_30" = {"isa" = "PBXFileReference"; "path" = "ToolKit.framework"; "sourceTree" = "BUILT_PRODUCTS_DIR";};
                  "OBJ_31" = {"isa" = "PBXBuildFile"; "fileRef" = "OBJ_30";};
                  "OBJ_32" = {"isa" = "PBXFrameworksBuildPhase"; "files" = ("OBJ_31");};
                  "OBJ_40" = {"isa" = "PBXTargetDependency"; "target" = "Tool::ToolKit";};
                  "Tool::Tool" = {"isa" = "PBXNativeTarget"; "name" = "Tool"; "buildPhases" = ("OBJ_32"); "dependencies" = ("OBJ_40"); "productType" = "com.apple.product-type.tool";};
                  "Tool::ToolKit" = {"isa" = "PBXNativeTarget"; "name" = "ToolKit"; "buildPhases" = ("OBJ_21"); "productReference" = "OBJ_30"; "productType" = "com.apple.product-type.framework";};
               };
               "rootObject" = "OBJ_1";
            }
            """
        let project = try decodeProject(text, at: "Tool.xcodeproj")
        #expect(project.targets.map(\.kind) == [.commandLineTool, .framework])
        #expect(try target("ToolKit", in: project).sources == ["Sources/ToolKit/Kit.swift"])
        let toolKit = XcodeDependency.Reference.target(id: "Tool::ToolKit", name: "ToolKit", project: nil)
        #expect(
            try target("Tool", in: project).dependencies == [
                XcodeDependency(reference: toolKit, declaration: .targetDependency),
                XcodeDependency(reference: toolKit, declaration: .linkedLibrary),
            ])
    }
}
