import Foundation
import Testing
@testable import ModGraphRules

@Suite("configuration file")
struct ConfigParserTests {
    @Test func aFullConfigurationReads() throws {
        let parsed = try config(
            """
            version: 1
            layers:
              - name: app
                targets: [App]
              - name: features
                targets: ["{feature}UI", "{feature}Core"]
                isolated: true
              - name: shared
                targets: Shared*
                isolated: [SharedA]
              - name: core
                targets: [Prelude]
                externals: ["swift-collections/*"]
            unassigned: error
            tests: checked
            forbidden:
              - from: "{feature}UI"
                to: "*Core"
                allow: "{feature}Core"
                exceptFrom: [LegacyUI]
                message: a feature's UI uses only its own Core
            exceptions:
              - from: Legacy*
                to: "*"
                rule: layering
                reason: being split up in Q3
            limits:
              depth: 8
              fanIn: 20
              fanOut: 12
            """)
        #expect(parsed.layers.map(\.name) == ["app", "features", "shared", "core"])
        #expect(parsed.layers[1].isolated.map(\.pattern.text) == ["{feature}UI", "{feature}Core"])
        #expect(parsed.layers[2].targets.map(\.pattern.text) == ["Shared*"])
        #expect(parsed.layers[2].isolated.map(\.pattern.text) == ["SharedA"])
        #expect(parsed.layers[0].externals == nil)
        #expect(parsed.layers[3].externals?.map(\.pattern.text) == ["swift-collections/*"])
        #expect(parsed.unassigned == .error)
        #expect(parsed.tests == .checked)
        #expect(parsed.forbidden.first?.allow?.pattern.text == "{feature}Core")
        #expect(parsed.forbidden.first?.exceptFrom.map(\.pattern.text) == ["LegacyUI"])
        #expect(parsed.forbidden.first?.location.line == 17)
        #expect(parsed.exceptions.first?.rule == .layering)
        #expect(parsed.exceptions.first?.reason == "being split up in Q3")
        #expect(parsed.limits.depth?.value == 8)
        #expect(parsed.limits.fanIn?.value == 20)
        #expect(parsed.limits.fanOut?.value == 12)
    }

    @Test(arguments: [
        (
            "layers: []\nunasigned: error\n", 2,
            "unknown key 'unasigned' in the top level; expected one of: version, exclude, layers, unassigned, tests, forbidden, exceptions, limits, sources, affected, budgets, manifests"
        ),
        (
            "layers:\n  - name: a\n    targets: [A]\n    isolate: true\n", 4,
            "unknown key 'isolate' in layers[0]; expected one of: name, targets, isolated, externals"
        ),
        ("layers:\n  - name: a\n    targets: [\"{x\"]\n", 3, "layers[0].targets: pattern '{x' has a '{' without its '}'"),
        ("layers:\n  - name: a\n", 2, "layers[0] ('a') needs 'targets': a list of patterns"),
        ("layers:\n  - name: a\n    targets: [A]\n  - name: a\n    targets: [B]\n", 4, "two layers are named 'a'"),
        ("unassigned: sometimes\n", 1, "unassigned must be one of: error, warning, note, ignore; got 'sometimes'"),
        ("exceptions:\n  - from: A\n    to: B\n", 2, "exceptions[0] needs a 'reason': say why the team accepts this dependency"),
        ("forbidden:\n  - from: A\n    to: \"{x}Core\"\n", 2, "forbidden[0] uses capture '{x}', which 'from' does not define"),
        ("limits:\n  depth: deep\n", 2, "limits.depth must be a whole number, 0 or more"),
        ("layers: {a: 1}\n", 1, "layers must be a list"),
        ("version: 2\n", 1, "version must be 1"),
        ("tests: exempt\ntests: checked\n", 2, "key 'tests' appears twice in one mapping"),
        (
            "sources:\n  interface: [A]\n", 2,
            "unknown key 'interface' in sources; expected one of: interfaces, protocolExtensions, undeclaredImports, unusedDependencies, ignoreModules, wiring, tests"
        ),
        ("sources:\n  protocolExtensions: ignore\n", 2, "sources.protocolExtensions must be one of: warning, error, allowed; got 'ignore'"),
        (
            "sources:\n  unusedDependencies: allowed\n", 2,
            "sources.unusedDependencies must be one of: error, warning, note, ignore; got 'allowed'"
        ),
        (
            "sources:\n  ignoreModules: [CZlib, Foo.Bar]\n", 2,
            "sources.ignoreModules lists module names (no patterns, paths or dots); got 'Foo.Bar'"
        ),
        ("sources: [A]\n", 1, "sources must be a mapping of keys to values"),
    ])
    func errorsNameTheLineAndKey(_ yaml: String, _ line: Int, _ problem: String) {
        #expect(throws: ConfigError(file: ".modgraph.yml", line: line, problem: problem)) {
            try config(yaml)
        }
    }

    /// `affected.triggers`: path patterns and the targets a change to them affects.
    @Test func affectedTriggersRead() throws {
        let parsed = try config(
            """
            affected:
              triggers:
                - paths: ["Fixtures/**", "Tests/Inputs"]
                  targets: [FunctionalTests, "app/*Tests"]
            """)
        let trigger = try #require(parsed.affected.triggers.first)
        #expect(trigger.paths.map(\.pattern) == ["Fixtures/**", "Tests/Inputs"])
        #expect(trigger.targets.map(\.written) == ["FunctionalTests", "app/*Tests"])
        #expect(trigger.location.line == 3)
        let tests = graph("App -> Core, CoreTests -> Core, FunctionalTests -> App", types: ["CoreTests": .test, "FunctionalTests": .test])
        #expect(trigger.targets(in: tests).map(\.name) == ["CoreTests", "FunctionalTests"])
        #expect(throws: ConfigError.self) { try config("affected:\n  triggers:\n    - paths: [Fixtures]\n") }
        #expect(throws: ConfigError.self) { try config("affected:\n  triggers:\n    - {paths: [], targets: [A]}\n") }
        #expect(throws: ConfigError.self) { try config("affected:\n  triggers:\n    - {paths: [a], targets: [\"!A\"]}\n") }
        // Two configurations that say the same, written differently, are the same to `affected`.
        let spaced = try config("affected:\n  triggers: [{paths: [Fixtures/**, Tests/Inputs], targets: [FunctionalTests, app/*Tests]}]\n")
        #expect(parsed.affected.says(theSameAs: spaced.affected))
        #expect(!parsed.affected.says(theSameAs: try config("affected:\n  ignore: [docs]\n").affected))
    }

    @Test func aPatternLongerThanTheLimitIsAnErrorOnItsLine() throws {
        let longest = String(repeating: "*a", count: ConfigParser.maximumPatternLength / 2)
        let accepted = try config("layers:\n  - name: a\n    targets: [\"\(longest)\"]\n")
        #expect(accepted.layers.first?.targets.first?.pattern.text == longest)
        #expect(
            throws: ConfigError(
                file: ".modgraph.yml", line: 4,
                problem: "forbidden[0].to: a pattern of 1001 characters is longer than the 1000 allowed")
        ) {
            try config("forbidden:\n  - from: A\n    message: no\n    to: \"\(longest)b\"\n")
        }
    }

    /// A literal pattern matches by comparison alone, so a name longer than the wildcard bound can be placed.
    @Test func aLiteralPatternOfAnyLengthIsAName() throws {
        let name = String(repeating: "Long\\*", count: 400)
        let parsed = try config("layers:\n  - name: a\n    targets: ['\(name)']\n")
        let pattern = try #require(parsed.layers.first?.targets.first?.pattern)
        #expect(pattern.isLiteral)
        #expect(pattern.text == name)
        #expect(pattern.text.count == 2_400)
    }

    @Test func sourceChecksRead() throws {
        let parsed = try config(
            """
            sources:
              interfaces: [VerticalInterfaces, "*Interface"]
              protocolExtensions: allowed
              undeclaredImports: warning
              unusedDependencies: ignore
              ignoreModules: [CZlib]
            """)
        let sources = try #require(parsed.sources)
        #expect(sources.interfaces.map(\.pattern.text) == ["VerticalInterfaces", "*Interface"])
        #expect(sources.protocolExtensions == .allowed)
        #expect(sources.undeclaredImports == .warning)
        #expect(sources.unusedDependencies == .ignore)
        #expect(sources.ignoredModules == ["CZlib"])
        #expect(sources.location.line == 2)
        #expect(sources.undeclaredImportsLocation?.line == 4)

        // Without `sources:` no file is read; with an empty one, the import checks run with their defaults.
        #expect(try config("layers: []\n").sources == nil)
        let defaults = try #require(try config("sources: {}\n").sources)
        #expect(defaults.interfaces.isEmpty)
        #expect(defaults.protocolExtensions == .warning)
        #expect(defaults.undeclaredImports == .error)
        #expect(defaults.unusedDependencies == .warning)
    }

    @Test func brokenYAMLNamesTheLine() {
        let error = #expect(throws: ConfigError.self) {
            try config("layers:\n  - name: a\n    targets: [A\n")
        }
        #expect(error?.line == 4)
        #expect(error?.problem.hasPrefix("not valid YAML") == true)
        #expect(throws: ConfigError(file: ".modgraph.yml", line: nil, problem: "the file is empty; see docs/configuration.md")) {
            try config("")
        }
    }

    @Test func aTargetInTwoLayersIsAConfigurationError() throws {
        let twice = try config("layers:\n  - name: top\n    targets: [App*]\n  - name: bottom\n    targets: [AppCore]\n")
        #expect(
            throws: ConfigError(
                file: ".modgraph.yml", line: 5,
                problem:
                    "target 'app/AppCore' is claimed by layer 'top' (line 3) and by layer 'bottom'; a target belongs to one layer: exclude it from the other with '!AppCore'"
            )
        ) {
            try Checker(config: twice).check(graph("AppCore -> X"))
        }
        // Diagrams ask for the layers alone: the same error.
        #expect(throws: ConfigError.self) { try Checker(config: twice).layers(of: graph("AppCore -> X")) }
    }

    /// Targets are matched in two halves at once: the conflict reported is
    /// still the first target's, whichever half finishes first.
    @Test func theFirstTargetClaimedTwiceIsTheOneReported() throws {
        let twice = try config("layers:\n  - name: top\n    targets: [\"*Core\"]\n  - name: bottom\n    targets: [ACore, ZCore]\n")
        // Sorted ACore, B, C, ZCore: one conflict in each half.
        let both = graph("ACore -> B, C -> ZCore")
        #expect(throws: ConfigError.self) { try Checker(config: twice).check(both) }
        do {
            _ = try Checker(config: twice).check(both)
        } catch {
            #expect(error.problem.hasPrefix("target 'app/ACore' is claimed"))
        }
        let secondHalfOnly = try config("layers:\n  - name: top\n    targets: [\"*Core\"]\n  - name: bottom\n    targets: [ZCore]\n")
        do {
            _ = try Checker(config: secondHalfOnly).check(both)
            Issue.record("a target claimed by two layers must be an error")
        } catch {
            #expect(error.problem.hasPrefix("target 'app/ZCore' is claimed"))
        }
    }
}

@Suite("YAML errors are one line")
struct YAMLErrorLineTests {
    /// Yams' description of a reader error echoes the offending line and a caret on lines of
    /// their own; the error modgraph prints is one line with the line number.
    @Test func aReaderErrorIsOneLineWithItsLine() {
        #expect(throws: ConfigError(file: ".modgraph.yml", line: 2, problem: "not valid YAML: control characters are not allowed")) {
            try ConfigParser.parse("version: 1\nlayers: \u{1}x\n", file: ".modgraph.yml")
        }
    }

    @Test func aConfigurationPastTheSizeBoundIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-yaml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".modgraph.yml")
        try Data(repeating: UInt8(ascii: "#"), count: ConfigFile.maximumBytes + 1).write(to: file)
        #expect(throws: ConfigError.self) { try ConfigFile.load(file.path) }
    }
}
