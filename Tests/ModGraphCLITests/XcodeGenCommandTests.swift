import Foundation
import Testing

/// A repository that generates its project with XcodeGen and commits none (issue #47): every
/// command loads it at the root with no flags, and findings point into the spec's files.
@Suite("XcodeGen repositories on the command line")
struct XcodeGenCommandTests {
    private func scratch() throws -> URL {
        URL(fileURLWithPath: try ModGraphRunner.scratchFolder("modgraph-xcodegen").resolvingSymlinksInPath().path)
    }

    private func write(_ text: String, _ relative: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// An app, two features declared in an included file through a template, and a core.
    private func repository(in folder: URL) throws {
        try write(
            """
            name: Shop
            include: [Specs/features.yml]
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                dependencies:
                  - target: Home
                  - target: Core
            """, "project.yml", in: folder)
        try write(
            """
            targetTemplates:
              Feature:
                type: framework
                platform: iOS
                sources:
                  - ../Features/${target_name}
                dependencies:
                  - target: Core
            targets:
              Home:
                templates: [Feature]
              Cart:
                templates: [Feature]
              Core:
                type: framework
                platform: iOS
                sources: [../Core]
            """, "Specs/features.yml", in: folder)
        try write("import Home\nimport Core\n", "App/App.swift", in: folder)
        // Home imports Cart without declaring it; Cart imports nothing it declares.
        try write("import Core\nimport Cart\n", "Features/Home/Home.swift", in: folder)
        try write("let cart = 1\n", "Features/Cart/Cart.swift", in: folder)
        try write("public let core = 1\n", "Core/Core.swift", in: folder)
        try write(
            """
            version: 1
            layers:
              - name: app
                targets: [App]
              - name: features
                targets: [Home, Cart]
                isolated: true
              - name: core
                targets: [Core]
            sources:
              undeclaredImports: error
              unusedDependencies: warning
            """, ".modgraph.yml", in: folder)
    }

    @Test func checkPointsAtTheSpecsLinesAndSpeaksItsLanguage() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        let graph = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains("App [application] → Core, Home"), "\(graph.output)")
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(check.status == 1, "\(check.output)\(check.errors)")
        // Home is declared in the included file: the fix-it names it, in XcodeGen's words.
        #expect(
            check.output.contains(
                "In Specs/features.yml, add \"- target: Cart\" to the dependencies: of target \"Home\""), "\(check.output)")
        #expect(check.output.contains("at Features/Home/Home.swift:2:1"), "\(check.output)")
        // Cart's dependency on Core comes from the template, at its line of the included file.
        #expect(
            check.output.contains(
                "Cart declares Core but its one Swift file does not import it, which lengthens the build for nothing. Where it is declared, remove \"Core\" from the dependencies: of target \"Cart\""
            ), "\(check.output)")
        #expect(check.output.contains("at Specs/features.yml:8"), "\(check.output)")
    }

    /// bitwarden/authenticator-ios generates its app with `xcodegen --spec project-bwa.yml` and commits no project:
    /// a search loaded only its `Networking` package and said nothing of the app. XcodeGen reads such a spec only
    /// when told, so the search does not load it either, but says so; named as a PATH, it loads. Beside a
    /// committed project (maybe its output), the project is loaded and the spec named only with `--verbose`.
    @Test func aSpecByAnotherNameIsNamedNotLoaded() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("project.yml"), to: folder.appendingPathComponent("project-shop.yml"))
        try write("name: Docs\nnav: []\n", "project-docs.yml", in: folder)
        // A link is not read, wherever it leads (here to a spec outside the folder).
        let outside = try scratch()
        defer { try? FileManager.default.removeItem(at: outside) }
        try write("name: Elsewhere\ntargets:\n  E:\n    type: framework\n", "project.yml", in: outside)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("project-linked.yml"), withDestinationURL: outside.appendingPathComponent("project.yml"))
        try write(
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n",
            "Kit/Package.swift", in: folder)
        try write("public let kit = 1\n", "Kit/Sources/Kit/Kit.swift", in: folder)
        let searched = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(searched.status == 0, "\(searched.errors)")
        #expect(!searched.output.contains("App [application]"), "\(searched.output)")
        #expect(
            searched.errors.contains(
                "note: not loaded: project-shop.yml, an XcodeGen spec not named project.yml, which XcodeGen reads only with --spec; name it as a PATH to load it\n"
            ), "\(searched.errors)")
        let named = try ModGraphRunner.run(["graph", "project-shop.yml"], in: folder)
        #expect(named.status == 0, "\(named.errors)")
        #expect(named.output.contains("App [application] → Core, Home"), "\(named.output)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Shop.xcodeproj"), withIntermediateDirectories: true)
        let beside = try ModGraphRunner.run(["graph", ".", "--verbose"], in: folder)
        #expect(!beside.errors.contains("note: not loaded: project-shop.yml"), "\(beside.errors)")
        #expect(
            beside.errors.contains("project-shop.yml: an XcodeGen spec not named project.yml; the project beside it is loaded"),
            "\(beside.errors)")
    }

    @Test func affectedSelectsByTheSpecsSourcesAndEveryTargetWhenTheSpecChanges() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        try write("Features/Cart/Cart.swift\n", "cart.txt", in: folder)
        try write("Specs/features.yml\n", "spec.txt", in: folder)
        let cart = try ModGraphRunner.run(["affected", ".", "--changed-files", "cart.txt"], in: folder)
        #expect(cart.status == 0, "\(cart.errors)")
        #expect(cart.output.contains("affected: 1 of 4 targets"), "\(cart.output)")
        let spec = try ModGraphRunner.run(["affected", ".", "--changed-files", "spec.txt"], in: folder)
        #expect(spec.output.contains("affected: 4 of 4 targets"), "\(spec.output)")
        #expect(spec.output.contains("its XcodeGen spec features.yml changed: every target of the project"), "\(spec.output)")
    }

    /// `- package:` names a key of the spec's `packages:`, not the package's identity (Element's spec calls
    /// `matrix-analytics-events` `AnalyticsEvents`); a package the spec does not list must be added there too,
    /// or XcodeGen leaves the dependency out of the project it generates.
    @Test func packageAdviceWritesTheSpecsNameForThePackage() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            """
            name: Shop
            packages:
              Analytics:
                url: https://github.com/example/analytics-events
              Kit:
                path: Kit
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                dependencies:
                  - package: Analytics
                    product: AnalyticsEvents
                  - package: Kit
              Home:
                type: framework
                platform: iOS
                sources: [Home]
            """, "project.yml", in: folder)
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: ["Kit"])],
                dependencies: [.package(url: "https://github.com/apple/swift-collections", from: "1.1.0")],
                targets: [.target(name: "Kit", dependencies: [.product(name: "Collections", package: "swift-collections")])])
            """, "Kit/Package.swift", in: folder)
        try write("import Collections\npublic let kit = 1\n", "Kit/Sources/Kit/Kit.swift", in: folder)
        try write("import AnalyticsEvents\nimport Kit\n", "App/App.swift", in: folder)
        try write("import AnalyticsEvents\nimport Collections\n", "Home/Home.swift", in: folder)
        try write("version: 1\nsources:\n  undeclaredImports: error\n", ".modgraph.yml", in: folder)
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(check.status == 1, "\(check.output)\(check.errors)")
        #expect(
            check.output.contains("In project.yml, add \"- package: Analytics\" with \"product: AnalyticsEvents\" to the dependencies: of target \"Home\""),
            "\(check.output)")
        #expect(
            check.output.contains(
                "add \"- package: swift-collections\" with \"product: Collections\" to the dependencies: of target \"Home\", and swift-collections (url: https://github.com/apple/swift-collections) to packages:, which does not declare it yet"
            ), "\(check.output)")
    }

    /// `fix --write` edits the file that declares the target: Home (declared in the included file, through a
    /// template) gets its own `dependencies:` with Cart; Cart's unused Core comes from the template other
    /// features share, so it is left with why. The spec reloads, and check no longer finds what was fixed.
    @Test func fixEditsTheSpecsFileThatDeclaresTheTarget() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        // Features not isolated: with isolation on, Home's import of Cart breaks it, and fix holds the addition back.
        let config = folder.appendingPathComponent(".modgraph.yml")
        let isolated = try String(contentsOf: config, encoding: .utf8)
        try isolated.replacingOccurrences(of: "isolated: true", with: "isolated: false").write(to: config, atomically: true, encoding: .utf8)
        let before = try String(contentsOf: folder.appendingPathComponent("Specs/features.yml"), encoding: .utf8)
        let result = try ModGraphRunner.run(["fix", ".", "--write"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("fix: dependency added: shop/Home → shop/Cart"), "\(result.errors)")
        #expect(
            result.errors.contains("note: not fixed: unused-dependency: shop/Cart → shop/Core: Specs/features.yml: the dependency on \"Core\" comes from a template"),
            "\(result.errors)")
        let after = try String(contentsOf: folder.appendingPathComponent("Specs/features.yml"), encoding: .utf8)
        #expect(after == before.replacingOccurrences(of: "  Home:\n    templates: [Feature]\n", with: "  Home:\n    templates: [Feature]\n    dependencies:\n      - target: Cart\n"))
        let graph = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(graph.output.contains("Home [framework] → Cart, Core"), "\(graph.output)")
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(!check.output.contains("Home imports Cart"), "\(check.output)")
    }
}
