import Foundation
import Testing
import ModGraphCore
@testable import ModGraphManifest

/// What a dump declares beyond the graph (settings, resources' rules,
/// platforms, requirements…), read by the fast reader and written back by
/// ``ManifestEncoding`` to the same value.
@Suite("build declarations in dumps")
struct ManifestBuildReaderTests {
    /// The shapes `swift package dump-package` (6.x) writes, as it wrote them for a manifest using each.
    static let dump = #"""
        {"cLanguageStandard": "c11", "cxxLanguageStandard": "c++17", "defaultLocalization": "en",
         "dependencies": [
           {"sourceControl": [{"identity": "swift-argument-parser", "location": {"remote": [{"urlString": "https://github.com/apple/swift-argument-parser"}]},
             "productFilter": null, "requirement": {"range": [{"lowerBound": "1.6.1", "upperBound": "2.0.0"}]}, "traits": [{"name": "default"}]}]},
           {"sourceControl": [{"identity": "b", "location": {"remote": [{"urlString": "https://github.com/a/b"}]}, "productFilter": null,
             "requirement": {"branch": ["main"]}}]},
           {"registry": [{"identity": "mona.x", "productFilter": null, "requirement": {"exact": ["1.0.0"]}}]},
           {"fileSystem": [{"identity": "local", "path": "/tmp/Local", "productFilter": null}]}
         ],
         "name": "P", "packageKind": {"root": ["/tmp/P"]}, "pkgConfig": null,
         "platforms": [{"options": [], "platformName": "macos", "version": "13.0"}, {"options": [], "platformName": "ios", "version": "16.1"}],
         "products": [{"name": "A", "settings": [], "targets": ["A"], "type": {"library": ["dynamic"]}}],
         "providers": null, "swiftLanguageVersions": ["5", "6"],
         "targets": [
           {"dependencies": [], "exclude": [], "name": "A", "packageAccess": false, "publicHeadersPath": "inc",
            "resources": [{"path": "res", "rule": {"process": {"localization": "base"}}}, {"path": "c.txt", "rule": {"copy": {}}},
                          {"path": "e.bin", "rule": {"embedInCode": {}}}],
            "settings": [
              {"condition": {"config": "debug", "platformNames": ["linux"]}, "kind": {"define": {"_0": "FOO=1"}}, "tool": "c"},
              {"kind": {"unsafeFlags": {"_0": ["-w", "-O"]}}, "tool": "swift"},
              {"kind": {"treatWarning": {"_0": "X", "_1": "error"}}, "tool": "swift"},
              {"kind": {"strictMemorySafety": {}}, "tool": "swift"},
              {"condition": {"platformNames": [], "traits": ["T2", "T1"]}, "kind": {"linkedLibrary": {"_0": "z"}}, "tool": "linker"}
            ], "type": "regular"},
           {"checksum": "abc", "dependencies": [], "exclude": [], "name": "Bin", "packageAccess": false, "resources": [], "settings": [],
            "type": "binary", "url": "https://x/y.zip"},
           {"dependencies": [], "exclude": [], "name": "Sys", "packageAccess": false, "pkgConfig": "zlib",
            "providers": [{"apt": [["zlib1g-dev"]]}, {"brew": [["zlib"]]}], "resources": [], "settings": [], "type": "system"},
           {"dependencies": [], "exclude": [], "name": "Plug", "packageAccess": true,
            "pluginCapability": {"command": [{"custom": {"description": "d", "verb": "v"}},
              [{"writeToPackageDirectory": {"reason": "r"}}, {"allowNetworkConnections": {"reason": "n", "scope": {"all": {"ports": [80, 443]}}}}]]},
            "resources": [], "settings": [], "type": "plugin"},
           {"dependencies": [], "exclude": [], "name": "Gen", "packageAccess": true, "pluginCapability": {"buildTool": null}, "type": "plugin"}
         ],
         "toolsVersion": {"_version": "6.1.0", "experimentalFeatures": []}, "traits": []}
        """#

    private func read(_ text: String) throws -> Manifest {
        try ManifestDecoding.decode(Data(text.utf8), source: "dump.json")
    }

    @Test func everyPartIsRead() throws {
        let manifest = try read(Self.dump)
        let build = try #require(manifest.build)
        #expect(
            build.platforms == [PlatformRequirement(name: "macos", version: "13.0"), PlatformRequirement(name: "ios", version: "16.1")])
        #expect(build.defaultLocalization == "en")
        #expect(build.swiftLanguageVersions == ["5", "6"])
        #expect(build.cLanguageStandard == "c11" && build.cxxLanguageStandard == "c++17")
        #expect(build.unreadKeys.isEmpty)
        #expect(
            manifest.dependencies.map(\.requirement) == [
                .range(lowerBound: "1.6.1", upperBound: "2.0.0"), .branch("main"), .exact("1.0.0"), nil,
            ])
        let a = try #require(manifest.targets.first?.build)
        #expect(a.packageAccess == false && a.publicHeadersPath == "inc")
        #expect(
            a.resources == [
                TargetResource(path: "res", rule: .process(localization: "base")), TargetResource(path: "c.txt", rule: .copy),
                TargetResource(path: "e.bin", rule: .embedInCode),
            ])
        #expect(
            a.settings == [
                BuildSetting(
                    tool: "c", kind: "define", arguments: [.text("FOO=1")],
                    condition: BuildSettingCondition(platforms: ["linux"], configuration: "debug", traits: nil)),
                BuildSetting(tool: "swift", kind: "unsafeFlags", arguments: [.texts(["-w", "-O"])]),
                BuildSetting(tool: "swift", kind: "treatWarning", arguments: [.text("X"), .text("error")]),
                BuildSetting(tool: "swift", kind: "strictMemorySafety", arguments: []),
                // Traits are a set to SwiftPM: sorted, whatever order the dump wrote.
                BuildSetting(
                    tool: "linker", kind: "linkedLibrary", arguments: [.text("z")],
                    condition: BuildSettingCondition(platforms: [], configuration: nil, traits: ["T1", "T2"])),
            ])
        #expect(manifest.targets[1].build?.url == "https://x/y.zip" && manifest.targets[1].build?.checksum == "abc")
        #expect(
            manifest.targets[2].build?.providers == [
                SystemPackageProvider(manager: "apt", packages: ["zlib1g-dev"]), SystemPackageProvider(manager: "brew", packages: ["zlib"]),
            ])
        #expect(
            manifest.targets[3].build?.pluginCapability
                == .command(
                    intent: .custom(verb: "v", description: "d"),
                    permissions: [
                        .writeToPackageDirectory(reason: "r"), .allowNetworkConnections(scope: "all", ports: [80, 443], reason: "n"),
                    ]))
        #expect(manifest.targets[4].build?.pluginCapability == .buildTool)
    }

    /// A part of a shape not known here is skipped and named, so a comparison knows it cannot tell; the load goes on.
    @Test func unknownShapesAreNamedNotFatal() throws {
        let manifest = try read(
            #"""
            {"name": "P", "newPackageKey": {"x": 1}, "platforms": "all of them",
             "products": [{"name": "L", "targets": ["A"], "settings": [{"x": 1}], "newProductKey": true}],
             "dependencies": [{"sourceControl": [{"identity": "d", "location": "https://x/d", "requirement": {"upToNextMajor": ["1.0.0"]}, "new": 1}]}],
             "targets": [{"name": "A", "settings": [{"tool": "swift", "kind": {"define": {"_0": 1}}}], "newTargetKey": [],
                          "resources": [{"path": "r", "rule": {"compile": {}}}]}]}
            """#)
        #expect(
            manifest.build?.unreadKeys == [
                "dependencies[d].new", "dependencies[d].requirement", "newPackageKey", "platforms", "products[L].newProductKey",
                "products[L].settings", "targets[A].newTargetKey", "targets[A].resources", "targets[A].settings",
            ])
        #expect(manifest.targets.first?.resources == ["r"])
    }

    @Test(arguments: [dump, ManifestReaderTests.shapes[0], #"{"name": "Minimal"}"#])
    func writtenBackItReadsTheSame(_ text: String) throws {
        let manifest = try read(text)
        #expect(try ManifestDecoding.decode(ManifestEncoding.dumpJSON(manifest), source: "encoded") == manifest)
        // A manifest Foundation's decoder read (no build declaration) stays one.
        let graphOnly = manifest.graphPart
        #expect(try ManifestDecoding.decode(ManifestEncoding.dumpJSON(graphOnly), source: "encoded") == graphOnly)
    }

    /// A copy's dump says what the original's would: its folder and its `path:` dependencies moved.
    @Test func relocationMovesTheFoldersItNames() throws {
        let manifest = try read(Self.dump)
        let moved = manifest.relocated(from: "/tmp", to: "/work/repo")
        #expect(moved.packageDirectory == "/work/repo/P")
        #expect(moved.dependencies.map(\.location).last == "/work/repo/Local")
        #expect(moved.dependencies.first?.location == "https://github.com/apple/swift-argument-parser")
        #expect(moved.relocated(from: "/work/repo", to: "/tmp") == manifest)
        #expect(manifest.relocated(from: "/tm", to: "/x") == manifest)
    }
}
