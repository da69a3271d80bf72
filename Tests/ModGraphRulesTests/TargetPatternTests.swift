import ModGraphCore
import Testing
@testable import ModGraphRules

@Suite("target patterns")
struct TargetPatternTests {
    private func id(_ package: String, _ name: String) -> TargetID {
        TargetID(package: PackageIdentity(package), name: name)
    }

    @Test(arguments: [
        ("Profile", "Profile", true), ("Profile", "ProfileUI", false),
        ("*UI", "ProfileUI", true), ("*UI", "UI", true), ("*UI", "ProfileUIKit", false),
        ("Feature?", "FeatureA", true), ("Feature?", "Feature", false), ("Feature?", "FeatureAB", false),
        ("*", "Anything at all", true), ("a*b*c", "aXbYc", true), ("a*b*c", "aXcYb", false),
        (#"Odd\*Name"#, "Odd*Name", true), (#"Odd\*Name"#, "OddXName", false),
    ])
    func globs(_ pattern: String, _ name: String, _ matches: Bool) throws {
        #expect((try TargetPattern(pattern).match(id("p", name)) != nil) == matches)
    }

    @Test func capturesBindAndMustAgree() throws {
        let pattern = try TargetPattern("{feature}UI")
        #expect(pattern.match(id("p", "MapsUI")) == ["feature": "Maps"])
        #expect(pattern.match(id("p", "UI")) == nil, "a capture takes at least one character")
        let twice = try TargetPattern("{x}And{x}")
        #expect(twice.match(id("p", "FooAndFoo")) == ["x": "Foo"])
        #expect(twice.match(id("p", "FooAndBar")) == nil)
        // A binding made elsewhere (by a rule's `from`) constrains the match.
        #expect(try TargetPattern("{feature}Core").match(id("p", "MapsCore"), bindings: ["feature": "Maps"]) != nil)
        #expect(try TargetPattern("{feature}Core").match(id("p", "CartCore"), bindings: ["feature": "Maps"]) == nil)
    }

    @Test func packageQualifiedPatternsMatchIdentityOrName() throws {
        let pattern = try TargetPattern("core/*")
        #expect(pattern.match(id("core", "Prelude")) != nil)
        #expect(pattern.match(id("other", "Prelude")) == nil)
        let byName = try TargetPattern("CoreKit/Prelude")
        #expect(byName.match(id("core-kit", "Prelude"), packageName: "CoreKit") != nil)
        #expect(byName.match(id("core-kit", "Prelude")) == nil)
    }

    @Test func substitutionFillsCaptures() throws {
        let pattern = try TargetPattern("{feature}Core")
        #expect(pattern.substituting(["feature": "Maps"]).text == "MapsCore")
        #expect(pattern.substituting([:]).text == "{feature}Core")
        #expect(try TargetPattern("{x}").substituting(["x": "a*b"]).match(id("p", "a*b")) != nil)
    }

    @Test(arguments: [
        ("", "pattern '' is empty"),
        ("a/b/c", "pattern 'a/b/c' has more than one '/'"),
        ("{feature", "pattern '{feature' has a '{' without its '}'"),
        ("feature}", "pattern 'feature}' has a '}' without its '{'"),
        ("{}", "pattern '{}' has a capture '{}' whose name is not a word"),
        ("[ab]", "pattern '[ab]' uses '[', which is not supported (use *, ? or {name})"),
        ("/Target", "pattern '/Target' has an empty package or target part"),
        (#"end\"#, #"pattern 'end\' ends with a lone '\'"#),
    ])
    func malformedPatternsAreExplained(_ text: String, _ message: String) {
        #expect(throws: PatternError.self) { try TargetPattern(text) }
        do {
            _ = try TargetPattern(text)
        } catch {
            #expect(error.description == message)
        }
    }
}
