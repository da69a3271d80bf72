import Foundation
import Testing
@testable import ModGraphChanges

@Suite("manifest and pin changes")
struct ManifestChangeTests {
    private func dump(targets: String, products: String = "[]", extra: String = "") -> Data {
        Data(#"{"name": "App", "packageKind": {"root": ["/base/App"]}, \#(extra) "products": \#(products), "targets": \#(targets)}"#.utf8)
    }

    @Test func onlyTheTargetsWhoseDeclarationChangedAreSelected() {
        let base = dump(targets: #"[{"name": "A", "dependencies": []}, {"name": "B", "settings": []}, {"name": "Old"}]"#)
            .replacingPaths("/head", with: "/base")
        let head = dump(
            targets: #"[{"name": "A", "dependencies": []}, {"name": "B", "settings": [{"unsafeFlags": ["-O"]}]}, {"name": "New"}]"#
        )
        .replacingPaths("/base", with: "/head")
        let result = ManifestComparison.compare(base: base, head: head, baseFolder: "/base", headFolder: "/head")
        #expect(result.wholePackage == nil)
        #expect(result.targets == ["B": "the declaration of target 'B' changed", "New": "target 'New' is new"])
    }

    @Test func packageLevelChangesTouchEveryTarget() {
        let base = dump(targets: "[]", extra: #""platforms": [],"#)
        let head = dump(targets: "[]", extra: #""platforms": [{"platformName": "ios", "version": "16.0"}],"#)
        let result = ManifestComparison.compare(base: base, head: head, baseFolder: "/x", headFolder: "/y")
        #expect(result.wholePackage == "the package's platforms changed")
        #expect(ManifestComparison.compare(base: nil, head: head, baseFolder: "", headFolder: "").wholePackage != nil)
        #expect(ManifestComparison.compare(base: Data("[".utf8), head: head, baseFolder: "", headFolder: "").wholePackage != nil)
    }

    /// A version bump selects the targets that use the package, not the whole package.
    @Test func aDependencyThatMovedSelectsItsUsers() {
        let targets =
            #"[{"name": "Parser", "dependencies": [{"product": ["Yams", "Yams", null, null]}]}, {"name": "Core", "dependencies": []},"#
            + #" {"name": "Tool", "dependencies": [{"byName": ["Logging", null]}, {"byName": ["Core", null]}]}]"#
        func dependencies(_ yams: String) -> String {
            #""dependencies": [{"sourceControl": [{"identity": "yams", "requirement": {"range": [{"lowerBound": "\#(yams)"}]}}]},"#
                + #" {"sourceControl": [{"identity": "swift-log", "requirement": {"exact": ["1.0.0"]}}]}],"#
        }
        let result = ManifestComparison.compare(
            base: dump(targets: targets, extra: dependencies("5.0.0")),
            head: dump(targets: targets, extra: dependencies("6.0.0")), baseFolder: "/base", headFolder: "/base")
        #expect(result.wholePackage == nil)
        // Parser names Yams; Tool names a product by a plain name, whose package cannot be told.
        #expect(result.targets.keys.sorted() == ["Parser", "Tool"])
    }

    @Test func aProductThatChangedSelectsItsTargets() {
        let targets = #"[{"name": "A"}, {"name": "B"}]"#
        let base = dump(targets: targets, products: #"[{"name": "Lib", "targets": ["A"]}]"#)
        let head = dump(targets: targets, products: #"[{"name": "Lib", "targets": ["A", "B"]}]"#)
        let result = ManifestComparison.compare(base: base, head: head, baseFolder: "/base", headFolder: "/base")
        #expect(result.targets == ["A": "product 'Lib', which holds it, changed", "B": "product 'Lib', which holds it, changed"])
    }

    @Test func pinsOfEveryVersionAreCompared() throws {
        let v1 = Data(
            #"{"object": {"pins": [{"package": "Yams", "repositoryURL": "https://github.com/jpsim/Yams.git", "state": {"version": "5.0.1"}}]}, "version": 1}"#
                .utf8)
        let v2Text =
            #"{"pins": [{"identity": "yams", "location": "https://github.com/jpsim/Yams.git", "state": {"version": "5.0.1"}},"#
            + #" {"identity": "swift-log", "location": "https://github.com/apple/swift-log.git", "state": {"version": "1.6.0"}}], "version": 2}"#
        let v2 = Data(v2Text.utf8)
        let v3 = Data(
            #"{"originHash": "x", "pins": [{"identity": "yams", "location": "https://github.com/jpsim/Yams.git", "state": {"version": "6.2.2"}}], "version": 3}"#
                .utf8)
        let one = try #require(ResolvedPins(v1))
        let two = try #require(ResolvedPins(v2))
        let three = try #require(ResolvedPins(v3))
        #expect(ResolvedPins.changed(from: one, to: two) == ["swift-log"])
        #expect(ResolvedPins.changed(from: two, to: three) == ["swift-log", "yams"])
        #expect(ResolvedPins(Data("not json".utf8)) == nil)
        #expect(ResolvedPins.identity(of: "git@github.com:Org/My-Package.git") == "my-package")
    }
}

private extension Data {
    func replacingPaths(_ old: String, with new: String) -> Data {
        Data(String(decoding: self, as: UTF8.self).replacingOccurrences(of: old, with: new).utf8)
    }
}
