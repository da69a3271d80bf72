import Foundation
import Testing
@testable import ModGraphManifest

/// Dumps come from files and pull requests too: their size and nesting are
/// bounded before decoding, and a dump made on another machine is reported
/// for what it is.
@Suite("dump bounds and provenance")
struct DumpBoundsTests {
    /// Foundation says only "The given data was not valid JSON." here.
    @Test func deepNestingNamesTheBoundAndThePlace() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: LoadError.nestedTooDeep(source: "deep.json", line: 1, column: 101, limit: 100)) {
            try ManifestDecoding.decode(Data(deep.utf8), source: "deep.json")
        }
    }

    @Test func deepNestingInsideADumpIsRefusedToo() {
        let deep = "{\"name\": \"P\",\n \"targets\": " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "}"
        #expect(throws: LoadError.nestedTooDeep(source: "deep.json", line: 2, column: 112, limit: 100)) {
            try ManifestDecoding.decode(Data(deep.utf8), source: "deep.json")
        }
    }

    @Test func nestingUpToTheBoundDecodesAsBefore() {
        // 99 arrays inside the object: 100 levels, the most allowed; then the shape is wrong, not the nesting.
        let atBound = "{\"name\": \"P\", \"targets\": " + String(repeating: "[", count: 99) + String(repeating: "]", count: 99) + "}"
        let error = #expect(throws: LoadError.self) {
            try ManifestDecoding.decode(Data(atBound.utf8), source: "bound.json")
        }
        if case .invalidDump? = error {} else { Issue.record("expected a shape error, got \(String(describing: error))") }
    }

    @Test func aDumpLargerThanTheBoundIsRefusedBeforeDecoding() {
        let huge = Data(repeating: UInt8(ascii: " "), count: ManifestDecoding.maximumBytes + 1)
        #expect(throws: LoadError.dumpTooLarge(source: "huge.json", limit: ManifestDecoding.maximumBytes)) {
            try ManifestDecoding.decode(huge, source: "huge.json")
        }
    }

    @Test func theBoundsAreSaidInOneLine() {
        #expect(
            LoadError.nestedTooDeep(source: "d.json", line: 1, column: 101, limit: 100).description
                == "d.json:1:101: JSON nested more than 100 arrays and objects deep, which no dump-package document needs; not loaded")
        #expect(
            LoadError.dumpTooLarge(source: "d.json", limit: 64 * 1_048_576).description
                == "d.json: larger than 64 MiB, which no dump-package document needs; not loaded")
    }

    /// A dump from another machine, whose package folder is not here.
    static let foreignDump = #"""
        {"name": "P", "toolsVersion": {"_version": "5.9.0"}, "packageKind": {"root": ["/no/such/place/P"]},
         "dependencies": [{"fileSystem": [{"identity": "lib", "path": "/no/such/place/Lib", "productFilter": null}]}],
         "products": [],
         "targets": [{"name": "App", "type": "regular", "dependencies": [{"product": ["Lib", "lib", null, null]}]},
                     {"name": "Tool", "type": "regular", "dependencies": [{"target": ["Missing", null]}]}]}
        """#

    @Test func aMissingPackageFolderIsSaidToBeMissing() throws {
        let manifest = try decode(Self.foreignDump)
        let workspace = try WorkspaceLoader(provider: CannedProvider([:])).load(dump: manifest, source: "ci/dump.json")
        #expect(
            workspace.warnings.map(\.message) == [
                "ci/dump.json: the dump was made in /no/such/place/P, which does not exist on this machine; its dependencies cannot be found from there, so those that are not found are shown as external products",
                "ci/dump.json: local package '/no/such/place/Lib' not found; its products are shown as external",
            ])
    }

    @Test func errorsInAForeignDumpNameTheDumpNotThePackage() throws {
        let manifest = try decode(Self.foreignDump)
        let workspace = try WorkspaceLoader(provider: CannedProvider([:])).load(dump: manifest, source: "ci/dump.json")
        #expect(throws: LoadError.unknownTarget(manifest: "ci/dump.json", target: "Tool", dependency: "Missing")) {
            try GraphBuilder().build(workspace)
        }
    }

    /// A dump without dependencies does not need its folder: no warning.
    @Test func aMissingFolderThatCostsNothingIsNotReported() throws {
        let manifest = try decode(
            #"{"name": "P", "packageKind": {"root": ["/no/such/place/P"]}, "targets": [{"name": "App", "type": "regular"}]}"#)
        let workspace = try WorkspaceLoader(provider: CannedProvider([:])).load(dump: manifest, source: "ci/dump.json")
        #expect(workspace.warnings.isEmpty)
    }
}
