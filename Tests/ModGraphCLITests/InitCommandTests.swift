import Foundation
@testable import ModGraphKit
import ModGraphOutput
import ModGraphTestSupport
import Testing

/// `modgraph init` on copies of the samples: the file it writes makes `check` pass right away.
@Suite("init")
struct InitCommandTests {
    private func copy(_ sample: String) throws -> (URL, URL) {
        let top = try ModGraphRunner.scratchFolder("modgraph-init")
        let folder = top.appendingPathComponent(sample)
        try FileManager.default.copyItem(at: ModGraphRunner.samples.appendingPathComponent(sample), to: folder)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(".modgraph.yml"))
        return (top, folder)
    }

    @Test(arguments: ["VerticalApp", "Violations", "Workspace", "XcodeApp", "WiringApp"])
    func checkPassesRightAfterInit(_ sample: String) throws {
        let (top, folder) = try copy(sample)
        defer { try? FileManager.default.removeItem(at: top) }
        let written = try ModGraphRunner.run(["init", folder.path], in: folder)
        #expect(written.status == 0, "\(written.errors)")
        // Named relative to the folder it runs in, as every path in a message is.
        #expect(written.errors.contains("wrote .modgraph.yml: layers "), "\(written.errors)")
        let check = try ModGraphRunner.run(["check", folder.path], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        // Never overwritten without --force.
        let again = try ModGraphRunner.run(["init", folder.path], in: folder)
        #expect(again.status == 2)
        #expect(again.errors.hasSuffix("error: .modgraph.yml exists; pass --force to replace it\n"), "\(again.errors)")
        #expect(try ModGraphRunner.run(["init", folder.path, "--force"], in: folder).status == 0)
    }

    /// The vertical sample's layers are the ones it was designed with: an architect's answer.
    @Test func theVerticalSampleGetsItsOwnArchitecture() throws {
        let (top, folder) = try copy("VerticalApp")
        defer { try? FileManager.default.removeItem(at: top) }
        let result = try ModGraphRunner.run(["init", folder.path, "--output", "-"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        try expectGolden(result.output, "init-VerticalApp.yml")
    }

    /// The wiring checks are turned on where the sources wire verticals, and only there.
    @Test func theWiringChecksAreOnWhereTheSourcesWireVerticals() throws {
        let (top, folder) = try copy("WiringApp")
        defer { try? FileManager.default.removeItem(at: top) }
        let wired = try ModGraphRunner.run(["init", folder.path, "--output", "-"], in: folder)
        #expect(wired.status == 0, "\(wired.errors)")
        #expect(wired.output.contains("\n  wiring: {}\n"))
        // A package whose modules share no protocol, builder or screen: no wiring checks.
        let plainTop = try ModGraphRunner.scratchFolder("modgraph-init-plain")
        defer { try? FileManager.default.removeItem(at: plainTop) }
        let files = [
            "Package.swift":
                "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Plain\", targets: [.target(name: \"Core\"), .target(name: \"Feature\", dependencies: [\"Core\"])])\n",
            "Sources/Core/Core.swift": "public struct Money { public let cents: Int }\n",
            "Sources/Feature/Feature.swift": "import Core\nlet price = Money(cents: 1)\n",
        ]
        for (path, text) in files {
            let file = plainTop.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let plain = try ModGraphRunner.run(["init", plainTop.path, "--output", "-"], in: plainTop)
        #expect(plain.status == 0, "\(plain.errors)")
        #expect(plain.output.contains("sources:"))
        #expect(!plain.output.contains("wiring"))
    }

    /// Names are data in the YAML too: quotes, backslashes and line breaks stay inside their scalar.
    @Test func hostileNamesStayInsideTheirScalars() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-init-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("pkg")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/Core"), withIntermediateDirectories: true)
        try "public let x = 1\n".write(to: folder.appendingPathComponent("Sources/Core/Core.swift"), atomically: true, encoding: .utf8)
        let hostile = #"Evil\"]\n  - name: pwned\n    targets: [\"*"#
        let dump =
            #"{"name": "pkg", "toolsVersion": {"_version": "5.9.0"}, "packageKind": {"root": [""# + folder.path + #""]}, "#
            + #""targets": [{"name": "Core", "type": "regular", "dependencies": []}, {"name": ""# + hostile
            + #"", "type": "executable", "path": "Sources/Core", "dependencies": [{"byName": ["Core", null]}]}]}"#
        let dumpFile = folder.appendingPathComponent("dump.json")
        try dump.write(to: dumpFile, atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["init", dumpFile.path, "--output", "-"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.output.contains("\n  - name: pwned"))
        #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("  - name: ") }.count == 2)
        // The file is a configuration check reads, with the name as one literal pattern.
        let config = folder.appendingPathComponent("init.yml")
        try result.output.write(to: config, atomically: true, encoding: .utf8)
        let check = try ModGraphRunner.run(["check", dumpFile.path, "--config", config.path], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
    }

    /// The shapes `init` failed on in public repositories (issue #34): SwiftPM plugins and their tools, a
    /// macro, test support, an executable; an Xcode app with an extension and a watchOS copy of a core
    /// module. Every target is placed, with why, and `check` passes right after.
    @Test func everyTargetIsPlacedAndCheckPassesOnPackagesWithPluginsAndMacros() throws {
        let top = try ModGraphRunner.scratchFolder("modgraph-init-shapes")
        defer { try? FileManager.default.removeItem(at: top) }
        func write(_ text: String, _ relative: String) throws {
            let file = top.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            import CompilerPluginSupport
            let package = Package(name: "Tools",
                products: [.library(name: "Lib", targets: ["Lib"]), .plugin(name: "Fmt", targets: ["Fmt"])],
                dependencies: [.package(url: "https://github.com/swiftlang/swift-syntax", from: "600.0.0")],
                targets: [
                    .target(name: "Lib", dependencies: ["Macros"], plugins: ["Fmt"]),
                    .macro(name: "Macros", dependencies: [.product(name: "SwiftSyntaxMacros", package: "swift-syntax")]),
                    .plugin(name: "Fmt", capability: .buildTool(), dependencies: ["FmtTool"]),
                    .executableTarget(name: "FmtTool"),
                    .executableTarget(name: "cli", dependencies: ["Lib"]),
                    .target(name: "TestSupport", dependencies: ["Lib"]),
                    .testTarget(name: "LibTests", dependencies: ["Lib", "TestSupport"]),
                ])
            """, "pkg/Package.swift")
        try write("import Macros\npublic let lib = 1\n", "pkg/Sources/Lib/Lib.swift")
        try write("import SwiftSyntaxMacros\npublic struct M {}\n", "pkg/Sources/Macros/M.swift")
        try write(
            "import PackagePlugin\n@main struct Fmt: BuildToolPlugin { func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] { [] } }\n",
            "pkg/Plugins/Fmt/plugin.swift")
        try write("print(1)\n", "pkg/Sources/FmtTool/main.swift")
        try write("import Lib\nprint(lib)\n", "pkg/Sources/cli/main.swift")
        try write("import Lib\npublic let support = lib\n", "pkg/Sources/TestSupport/Support.swift")
        try write("import Lib\nimport TestSupport\nimport XCTest\nfinal class T: XCTestCase {}\n", "pkg/Tests/LibTests/T.swift")
        try write("# Tools\n", "pkg/README.md")
        try FileManager.default.createDirectory(at: top.appendingPathComponent("pkg/.github/workflows"), withIntermediateDirectories: true)

        let app = ProjectFixture(targets: [
            .init("Kit", settings: ["SDKROOT": "iphoneos"], sources: ["Kit/Kit.swift"]),
            .init(
                "Kit-watchOS", productFile: "Kit.framework", settings: ["SDKROOT": "watchos", "PRODUCT_NAME": "Kit"],
                sources: ["Kit/Kit.swift"]),
            .init(
                "Widget", type: "app-extension", settings: ["SDKROOT": "iphoneos"], dependencies: ["Kit"], sources: ["Widget/Widget.swift"]),
            .init(
                "App", type: "application", settings: ["SDKROOT": "iphoneos"], dependencies: ["Kit", "Widget"], sources: ["App/App.swift"]),
            .init(
                "Watch", type: "application", settings: ["SDKROOT": "watchos"], dependencies: ["Kit-watchOS"],
                sources: ["Watch/Watch.swift"]),
        ])
        try write(app.text, "app/App.xcodeproj/project.pbxproj")
        try write("public let kit = 1\n", "app/Kit/Kit.swift")
        for name in ["Widget", "App", "Watch"] { try write("import Kit\nlet x = kit\n", "app/\(name)/\(name).swift") }

        for (folder, expected) in [
            ("pkg", ["  - name: tools", "\"Fmt\"", "\"FmtTool\"", "\"Macros\"", "\"TestSupport\"", "\"*.md\"", "\".github/**\""]),
            ("app", ["\"Kit\", \"Kit-watchOS\"", "platform copies"]),
        ] {
            let path = top.appendingPathComponent(folder).path
            let written = try ModGraphRunner.run(["init", path, "--output", "-"], in: top)
            #expect(written.status == 0, "\(folder): \(written.errors)")
            #expect(!written.errors.contains("cycles"), "\(written.errors)")
            #expect(!written.errors.contains("warning:"), "\(folder): \(written.errors)")
            for fragment in expected { #expect(written.output.contains(fragment), "\(folder): \(fragment) in\n\(written.output)") }
            // Each layer says why it was guessed.
            #expect(written.output.components(separatedBy: "\n  # ").count > 2, "\(written.output)")
            let config = top.appendingPathComponent("\(folder).yml")
            try written.output.write(to: config, atomically: true, encoding: .utf8)
            let check = try ModGraphRunner.run(["check", path, "--config", config.path], in: top)
            #expect(check.status == 0, "\(folder): \(check.output)\(check.errors)")
            #expect(!check.output.contains("belongs to no layer"), "\(check.output)")
        }
    }

    /// `sources:` only when there is Swift to read: a project of C files gets none.
    @Test func sourcesAreWrittenOnlyWhenThereIsSwiftToRead() throws {
        let top = try ModGraphRunner.scratchFolder("modgraph-init-nosources")
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("pkg")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/CLib/include"), withIntermediateDirectories: true)
        try "int f(void) { return 1; }\n".write(to: folder.appendingPathComponent("Sources/CLib/f.c"), atomically: true, encoding: .utf8)
        try "int f(void);\n".write(to: folder.appendingPathComponent("Sources/CLib/include/f.h"), atomically: true, encoding: .utf8)
        try
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"C\", targets: [.target(name: \"CLib\")])\n"
            .write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let written = try ModGraphRunner.run(["init", folder.path, "--output", "-"], in: top)
        #expect(written.status == 0, "\(written.errors)")
        #expect(!written.output.contains("\nsources:"))
        #expect(written.output.contains("No Swift file of the workspace's own targets was found to read"))
    }
}

extension InitCommandTests {
    /// What init writes, check reads back: every hostile name is placed by a pattern
    /// that matches it, and nothing else, in a file the configuration reader takes
    /// (a noncharacter, a byte order mark, line and paragraph separators, NEL, a tab,
    /// pattern syntax, YAML syntax, a name far longer than a wildcard pattern may be).
    @Test func whatInitWritesCheckReadsBack() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-init-roundtrip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = [
            "A\u{FFFE}B", "A\u{FFFF}B", "\u{FEFF}Bom", "Line\u{2028}Sep", "Para\u{2029}Sep", "Nel\u{85}X", "Tab\tX", "Ret\rX", "New\nX",
            "Star*", "Q?", "{brace}", "[square]", "Back\\slash", "!bang", "'single'", "\"double\"", "colon: x", "#hash", "- dash",
            "&anchor", "*alias", "%percent", "@at", "`tick`", " spaced ", "Emoji\u{1F600}", "Bidi\u{202E}X", "Del\u{7F}X", "C1\u{9B}X",
            String(repeating: "Long", count: 300),
        ]
        var targets = names.enumerated().map { index, name in
            let type = index == 0 ? "executable" : "regular"
            let dependency = index + 1 < names.count ? #"[{"byName": ["T\#(index + 1)", null]}]"# : "[]"
            return #"{"name": \#(jsonString(name)), "type": "\#(type)", "dependencies": \#(dependency)}"#
        }
        // Each hostile target depends on a plain one, so every layer has an edge to check.
        targets += names.indices.map { #"{"name": "T\#($0 + 1)", "type": "regular", "dependencies": []}"# }
        let dump =
            #"{"name": "P", "toolsVersion": {"_version": "5.9.0"}, "packageKind": {"root": ["\#(folder.path)"]}, "products": [], "#
            + #""dependencies": [], "targets": [\#(targets.joined(separator: ", "))]}"#
        let dumpFile = folder.appendingPathComponent("dump.json")
        try dump.write(to: dumpFile, atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("written.yml")
        let written = try ModGraphRunner.run(["init", dumpFile.path, "--output", config.path], in: folder)
        #expect(written.status == 0, "\(written.errors)")
        let check = try ModGraphRunner.run(["check", dumpFile.path, "--config", config.path, "--format", "json"], in: folder)
        #expect(check.status == 0, "\(check.output.prefix(2_000))\(check.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.isEmpty, "\(findings.prefix(5))")
    }
}

extension InitCommandTests {
    /// A name no pattern can match (an empty one) stops init; the error names the file the
    /// user asked for, not a scratch file of init's own.
    @Test func initsErrorsNameTheUsersFile() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-init-errors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump =
            #"{"name": "P", "toolsVersion": {"_version": "5.9.0"}, "packageKind": {"root": ["\#(folder.path)"]}, "products": [], "#
            + #""dependencies": [], "targets": [{"name": "", "type": "executable", "dependencies": [{"byName": ["Core", null]}]}, "#
            + #"{"name": "Core", "type": "regular", "dependencies": []}]}"#
        let dumpFile = folder.appendingPathComponent("dump.json")
        try dump.write(to: dumpFile, atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("mine.yml")
        let result = try ModGraphRunner.run(["init", dumpFile.path, "--output", config.path], in: folder)
        #expect(result.status == 2)
        #expect(result.errors == "error: \(config.path):8: layers[0].targets: pattern '' is empty\n")
        #expect(!FileManager.default.fileExists(atPath: config.path))
    }
}

/// `text` as a JSON string literal.
private func jsonString(_ text: String) -> String {
    Escape.jsonString(text)
}

/// Aggregate targets compile nothing and build what they name: `init` places them apart, where they
/// break no layer (issue #49: they went into core and came back as exceptions).
@Suite("init places aggregate targets apart")
struct InitAggregateTests {
    /// One target of an XcodeGen spec on one line, with its folder and the targets it depends on.
    private static func target(_ name: String, _ path: String, _ dependencies: [String], type: String = "framework") -> String {
        let list = dependencies.map { "{target: \($0)}" }.joined(separator: ", ")
        return "  \(name): {type: \(type), platform: iOS, sources: [\(path)], dependencies: [\(list)]}\n"
    }

    /// Writes an XcodeGen spec of an app `Shop` that uses `uses`, and of `modules`, each in its folder with a Swift
    /// file importing what it depends on; runs `init` there and gives the folder (for the caller to remove) and the
    /// configuration written.
    private static func initialised(
        _ label: String, app uses: [String], _ modules: [(name: String, folder: String, dependencies: [String])]
    ) throws -> (folder: URL, written: String) {
        let folder = try ModGraphRunner.scratchFolder(label)
        var spec = "name: Shop\ntargets:\n" + target("Shop", "App", uses, type: "application")
        var files = ["App/App.swift": uses.map { "import \($0)\n" }.joined()]
        for module in modules {
            spec += target(module.name, module.folder, module.dependencies)
            files["\(module.folder)/\(module.name).swift"] =
                module.dependencies.map { "import \($0)\n" }.joined() + "public struct \(module.name)Item {}\n"
        }
        files["project.yml"] = spec
        try ModGraphRunner.write(files, in: folder)
        let result = try ModGraphRunner.run(["init", "."], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        return (folder, try String(contentsOf: folder.appendingPathComponent(".modgraph.yml"), encoding: .utf8))
    }

    /// The exceptions `written` lists, as `from` and `to`.
    private static func exceptionEdges(_ written: String) -> [String] {
        written.components(separatedBy: "\n").filter { $0.hasPrefix("  - {from: ") }.map { $0.components(separatedBy: ", rule:")[0] }
    }

    @Test func anAggregateThatBuildsTheAppIsOnTopWithoutExceptions() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-init-aggregate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "project.yml": """
                name: Shop
                targets:
                  App: {type: application, platform: iOS, sources: [App], dependencies: [{target: Core}]}
                  Core: {type: framework, platform: iOS, sources: [Core]}
                aggregateTargets:
                  BuildAll:
                    targets: [App, Core]

                """,
            "App/App.swift": "import Core\n", "Core/Core.swift": "public let core = 1\n",
        ]
        try ModGraphRunner.write(files, in: folder)
        let result = try ModGraphRunner.run(["init", ".", "--output", "-"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.output.contains("exceptions:"), "\(result.output)")
        #expect(result.output.contains("  - name: aggregates\n"), "\(result.output)")
        #expect(result.output.contains("# Aggregate targets (\"BuildAll\"): they compile nothing"), "\(result.output)")
        let layers = result.output.components(separatedBy: "\n").filter { $0.hasPrefix("  - name: ") }
        #expect(layers.first == "  - name: aggregates", "\(layers)")
    }

    /// Seen on a Tuist app (`Modules/Feature/*`, `Modules/Core/*`): a feature kept in the features folder
    /// is a feature though another feature uses it (that edge is the one exception, for isolation), and
    /// an interface module the core uses is placed with the core, not above it. Before, `Feed` went to
    /// the core (a feature used it) and three exceptions were written where one edge breaks the design.
    @Test func featuresByTheirFolderAndInterfacesTheCoreUsesWithTheCore() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-init-folders")
        defer { try? FileManager.default.removeItem(at: folder) }
        var spec = "name: Shop\ntargets:\n"
        spec += Self.target("Shop", "App", ["Home", "Feed", "Common"], type: "application")
        spec += Self.target("Home", "Modules/Feature/Home", ["Feed", "FeedInterface", "Common"])
        spec += Self.target("Feed", "Modules/Feature/Feed", ["FeedInterface", "Common", "AppInterface"])
        spec += Self.target("FeedInterface", "Modules/Feature/FeedInterface", ["Common"])
        spec += Self.target("AppInterface", "Modules/Core/AppInterface", ["Model"])
        spec += Self.target("Common", "Modules/Core/Common", ["AppInterface", "Model"])
        spec += Self.target("Model", "Modules/Core/Model", [])
        let files = [
            "project.yml": spec,
            "App/App.swift": "import Home\nimport Feed\nimport Common\n",
            "Modules/Feature/Home/Home.swift": "import Feed\nimport FeedInterface\nimport Common\n",
            "Modules/Feature/Feed/Feed.swift": "import FeedInterface\nimport Common\nimport AppInterface\n",
            "Modules/Feature/FeedInterface/FeedInterface.swift": "import Common\npublic protocol FeedBuilding {}\n",
            "Modules/Core/AppInterface/AppInterface.swift": "import Model\npublic protocol AppRouting {}\n",
            "Modules/Core/Common/Common.swift": "import AppInterface\nimport Model\n",
            "Modules/Core/Model/Model.swift": "public struct Item {}\n",
        ]
        try ModGraphRunner.write(files, in: folder)
        let result = try ModGraphRunner.run(["init", "."], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let written = try String(contentsOf: folder.appendingPathComponent(".modgraph.yml"), encoding: .utf8)
        let lines = written.components(separatedBy: "\n")
        #expect(lines.contains("    targets: [\"Feed\", \"Home\"]"), "\(written)")
        #expect(lines.contains("    targets: [\"FeedInterface\"]"), "\(written)")
        #expect(lines.contains("    targets: [\"AppInterface\", \"Common\", \"Model\"]"), "\(written)")
        #expect(written.contains("  # kept in a folder of features: \"Feed\", \"Home\""), "\(written)")
        #expect(written.contains("  # named like interfaces but used by modules placed here (\"AppInterface\"): below those"), "\(written)")
        let exceptions = lines.filter { $0.hasPrefix("  - {from: ") }
        #expect(
            exceptions == [
                "  - {from: \"shop/Home\", to: \"shop/Feed\", rule: isolation, reason: \"present when modgraph init wrote this file\"}"
            ], "\(written)")
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
    }

    /// Seen on depromeet/WalWal-iOS (Tuist): each feature is several modules in a folder of its own
    /// (`Features/Auth/AuthData`, `AuthDomain`, `AuthPresenter`). Each module was a feature of its own, so
    /// every edge within a feature was an isolation exception (282 in all there); the parts two features or
    /// more share now make one feature of each folder's modules, and only edges between features are left.
    @Test func aFeatureOfSeveralModulesIsOneFeature() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-init-feature-parts")
        defer { try? FileManager.default.removeItem(at: folder) }
        var spec = "name: Shop\ntargets:\n"
        spec += Self.target("Shop", "App", ["AuthPresenter", "FeedPresenter", "Settings"], type: "application")
        var files = ["App/App.swift": "import AuthPresenter\nimport FeedPresenter\nimport Settings\n"]
        for (feature, uses) in [("Auth", [String]()), ("Feed", ["AuthDomain"])] {
            let modules = [("Presenter", ["\(feature)Domain"]), ("Domain", ["\(feature)Data"] + uses), ("Data", [])]
            for (part, dependencies) in modules {
                let name = feature + part
                spec += Self.target(name, "Features/\(feature)/\(name)", dependencies)
                files["Features/\(feature)/\(name)/\(name).swift"] =
                    dependencies.map { "import \($0)\n" }.joined() + "public struct \(name)Item {}\n"
            }
        }
        spec += Self.target("Settings", "Features/Settings/Settings", [])
        files["Features/Settings/Settings/Settings.swift"] = "public struct Screen {}\n"
        files["project.yml"] = spec
        try ModGraphRunner.write(files, in: folder)
        let result = try ModGraphRunner.run(["init", "."], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let written = try String(contentsOf: folder.appendingPathComponent(".modgraph.yml"), encoding: .utf8)
        let lines = written.components(separatedBy: "\n")
        #expect(
            lines.contains("    isolated: [\"{feature}Presenter\", \"{feature}Domain\", \"{feature}Data\", \"{feature}\"]"), "\(written)")
        let exceptions = lines.filter { $0.hasPrefix("  - {from: ") }
        #expect(
            exceptions == [
                "  - {from: \"shop/FeedDomain\", to: \"shop/AuthDomain\", rule: isolation, reason: \"present when modgraph init wrote this file\"}"
            ], "\(written)")
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
    }

    /// Seen on Nexters/Mohanyang-iOS, sopt-makers/SOPT-iOS, Pumping-iOS, NoWeekend-iOS and gabbangzip-iOS: a module
    /// that composes the features for the app (`Feature`, `RootFeature`, `TabBar`, `MainCoordinator`) was placed
    /// with them, so each of its edges was an exception (7 of Mohanyang's 12). It goes with the apps; a feature that
    /// only the app uses but reaches into two features of six stays a feature, its edges exceptions.
    @Test func whatComposesTheFeaturesForTheAppGoesWithTheApps() throws {
        let features: [(String, [String])] = [
            ("Root", ["Home", "Search", "Profile", "Cart", "Chat"]), ("Home", ["Search"]), ("Search", []), ("Profile", []),
            ("Cart", []), ("Chat", []), ("Promo", ["Home", "Search"]),
        ]
        let (folder, written) = try Self.initialised(
            "modgraph-init-composer", app: ["Root", "Promo"], features.map { ($0.0, "Features/\($0.0)", $0.1) })
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(written.components(separatedBy: "\n").contains("    targets: [\"Root\", \"Shop\"]"), "\(written)")
        #expect(
            written.contains("  # and what composes features for them (\"Root\"): each depends on half the features or more"), "\(written)")
        #expect(
            Self.exceptionEdges(written) == [
                "  - {from: \"shop/Home\", to: \"shop/Search\"", "  - {from: \"shop/Promo\", to: \"shop/Home\"",
                "  - {from: \"shop/Promo\", to: \"shop/Search\"",
            ], "\(written)")
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
    }

    /// One module of a feature of several (mash-up-kr/MOIT-iOS: `MOITListUserInterfaceImpl` beside `MOITListDomain`)
    /// that only the app uses and that reaches into the other features is a vertical's, not what composes them.
    @Test func aModuleOfAFeatureOfSeveralIsNoComposer() throws {
        let modules: [(String, String, [String])] = [
            ("AuthPresenter", "Auth", ["AuthData"]), ("AuthData", "Auth", []),
            ("FeedPresenter", "Feed", ["FeedData", "AuthPresenter", "Settings"]),
            ("FeedData", "Feed", []), ("Settings", "Settings", []),
        ]
        let (folder, written) = try Self.initialised(
            "modgraph-init-no-composer", app: ["FeedPresenter", "AuthPresenter", "Settings"],
            modules.map { ($0.0, "Features/\($0.1)/\($0.0)", $0.2) })
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(written.components(separatedBy: "\n").contains("    targets: [\"Shop\"]"), "\(written)")
        #expect(!written.contains("composes"), "\(written)")
        #expect(
            Self.exceptionEdges(written) == [
                "  - {from: \"shop/FeedPresenter\", to: \"shop/AuthPresenter\"", "  - {from: \"shop/FeedPresenter\", to: \"shop/Settings\"",
            ], "\(written)")
    }

    /// Seen on PrintingAlley/PrintingAlley-iOS and ORE-iOS (28 and 16 exceptions, now none): in Tuist's TMA layout
    /// what is kept in `Projects/Shared` or `Projects/Core` is shared whatever its name says (`KeychainModule`, or
    /// `JwtStore` that only the app uses), and a `BaseFeature` every feature builds on is no vertical.
    @Test func sharedFoldersAndABaseEveryFeatureUsesAreTheCore() throws {
        let modules: [(String, String, [String])] = [
            ("HomeFeature", "Feature", ["BaseFeature", "KeychainModule"]), ("SearchFeature", "Feature", ["BaseFeature"]),
            ("BaseFeature", "Feature", ["UtilityModule"]), ("UtilityModule", "Shared", []), ("KeychainModule", "Shared", []),
            ("JwtStore", "Core", ["KeychainModule"]),
        ]
        let (folder, written) = try Self.initialised(
            "modgraph-init-shared", app: ["HomeFeature", "SearchFeature", "JwtStore"],
            modules.map { ($0.0, "Projects/\($0.1)/\($0.0)", $0.2) })
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = written.components(separatedBy: "\n")
        #expect(lines.contains("    targets: [\"HomeFeature\", \"SearchFeature\"]"), "\(written)")
        #expect(lines.contains("    targets: [\"BaseFeature\", \"JwtStore\", \"KeychainModule\", \"UtilityModule\"]"), "\(written)")
        #expect(!written.contains("exceptions:"), "\(written)")
    }
}

/// `init` proposes `affected.triggers` for folders tests read that no target builds.
@Suite("init proposes triggers")
struct InitTriggerTests {
    @Test func fixtureFoldersGetTheTestsThatReadThem() throws {
        let top = try ModGraphRunner.scratchFolder("modgraph-init-triggers")
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("shop")
        func write(_ relative: String, _ text: String) throws { try ModGraphRunner.write([relative: text], in: folder) }
        try write(
            "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [
                .target(name: "Core"),
                .testTarget(name: "CoreTests", dependencies: ["Core"], exclude: ["Inputs"]),
                .testTarget(name: "ToolTests", dependencies: ["Core"]),
                .testTarget(name: "OtherTests", dependencies: ["Core"]),
            ])
            """)
        try write("Sources/Core/Core.swift", "public let core = 1\n")
        try write("Tests/CoreTests/CoreTests.swift", "import XCTest\n")
        try write("Tests/CoreTests/Inputs/a.json", "{}\n")
        try write("Tests/ToolTests/ToolTests.swift", "let fixtures = \"Fixtures/Sample\"\n")
        try write("Tests/OtherTests/OtherTests.swift", "import XCTest\n")
        // A nested package SwiftPM leaves out, read by one test.
        try write(
            "Fixtures/Sample/Package.swift",
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Sample\")\n")
        let result = try ModGraphRunner.run(["init", folder.path, "--output", "-"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.contains(
                """
                  triggers:
                    # the tests whose sources name the folder or begin a path with what is in it
                    - paths: ["Fixtures/**"]
                      targets: ["shop/ToolTests"]
                    # the test target whose folder holds it
                    - paths: ["Tests/CoreTests/Inputs/**"]
                      targets: ["shop/CoreTests"]

                """), "\(result.output)")
        // The proposal works as written: a change to a fixture selects its test.
        try result.output.write(to: folder.appendingPathComponent(".modgraph.yml"), atomically: true, encoding: .utf8)
        let affected = try ModGraphRunner.run(
            ["affected", folder.path, "--changed-files", "-", "--format", "json"], input: Data("Fixtures/Sample/Package.swift\n".utf8),
            in: folder)
        #expect(affected.status == 0, "\(affected.errors)")
        #expect(affected.output.contains("\"tests\": [\n    \"shop/ToolTests\"\n  ]"), "\(affected.output)")
    }

    /// SwiftPM's layout: only a helper names `Fixtures`; the tests name what is in it
    /// (`fixture(name: "Miscellaneous/Simple")`). Before, the proposal named the one test
    /// that happened to say `Fixtures`; a folder no test names goes to every test, said so.
    @Test func testsThatNameWhatIsInTheFolderReadIt() throws {
        let top = try ModGraphRunner.scratchFolder("modgraph-init-triggers-helper")
        defer { try? FileManager.default.removeItem(at: top) }
        let folder = top.appendingPathComponent("tool")
        func write(_ relative: String, _ text: String) throws { try ModGraphRunner.write([relative: text], in: folder) }
        try write(
            "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Tool", targets: [
                .target(name: "Core"),
                .target(name: "TestSupport", dependencies: ["Core"]),
                .testTarget(name: "BuildTests", dependencies: ["TestSupport"]),
                .testTarget(name: "PackageTests", dependencies: ["TestSupport"]),
                .testTarget(name: "UnitTests", dependencies: ["Core"]),
                .testTarget(name: "MentionTests", dependencies: ["Core"]),
            ])
            """)
        try write("Sources/Core/Core.swift", "public let core = 1\n")
        try write("Sources/TestSupport/Fixture.swift", "public func fixture(name: String) -> String { \"Fixtures/\" + name }\n")
        try write("Tests/BuildTests/BuildTests.swift", "let a = fixture(name: \"Miscellaneous/Simple\"); let b = \"x\\\"Slow\"\n")
        try write("Tests/PackageTests/PackageTests.swift", "let path = \"/tmp\"; let c = fixture(name: \"ModuleMaps\")\n")
        try write("Tests/UnitTests/UnitTests.swift", "let s = \"Misc\"; let t = \"Simple\" // Miscellaneous\n")
        try write("Tests/MentionTests/MentionTests.swift", "let note = \"nothing here\"\n")
        try write("Fixtures/Miscellaneous/Simple/Package.swift", "// swift-tools-version: 5.9\n")
        try write("Fixtures/ModuleMaps/Direct/Package.swift", "// swift-tools-version: 5.9\n")
        try write("Inputs/data.json", "{}\n")
        let result = try ModGraphRunner.run(["init", folder.path, "--output", "-"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.contains(
                """
                    # the tests whose sources name the folder or begin a path with what is in it
                    - paths: ["Fixtures/**"]
                      targets: ["tool/BuildTests", "tool/PackageTests"]
                    # every test of the package: no test's sources name the folder or what is in it
                    - paths: ["Inputs/**"]
                      targets: ["tool/BuildTests", "tool/MentionTests", "tool/PackageTests", "tool/UnitTests"]

                """), "\(result.output)")
    }

    /// Hand-worked: heads end at the first `/`, escapes stay inside, a literal ends at its line.
    @Test func stringLiteralHeads() {
        let heads = StarterTriggers.literalHeads("a(\"Misc/Simple\", \"x\\\"y\") + \"open\nlet b = \"End\"")
        #expect(heads == ["Misc", "x\\\"y", "open", "End"])
    }
}
