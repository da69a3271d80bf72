import Foundation
import ModGraphTestSupport
import Testing

/// Warnings about missing `path:` folders and checkouts, through the built
/// executable run in the workspace's folder: each said once, saying what
/// really happened, with paths shown as findings show them (relative to the
/// current folder).
@Suite("load warnings")
struct LoadWarningTests {
    /// Writes `Package.swift` and one source file per target into `folder/relative`.
    private func package(_ folder: URL, _ relative: String, _ manifest: String, targets: [String]) throws {
        let directory = folder.appendingPathComponent(relative)
        for target in targets {
            let sources = directory.appendingPathComponent("Sources/\(target)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try "// \(target)\n".write(to: sources.appendingPathComponent("\(target).swift"), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try manifest.write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    }

    private func scratch() throws -> URL {
        let folder = try ModGraphRunner.scratchFolder("modgraph-warnings")
        // A repository: the packages' `path:`s to one another stay inside the folder loaded.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        // As the loader names folders: with symbolic links resolved.
        return URL(fileURLWithPath: folder.resolvingSymlinksInPath().path)
    }

    private func library(_ name: String, dependencies: String = "", uses: String = "") -> String {
        """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "\(name)", products: [.library(name: "\(name)", targets: ["\(name)"])],
            dependencies: [\(dependencies)], targets: [.target(name: "\(name)", dependencies: [\(uses)])])
        """
    }

    /// Five packages point at `../Core`, which is not there; the root loads
    /// `Shared/Core`, whose identity is also `core`, so their products are linked to it.
    @Test func aMissingFolderManyPackagesNeedIsSaidOnceWithWhatBecameOfIt() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try package(folder, "Shared/Core", library("Core"), targets: ["Core"])
        let modules = ["A", "B", "C", "D", "E"]
        for module in modules {
            try package(folder, "Modules/\(module)", library(module, dependencies: #".package(path: "../Core")"#,
                                                              uses: #".product(name: "Core", package: "Core")"#), targets: [module])
        }
        try package(folder, ".", """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "App",
            dependencies: [\(modules.map { #".package(path: "Modules/\#($0)")"# }.joined(separator: ", ")), .package(path: "Shared/Core")],
            targets: [.executableTarget(name: "App", dependencies: [\(modules.map { #".product(name: "\#($0)", package: "\#($0)")"# }.joined(separator: ", "))])])
        """, targets: ["App"])
        let result = try ModGraphRunner.run(["graph", ".", "--format", "json"], in: folder)
        #expect(result.status == 0)
        // Each manifest is named with the line that names the folder (issue #34).
        #expect(result.errors == "warning: Modules/A/Package.swift:4: local package 'Modules/Core' not found; its products are linked to "
            + "package 'core' at Shared/Core instead, which has the same identity "
            + "(also required by Modules/B/Package.swift:4, Modules/C/Package.swift:4, Modules/D/Package.swift:4 and 1 more)\n")
        #expect(result.output.contains("""
                  "from": "a/A",
                  "to": "core/Core",
                  "kind": "product",
            """))

        // Nothing else has that identity: the products are external, and said so once.
        let alone = try scratch()
        defer { try? FileManager.default.removeItem(at: alone) }
        for module in ["A", "B"] {
            try package(alone, module, library(module, dependencies: #".package(path: "../Gone")"#,
                                                uses: #".product(name: "Gone", package: "Gone")"#), targets: [module])
        }
        try package(alone, "App", library("App", dependencies: #".package(path: "../A"), .package(path: "../B")"#,
                                           uses: #".product(name: "A", package: "A"), .product(name: "B", package: "B")"#), targets: ["App"])
        let external = try ModGraphRunner.run(["graph", "App"], in: alone)
        #expect(external.status == 0)
        #expect(external.errors == "warning: A/Package.swift:4: local package 'Gone' not found; its products are shown as external "
            + "(Gone) (also required by B/Package.swift:4)\n")
    }

    /// An uninitialised git submodule: the `path:` folder is there but empty (ProtonVPN's
    /// `external/tunnelkit`, Passepartout's `submodules/partout`). One warning that names the
    /// manifest, the line and the fix; the graph loads without it (issue #34).
    /// A `path:` outside the folder loaded, or to a folder whose `Package.swift` is a link to a file outside it, is not
    /// read (a pull request's manifest could otherwise have any package of the machine dumped): its products are
    /// external, with a warning each. A Swift file linked to one outside is not read by `check`, and said.
    @Test func whatLeadsOutsideTheFolderLoadedIsNotRead() throws {
        let folder = try scratch()
        let outside = URL(fileURLWithPath: try ModGraphRunner.scratchFolder("modgraph-outside").resolvingSymlinksInPath().path)
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        try package(outside, "Far", library("Far"), targets: ["Far"])
        try package(outside, "Near", library("Near"), targets: ["Near"])
        try "import App\n".write(to: outside.appendingPathComponent("Key.swift"), atomically: true, encoding: .utf8)
        try package(
            folder, "App",
            library(
                "App", dependencies: #".package(path: "\#(outside.path)/Far"), .package(path: "../Near")"#,
                uses: #".product(name: "Far", package: "Far"), .product(name: "Near", package: "Near")"#), targets: ["App"])
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("Near"), withIntermediateDirectories: true)
        try files.createSymbolicLink(
            atPath: folder.appendingPathComponent("Near/Package.swift").path, withDestinationPath: outside.path + "/Near/Package.swift")
        let result = try ModGraphRunner.run(["graph", "App", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.errors == "warning: App/Package.swift:4: local package '\(outside.path)/Far' is outside the folder loaded, which "
                + "modgraph does not read (load a folder that holds both to include it); its products are shown as external (Far)\n"
                + "warning: App/Package.swift:4: local package 'Near' has a Package.swift that is a link to a file outside the folder "
                + "loaded, which modgraph does not read; its products are shown as external (Near)\n")
        #expect(result.output.contains(#""id": "far/Far""#) && result.output.contains(#""id": "near/Near""#))
        #expect(!result.output.contains(#""path": "Sources/Far""#))

        // The same package's files: one linked outside is said and not read (it imports App, which no finding says).
        try files.createSymbolicLink(
            atPath: folder.appendingPathComponent("App/Sources/App/Key.swift").path, withDestinationPath: outside.path + "/Key.swift")
        try "version: 1\nlayers:\n  - name: all\n    targets: [\"*\"]\nsources:\n  undeclaredImports: error\n".write(
            to: folder.appendingPathComponent("App/.modgraph.yml"), atomically: true, encoding: .utf8)
        let check = try ModGraphRunner.run(["check", "App"], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(check.errors.contains("warning: App/Sources/App/Key.swift: leads outside the repository through a link; not read\n"))
    }

    @Test func anEmptyLocalPackageFolderIsOneWarningAndTheGraphLoads() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try package(folder, "App", library("App", dependencies: #".package(path: "../Lib")"#, uses: #".product(name: "Lib", package: "Lib")"#), targets: ["App"])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Lib"), withIntermediateDirectories: true)
        let result = try ModGraphRunner.run(["graph", "App", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "warning: App/Package.swift:4: local package 'Lib' is an empty folder (an uninitialised git submodule? "
            + "run `git submodule update --init`); its products are shown as external (Lib)\n")
        #expect(result.output.contains(#""id": "lib/Lib""#))
        // A folder with files but no manifest is said so.
        try "notes\n".write(to: folder.appendingPathComponent("Lib/README"), atomically: true, encoding: .utf8)
        let other = try ModGraphRunner.run(["graph", "App"], in: folder)
        #expect(other.status == 0)
        #expect(other.errors == "warning: App/Package.swift:4: local package 'Lib' has no Package.swift; its products are shown as external (Lib)\n")
    }

    /// ProtonVPN: the workspace lists `external/tunnelkit` (an empty submodule), which a local package
    /// also names; the app's products that name no package are its. One warning for the folder,
    /// with every product shown as its (the manifest's TunnelKit too: issue #49), and none per product.
    @Test func anEmptyFolderAWorkspaceListsIsOneWarningForAllWhoNameIt() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("external/tunnelkit"), withIntermediateDirectories: true)
        try package(folder, "libraries/Net", library("Net", dependencies: #".package(path: "../../external/tunnelkit")"#,
                                                     uses: #".product(name: "TunnelKit", package: "tunnelkit")"#), targets: ["Net"])
        let app = ProjectFixture(targets: [
            .init("App", type: "application", packageProducts: [("TunnelKitOpenVPN", nil), ("Net", nil)])
        ])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/App.xcodeproj"), withIntermediateDirectories: true)
        try app.text.write(to: folder.appendingPathComponent("App/App.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        let workspace = ProjectFixture.workspace(["group:external/tunnelkit", "group:libraries/Net", "group:App/App.xcodeproj"])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("VPN.xcworkspace"), withIntermediateDirectories: true)
        try workspace.write(to: folder.appendingPathComponent("VPN.xcworkspace/contents.xcworkspacedata"), atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["graph", ".", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let line = ProjectFixture.line(of: "group:external/tunnelkit", in: workspace)
        #expect(result.errors.hasPrefix(
            "warning: VPN.xcworkspace/contents.xcworkspacedata:\(line): local package 'external/tunnelkit' is an empty folder (an uninitialised "
                + "git submodule? run `git submodule update --init`); its products are shown as external (TunnelKit, TunnelKitOpenVPN) "
                + "(also required by libraries/Net/Package.swift:4)\n"), "\(result.errors)")
        #expect(!result.errors.contains("names no package"))
        #expect(result.output.contains(#""id": "tunnelkit/TunnelKitOpenVPN""#))
    }

    /// `swift package resolve` fetches no package that only a trait that is
    /// off by default needs, so it is not the advice to give for its checkout.
    @Test func aCheckoutOnlyTraitsOffByDefaultNeedIsNotBlamedOnResolve() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try package(folder, ".", """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(name: "App", traits: ["Yaml", .default(enabledTraits: [])],
            dependencies: [.package(url: "https://example.com/yams.git", from: "1.0.0"),
                           .package(url: "https://example.com/swift-log.git", from: "1.0.0")],
            targets: [.target(name: "App", dependencies: [
                .product(name: "Yams", package: "yams", condition: .when(traits: ["Yaml"])),
                .product(name: "Logging", package: "swift-log")])])
        """, targets: ["App"])
        let result = try ModGraphRunner.run(["graph", ".", "--externals", "expand"], in: folder)
        #expect(result.status == 0)
        #expect(result.errors == """
            warning: Package.swift: no checkout of 'yams' under .build/checkouts, as only dependencies behind package traits that are off by default use it \
            (`swift package resolve` fetches none of those); pass --traits default to build as `swift build` does; its products are shown as external
            warning: Package.swift: no checkout of 'swift-log' under .build/checkouts (run `swift package resolve`); its products are shown as external

            """)
        let defaults = try ModGraphRunner.run(["graph", ".", "--externals", "expand", "--traits", "default"], in: folder)
        #expect(defaults.errors == "warning: Package.swift: no checkout of 'swift-log' under .build/checkouts (run `swift package resolve`); "
            + "its products are shown as external\n")
        // With the trait on, the checkout is needed, and resolving with it fetches it.
        let enabled = try ModGraphRunner.run(["graph", ".", "--externals", "expand", "--traits", "Yaml"], in: folder)
        #expect(enabled.errors.contains("no checkout of 'yams' under .build/checkouts (run `swift package resolve`)"))
    }
}
