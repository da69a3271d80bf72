import Foundation
import ModGraphCore
import Testing
@testable import ModGraphXcode

/// XcodeGen specs read as the projects they generate: the targets, edges and
/// files `xcodegen generate` would give, worked out by hand from XcodeGen's
/// published rules (docs/xcodegen.md) for each spec the tests write.
@Suite("XcodeGen specs")
struct XcodeGenTests {
    private func load(_ folder: TemporaryFolder, _ spec: String = "project.yml") throws -> XcodeProject {
        try XcodeProject.load(at: folder.path + "/" + spec, disk: XcodeDisk(root: folder.path))
    }

    private func edges(_ target: XcodeTarget) -> [String] {
        target.dependencyReferences.map { reference in
            switch reference {
            case let .target(_, name, project): (project.map { "\($0):" } ?? "") + (name ?? "?")
            case let .packageProduct(product): "product:\(product.name)@\(product.package.map { "\($0.identity)" } ?? "-")"
            case let .builtProduct(fileName): "built:\(fileName)"
            case let .productOfTarget(_, fileName, _, _): "file:\(fileName ?? "?")"
            }
        }
    }

    @Test func targetsTypesModulesAndDependenciesAsTheSpecWritesThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "project.yml",
            """
            name: Shop
            packages:
              Net:
                path: Packages/Net
              Alamofire:
                url: https://github.com/Alamofire/Alamofire
              Kingfisher:
                github: onevcat/Kingfisher
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                dependencies:
                  - target: Cart
                  - package: Alamofire
                  - package: Net
                    products: [NetCore, NetUI]
                  - sdk: UIKit.framework
                  - carthage: Lottie
                  - framework: Vendor/Prebuilt.xcframework
                  - framework: Made.framework
                    implicit: true
                  - bundle: Assets.bundle
              Cart:
                type: framework
                platform: iOS
                productName: Basket
                settings:
                  base:
                    PRODUCT_MODULE_NAME: CartModule
              CartTests:
                type: bundle.unit-test
                platform: iOS
                dependencies:
                  - target: Cart
                    platformFilter: macOS
            aggregateTargets:
              Everything:
                targets: [App, CartTests]
            """)
        let project = try load(folder)
        #expect(project.name == "Shop")
        #expect(project.path == folder.path + "/Shop.xcodeproj")
        #expect(project.declarationFile == folder.path + "/project.yml")
        #expect(project.isGenerated)
        #expect(project.targets.map(\.name) == ["App", "Cart", "CartTests", "Everything"])
        let app = try target("App", in: project)
        #expect(app.kind == .application)
        #expect(app.productFileName == "App.app")
        // sdk, carthage and a prebuilt framework file are not edges; an implicit framework and a bundle are built products.
        #expect(
            edges(app) == [
                "Cart", "product:Alamofire@alamofire", "product:NetCore@net", "product:NetUI@net", "built:Made.framework",
                "built:Assets.bundle",
            ])
        // Each edge points at its `- ` line: Cart at line 15, Alamofire at 16, Net's two products at 17; the target at its key.
        #expect(app.dependencies.map(\.line) == [15, 16, 17, 17, 22, 24])
        #expect(app.line == 10)
        #expect(app.platforms == ["ios"])
        let cart = try target("Cart", in: project)
        #expect(cart.productName == "Basket")
        #expect(cart.moduleName == "CartModule")
        #expect(cart.productFileName == "Basket.framework")
        let tests = try target("CartTests", in: project)
        #expect(tests.kind == .unitTestBundle)
        // XcodeGen's `platformFilter: macOS` is Mac Catalyst.
        #expect(tests.dependencies.map(\.platformFilters) == [["maccatalyst"]])
        let everything = try target("Everything", in: project)
        #expect(everything.kind == .aggregate)
        #expect(edges(everything) == ["App", "CartTests"])
        #expect(
            Set(project.packageReferences) == [
                .local(path: "Packages/Net"), .remote(url: "https://github.com/Alamofire/Alamofire"),
                .remote(url: "https://github.com/onevcat/Kingfisher"),
            ])
    }

    @Test func templatesNestDepthFirstJoinListsAndNameTheTarget() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "project.yml",
            """
            name: Features
            targetTemplates:
              Module:
                type: framework
                platform: iOS
                sources:
                  - Modules/${target_name}/Sources
                dependencies:
                  - target: Core
              Feature:
                templates: [Module]
                dependencies:
                  - target: ${target_name}Interface
                  - target: ${vertical}Kit
            targets:
              Core:
                type: framework
                platform: iOS
              Home:
                templates: [Feature]
                templateAttributes:
                  vertical: Shop
                dependencies:
                  - target: Analytics
              HomeInterface:
                templates: [Module]
              ShopKit:
                type: framework
                platform: iOS
              Settings:
                templates: [Feature]
                dependencies:REPLACE:
                  - target: Analytics
              Analytics:
                type: framework
                platform: iOS
            """)
        let project = try load(folder)
        let home = try target("Home", in: project)
        #expect(home.kind == .framework)
        // Module's, then Feature's, then the target's own: lists are joined, base first.
        #expect(edges(home) == ["Core", "HomeInterface", "ShopKit", "Analytics"])
        #expect(home.synchronizedFolders.map(\.path) == ["Modules/Home/Sources"])
        // Template lines are the template's.
        #expect(home.dependencies.map(\.line) == [9, 13, 14, 24])
        #expect(edges(try target("HomeInterface", in: project)) == ["Core"])
        // `key:REPLACE` replaces what the templates give instead of joining it.
        #expect(edges(try target("Settings", in: project)) == ["Analytics"])
        #expect(try target("Settings", in: project).synchronizedFolders.map(\.path) == ["Modules/Settings/Sources"])
    }

    @Test func aTargetForEachPlatformNamedAsXcodeGenNamesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "project.yml",
            """
            name: Multi
            targets:
              Kit:
                type: framework
                platform: [iOS, macOS]
                sources: [Kit]
                dependencies:
                  - target: Base_${platform}
                  - target: Log${platform}
                  - target: Old_$platform
                  - target: TVOnly
                    platforms: [tvOS]
              Base:
                type: framework
                platform: [iOS, macOS]
              Net:
                type: framework
                platform: [iOS, tvOS]
                platformPrefix: ${platform}
                platformSuffix: ""
              LogiOS:
                type: framework
                platform: iOS
              LogmacOS:
                type: framework
                platform: macOS
            """)
        let project = try load(folder)
        #expect(
            project.targets.map(\.name) == ["Base_iOS", "Base_macOS", "Kit_iOS", "Kit_macOS", "LogiOS", "LogmacOS", "iOSNet", "tvOSNet"])
        let kit = try target("Kit_macOS", in: project)
        #expect(kit.productName == "Kit")
        #expect(kit.moduleName == "Kit")
        #expect(kit.platforms == ["macos"])
        // `$platform`, the form XcodeGen 2.11 dropped, is left as written; a dependency for tvOS only is left out.
        #expect(edges(kit) == ["Base_macOS", "LogmacOS", "Old_$platform"])
    }

    @Test func includesMergeUnderTheSpecWithTheirPathsMadeTheSpecs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "project.yml",
            """
            name: App
            include:
              - Specs/base.yml
              - path: Specs/flat.yml
                relativePaths: false
              - path: Specs/off.yml
                enable: false
            targets:
              App:
                dependencies:
                  - target: Core
            """)
        try folder.write(
            "Specs/base.yml",
            """
            include: [nested/more.yml]
            targets:
              App:
                type: application
                platform: iOS
                sources: [../App]
                dependencies:
                  - target: Log
            """)
        try folder.write(
            "Specs/nested/more.yml",
            """
            targets:
              Core:
                type: framework
                platform: iOS
                sources:
                  - path: Core
                    excludes: ["**/*.md", "Generated"]
            """)
        try folder.write(
            "Specs/flat.yml",
            """
            targets:
              Log:
                type: framework
                platform: iOS
                sources: [Log]
            """)
        try folder.write("Specs/off.yml", "targets:\n  Off:\n    type: framework\n")
        let project = try load(folder)
        #expect(project.targets.map(\.name) == ["App", "Core", "Log"])
        #expect(project.declarationFiles.count == 4)
        let app = try target("App", in: project)
        #expect(app.synchronizedFolders.map(\.path) == ["App"])
        // The included file's list first, then the spec's.
        #expect(edges(app) == ["Log", "Core"])
        #expect(app.dependencies.map(\.file) == [folder.path + "/Specs/base.yml", nil])
        // App is written in both: the spec's is the one on top.
        #expect(app.file == nil)
        let core = try target("Core", in: project)
        #expect(core.synchronizedFolders.map(\.path) == ["Specs/nested/Core"])
        let patterns = core.synchronizedFolders[0].excludedPatterns
        #expect(patterns.contains { $0.matches("a/b/README.md") })
        #expect(patterns.contains { $0.matches("Generated/x.swift") })
        #expect(!patterns.contains { $0.matches("Sources/x.swift") })
        // relativePaths: false keeps the spec's folder.
        #expect(try target("Log", in: project).synchronizedFolders.map(\.path) == ["Log"])
    }

    @Test func projectReferencesLoadTheOtherSpecAndNameItsTargets() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "App/project.yml",
            """
            name: App
            projectReferences:
              Kit:
                path: ../Kit/Kit.xcodeproj
                spec: ../Kit/project.yml
            targets:
              App:
                type: application
                platform: iOS
                dependencies:
                  - target: Kit/KitCore
            """)
        try folder.write("Kit/project.yml", "name: Kit\ntargets:\n  KitCore:\n    type: framework\n    platform: iOS\n")
        let project = try load(folder, "App/project.yml")
        #expect(project.referencedProjects == ["../Kit/project.yml"])
        #expect(edges(try target("App", in: project)) == ["../Kit/Kit.xcodeproj:KitCore"])
        let kit = try XcodeProject.load(at: project.resolvedPath("../Kit/project.yml"), disk: XcodeDisk(root: folder.path))
        #expect(kit.path == project.resolvedPath("../Kit/Kit.xcodeproj"))
    }

    @Test func hostileSpecsAreBounded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A billion laughs: nine levels of ten aliases stand for 10⁹ values.
        var laughs = "name: Laughs\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for level in "bcdefghij" {
            laughs += "\(level): &\(level) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = String(level)
        }
        try folder.write("laughs/project.yml", laughs)
        #expect {
            try load(folder, "laughs/project.yml")
        } throws: { error in
            "\(error)".contains("more than \(SpecValue.maximumNodes) values")
        }
        // An include cycle is cut; an include outside the folder loaded is not read.
        try folder.write("cycle/project.yml", "name: Cycle\ninclude: [a.yml, ../../outside.yml]\ntargets:\n  T:\n    type: tool\n")
        try folder.write("cycle/a.yml", "include: [project.yml]\n")
        let cycle = try load(folder, "cycle/project.yml")
        #expect(cycle.targets.map(\.name) == ["T"])
        #expect(cycle.warnings.contains { $0.contains("includes 'project.yml', which includes this file again") })
        #expect(cycle.warnings.contains { $0.contains("includes '../../outside.yml', outside the folder loaded") })
        // Malformed YAML names its file and line.
        try folder.write("bad/project.yml", "name: Bad\ntargets:\n  T: [unclosed\n")
        #expect(throws: XcodeError.self) { try load(folder, "bad/project.yml") }
        do {
            _ = try load(folder, "bad/project.yml")
        } catch {
            #expect("\(error)".hasPrefix(folder.path + "/bad/project.yml:"))
            #expect("\(error)".contains("malformed XcodeGen spec"))
        }
        // Sources outside the folder loaded are dropped, with a warning naming the spec.
        try folder.write("out/project.yml", "name: Out\ntargets:\n  T:\n    type: tool\n    sources: [../../../etc]\n")
        let out = try load(folder, "out/project.yml")
        #expect(try target("T", in: out).synchronizedFolders.isEmpty)
        #expect(out.warnings.contains { $0.hasPrefix(folder.path + "/out/project.yml: refers to '../../../etc'") })
    }

    /// SentoCrespo/BaseUIKitCombine's `project-Domain-Tests.yml` gives `USER_HEADER_SEARCH_PATHS` twice in one map.
    /// XcodeGen (Yams before 6) reads the last of a map's equal keys; Yams 6 refuses the file. The spec is read as
    /// XcodeGen reads it, with a warning naming the key and the line of the one left out (an inner map's first,
    /// as the parse meets them).
    @Test func aKeyGivenTwiceInAMapIsReadAsItsLast() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "project.yml",
            """
            name: Twice
            targets:
              App:
                type: application
                platform: iOS
                dependencies:
                  - target: Old
                settings:
                  base:
                    PRODUCT_NAME: First
                    PRODUCT_NAME: Second
                dependencies:
                  - target: New
              Old: {type: framework, platform: iOS}
              New: {type: framework, platform: iOS}
            """)
        let project = try load(folder)
        let app = try target("App", in: project)
        #expect(edges(app) == ["New"])
        #expect(
            project.warnings == [
                folder.path
                    + "/project.yml:10: 'PRODUCT_NAME' is given again later in the same map; the last is read, as XcodeGen reads it",
                folder.path + "/project.yml:6: 'dependencies' is given again later in the same map; the last is read, as XcodeGen reads it",
            ])
        // Past the bound of keys given twice (each a parse of the file), the spec is refused.
        let many = (0...SpecValue.maximumRepeatedKeys).map { "  K\($0): 1\n  K\($0): 2\n" }.joined()
        try folder.write("many/project.yml", "name: Many\nsettings:\n" + many + "targets:\n  T: {type: tool}\n")
        #expect {
            try load(folder, "many/project.yml")
        } throws: { error in
            "\(error)".contains("more than once")
        }
        // In a flow map there is no line to leave out: the spec is refused, naming the key.
        try folder.write("flow/project.yml", "name: Flow\ntargets:\n  T: {type: tool, type: framework}\n")
        #expect {
            try load(folder, "flow/project.yml")
        } throws: { error in
            "\(error)".contains("flow/project.yml:3") && "\(error)".contains("the key(s) 'type' more than once")
        }
    }

    /// swiyu-admin-ch/eidch-ios-wallet's `Project/schemes.yml` writes `define:` three times in one map, each value
    /// defining an anchor (`&launch_arguments`, `&test_plans`, `&targets`), then merges all three into its schemes.
    /// XcodeGen's reader keeps the last `define:` but every anchor; leaving the first two values out of the text
    /// made their aliases undefined, and the spec was refused ("found undefined alias"). Keys written quoted, and
    /// one given three times, are set aside the same way; the set-aside values never reach the spec read. The
    /// merge key `<<`, which the wallet's schemes use and XcodeGen's reader applies, was not applied at all.
    @Test func anAnchorInTheValueOfAKeyGivenAgainStaysDefined() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "project.yml",
            """
            name: Anchored
            define: &kinds
              type: framework
              platform: iOS
            define: &app
              type: application
              platform: iOS
            "define": &deps
              - target: Lib
            targets:
              Tool:
                type: framework
              App:
                <<: *app
                dependencies: *deps
              Lib:
                <<: [*kinds, *app]
              Tool:
                <<: *app
                type: tool
            """)
        let project = try load(folder)
        #expect(project.targets.map(\.name).sorted() == ["App", "Lib", "Tool"])
        #expect(edges(try target("App", in: project)) == ["Lib"])
        // Merged (`<<`) as XcodeGen's reader merges: the map's own keys win, then the first map listed.
        #expect(try target("App", in: project).kind == .application)
        #expect(try target("Lib", in: project).kind == .framework)
        #expect(try target("Tool", in: project).kind == .commandLineTool)
        #expect(project.warnings.filter { $0.contains("'define' is given again later") }.count == 2)
        #expect(project.warnings.filter { $0.contains("'Tool' is given again later") }.count == 1)
        #expect(project.warnings.allSatisfy { !$0.contains("modgraph-repeated") })
    }

    /// XcodeGen 2.43 reads a local package's `path` in an included file from that file's folder; earlier versions
    /// from the spec's. swiyu's wallet pins 2.42, and its `Project/packages.yml` names `Modules/Platforms/BITCore`:
    /// where only the spec's folder holds it, it is read from there, with a warning; where the included file's
    /// folder holds it, from there, as XcodeGen reads it today.
    @Test func aLocalPackageOfAnIncludedFileIsFoundWhereEitherXcodeGenLooks() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("project.yml", "name: Old\ninclude: [Project/packages.yml]\ntargets:\n  T: {type: tool, platform: macOS}\n")
        try folder.write(
            "Project/packages.yml", "packages:\n  Core:\n    path: Modules/Core\n  Here:\n    path: Here\n  Gone:\n    path: Gone\n")
        try folder.write("Modules/Core/Package.swift", "")
        try folder.write("Project/Here/Package.swift", "")
        try folder.write("Here/Package.swift", "")
        let project = try load(folder)
        #expect(
            Set(project.packageReferences) == [.local(path: "Modules/Core"), .local(path: "Project/Here"), .local(path: "Project/Gone")])
        #expect(
            project.warnings.filter { $0.contains("are not at") || $0.contains("is not at") } == [
                folder.path + "/Project/packages.yml:2: package 'Core' is not at the paths written, from this file's folder, where"
                    + " XcodeGen 2.43 and later look; read from the spec's folder, where earlier versions look"
            ])
    }
}
