import Foundation
import Testing

/// `modgraph fix` end to end on packages the test writes: the diff, `--check`, and
/// the round trip of `--write` (written, reloaded by the real toolchain, checked
/// again: nothing of the fixed kinds left, nothing else of the files changed).
@Suite("modgraph fix")
struct FixCommandTests {
    /// Top uses Mid by path; Mid uses Low. Top's target imports Low, which it does not declare
    /// (Mid brings it in), and declares Helpers, which it does not import.
    private func workspace() throws -> URL {
        let top = try ModGraphRunner.scratchFolder("modgraph-fix")
        func write(_ relative: String, _ text: String) throws {
            let url = top.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        // A repository: what the three packages' `path:`s name is inside the folder loaded, and the diff names paths from its top.
        try write(".git/HEAD", "ref: refs/heads/main\n")
        try write("Top/Package.swift", Self.topManifest)
        try write("Top/Sources/Top/Top.swift", "import Mid\nimport Low\n")
        try write("Top/Sources/Helpers/Helpers.swift", "public let helper = 1\n")
        try write(
            "Mid/Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Mid",
                products: [.library(name: "Mid", targets: ["Mid"])],
                dependencies: [.package(path: "../Low")],
                targets: [.target(name: "Mid", dependencies: [.product(name: "Low", package: "Low")])]
            )

            """)
        try write("Mid/Sources/Mid/Mid.swift", "import Low\n")
        try write(
            "Low/Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Low",
                products: [.library(name: "Low", targets: ["Low"])],
                targets: [.target(name: "Low")]
            )

            """)
        try write("Low/Sources/Low/Low.swift", "public let low = 1\n")
        try write(
            "Top/.modgraph.yml",
            """
            version: 1
            layers:
              - name: all
                targets: ["*"]
            unassigned: error
            sources:
              undeclaredImports: error
              unusedDependencies: error

            """)
        return top
    }

    static let topManifest = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "Top",
            dependencies: [
                .package(path: "../Mid"),
            ],
            targets: [
                .target(
                    name: "Top",
                    dependencies: [
                        .product(name: "Mid", package: "Mid"),
                        "Helpers",
                    ]
                ),
                .target(name: "Helpers"),
            ]
        )

        """

    /// What the two findings' edits make of it: the target's two lines and the package's entry.
    static let fixedManifest = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "Top",
            dependencies: [
                .package(path: "../Mid"),
                .package(path: "../Low"),
            ],
            targets: [
                .target(
                    name: "Top",
                    dependencies: [
                        .product(name: "Mid", package: "Mid"),
                        .product(name: "Low", package: "Low"),
                    ]
                ),
                .target(name: "Helpers"),
            ]
        )

        """

    @Test func theDiffSaysEveryLineAndChangesNothing() throws {
        let top = try workspace()
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("Top")
        let result = try ModGraphRunner.run(["fix", folder.path], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output == """
                --- a/Top/Package.swift
                +++ b/Top/Package.swift
                @@ -5,13 +5,14 @@
                     name: "Top",
                     dependencies: [
                         .package(path: "../Mid"),
                +        .package(path: "../Low"),
                     ],
                     targets: [
                         .target(
                             name: "Top",
                             dependencies: [
                                 .product(name: "Mid", package: "Mid"),
                -                "Helpers",
                +                .product(name: "Low", package: "Low"),
                             ]
                         ),
                         .target(name: "Helpers"),

                """)
        #expect(result.errors.contains("fix: 2 of 2 findings with an edit fixed in 1 file"), "\(result.errors)")
        #expect(try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) == Self.topManifest)
        // --check: something to fix is exit 1, for CI.
        let check = try ModGraphRunner.run(["fix", folder.path, "--check"], in: folder)
        #expect(check.status == 1 && check.output.isEmpty, "\(check.errors)")
        // --only narrows it to one kind.
        let only = try ModGraphRunner.run(["fix", folder.path, "--only", "unused-dependency"], in: folder)
        #expect(only.output.contains("-                \"Helpers\",") && !only.output.contains("../Low"), "\(only.output)")
        let wrong = try ModGraphRunner.run(["fix", folder.path, "--only", "cycle"], in: folder)
        #expect(wrong.status == 2 && wrong.errors.contains("--only cycle: fix has edits for"), "\(wrong.errors)")
    }

    /// Written, the manifest is exactly the expected text, the toolchain's dump-package reads it,
    /// check passes, and a second fix has nothing to do.
    /// An import that breaks the layering is warned of as undeclared; declaring it would make the break a `layering`
    /// error of `check`, so fix leaves it, says why, and makes the other edits (depromeet/WalWal-iOS: 43 such).
    @Test func anAdditionThatWouldBreakTheLayeringIsLeft() throws {
        let top = try workspace()
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("Top")
        try """
        version: 1
        layers:
          - name: upper
            targets: ["Low"]
          - name: lower
            targets: ["Top", "Helpers", "Mid"]
        unassigned: error
        sources:
          undeclaredImports: warning
          unusedDependencies: error

        """.write(to: folder.appendingPathComponent(".modgraph.yml"), atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["fix", folder.path], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.errors.contains(
                "not fixed: undeclared-import: top/Top → low/Low: declaring it would make a layering error (Top (layer 'lower') depends on Low (layer 'upper'), which is above it), which the import already is: move the code that imports it, or accept the edge in .modgraph.yml"
            ), "\(result.errors)")
        #expect(!result.output.contains("Low") && result.output.contains("-                \"Helpers\","), "\(result.output)")
    }

    @Test func writingIsARoundTrip() throws {
        let top = try workspace()
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("Top")
        #expect(try ModGraphRunner.run(["check", folder.path], in: folder).status == 1)
        let result = try ModGraphRunner.run(["fix", folder.path, "--write"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("fix: wrote Top/Package.swift"), "\(result.errors)")
        #expect(
            result.errors.contains("fix: dependency added: top/Top → low/Low")
                && result.errors.contains("fix: dependency removed: top/Top → top/Helpers"),
            "\(result.errors)")
        #expect(result.errors.contains("fix: check now finds 0 of the 2 fixed findings"), "\(result.errors)")
        #expect(try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) == Self.fixedManifest)
        // Dumped by the toolchain, not only evaluated by modgraph.
        let dumped = try ModGraphRunner.run(["graph", folder.path, "--verify-manifests", "--format", "json"], in: folder)
        #expect(dumped.status == 0, "\(dumped.errors)")
        #expect(try ModGraphRunner.run(["check", folder.path], in: folder).status == 0)
        let again = try ModGraphRunner.run(["fix", folder.path, "--check"], in: folder)
        #expect(again.status == 0 && again.errors.contains("fix: nothing to fix"), "\(again.errors)")
        // Nothing else was written: no temporary file left beside the manifest.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".modgraph.yml", "Package.swift", "Sources"])
    }

    /// A target a helper builds is not edited: its finding is said with why, and the diff is empty.
    @Test func whatCannotBeEditedIsSaid() throws {
        let top = try workspace()
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("Top")
        try Self.topManifest.replacingOccurrences(of: "name: \"Top\",\n", with: "name: topName,\n")
            .replacingOccurrences(of: "let package", with: "let topName = \"Top\"\nlet package")
            .write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["fix", folder.path], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty)
        #expect(
            result.errors.contains(
                "note: not fixed: unused-dependency: top/Top → top/Helpers: target \"Top\" is not written as .target(name: \"Top\", …)"),
            "\(result.errors)")
        // Not "nothing to fix": check still reports both (Nexters/Mohanyang-iOS said so of 182 findings).
        #expect(
            result.errors.contains("fix: none of the 2 findings with an edit can be made here; each `not fixed:` note says why"),
            "\(result.errors)")
    }

    /// A manifest that is a link to a file elsewhere is never written through: the file it points at
    /// stays as it was, and the link stays a link.
    @Test func aLinkedManifestIsNotWrittenThrough() throws {
        let top = try workspace()
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("Top")
        let outside = top.appendingPathComponent("outside.swift")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("Package.swift"), to: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Package.swift"), withDestinationURL: outside)
        let result = try ModGraphRunner.run(["fix", folder.path, "--write"], in: folder)
        #expect(result.status != 1, "\(result.errors)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == Self.topManifest)
        let kind =
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("Package.swift").path)[.type]
            as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        if result.status == 0 {
            #expect(result.errors.contains("reached through a link"), "\(result.errors)")
        }
    }

    /// An Xcode target's unused package product, removed from `project.pbxproj` as Xcode removes it:
    /// the product dependency, its build file, their lines in the target's lists, the section left
    /// empty; the project reloads, check passes, and nothing else of the file changed.
    @Test func anUnusedPackageProductLeavesTheProject() throws {
        let top = try ModGraphRunner.scratchFolder("modgraph-fix-xcode")
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("XcodeApp")
        try FileManager.default.copyItem(at: ModGraphRunner.samples.appendingPathComponent("XcodeApp"), to: folder)
        let delegate = folder.appendingPathComponent("App/XcodeApp/AppDelegate.swift")
        try String(contentsOf: delegate, encoding: .utf8).replacingOccurrences(of: "import DesignSystem\n", with: "")
            .write(to: delegate, atomically: true, encoding: .utf8)
        let project = folder.appendingPathComponent("App/App.xcodeproj/project.pbxproj")
        let before = try String(contentsOf: project, encoding: .utf8)
        #expect(try ModGraphRunner.run(["check", folder.path], in: folder).status == 1)
        let result = try ModGraphRunner.run(["fix", folder.path, "--write"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("fix: dependency removed: app/XcodeApp → designsystem/DesignSystem"), "\(result.errors)")
        let after = try String(contentsOf: project, encoding: .utf8)
        // Exactly these lines went (hand-worked from the sample's project), and nothing else changed.
        var expected = before
        for gone in [
            "\t\t6D2A7DB0B887B6CD1C487FB2 /* DesignSystem in Frameworks */ = {isa = PBXBuildFile; productRef = 535126F0D12B93C26F39C87C /* DesignSystem */; };\n",
            "\t\t\t\t6D2A7DB0B887B6CD1C487FB2 /* DesignSystem in Frameworks */,\n",
            "\t\t\t\t535126F0D12B93C26F39C87C /* DesignSystem */,\n",
            "/* Begin XCSwiftPackageProductDependency section */\n\t\t535126F0D12B93C26F39C87C /* DesignSystem */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = DesignSystem;\n\t\t};\n/* End XCSwiftPackageProductDependency section */\n\n",
        ] {
            #expect(expected.contains(gone), "\(gone)")
            expected = expected.replacingOccurrences(of: gone, with: "")
        }
        #expect(after == expected)
        #expect(try ModGraphRunner.run(["check", folder.path], in: folder).status == 0)
        let again = try ModGraphRunner.run(["fix", folder.path, "--check"], in: folder)
        #expect(again.status == 0, "\(again.errors)")
    }

    /// A package product an Xcode target imports and does not declare, added to `project.pbxproj` as Xcode
    /// adds it (the sample's DesignSystem is a folder reference, as local packages were before Xcode 15):
    /// a product dependency, a build file linking it, their lines in Core's lists (its product list made
    /// between `name` and `productName`), each object in its section by id. The ids are derived from what
    /// is added, so the same fix writes the same file; the project reloads and check passes.
    @Test func anUndeclaredPackageProductJoinsTheProject() throws {
        let top = try ModGraphRunner.scratchFolder("modgraph-fix-xcode-add")
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("XcodeApp")
        try FileManager.default.copyItem(at: ModGraphRunner.samples.appendingPathComponent("XcodeApp"), to: folder)
        let core = folder.appendingPathComponent("App/Core/Core.swift")
        try ("import DesignSystem\n" + String(contentsOf: core, encoding: .utf8)).write(to: core, atomically: true, encoding: .utf8)
        let project = folder.appendingPathComponent("App/App.xcodeproj/project.pbxproj")
        let before = try String(contentsOf: project, encoding: .utf8)
        let check = try ModGraphRunner.run(["check", folder.path], in: folder)
        #expect(check.output.contains("Core imports DesignSystem"), "\(check.output)")
        let result = try ModGraphRunner.run(["fix", folder.path, "--write"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("fix: dependency added: app/Core → designsystem/DesignSystem"), "\(result.errors)")
        // Hand-worked from the sample's project: D32D… sorts between A498… and DAEC… in the build files, 751E… after 5351… in the products.
        let (file, product) = ("D32D2AFFBFBD048F79F8DB14", "751E81F6F3473D7B2E014F0D")
        var expected = before
        for (anchor, insertion) in [
            (
                "\t\tDAEC0626B10D19C54FE583DB /* Feed.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = ",
                "\t\t\(file) /* DesignSystem in Frameworks */ = {isa = PBXBuildFile; productRef = \(product) /* DesignSystem */; };\n"
            ),
            (
                "\t\t20189A2686C1F1D3454DF720 /* Frameworks */ = {\n\t\t\tisa = PBXFrameworksBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n",
                "\t\t\t\t\(file) /* DesignSystem in Frameworks */,\n"
            ),
            ("\t\t\tname = Core;\n", "\t\t\tpackageProductDependencies = (\n\t\t\t\t\(product) /* DesignSystem */,\n\t\t\t);\n"),
            (
                "\t\t535126F0D12B93C26F39C87C /* DesignSystem */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = DesignSystem;\n\t\t};\n",
                "\t\t\(product) /* DesignSystem */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tproductName = DesignSystem;\n\t\t};\n"
            ),
        ] {
            guard let range = expected.range(of: anchor) else {
                Issue.record("the sample's project no longer has \(anchor)")
                continue
            }
            // The build file goes before its anchor (the next id); the rest after theirs.
            let at = anchor.hasSuffix("fileRef = ") ? range.lowerBound : range.upperBound
            expected.insert(contentsOf: insertion, at: at)
        }
        #expect(try String(contentsOf: project, encoding: .utf8) == expected)
        let again = try ModGraphRunner.run(["check", folder.path], in: folder)
        #expect(!again.output.contains("Core imports DesignSystem"), "\(again.output)")
        #expect(try ModGraphRunner.run(["fix", folder.path, "--check"], in: folder).status == 0)
    }

    /// Another target of the same project a target imports and does not declare: a target dependency
    /// through a proxy, and the link of its framework (a unit-test bundle embeds nothing); the project
    /// reloads with the edge, check passes, and a second fix finds nothing.
    @Test func anUndeclaredTargetOfTheSameProjectJoinsItsDependencies() throws {
        let top = try ModGraphRunner.scratchFolder("modgraph-fix-xcode-target")
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("XcodeApp")
        try FileManager.default.copyItem(at: ModGraphRunner.samples.appendingPathComponent("XcodeApp"), to: folder)
        let tests = folder.appendingPathComponent("App/XcodeAppTests")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: tests.path).sorted().first { $0.hasSuffix(".swift") })
        let source = tests.appendingPathComponent(file)
        try ("import Core\n" + String(contentsOf: source, encoding: .utf8)).write(to: source, atomically: true, encoding: .utf8)
        let check = try ModGraphRunner.run(["check", folder.path], in: folder)
        #expect(check.output.contains("XcodeAppTests imports Core"), "\(check.output)")
        let result = try ModGraphRunner.run(["fix", folder.path, "--write"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("fix: dependency added: app/XcodeAppTests → app/Core"), "\(result.errors)")
        let project = try String(contentsOf: folder.appendingPathComponent("App/App.xcodeproj/project.pbxproj"), encoding: .utf8)
        #expect(project.contains("\t\t\tremoteInfo = Core;\n"))
        #expect(project.contains("/* Core.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = "))
        let graph = try ModGraphRunner.run(["graph", folder.path, "--format", "text"], in: folder)
        #expect(graph.output.contains("XcodeAppTests [unit-tests] → Core, XcodeApp"), "\(graph.output)")
        let again = try ModGraphRunner.run(["check", folder.path], in: folder)
        #expect(!again.output.contains("XcodeAppTests imports Core"), "\(again.output)")
        #expect(try ModGraphRunner.run(["fix", folder.path, "--check"], in: folder).status == 0)
    }

    /// A framework the project links by file that no target of the workspace builds (a prebuilt
    /// `Vendor.xcframework`, the loader's `<project>-prebuilt` node) is no package's product: fix says
    /// to link it in Xcode instead of adding a package product without a package, and writes nothing.
    @Test func aPrebuiltFrameworkIsNotAdded() throws {
        let top = try ModGraphRunner.scratchFolder("modgraph-fix-xcode-prebuilt")
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("XcodeApp")
        try FileManager.default.copyItem(at: ModGraphRunner.samples.appendingPathComponent("XcodeApp"), to: folder)
        let path = folder.appendingPathComponent("App/App.xcodeproj/project.pbxproj")
        var project = try String(contentsOf: path, encoding: .utf8)
        // The application links Vendor.xcframework from the checkout.
        project = project.replacingOccurrences(
            of: "/* End PBXBuildFile section */",
            with:
                "\t\tAA0000000000000000000001 /* Vendor.xcframework in Frameworks */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000002 /* Vendor.xcframework */; };\n/* End PBXBuildFile section */"
        )
        project = project.replacingOccurrences(
            of: "/* End PBXFileReference section */",
            with:
                "\t\tAA0000000000000000000002 /* Vendor.xcframework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.xcframework; path = Vendor/Vendor.xcframework; sourceTree = \"<group>\"; };\n/* End PBXFileReference section */"
        )
        project = project.replacingOccurrences(
            of: "\t\t\t\t6D2A7DB0B887B6CD1C487FB2 /* DesignSystem in Frameworks */,\n",
            with:
                "\t\t\t\t6D2A7DB0B887B6CD1C487FB2 /* DesignSystem in Frameworks */,\n\t\t\t\tAA0000000000000000000001 /* Vendor.xcframework in Frameworks */,\n"
        )
        try project.write(to: path, atomically: true, encoding: .utf8)
        // The application imports it; Core imports it and does not link it.
        for file in ["App/XcodeApp/AppDelegate.swift", "App/Core/Logger.swift"] {
            let source = folder.appendingPathComponent(file)
            try ("import Vendor\n" + String(contentsOf: source, encoding: .utf8)).write(to: source, atomically: true, encoding: .utf8)
        }
        let check = try ModGraphRunner.run(["check", folder.path], in: folder)
        #expect(check.output.contains("Core imports Vendor"), "\(check.output)")
        let result = try ModGraphRunner.run(["fix", folder.path, "--write"], in: folder)
        #expect(
            result.errors.contains(
                "\"Vendor\" is a framework the project links by file, which no target of the workspace builds: link it in Xcode"),
            "\(result.errors)")
        #expect(!result.errors.contains("dependency added"), "\(result.errors)")
        #expect(try String(contentsOf: path, encoding: .utf8) == project)
    }
}
