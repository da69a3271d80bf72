import Foundation
import ModGraphCore
import Testing
@testable import ModGraphXcode

/// An Xcode 16 project (objectVersion 77) as a new app template grows: an
/// app, a framework, a widget extension and tests, all in synchronised
/// folders, with a remote and a local package.
@Suite("Xcode 16 projects")
struct Xcode16ProjectTests {
    static let text = projectText(
        objectVersion: 77, rootObject: "0A0000000000000000000001",
        objects: """
            /* Begin PBXBuildFile section */
            \t\t3A0000000000000000000001 /* Core.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = 1D0000000000000000000001 /* Core.framework */; };
            \t\t3A0000000000000000000002 /* Core.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = 1D0000000000000000000001 /* Core.framework */; settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };
            \t\t3A0000000000000000000003 /* Widget Extension.appex in Embed Foundation Extensions */ = {isa = PBXBuildFile; fileRef = 1F0000000000000000000001 /* Widget Extension.appex */; platformFilter = ios; settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };
            \t\t3A0000000000000000000004 /* Collections in Frameworks */ = {isa = PBXBuildFile; productRef = 7B0000000000000000000001 /* Collections */; };
            \t\t3A0000000000000000000005 /* Feature in Frameworks */ = {isa = PBXBuildFile; productRef = 7B0000000000000000000002 /* Feature */; };
            \t\t3A0000000000000000000006 /* WidgetKit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = 9A0000000000000000000001 /* WidgetKit.framework */; };
            /* End PBXBuildFile section */

            /* Begin PBXContainerItemProxy section */
            \t\t5A0000000000000000000001 /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = 0A0000000000000000000001 /* Project object */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = 1C0000000000000000000001;
            \t\t\tremoteInfo = Core;
            \t\t};
            \t\t5A0000000000000000000002 /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = 0A0000000000000000000001 /* Project object */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = 1E0000000000000000000001;
            \t\t\tremoteInfo = "Widget Extension";
            \t\t};
            \t\t5A0000000000000000000003 /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = 0A0000000000000000000001 /* Project object */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = 1A0000000000000000000001;
            \t\t\tremoteInfo = App;
            \t\t};
            /* End PBXContainerItemProxy section */

            /* Begin PBXCopyFilesBuildPhase section */
            \t\t4A0000000000000000000004 /* Embed Frameworks */ = {
            \t\t\tisa = PBXCopyFilesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tdstPath = "";
            \t\t\tdstSubfolderSpec = 10;
            \t\t\tfiles = (
            \t\t\t\t3A0000000000000000000002 /* Core.framework in Embed Frameworks */,
            \t\t\t);
            \t\t\tname = "Embed Frameworks";
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            \t\t4A0000000000000000000005 /* Embed Foundation Extensions */ = {
            \t\t\tisa = PBXCopyFilesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tdstPath = "";
            \t\t\tdstSubfolderSpec = 13;
            \t\t\tfiles = (
            \t\t\t\t3A0000000000000000000003 /* Widget Extension.appex in Embed Foundation Extensions */,
            \t\t\t);
            \t\t\tname = "Embed Foundation Extensions";
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXCopyFilesBuildPhase section */

            /* Begin PBXFileReference section */
            \t\t1B0000000000000000000001 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\t1D0000000000000000000001 /* Core.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Core.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\t1F0000000000000000000001 /* Widget Extension.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; includeInIndex = 0; path = "Widget Extension.appex"; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\t2B0000000000000000000001 /* AppTests.xctest */ = {isa = PBXFileReference; explicitFileType = wrapper.cfbundle; includeInIndex = 0; path = AppTests.xctest; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\t9A0000000000000000000001 /* WidgetKit.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = WidgetKit.framework; path = System/Library/Frameworks/WidgetKit.framework; sourceTree = SDKROOT; };
            /* End PBXFileReference section */

            /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
            \t\t6B0000000000000000000001 /* Exceptions for "App" folder in "App" target */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\tInfo.plist,
            \t\t\t\t"Preview Content/Mocks.swift",
            \t\t\t);
            \t\t\ttarget = 1A0000000000000000000001 /* App */;
            \t\t};
            \t\t6B0000000000000000000002 /* Exceptions for "App" folder in "Widget Extension" target */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\tModel/Item.swift,
            \t\t\t);
            \t\t\ttarget = 1E0000000000000000000001 /* Widget Extension */;
            \t\t};
            /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

            /* Begin PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet section */
            \t\t6C0000000000000000000001 /* PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet */ = {
            \t\t\tisa = PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet;
            \t\t\tbuildPhase = 4A0000000000000000000004 /* Embed Frameworks */;
            \t\t\tmembershipExceptions = (
            \t\t\t\tVendor.xcframework,
            \t\t\t);
            \t\t};
            /* End PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet section */

            /* Begin PBXFileSystemSynchronizedRootGroup section */
            \t\t6A0000000000000000000001 /* App */ = {
            \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
            \t\t\texceptions = (
            \t\t\t\t6B0000000000000000000001 /* Exceptions for "App" folder in "App" target */,
            \t\t\t\t6B0000000000000000000002 /* Exceptions for "App" folder in "Widget Extension" target */,
            \t\t\t\t6C0000000000000000000001 /* PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet */,
            \t\t\t);
            \t\t\texplicitFileTypes = {
            \t\t\t};
            \t\t\texplicitFolders = (
            \t\t\t\tResources/Bundled,
            \t\t\t);
            \t\t\tpath = App;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\t6A0000000000000000000002 /* Core */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Core; sourceTree = "<group>"; };
            \t\t6A0000000000000000000003 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Widget; sourceTree = "<group>"; };
            \t\t6A0000000000000000000004 /* AppTests */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = AppTests; sourceTree = "<group>"; };
            /* End PBXFileSystemSynchronizedRootGroup section */

            /* Begin PBXFrameworksBuildPhase section */
            \t\t4A0000000000000000000002 /* Frameworks */ = {
            \t\t\tisa = PBXFrameworksBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\t3A0000000000000000000001 /* Core.framework in Frameworks */,
            \t\t\t\t3A0000000000000000000004 /* Collections in Frameworks */,
            \t\t\t\t3A0000000000000000000005 /* Feature in Frameworks */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            \t\t4A0000000000000000000012 /* Frameworks */ = {
            \t\t\tisa = PBXFrameworksBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\t3A0000000000000000000006 /* WidgetKit.framework in Frameworks */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXFrameworksBuildPhase section */

            /* Begin PBXGroup section */
            \t\t0A0000000000000000000002 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t6A0000000000000000000001 /* App */,
            \t\t\t\t6A0000000000000000000002 /* Core */,
            \t\t\t\t6A0000000000000000000003 /* Widget */,
            \t\t\t\t6A0000000000000000000004 /* AppTests */,
            \t\t\t\t0A0000000000000000000004 /* Frameworks */,
            \t\t\t\t0A0000000000000000000003 /* Products */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\t0A0000000000000000000003 /* Products */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t1B0000000000000000000001 /* App.app */,
            \t\t\t\t1D0000000000000000000001 /* Core.framework */,
            \t\t\t\t1F0000000000000000000001 /* Widget Extension.appex */,
            \t\t\t\t2B0000000000000000000001 /* AppTests.xctest */,
            \t\t\t);
            \t\t\tname = Products;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\t0A0000000000000000000004 /* Frameworks */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\t9A0000000000000000000001 /* WidgetKit.framework */,
            \t\t\t);
            \t\t\tname = Frameworks;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\t1A0000000000000000000001 /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = 8B0000000000000000000002 /* Build configuration list for PBXNativeTarget "App" */;
            \t\t\tbuildPhases = (
            \t\t\t\t4A0000000000000000000001 /* Sources */,
            \t\t\t\t4A0000000000000000000002 /* Frameworks */,
            \t\t\t\t4A0000000000000000000003 /* Resources */,
            \t\t\t\t4A0000000000000000000004 /* Embed Frameworks */,
            \t\t\t\t4A0000000000000000000005 /* Embed Foundation Extensions */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t\t5B0000000000000000000001 /* PBXTargetDependency */,
            \t\t\t\t5B0000000000000000000002 /* PBXTargetDependency */,
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\t6A0000000000000000000001 /* App */,
            \t\t\t);
            \t\t\tname = App;
            \t\t\tpackageProductDependencies = (
            \t\t\t\t7B0000000000000000000001 /* Collections */,
            \t\t\t\t7B0000000000000000000002 /* Feature */,
            \t\t\t);
            \t\t\tproductName = App;
            \t\t\tproductReference = 1B0000000000000000000001 /* App.app */;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\t1C0000000000000000000001 /* Core */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = 8B0000000000000000000003 /* Build configuration list for PBXNativeTarget "Core" */;
            \t\t\tbuildPhases = (
            \t\t\t\t4A0000000000000000000011 /* Sources */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\t6A0000000000000000000002 /* Core */,
            \t\t\t);
            \t\t\tname = Core;
            \t\t\tpackageProductDependencies = (
            \t\t\t);
            \t\t\tproductName = Core;
            \t\t\tproductReference = 1D0000000000000000000001 /* Core.framework */;
            \t\t\tproductType = "com.apple.product-type.framework";
            \t\t};
            \t\t1E0000000000000000000001 /* Widget Extension */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = 8B0000000000000000000004 /* Build configuration list for PBXNativeTarget "Widget Extension" */;
            \t\t\tbuildPhases = (
            \t\t\t\t4A0000000000000000000021 /* Sources */,
            \t\t\t\t4A0000000000000000000012 /* Frameworks */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\t6A0000000000000000000003 /* Widget */,
            \t\t\t);
            \t\t\tname = "Widget Extension";
            \t\t\tproductName = "Widget Extension";
            \t\t\tproductReference = 1F0000000000000000000001 /* Widget Extension.appex */;
            \t\t\tproductType = "com.apple.product-type.app-extension";
            \t\t};
            \t\t2A0000000000000000000001 /* AppTests */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = 8B0000000000000000000005 /* Build configuration list for PBXNativeTarget "AppTests" */;
            \t\t\tbuildPhases = (
            \t\t\t\t4A0000000000000000000031 /* Sources */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t\t5B0000000000000000000003 /* PBXTargetDependency */,
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\t6A0000000000000000000004 /* AppTests */,
            \t\t\t);
            \t\t\tname = AppTests;
            \t\t\tproductName = AppTests;
            \t\t\tproductReference = 2B0000000000000000000001 /* AppTests.xctest */;
            \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\t0A0000000000000000000001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tattributes = {
            \t\t\t\tBuildIndependentTargetsInParallel = 1;
            \t\t\t\tLastSwiftUpdateCheck = 1600;
            \t\t\t\tLastUpgradeCheck = 1600;
            \t\t\t\tTargetAttributes = {
            \t\t\t\t\t1A0000000000000000000001 = {
            \t\t\t\t\t\tCreatedOnToolsVersion = 16.0;
            \t\t\t\t\t};
            \t\t\t\t};
            \t\t\t};
            \t\t\tbuildConfigurationList = 8B0000000000000000000001 /* Build configuration list for PBXProject "App" */;
            \t\t\tdevelopmentRegion = en;
            \t\t\thasScannedForEncodings = 0;
            \t\t\tknownRegions = (
            \t\t\t\ten,
            \t\t\t\tBase,
            \t\t\t);
            \t\t\tmainGroup = 0A0000000000000000000002;
            \t\t\tminimizedProjectReferenceProxies = 1;
            \t\t\tpackageReferences = (
            \t\t\t\t7A0000000000000000000001 /* XCRemoteSwiftPackageReference "swift-collections" */,
            \t\t\t\t7A0000000000000000000002 /* XCLocalSwiftPackageReference "../Packages/Feature" */,
            \t\t\t);
            \t\t\tpreferredProjectObjectVersion = 77;
            \t\t\tproductRefGroup = 0A0000000000000000000003 /* Products */;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\t1A0000000000000000000001 /* App */,
            \t\t\t\t1C0000000000000000000001 /* Core */,
            \t\t\t\t1E0000000000000000000001 /* Widget Extension */,
            \t\t\t\t2A0000000000000000000001 /* AppTests */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXResourcesBuildPhase section */
            \t\t4A0000000000000000000003 /* Resources */ = {
            \t\t\tisa = PBXResourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXResourcesBuildPhase section */

            /* Begin PBXSourcesBuildPhase section */
            \t\t4A0000000000000000000001 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            \t\t4A0000000000000000000011 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (); runOnlyForDeploymentPostprocessing = 0; };
            \t\t4A0000000000000000000021 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (); runOnlyForDeploymentPostprocessing = 0; };
            \t\t4A0000000000000000000031 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (); runOnlyForDeploymentPostprocessing = 0; };
            /* End PBXSourcesBuildPhase section */

            /* Begin PBXTargetDependency section */
            \t\t5B0000000000000000000001 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\ttarget = 1C0000000000000000000001 /* Core */;
            \t\t\ttargetProxy = 5A0000000000000000000001 /* PBXContainerItemProxy */;
            \t\t};
            \t\t5B0000000000000000000002 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\tplatformFilter = ios;
            \t\t\ttarget = 1E0000000000000000000001 /* Widget Extension */;
            \t\t\ttargetProxy = 5A0000000000000000000002 /* PBXContainerItemProxy */;
            \t\t};
            \t\t5B0000000000000000000003 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\ttarget = 1A0000000000000000000001 /* App */;
            \t\t\ttargetProxy = 5A0000000000000000000003 /* PBXContainerItemProxy */;
            \t\t};
            /* End PBXTargetDependency section */

            /* Begin XCBuildConfiguration section */
            \t\t8A0000000000000000000001 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tALWAYS_SEARCH_USER_PATHS = NO;
            \t\t\t\tSWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)";
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t\t8A0000000000000000000002 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tALWAYS_SEARCH_USER_PATHS = NO;
            \t\t\t\tSWIFT_COMPILATION_MODE = wholemodule;
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\t8A0000000000000000000003 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.App;
            \t\t\t\tPRODUCT_MODULE_NAME = AppDebug;
            \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
            \t\t\t};
            \t\t\tname = Debug;
            \t\t};
            \t\t8A0000000000000000000004 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.App;
            \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\t8A0000000000000000000005 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tDEFINES_MODULE = YES;
            \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)";
            \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME:c99extidentifier)";
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\t8A0000000000000000000006 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t\t8A0000000000000000000007 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tBUNDLE_LOADER = "$(TEST_HOST)";
            \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
            \t\t\t\tTEST_HOST = "$(BUILT_PRODUCTS_DIR)/App.app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/App";
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            /* End XCBuildConfiguration section */

            /* Begin XCConfigurationList section */
            \t\t8B0000000000000000000001 /* Build configuration list for PBXProject "App" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\t8A0000000000000000000001 /* Debug */,
            \t\t\t\t8A0000000000000000000002 /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationIsVisible = 0;
            \t\t\tdefaultConfigurationName = Release;
            \t\t};
            \t\t8B0000000000000000000002 /* Build configuration list for PBXNativeTarget "App" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\t8A0000000000000000000003 /* Debug */,
            \t\t\t\t8A0000000000000000000004 /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationIsVisible = 0;
            \t\t\tdefaultConfigurationName = Release;
            \t\t};
            \t\t8B0000000000000000000003 /* Build configuration list for PBXNativeTarget "Core" */ = {isa = XCConfigurationList; buildConfigurations = (8A0000000000000000000005 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
            \t\t8B0000000000000000000004 /* Build configuration list for PBXNativeTarget "Widget Extension" */ = {isa = XCConfigurationList; buildConfigurations = (8A0000000000000000000006 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
            \t\t8B0000000000000000000005 /* Build configuration list for PBXNativeTarget "AppTests" */ = {isa = XCConfigurationList; buildConfigurations = (8A0000000000000000000007 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
            /* End XCConfigurationList section */

            /* Begin XCLocalSwiftPackageReference section */
            \t\t7A0000000000000000000002 /* XCLocalSwiftPackageReference "../Packages/Feature" */ = {
            \t\t\tisa = XCLocalSwiftPackageReference;
            \t\t\trelativePath = ../Packages/Feature;
            \t\t};
            /* End XCLocalSwiftPackageReference section */

            /* Begin XCRemoteSwiftPackageReference section */
            \t\t7A0000000000000000000001 /* XCRemoteSwiftPackageReference "swift-collections" */ = {
            \t\t\tisa = XCRemoteSwiftPackageReference;
            \t\t\trepositoryURL = "https://github.com/apple/swift-collections.git";
            \t\t\trequirement = {
            \t\t\t\tkind = upToNextMajorVersion;
            \t\t\t\tminimumVersion = 1.1.0;
            \t\t\t};
            \t\t};
            /* End XCRemoteSwiftPackageReference section */

            /* Begin XCSwiftPackageProductDependency section */
            \t\t7B0000000000000000000001 /* Collections */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tpackage = 7A0000000000000000000001 /* XCRemoteSwiftPackageReference "swift-collections" */;
            \t\t\tproductName = Collections;
            \t\t};
            \t\t7B0000000000000000000002 /* Feature */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tproductName = Feature;
            \t\t\tpackage = 7A0000000000000000000002 /* XCLocalSwiftPackageReference "../Packages/Feature" */;
            \t\t};
            /* End XCSwiftPackageProductDependency section */
            """)

    static let collections = XcodePackageProduct(
        name: "Collections", isPlugin: false, package: .remote(url: "https://github.com/apple/swift-collections.git"))
    static let feature = XcodePackageProduct(name: "Feature", isPlugin: false, package: .local(path: "../Packages/Feature"))

    @Test func projectLevelFacts() throws {
        let project = try decodeProject(Self.text, at: "Sample/App.xcodeproj")
        #expect(project.name == "App")
        #expect(project.path == "Sample/App.xcodeproj")
        #expect(project.folder == "Sample")
        #expect(project.objectVersion == 77)
        #expect(project.defaultConfiguration == "Release")
        #expect(project.targets.map(\.name) == ["App", "Core", "Widget Extension", "AppTests"])
        #expect(
            project.packageReferences == [
                .remote(url: "https://github.com/apple/swift-collections.git"), .local(path: "../Packages/Feature"),
            ])
        #expect(project.packageReferences.map(\.identity) == [PackageIdentity("swift-collections"), PackageIdentity("feature")])
        #expect(project.subprojects.isEmpty)
        #expect(project.referencedProjects.isEmpty)
        #expect(project.localPackageCandidates.isEmpty)
        #expect(project.warnings.isEmpty)
        #expect(project.resolvedPath("../Packages/Feature") == "Packages/Feature")
    }

    @Test func kindsNamesAndProducts() throws {
        let project = try decodeProject(Self.text)
        let summary = project.targets.map { [$0.name, $0.productName, $0.moduleName, $0.productFileName ?? "-"] }
        #expect(
            summary == [
                ["App", "App", "App", "App.app"],
                ["Core", "Core", "Core", "Core.framework"],
                ["Widget Extension", "Widget Extension", "Widget_Extension", "Widget Extension.appex"],
                ["AppTests", "AppTests", "AppTests", "AppTests.xctest"],
            ])
        #expect(project.targets.map(\.kind) == [.application, .framework, .appExtension, .unitTestBundle])
        #expect(project.targets.map(\.kind.isTest) == [false, false, false, true])
        #expect(project.targets.map(\.kind.isExtension) == [false, false, true, false])
        #expect(project.target(withID: "1C0000000000000000000001")?.name == "Core")
        #expect(project.target(producing: "1D0000000000000000000001")?.name == "Core")
        #expect(project.target(producing: "nope") == nil)
    }

    @Test func appDependenciesEachWithWhereDeclared() throws {
        let app = try target("App", in: try decodeProject(Self.text))
        let core = XcodeDependency.Reference.target(id: "1C0000000000000000000001", name: "Core", project: nil)
        let widget = XcodeDependency.Reference.target(id: "1E0000000000000000000001", name: "Widget Extension", project: nil)
        #expect(
            app.dependencies == [
                XcodeDependency(reference: core, declaration: .targetDependency),
                XcodeDependency(reference: widget, declaration: .targetDependency, platformFilters: ["ios"]),
                XcodeDependency(reference: core, declaration: .linkedLibrary),
                XcodeDependency(reference: .packageProduct(Self.collections), declaration: .linkedLibrary),
                XcodeDependency(reference: .packageProduct(Self.feature), declaration: .linkedLibrary),
                XcodeDependency(reference: core, declaration: .embedded),
                XcodeDependency(reference: widget, declaration: .embedded, platformFilters: ["ios"]),
                XcodeDependency(reference: .packageProduct(Self.collections), declaration: .packageProduct),
                XcodeDependency(reference: .packageProduct(Self.feature), declaration: .packageProduct),
            ])
        #expect(app.dependencyReferences == [core, widget, .packageProduct(Self.collections), .packageProduct(Self.feature)])
    }

    @Test func sdkFrameworksAreNotDependencies() throws {
        let widget = try target("Widget Extension", in: try decodeProject(Self.text))
        #expect(widget.dependencies.isEmpty)
    }

    @Test func testBundleDependsOnItsHost() throws {
        let tests = try target("AppTests", in: try decodeProject(Self.text))
        #expect(tests.dependencyReferences == [.target(id: "1A0000000000000000000001", name: "App", project: nil)])
    }

    @Test func synchronisedFoldersAndTheirExceptions() throws {
        let project = try decodeProject(Self.text)
        let app = try target("App", in: project)
        #expect(app.sources.isEmpty)
        #expect(
            app.synchronizedFolders == [
                XcodeSynchronizedFolder(
                    path: "App", membership: .all(except: ["Info.plist", "Preview Content/Mocks.swift"]),
                    opaqueFolders: ["Resources/Bundled"])
            ])
        // The widget ticks one file of the app's folder: an exception for a target that does not list the folder adds it.
        let widget = try target("Widget Extension", in: project)
        #expect(
            widget.synchronizedFolders == [
                XcodeSynchronizedFolder(path: "Widget", membership: .all(except: [])),
                XcodeSynchronizedFolder(path: "App", membership: .only(["Model/Item.swift"]), opaqueFolders: ["Resources/Bundled"]),
            ])
        #expect(
            try target("Core", in: project).synchronizedFolders == [XcodeSynchronizedFolder(path: "Core", membership: .all(except: []))])
    }

    /// The target's own configuration of the project's default name decides, not Debug.
    @Test func theDefaultConfigurationDecidesNames() throws {
        let app = try target("App", in: try decodeProject(Self.text))
        #expect(app.moduleName == "App")
        let debug = Self.text.replacingOccurrences(
            of: "defaultConfigurationName = Release;\n\t\t};\n\t\t8B0000000000000000000002",
            with: "defaultConfigurationName = Debug;\n\t\t};\n\t\t8B0000000000000000000002")
        let project = try decodeProject(debug)
        #expect(project.defaultConfiguration == "Debug")
        #expect(try target("App", in: project).moduleName == "AppDebug")
        // Core has no Debug configuration: it falls back to its first one.
        #expect(try target("Core", in: project).moduleName == "Core")
    }
}
