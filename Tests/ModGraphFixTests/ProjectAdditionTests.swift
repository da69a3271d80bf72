import Foundation
import ModGraphCore
import Testing

@testable import ModGraphFix

/// Package products added to a target of a `project.pbxproj` written as Xcode writes one: the
/// product dependency, its build file, and their lines in the target's lists, each where Xcode puts
/// it; the whole result worked out by hand.
@Suite("fix: adding to project.pbxproj")
struct ProjectAdditionTests {
    /// Target App links Kit (a local package added as a folder, Xcode 14's way); the project references
    /// Nuke by URL and holds the folder Packages/DesignSystem. Target Widget has no product list yet.
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \t\tBF0000000000000000000001 /* Kit in Frameworks */ = {isa = PBXBuildFile; productRef = PD0000000000000000000001 /* Kit */; };
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        \t\tFR0000000000000000000001 /* DesignSystem */ = {isa = PBXFileReference; lastKnownFileType = wrapper; name = DesignSystem; path = Packages/DesignSystem; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXFrameworksBuildPhase section */
        \t\tPH0000000000000000000001 /* Frameworks */ = {
        \t\t\tisa = PBXFrameworksBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tBF0000000000000000000001 /* Kit in Frameworks */,
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
        \t\t\tname = App;
        \t\t\tpackageProductDependencies = (
        \t\t\t\tPD0000000000000000000001 /* Kit */,
        \t\t\t);
        \t\t\tproductName = App;
        \t\t};
        \t\tTG0000000000000000000002 /* Widget */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tPH0000000000000000000002 /* Frameworks */,
        \t\t\t);
        \t\t\tname = Widget;
        \t\t\tproductName = Widget;
        \t\t};
        \t\tTG0000000000000000000003 /* Core */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tname = Core;
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tPR0000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tpackageReferences = (
        \t\t\t\tRR0000000000000000000001 /* XCRemoteSwiftPackageReference "Nuke" */,
        \t\t\t);
        \t\t\ttargets = (
        \t\t\t\tTG0000000000000000000001 /* App */,
        \t\t\t\tTG0000000000000000000002 /* Widget */,
        \t\t\t\tTG0000000000000000000003 /* Core */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin XCRemoteSwiftPackageReference section */
        \t\tRR0000000000000000000001 /* XCRemoteSwiftPackageReference "Nuke" */ = {
        \t\t\tisa = XCRemoteSwiftPackageReference;
        \t\t\trepositoryURL = "https://github.com/kean/Nuke";
        \t\t\trequirement = {
        \t\t\t\tkind = upToNextMajorVersion;
        \t\t\t\tminimumVersion = 12.0.0;
        \t\t\t};
        \t\t};
        /* End XCRemoteSwiftPackageReference section */

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

    /// The ids the editor makes for `product` of `target`: the same on every run.
    private func ids(_ target: String, _ product: String) -> (dependency: String, buildFile: String) {
        var maker = IDMaker(taken: [], text: "")
        return (maker.make(from: ["product", target, product]), maker.make(from: ["build file", target, product]))
    }

    /// Hand-worked: a remote package's product names its reference; the product dependency and the
    /// build file go in their sections by id (the made ids sort after the fixture's letters-first ones
    /// only when they start with a letter after `B`/`P`: worked from the ids, not assumed).
    @Test func aRemotePackagesProductIsAddedAsXcodeAddsIt() throws {
        let (dependency, buildFile) = ids("App", "NukeUI")
        let edited = try ProjectEditor(Self.project).adding(product: "NukeUI", of: PackageIdentity("nuke"), to: "App")
        var expected = Self.project
        let buildLine = "\t\t\(buildFile) /* NukeUI in Frameworks */ = {isa = PBXBuildFile; productRef = \(dependency) /* NukeUI */; };\n"
        let kit = "\t\tBF0000000000000000000001 /* Kit in Frameworks */ = {isa = PBXBuildFile; productRef = PD0000000000000000000001 /* Kit */; };\n"
        expected = expected.replacingOccurrences(of: kit, with: buildFile < "BF0000000000000000000001" ? buildLine + kit : kit + buildLine)
        let object = """
            \t\t\(dependency) /* NukeUI */ = {
            \t\t\tisa = XCSwiftPackageProductDependency;
            \t\t\tpackage = RR0000000000000000000001 /* XCRemoteSwiftPackageReference "Nuke" */;
            \t\t\tproductName = NukeUI;
            \t\t};

            """
        let kitObject = "\t\tPD0000000000000000000001 /* Kit */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = Kit;\n\t\t};\n"
        expected = expected.replacingOccurrences(of: kitObject, with: dependency < "PD0000000000000000000001" ? object + kitObject : kitObject + object)
        expected = expected.replacingOccurrences(
            of: "\t\t\t\tPD0000000000000000000001 /* Kit */,\n\t\t\t);",
            with: "\t\t\t\tPD0000000000000000000001 /* Kit */,\n\t\t\t\t\(dependency) /* NukeUI */,\n\t\t\t);")
        expected = expected.replacingOccurrences(
            of: "\t\t\t\tBF0000000000000000000001 /* Kit in Frameworks */,\n\t\t\t);",
            with: "\t\t\t\tBF0000000000000000000001 /* Kit in Frameworks */,\n\t\t\t\t\(buildFile) /* NukeUI in Frameworks */,\n\t\t\t);")
        #expect(edited == expected)
        // The same fix writes the same bytes.
        #expect(try ProjectEditor(Self.project).adding(product: "NukeUI", of: PackageIdentity("nuke"), to: "App") == edited)
    }

    /// A local package held as a folder: no package reference, as Xcode 14 wrote them; a target without a
    /// `packageProductDependencies` list gets one between `name` and `productName`.
    @Test func aFoldersProductIsAddedWithoutAReferenceAndAListIsMade() throws {
        let (dependency, buildFile) = ids("Widget", "DesignSystem")
        let edited = try ProjectEditor(Self.project).adding(product: "DesignSystem", of: PackageIdentity("designsystem"), to: "Widget")
        #expect(
            edited.contains(
                "\t\t\tname = Widget;\n\t\t\tpackageProductDependencies = (\n\t\t\t\t\(dependency) /* DesignSystem */,\n\t\t\t);\n\t\t\tproductName = Widget;\n"))
        #expect(edited.contains("\t\t\(dependency) /* DesignSystem */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = DesignSystem;\n\t\t};\n"))
        #expect(edited.contains("\t\t\tfiles = (\n\t\t\t\t\(buildFile) /* DesignSystem in Frameworks */,\n\t\t\t);"))
        // Nothing else changed: the added lines taken out give the original back.
        let added = [
            "\t\t\tpackageProductDependencies = (\n\t\t\t\t\(dependency) /* DesignSystem */,\n\t\t\t);\n",
            "\t\t\(dependency) /* DesignSystem */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = DesignSystem;\n\t\t};\n",
            "\t\t\t\t\(buildFile) /* DesignSystem in Frameworks */,\n",
            "\t\t\(buildFile) /* DesignSystem in Frameworks */ = {isa = PBXBuildFile; productRef = \(dependency) /* DesignSystem */; };\n",
        ]
        #expect(added.reduce(edited) { $0.replacingOccurrences(of: $1, with: "") } == Self.project)
        // Added then removed: the original, byte for byte.
        #expect(try ProjectEditor(edited).removing("DesignSystem", from: "Widget").replacingOccurrences(of: "\t\t\tpackageProductDependencies = (\n\t\t\t);\n", with: "") == Self.project)
    }

    /// A package the project holds in a synchronized folder (NetNewsWire's `Modules`): another target uses its
    /// products with no reference, which the planner sees in the graph; added the same way.
    @Test func aPackageHeldLocallyIsAddedWithoutAReference() throws {
        let (dependency, _) = ids("App", "RSParser")
        let edited = try ProjectEditor(Self.project).adding(product: "RSParser", of: PackageIdentity("rsparser"), to: "App", heldLocally: true)
        #expect(edited.contains("\t\t\(dependency) /* RSParser */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = RSParser;\n\t\t};\n"))
        #expect(throws: ManifestRefusal.self) { try ProjectEditor(Self.project).adding(product: "RSParser", of: PackageIdentity("rsparser"), to: "App") }
    }

    /// A project without the section gets it in its place among the others, by name.
    @Test func aMissingSectionIsMadeInItsPlace() throws {
        let bare = Self.project.replacingOccurrences(
            of: "\n\n/* Begin XCSwiftPackageProductDependency section */\n\t\tPD0000000000000000000001 /* Kit */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = Kit;\n\t\t};\n/* End XCSwiftPackageProductDependency section */",
            with: "")
        let (dependency, _) = ids("Widget", "Nuke")
        let edited = try ProjectEditor(bare).adding(product: "Nuke", of: PackageIdentity("nuke"), to: "Widget")
        #expect(
            edited.contains(
                "/* End XCRemoteSwiftPackageReference section */\n\n/* Begin XCSwiftPackageProductDependency section */\n\t\t\(dependency) /* Nuke */ = {\n"))
        #expect(edited.contains("/* End XCSwiftPackageProductDependency section */\n\t};\n"))
    }

    /// An object goes before the first object whose id sorts after its own, never inside one (a `};` is no id),
    /// and a key of a target before the first key that sorts after it.
    @Test func objectsGoBetweenObjectsAndKeysBetweenKeys() throws {
        var lines = EditedLines(Self.project.split(separator: "\n", omittingEmptySubsequences: false))
        try lines.insert(object: ["\t\tZZ0000000000000000000001 /* Last */ = {", "\t\t};"], id: "ZZ0000000000000000000001", section: "XCSwiftPackageProductDependency")
        try lines.insert(object: ["\t\t000000000000000000000001 /* First */ = {", "\t\t};"], id: "000000000000000000000001", section: "XCSwiftPackageProductDependency")
        try lines.append("X,", toList: "dependencies", of: "TG0000000000000000000002")
        #expect(
            lines.text.contains(
                "/* Begin XCSwiftPackageProductDependency section */\n\t\t000000000000000000000001 /* First */ = {\n\t\t};\n\t\tPD0000000000000000000001 /* Kit */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = Kit;\n\t\t};\n\t\tZZ0000000000000000000001 /* Last */ = {\n\t\t};\n/* End XCSwiftPackageProductDependency section */"
            ))
        #expect(lines.text.contains("\t\t\t);\n\t\t\tdependencies = (\n\t\t\t\tX,\n\t\t\t);\n\t\t\tname = Widget;\n"))
    }

    @Test func whatXcodeMustDoIsRefused() throws {
        let editor = try ProjectEditor(Self.project)
        // A package the project does not reference: Xcode's Add Package Dependencies… resolves it first.
        #expect(throws: ManifestRefusal.self) { try editor.adding(product: "Alamofire", of: PackageIdentity("alamofire"), to: "App") }
        // No Frameworks phase to link it in.
        #expect(throws: ManifestRefusal.self) { try editor.adding(product: "Nuke", of: PackageIdentity("nuke"), to: "Core") }
        // Already there.
        #expect(throws: ManifestRefusal.self) { try editor.adding(product: "Kit", of: PackageIdentity("designsystem"), to: "App") }
        // A name that could close a comment or need quoting is not written.
        #expect(throws: ManifestRefusal.self) { try editor.adding(product: "Nuke */ = {", of: PackageIdentity("nuke"), to: "App") }
        #expect(throws: ManifestRefusal.self) { try editor.adding(product: "Nuke UI", of: PackageIdentity("nuke"), to: "App") }
        #expect(throws: ManifestRefusal.self) { try editor.adding(product: "Nuke", of: PackageIdentity("nuke"), to: "NoSuchTarget") }
    }
}
