import Foundation
import Testing
import ModGraphCore
@testable import ModGraphManifest

/// Shapes older toolchains wrote, which this toolchain can no longer
/// produce, written out as the field notes describe them.
@Suite("older and unusual dump shapes")
struct FixtureShapeTests {
    @Test func threeElementProductBefore5_7() throws {
        let manifest = try decode(
            """
            {"name": "Old", "targets": [{"name": "A", "type": "regular", "dependencies": [
                {"product": ["NIO", "swift-nio", {"platformNames": ["linux"]}]},
                {"product": ["Logging", null, null]},
                {"byName": ["B"]},
                {"target": ["B", null]}
            ]}]}
            """)
        #expect(
            manifest.targets[0].dependencies == [
                .product("NIO", package: "swift-nio", condition: Condition(platforms: ["linux"])),
                .product("Logging", package: nil, condition: nil),
                .byName("B", condition: nil),
                .target("B", condition: nil),
            ])
        #expect(manifest.toolsVersion == nil)
    }

    @Test func scmAndLocalKeysFrom5_5() throws {
        let manifest = try decode(
            """
            {"name": "P", "targets": [], "dependencies": [
                {"scm": [{"identity": "swift-nio", "location": "https://github.com/apple/swift-nio.git", "requirement": {"range": [{"lowerBound": "2.0.0", "upperBound": "3.0.0"}]}}]},
                {"local": [{"identity": "core", "path": "/work/Core"}]}
            ]}
            """)
        #expect(
            manifest.dependencies == [
                PackageDependency(
                    kind: .sourceControl, identity: PackageIdentity("swift-nio"), location: "https://github.com/apple/swift-nio.git",
                    requirement: .range(lowerBound: "2.0.0", upperBound: "3.0.0")),
                PackageDependency(kind: .fileSystem, identity: PackageIdentity("core"), location: "/work/Core"),
            ])
    }

    @Test func plainStringRemoteAndLocalRepositoryLocations() throws {
        let manifest = try decode(
            """
            {"name": "P", "targets": [], "dependencies": [
                {"sourceControl": [{"identity": "yams", "location": {"remote": ["https://github.com/jpsim/Yams.git"]}, "productFilter": null, "requirement": {"branch": ["main"]}}]},
                {"sourceControl": [{"identity": "mirror", "location": {"local": ["/srv/git/Mirror"]}, "requirement": {"revision": ["abc"]}}]},
                {"sourceControl": [{"location": {"remote": [{"urlString": "git@github.com:apple/swift-log.git"}]}, "requirement": {"exact": ["1.0.0"]}}]}
            ]}
            """)
        #expect(
            manifest.dependencies.map(\.location) == [
                "https://github.com/jpsim/Yams.git", "/srv/git/Mirror", "git@github.com:apple/swift-log.git",
            ])
        #expect(manifest.dependencies.map(\.identity.rawValue) == ["yams", "mirror", "swift-log"])
    }

    @Test func flatDependencyObjectsBefore5_5() throws {
        let manifest = try decode(
            """
            {"name": "P", "targets": [], "dependencies": [
                {"name": "Kitura", "url": "https://github.com/IBM-Swift/Kitura.git", "requirement": {"range": [{"lowerBound": "2.0.0", "upperBound": "3.0.0"}]}},
                {"name": "Shared", "url": "../Shared", "requirement": {"localPackage": null}}
            ]}
            """)
        #expect(manifest.dependencies.map(\.kind) == [.sourceControl, .fileSystem])
        #expect(manifest.dependencies.map(\.identity.rawValue) == ["kitura", "shared"])
        #expect(manifest.dependencies[1].location == "../Shared")
    }

    @Test func keysFromAFutureToolchainAreIgnored() throws {
        let manifest = try decode(
            """
            {"name": "Future", "toolsVersion": {"_version": "7.0.0", "experimentalFeatures": []}, "shinyNewKey": {"a": [1, 2]},
             "targets": [{"name": "A", "type": "regular", "dependencies": [], "futureSetting": true, "exclude": [], "resources": [], "settings": [], "packageAccess": true}],
             "products": [{"name": "A", "type": {"library": ["automatic"]}, "targets": ["A"], "settings": []}],
             "packageKind": {"root": ["/tmp/Future"]}}
            """)
        #expect(manifest.toolsVersion == ToolsVersion(major: 7, minor: 0))
        #expect(manifest.targets.map(\.name) == ["A"])
        #expect(manifest.products == [ManifestProduct(name: "A", type: "library", targets: ["A"])])
        #expect(manifest.packageDirectory == "/tmp/Future")
    }

    @Test func logLinesLeakedBeforeTheDocumentAreSkipped() throws {
        let manifest = try decode(
            """
            warning: 'x': some log line a toolchain printed
            {
              "name": "Leaky", "targets": []
            }
            """)
        #expect(manifest.name == "Leaky")
    }

    @Test func malformedJSONNamesTheFileLineAndColumn() {
        #expect(
            throws: LoadError.malformedJSON(
                source: "fixture.json", line: 3, column: 15, problem: "unexpected character ',', expected a value")
        ) {
            try decode("{\n  \"name\": \"x\",\n  \"targets\": [,]\n}")
        }
        #expect(
            throws: LoadError.malformedJSON(
                source: "fixture.json", line: 1, column: 13, problem: "unexpected end of input inside an object")
        ) {
            try decode("{\"name\": \"x\"")
        }
    }

    @Test func wrongShapesNameTheKeyPath() {
        #expect(throws: LoadError.invalidDump(source: "fixture.json", codingPath: "", problem: "missing key 'name'")) {
            try decode("{\"targets\": []}")
        }
        #expect(
            throws: LoadError.invalidDump(source: "fixture.json", codingPath: "targets[0].type", problem: "unknown target type 'gadget'")
        ) {
            try decode("{\"name\": \"x\", \"targets\": [{\"name\": \"A\", \"type\": \"gadget\"}]}")
        }
    }

    @Test func identityComesFromTheLastPathComponent() {
        #expect(PackageIdentity(location: "https://github.com/apple/swift-nio.git").rawValue == "swift-nio")
        #expect(PackageIdentity(location: "git@github.com:apple/Swift-Log.git").rawValue == "swift-log")
        #expect(PackageIdentity(location: "/work/Packages/Core/").rawValue == "core")
        #expect(PackageIdentity(location: "../Features/Profile").rawValue == "profile")
    }
}
