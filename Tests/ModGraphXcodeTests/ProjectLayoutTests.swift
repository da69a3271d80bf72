import Testing
@testable import ModGraphXcode

/// Where files are when the project moves its source root, nests its
/// synchronised folders in groups, or leaves names to settings it does not hold.
@Suite("Project layout")
struct ProjectLayoutTests {
    static let text = projectText(
        objectVersion: 77, rootObject: "R",
        objects: """
            /* Begin PBXFileSystemSynchronizedRootGroup section */
            \t\tSYNC /* Feature */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX, ); path = Feature; sourceTree = "<group>"; };
            \t\tROOT /* Root */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Generated; sourceTree = SOURCE_ROOT; };
            \t\tGONE /* Products */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Built; sourceTree = BUILT_PRODUCTS_DIR; };
            /* End PBXFileSystemSynchronizedRootGroup section */

            /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
            \t\tEX = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Shared.swift, ../../../etc/passwd, /etc/hosts, "a/../../b", ./Sub/../Other.swift, ); target = U; };
            /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

            /* Begin PBXGroup section */
            \t\tMAIN = {isa = PBXGroup; children = (MODULES, ); sourceTree = "<group>"; };
            \t\tMODULES /* Modules */ = {isa = PBXGroup; children = (SYNC, ); path = Modules; sourceTree = "<group>"; };
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            \t\tT /* Feature */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = TL;
            \t\t\tfileSystemSynchronizedGroups = (SYNC, ROOT, GONE, SYNC, );
            \t\t\tname = Feature;
            \t\t\tpackageProductDependencies = (PP, );
            \t\t\tproductType = "com.apple.product-type.framework";
            \t\t};
            \t\tU /* Unnamed */ = {isa = PBXNativeTarget; buildConfigurationList = UL; name = "2 Unnamed"; productType = "com.apple.product-type.framework"; };
            /* End PBXNativeTarget section */

            /* Begin PBXProject section */
            \t\tR /* Project object */ = {isa = PBXProject; mainGroup = MAIN; projectDirPath = src; packageReferences = (PKG, ); targets = (T, U, ); };
            /* End PBXProject section */

            /* Begin XCBuildConfiguration section */
            \t\tTC = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_MODULE_NAME = "$(MODULE_PREFIX)Feature$(MODULE_SUFFIX)"; }; name = Release; };
            \t\tUC = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = ""; }; name = Release; };
            /* End XCBuildConfiguration section */

            /* Begin XCConfigurationList section */
            \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TC, ); };
            \t\tUL = {isa = XCConfigurationList; buildConfigurations = (UC, ); };
            /* End XCConfigurationList section */

            /* Begin XCLocalSwiftPackageReference section */
            \t\tPKG = {isa = XCLocalSwiftPackageReference; relativePath = ../Packages/Kit; };
            /* End XCLocalSwiftPackageReference section */

            /* Begin XCSwiftPackageProductDependency section */
            \t\tPP = {isa = XCSwiftPackageProductDependency; package = PKG; productName = Kit; };
            /* End XCSwiftPackageProductDependency section */
            """)

    @Test func projectDirPathMovesTheSourceRoot() throws {
        let project = try decodeProject(Self.text, at: "Shop/Shop.xcodeproj")
        let feature = try target("Feature", in: project)
        #expect(feature.synchronizedFolders.map(\.path) == ["src/Modules/Feature", "src/Generated"])
        #expect(project.packageReferences == [.local(path: "Packages/Kit")])
        #expect(project.resolvedPath("Packages/Kit") == "Shop/Packages/Kit")
        #expect(
            feature.dependencyReferences == [
                .packageProduct(XcodePackageProduct(name: "Kit", isPlugin: false, package: .local(path: "Packages/Kit")))
            ])
    }

    @Test func namesFromSettingsTheProjectDoesNotHold() throws {
        let project = try decodeProject(Self.text, at: "Shop/Shop.xcodeproj")
        #expect(try target("Feature", in: project).moduleName == "Feature")
        // An empty product name falls back to the target's name, made an identifier.
        let unnamed = try target("2 Unnamed", in: project)
        #expect(unnamed.productName == "2 Unnamed")
        #expect(unnamed.moduleName == "__Unnamed")
        #expect(
            unnamed.synchronizedFolders == [
                XcodeSynchronizedFolder(path: "src/Modules/Feature", membership: .only(["Shared.swift", "Other.swift"]))
            ])
        #expect(
            project.warnings == [
                "Shop/Shop.xcodeproj/project.pbxproj: the synchronised folder src/Modules/Feature names '../../../etc/passwd', '/etc/hosts', 'a/../../b', outside itself; ignored",
                "Shop/Shop.xcodeproj/project.pbxproj:12: the synchronised folder Built is not in a folder of the checkout; skipped",
                "Shop/Shop.xcodeproj/project.pbxproj:25: target 'Feature': its product or module name refers to $(MODULE_PREFIX), $(MODULE_SUFFIX), which the project and its .xcconfig files do not set or which refer to themselves; read as empty",
            ])
    }
}
