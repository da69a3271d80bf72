import Foundation
import Testing
@testable import ModGraphXcode

/// Projects in the formats before synchronised folders: an Xcode 8-era
/// project (objectVersion 46) whose files are listed one by one in nested
/// groups, and an Xcode 13 project (55) with a local package added as a
/// folder reference.
@Suite("Classic projects")
struct ClassicProjectTests {
    static let xcode8 = projectText(
        objectVersion: 46, rootObject: "C10000000000000000000001",
        objects: """
            /* Begin PBXAggregateTarget section */
            \t\tC40000000000000000000009 /* Lint */ = {
            \t\t\tisa = PBXAggregateTarget;
            \t\t\tbuildConfigurationList = C80000000000000000000009 /* Build configuration list for PBXAggregateTarget "Lint" */;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t\tC50000000000000000000003 /* PBXTargetDependency */,
            \t\t\t);
            \t\t\tname = Lint;
            \t\t\tproductName = Lint;
            \t\t};
            /* End PBXAggregateTarget section */

            /* Begin PBXBuildFile section */
            \t\tC20000000000000000000001 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000001 /* AppDelegate.swift */; };
            \t\tC20000000000000000000002 /* ViewController.swift in Sources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000002 /* ViewController.swift */; };
            \t\tC20000000000000000000003 /* Item.swift in Sources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000003 /* Item.swift */; };
            \t\tC20000000000000000000004 /* Log.swift in Sources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000004 /* Log.swift */; };
            \t\tC20000000000000000000005 /* Generated.swift in Sources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000005 /* Generated.swift */; };
            \t\tC20000000000000000000006 /* Strings.swift in Sources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000006 /* Strings.swift */; };
            \t\tC20000000000000000000007 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000007 /* Main.storyboard */; };
            \t\tC20000000000000000000008 /* Kit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = C30000000000000000000011 /* KitFramework.framework */; };
            \t\tC20000000000000000000009 /* Kit.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = C30000000000000000000011 /* KitFramework.framework */; settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };
            \t\tC20000000000000000000010 /* Kit.swift in Sources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000008 /* Kit.swift */; };
            \t\tC20000000000000000000011 /* libUtilities.a in Frameworks */ = {isa = PBXBuildFile; fileRef = C30000000000000000000012 /* libUtilities.a */; };
            \t\tC20000000000000000000012 /* Tool.swift in Sources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000009 /* Tool.swift */; };
            \t\tC20000000000000000000013 /* Localizable.strings in Resources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000020 /* Localizable.strings */; };
            \t\tC20000000000000000000014 /* Model.xcdatamodeld in Sources */ = {isa = PBXBuildFile; fileRef = C30000000000000000000030 /* Model.xcdatamodeld */; };
            /* End PBXBuildFile section */

            /* Begin PBXContainerItemProxy section */
            \t\tC60000000000000000000001 /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = C10000000000000000000001 /* Project object */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = C40000000000000000000002;
            \t\t\tremoteInfo = Kit;
            \t\t};
            \t\tC60000000000000000000003 /* PBXContainerItemProxy */ = {
            \t\t\tisa = PBXContainerItemProxy;
            \t\t\tcontainerPortal = C10000000000000000000001 /* Project object */;
            \t\t\tproxyType = 1;
            \t\t\tremoteGlobalIDString = C40000000000000000000001;
            \t\t\tremoteInfo = App;
            \t\t};
            /* End PBXContainerItemProxy section */

            /* Begin PBXCopyFilesBuildPhase section */
            \t\tC70000000000000000000004 /* Embed Frameworks */ = {
            \t\t\tisa = PBXCopyFilesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tdstPath = "";
            \t\t\tdstSubfolderSpec = 10;
            \t\t\tfiles = (
            \t\t\t\tC20000000000000000000009 /* Kit.framework in Embed Frameworks */,
            \t\t\t);
            \t\t\tname = "Embed Frameworks";
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXCopyFilesBuildPhase section */

            /* Begin PBXFileReference section */
            \t\tC30000000000000000000001 /* AppDelegate.swift */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
            \t\tC30000000000000000000002 /* ViewController.swift */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.swift; path = ViewController.swift; sourceTree = "<group>"; };
            \t\tC30000000000000000000003 /* Item.swift */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.swift; path = Item.swift; sourceTree = "<group>"; };
            \t\tC30000000000000000000004 /* Log.swift */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.swift; name = Log.swift; path = Shared/Log.swift; sourceTree = SOURCE_ROOT; };
            \t\tC30000000000000000000005 /* Generated.swift */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.swift; path = /opt/generated/Generated.swift; sourceTree = "<absolute>"; };
            \t\tC30000000000000000000006 /* Strings.swift */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.swift; path = Strings.swift; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tC30000000000000000000007 /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
            \t\tC30000000000000000000008 /* Kit.swift */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.swift; path = Kit.swift; sourceTree = "<group>"; };
            \t\tC30000000000000000000009 /* Tool.swift */ = {isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = sourcecode.swift; path = Tool.swift; sourceTree = DEVELOPER_DIR; };
            \t\tC30000000000000000000010 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tC30000000000000000000011 /* KitFramework.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = KitFramework.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tC30000000000000000000012 /* libUtilities.a */ = {isa = PBXFileReference; explicitFileType = archive.ar; includeInIndex = 0; path = libUtilities.a; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tC30000000000000000000021 /* en */ = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = en; path = en.lproj/Localizable.strings; sourceTree = "<group>"; };
            /* End PBXFileReference section */

            /* Begin PBXFrameworksBuildPhase section */
            \t\tC70000000000000000000002 /* Frameworks */ = {
            \t\t\tisa = PBXFrameworksBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\tC20000000000000000000008 /* Kit.framework in Frameworks */,
            \t\t\t\tC20000000000000000000011 /* libUtilities.a in Frameworks */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXFrameworksBuildPhase section */

            /* Begin PBXGroup section */
            \t\tC90000000000000000000001 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tC90000000000000000000002 /* App */,
            \t\t\t\tC90000000000000000000005 /* Kit */,
            \t\t\t\tC30000000000000000000004 /* Log.swift */,
            \t\t\t\tC30000000000000000000005 /* Generated.swift */,
            \t\t\t\tC90000000000000000000004 /* Products */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tC90000000000000000000002 /* App */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tC30000000000000000000001 /* AppDelegate.swift */,
            \t\t\t\tC90000000000000000000006 /* Screens */,
            \t\t\t\tC90000000000000000000003 /* Models */,
            \t\t\t\tC30000000000000000000020 /* Localizable.strings */,
            \t\t\t\tC30000000000000000000007 /* Main.storyboard */,
            \t\t\t\tC30000000000000000000030 /* Model.xcdatamodeld */,
            \t\t\t);
            \t\t\tpath = App;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tC90000000000000000000003 /* Models */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tC30000000000000000000003 /* Item.swift */,
            \t\t\t);
            \t\t\tpath = Models;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tC90000000000000000000004 /* Products */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tC30000000000000000000010 /* App.app */,
            \t\t\t\tC30000000000000000000011 /* KitFramework.framework */,
            \t\t\t\tC30000000000000000000012 /* libUtilities.a */,
            \t\t\t);
            \t\t\tname = Products;
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tC90000000000000000000005 /* Kit */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tC30000000000000000000008 /* Kit.swift */,
            \t\t\t\tC30000000000000000000009 /* Tool.swift */,
            \t\t\t\tC30000000000000000000006 /* Strings.swift */,
            \t\t\t);
            \t\t\tpath = Sources/Kit;
            \t\t\tsourceTree = SOURCE_ROOT;
            \t\t};
            \t\tC90000000000000000000006 /* Screens */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tC30000000000000000000002 /* ViewController.swift */,
            \t\t\t);
            \t\t\tname = Screens;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXLegacyTarget section */
            \t\tC40000000000000000000010 /* Make */ = {
            \t\t\tisa = PBXLegacyTarget;
            \t\t\tbuildArgumentsString = "$(ACTION)";
            \t\t\tbuildConfigurationList = C80000000000000000000010 /* Build configuration list for PBXLegacyTarget "Make" */;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tbuildToolPath = /usr/bin/make;
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tname = Make;
            \t\t\tpassBuildSettingsInEnvironment = 1;
            \t\t\tproductName = Make;
            \t\t};
            /* End PBXLegacyTarget section */

            /* Begin PBXNativeTarget section */
            \t\tC40000000000000000000001 /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = C80000000000000000000002 /* Build configuration list for PBXNativeTarget "App" */;
            \t\t\tbuildPhases = (
            \t\t\t\tC70000000000000000000001 /* Sources */,
            \t\t\t\tC70000000000000000000002 /* Frameworks */,
            \t\t\t\tC70000000000000000000003 /* Resources */,
            \t\t\t\tC70000000000000000000004 /* Embed Frameworks */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t\tC50000000000000000000001 /* PBXTargetDependency */,
            \t\t\t);
            \t\t\tname = App;
            \t\t\tproductName = App;
            \t\t\tproductReference = C30000000000000000000010 /* App.app */;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\tC40000000000000000000002 /* Kit */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = C80000000000000000000003 /* Build configuration list for PBXNativeTarget "Kit" */;
            \t\t\tbuildPhases = (
            \t\t\t\tC70000000000000000000006 /* Lint */,
            \t\t\t\tC70000000000000000000005 /* Sources */,
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tname = Kit;
            \t\t\tproductName = Kit;
            \t\t\tproductReference = C30000000000000000000011 /* KitFramework.framework */;
            \t\t\tproductType = "com.apple.product-type.framework";
            \t\t};
            \t\tC40000000000000000000003 /* Utilities */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = C80000000000000000000004 /* Build configuration list for PBXNativeTarget "Utilities" */;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tbuildRules = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tname = Utilities;
            \t\t\tproductName = Utilities;
            \t\t\tproductReference = C30000000000000000000012 /* libUtilities.a */;
            \t\t\tproductType = "com.apple.product-type.library.static";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tC10000000000000000000001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tattributes = {
            \t\t\t\tLastSwiftUpdateCheck = 0800;
            \t\t\t\tLastUpgradeCheck = 0800;
            \t\t\t\tORGANIZATIONNAME = Example;
            \t\t\t};
            \t\t\tbuildConfigurationList = C80000000000000000000001 /* Build configuration list for PBXProject "Classic" */;
            \t\t\tcompatibilityVersion = "Xcode 3.2";
            \t\t\tdevelopmentRegion = English;
            \t\t\thasScannedForEncodings = 0;
            \t\t\tknownRegions = (
            \t\t\t\ten,
            \t\t\t\tBase,
            \t\t\t);
            \t\t\tmainGroup = C90000000000000000000001;
            \t\t\tproductRefGroup = C90000000000000000000004 /* Products */;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\tC40000000000000000000001 /* App */,
            \t\t\t\tC40000000000000000000002 /* Kit */,
            \t\t\t\tC40000000000000000000003 /* Utilities */,
            \t\t\t\tC40000000000000000000009 /* Lint */,
            \t\t\t\tC40000000000000000000010 /* Make */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXResourcesBuildPhase section */
            \t\tC70000000000000000000003 /* Resources */ = {
            \t\t\tisa = PBXResourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\tC20000000000000000000007 /* Main.storyboard in Resources */,
            \t\t\t\tC20000000000000000000013 /* Localizable.strings in Resources */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXResourcesBuildPhase section */

            /* Begin PBXSourcesBuildPhase section */
            \t\tC70000000000000000000001 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\tC20000000000000000000002 /* ViewController.swift in Sources */,
            \t\t\t\tC20000000000000000000001 /* AppDelegate.swift in Sources */,
            \t\t\t\tC20000000000000000000003 /* Item.swift in Sources */,
            \t\t\t\tC20000000000000000000004 /* Log.swift in Sources */,
            \t\t\t\tC20000000000000000000005 /* Generated.swift in Sources */,
            \t\t\t\tC20000000000000000000006 /* Strings.swift in Sources */,
            \t\t\t\tC20000000000000000000014 /* Model.xcdatamodeld in Sources */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            \t\tC70000000000000000000005 /* Sources */ = {
            \t\t\tisa = PBXSourcesBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t\tC20000000000000000000010 /* Kit.swift in Sources */,
            \t\t\t\tC20000000000000000000012 /* Tool.swift in Sources */,
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t};
            /* End PBXSourcesBuildPhase section */

            /* Begin PBXTargetDependency section */
            \t\tC50000000000000000000001 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\ttarget = C40000000000000000000002 /* Kit */;
            \t\t\ttargetProxy = C60000000000000000000001 /* PBXContainerItemProxy */;
            \t\t};
            \t\tC50000000000000000000003 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\ttargetProxy = C60000000000000000000003 /* PBXContainerItemProxy */;
            \t\t};
            /* End PBXTargetDependency section */

            /* Begin PBXVariantGroup section */
            \t\tC30000000000000000000020 /* Localizable.strings */ = {
            \t\t\tisa = PBXVariantGroup;
            \t\t\tchildren = (
            \t\t\t\tC30000000000000000000021 /* en */,
            \t\t\t);
            \t\t\tname = Localizable.strings;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXVariantGroup section */

            /* Begin PBXShellScriptBuildPhase section */
            \t\tC70000000000000000000006 /* Lint */ = {
            \t\t\tisa = PBXShellScriptBuildPhase;
            \t\t\tbuildActionMask = 2147483647;
            \t\t\tfiles = (
            \t\t\t);
            \t\t\tinputPaths = (
            \t\t\t);
            \t\t\tname = Lint;
            \t\t\toutputPaths = (
            \t\t\t);
            \t\t\trunOnlyForDeploymentPostprocessing = 0;
            \t\t\tshellPath = /bin/sh;
            \t\t\tshellScript = "swiftlint lint --strict\\n";
            \t\t};
            /* End PBXShellScriptBuildPhase section */

            /* Begin XCVersionGroup section */
            \t\tC30000000000000000000030 /* Model.xcdatamodeld */ = {
            \t\t\tisa = XCVersionGroup;
            \t\t\tchildren = (
            \t\t\t\tC30000000000000000000031 /* Model.xcdatamodel */,
            \t\t\t);
            \t\t\tcurrentVersion = C30000000000000000000031 /* Model.xcdatamodel */;
            \t\t\tpath = Model.xcdatamodeld;
            \t\t\tsourceTree = "<group>";
            \t\t\tversionGroupType = wrapper.xcdatamodel;
            \t\t};
            /* End XCVersionGroup section */

            /* Begin XCBuildConfiguration section */
            \t\tCA0000000000000000000001 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Debug; };
            \t\tCA0000000000000000000002 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; VALIDATE_PRODUCT = YES; }; name = Release; };
            \t\tCA0000000000000000000003 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Debug; };
            \t\tCA0000000000000000000004 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Release; };
            \t\tCA0000000000000000000005 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = KitFramework; }; name = Debug; };
            \t\tCA0000000000000000000006 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = KitFramework; }; name = Release; };
            \t\tCA0000000000000000000007 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Release; };
            \t\tCA0000000000000000000009 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Release; };
            \t\tCA0000000000000000000010 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; }; name = Release; };
            /* End XCBuildConfiguration section */

            /* Begin XCConfigurationList section */
            \t\tC80000000000000000000001 /* Build configuration list for PBXProject "Classic" */ = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\tCA0000000000000000000001 /* Debug */,
            \t\t\t\tCA0000000000000000000002 /* Release */,
            \t\t\t);
            \t\t\tdefaultConfigurationIsVisible = 0;
            \t\t\tdefaultConfigurationName = Release;
            \t\t};
            \t\tC80000000000000000000002 /* Build configuration list for PBXNativeTarget "App" */ = {isa = XCConfigurationList; buildConfigurations = (CA0000000000000000000003 /* Debug */, CA0000000000000000000004 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
            \t\tC80000000000000000000003 /* Build configuration list for PBXNativeTarget "Kit" */ = {isa = XCConfigurationList; buildConfigurations = (CA0000000000000000000005 /* Debug */, CA0000000000000000000006 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
            \t\tC80000000000000000000004 /* Build configuration list for PBXNativeTarget "Utilities" */ = {isa = XCConfigurationList; buildConfigurations = (CA0000000000000000000007 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
            \t\tC80000000000000000000009 /* Build configuration list for PBXAggregateTarget "Lint" */ = {isa = XCConfigurationList; buildConfigurations = (CA0000000000000000000009 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
            \t\tC80000000000000000000010 /* Build configuration list for PBXLegacyTarget "Make" */ = {isa = XCConfigurationList; buildConfigurations = (CA0000000000000000000010 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
            /* End XCConfigurationList section */
            """)

    @Test func targetsOfEveryObjectKind() throws {
        let project = try decodeProject(Self.xcode8, at: "Classic.xcodeproj")
        #expect(project.objectVersion == 46)
        #expect(project.name == "Classic")
        #expect(project.folder == "")
        #expect(project.warnings.isEmpty)
        #expect(project.targets.map(\.name) == ["App", "Kit", "Utilities", "Lint", "Make"])
        #expect(project.targets.map(\.kind) == [.application, .framework, .staticLibrary, .aggregate, .legacy])
        #expect(project.targets.map(\.productFileName) == ["App.app", "KitFramework.framework", "libUtilities.a", nil, nil])
        #expect(project.targets.map(\.moduleName) == ["App", "KitFramework", "Utilities", "Lint", "Make"])
    }

    /// Group paths nest; `name`-only groups add nothing; SOURCE_ROOT and
    /// absolute paths start afresh; build-time folders are not sources.
    @Test func sourcesFollowTheGroupChain() throws {
        let project = try decodeProject(Self.xcode8, at: "Classic.xcodeproj")
        let app = try target("App", in: project)
        #expect(
            app.sources == [
                "App/ViewController.swift",
                "App/AppDelegate.swift",
                "App/Models/Item.swift",
                "Shared/Log.swift",
                "/opt/generated/Generated.swift",
                "App/Model.xcdatamodeld",
            ])
        #expect(try target("Kit", in: project).sources == ["Sources/Kit/Kit.swift"])
        #expect(app.synchronizedFolders.isEmpty)
    }

    /// *Copy Bundle Resources*: a storyboard, and a localised file as each of its localisations.
    @Test func resourcesAreTheFilesOfTheOtherPhases() throws {
        let project = try decodeProject(Self.xcode8, at: "Classic.xcodeproj")
        #expect(try target("App", in: project).resources == ["App/Base.lproj/Main.storyboard", "App/en.lproj/Localizable.strings"])
        #expect(try target("Kit", in: project).resources == [])
    }

    @Test func productsOfTargetsHereAreTargetDependencies() throws {
        let project = try decodeProject(Self.xcode8, at: "Classic.xcodeproj")
        let kit = XcodeDependency.Reference.target(id: "C40000000000000000000002", name: "Kit", project: nil)
        let utilities = XcodeDependency.Reference.target(id: "C40000000000000000000003", name: "Utilities", project: nil)
        #expect(
            try target("App", in: project).dependencies == [
                XcodeDependency(reference: kit, declaration: .targetDependency),
                XcodeDependency(reference: kit, declaration: .linkedLibrary),
                XcodeDependency(reference: utilities, declaration: .linkedLibrary),
                XcodeDependency(reference: kit, declaration: .embedded),
            ])
        // Lint's dependency has no `target`, only a proxy into this project.
        #expect(
            try target("Lint", in: project).dependencyReferences == [.target(id: "C40000000000000000000001", name: "App", project: nil)])
    }

    @Test func withoutADefaultConfigurationTheFirstIsUsed() throws {
        let text = Self.xcode8.replacingOccurrences(
            of: "\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n", with: "")
        let project = try decodeProject(text, at: "Classic.xcodeproj")
        #expect(project.defaultConfiguration == "Debug")
        #expect(try target("Kit", in: project).moduleName == "KitFramework")
        #expect(try target("Utilities", in: project).moduleName == "Utilities")
    }

    @Test func withoutAnyConfigurationReleaseIsAssumed() throws {
        let text = Self.xcode8.replacingOccurrences(
            of: "buildConfigurationList = C80000000000000000000001 /* Build configuration list for PBXProject \"Classic\" */;", with: "")
        let project = try decodeProject(text, at: "Classic.xcodeproj")
        #expect(project.defaultConfiguration == "Release")
    }

    /// Before Xcode 15 a local package was a folder reference, and its products name no package.
    static let xcode13 = projectText(
        objectVersion: 55, rootObject: "D10000000000000000000001",
        objects: """
            /* Begin PBXBuildFile section */
            \t\tD20000000000000000000001 /* Feature in Frameworks */ = {isa = PBXBuildFile; productRef = D70000000000000000000001 /* Feature */; };
            \t\tD20000000000000000000002 /* Lint in Frameworks */ = {isa = PBXBuildFile; productRef = D70000000000000000000002 /* Lint */; };
            /* End PBXBuildFile section */

            /* Begin PBXFileReference section */
            \t\tD30000000000000000000001 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tD30000000000000000000002 /* Feature */ = {isa = PBXFileReference; lastKnownFileType = folder; name = Feature; path = ../Packages/Feature; sourceTree = "<group>"; };
            \t\tD30000000000000000000003 /* Assets */ = {isa = PBXFileReference; lastKnownFileType = folder; path = Assets; sourceTree = "<group>"; };
            \t\tD30000000000000000000004 /* Tools */ = {isa = PBXFileReference; lastKnownFileType = wrapper; path = Tools; sourceTree = SOURCE_ROOT; };
            /* End PBXFileReference section */

            /* Begin PBXFrameworksBuildPhase section */
            \t\tD40000000000000000000001 /* Frameworks */ = {isa = PBXFrameworksBuildPhase; buildActionMask = 2147483647; files = (D20000000000000000000001 /* Feature in Frameworks */, ); runOnlyForDeploymentPostprocessing = 0; };
            /* End PBXFrameworksBuildPhase section */

            /* Begin PBXGroup section */
            \t\tD90000000000000000000001 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tD90000000000000000000002 /* Packages */,
            \t\t\t\tD30000000000000000000003 /* Assets */,
            \t\t\t\tD30000000000000000000004 /* Tools */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tD90000000000000000000002 /* Packages */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tD30000000000000000000002 /* Feature */,
            \t\t\t);
            \t\t\tname = Packages;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\tD50000000000000000000001 /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t\tD40000000000000000000001 /* Frameworks */,
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t\tD60000000000000000000001 /* PBXTargetDependency */,
            \t\t\t);
            \t\t\tname = App;
            \t\t\tpackageProductDependencies = (
            \t\t\t\tD70000000000000000000001 /* Feature */,
            \t\t\t);
            \t\t\tproductName = App;
            \t\t\tproductReference = D30000000000000000000001 /* App.app */;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tD10000000000000000000001 /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tmainGroup = D90000000000000000000001;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\tD50000000000000000000001 /* App */,
            \t\t\t);
            \t\t};
            /* End PBXProject section */

            /* Begin PBXTargetDependency section */
            \t\tD60000000000000000000001 /* PBXTargetDependency */ = {
            \t\t\tisa = PBXTargetDependency;
            \t\t\tproductRef = D70000000000000000000002 /* Lint */;
            \t\t};
            /* End PBXTargetDependency section */

            /* Begin XCSwiftPackageProductDependency section */
            \t\tD70000000000000000000001 /* Feature */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tproductName = Feature;
            \t\t};
            \t\tD70000000000000000000002 /* Lint */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tproductName = "plugin:Lint";
            \t\t};
            /* End XCSwiftPackageProductDependency section */
            """)

    @Test func folderReferencedPackagesAreCandidates() throws {
        let project = try decodeProject(Self.xcode13, at: "App/App.xcodeproj")
        #expect(project.objectVersion == 55)
        #expect(project.packageReferences.isEmpty)
        #expect(project.localPackageCandidates == ["../Packages/Feature", "Assets", "Tools"])
        let feature = XcodePackageProduct(name: "Feature", isPlugin: false, package: nil)
        let lint = XcodePackageProduct(name: "Lint", isPlugin: true, package: nil)
        #expect(
            try target("App", in: project).dependencies == [
                XcodeDependency(reference: .packageProduct(lint), declaration: .targetDependency),
                XcodeDependency(reference: .packageProduct(feature), declaration: .linkedLibrary),
                XcodeDependency(reference: .packageProduct(feature), declaration: .packageProduct),
            ])
        // Without a configuration list, the names come from the defaults.
        #expect(project.defaultConfiguration == "Release")
        #expect(try target("App", in: project).moduleName == "App")
    }

    @Test func loadingKeepsOnlyCandidatesThatArePackages() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/App.xcodeproj/project.pbxproj", Self.xcode13)
        try folder.write("Packages/Feature/Package.swift", "// swift-tools-version: 5.9\n")
        try folder.folder("App/Assets")
        try folder.write("App/Tools/Package.swift", "// swift-tools-version: 5.9\n")
        let project = try XcodeProject.load(at: folder.path + "/App/App.xcodeproj")
        #expect(project.localPackageCandidates == ["../Packages/Feature", "Tools"])
        #expect(project.resolvedPath("Tools") == folder.path + "/App/Tools")
        // The file itself may be named instead of its folder.
        #expect(try XcodeProject.load(at: folder.path + "/App/App.xcodeproj/project.pbxproj") == project)
    }
}
