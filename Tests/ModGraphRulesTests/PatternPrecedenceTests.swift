import ModGraphCore
import Testing
@testable import ModGraphRules

/// Which pattern claims a target: within a list the first that matches, less
/// what a later `!pattern` takes back; a pattern that never decides anything
/// is reported, and says why.
@Suite("pattern precedence and exclusions")
struct PatternPrecedenceTests {
    // MARK: shadowed patterns

    @Test func anIsolatedPatternBehindAWiderOneIsShadowedNotUnmatched() throws {
        // `{feature}` matches MapsModels first, so MapsModels is its own feature, and
        // `{feature}Models` decides nothing: it is shadowed, not matching nothing.
        let result = try check(
            graph("Maps -> MapsModels, Cart -> CartModels"),
            """
            layers:
              - name: features
                targets: ["*"]
                isolated: ["{feature}", "{feature}Models"]
            """)
        let stale = summary(result, includingStale: true).filter { $0.hasPrefix("stale-config") }
        #expect(
            stale == [
                "stale-config: pattern '{feature}Models' of layer 'features' (layers[0].isolated) is shadowed by '{feature}': every target it matches is matched first by that pattern, and the first pattern that matches decides a target's feature; list the narrower pattern first"
            ])
        #expect(summary(result).contains("isolation: Maps → MapsModels"))
    }

    @Test func theNarrowerPatternFirstGroupsAFeaturesModules() throws {
        let result = try check(
            graph("Maps -> MapsModels, Cart -> CartModels"),
            """
            layers:
              - name: features
                targets: ["*"]
                isolated: ["{feature}Models", "{feature}"]
            """)
        #expect(summary(result, includingStale: true) == [])
    }

    @Test func aLayerPatternBehindAWiderOneIsShadowed() throws {
        let result = try check(graph("App -> Maps"), "layers:\n  - name: all\n    targets: [\"*\", Maps]\n")
        #expect(
            summary(result, includingStale: true) == [
                "stale-config: pattern 'Maps' of layer 'all' (layers[0]) is shadowed by '*': every target it matches is claimed first by that pattern"
            ])
    }

    @Test func withIsolatedTrueAnUnusedPatternIsReportedOnce() throws {
        // `isolated: true` isolates with the targets' own patterns: one list, one finding.
        let result = try check(graph("App -> Maps"), "layers:\n  - name: v\n    targets: [App, Maps, Ghost]\n    isolated: true\n")
        #expect(
            summary(result, includingStale: true).filter { $0.hasPrefix("stale-config") } == [
                "stale-config: pattern 'Ghost' of layer 'v' (layers[0]) matches no target"
            ])
    }

    // MARK: exclusions

    static let appAndFeatures = """
        layers:
          - name: app
            targets: [App, AppFeature]
          - name: features
            targets: ["*Feature", "!AppFeature"]
            isolated: true
        unassigned: error
        """

    @Test func anExclusionTakesATargetBackFromThePatternsBeforeIt() throws {
        // Without the exclusion, AppFeature would be claimed by both layers.
        let result = try check(graph("App -> AppFeature, AppFeature -> MapsFeature, AppFeature -> CartFeature"), Self.appAndFeatures)
        #expect(summary(result, includingStale: true) == [])
        let package = PackageIdentity("app")
        #expect(result.layers[TargetID(package: package, name: "AppFeature")] == "app")
        #expect(result.layers[TargetID(package: package, name: "MapsFeature")] == "features")
    }

    @Test func anExclusionInIsolatedLeavesATargetInTheLayerButNotIsolated() throws {
        let result = try check(
            graph("Maps -> Helpers, Cart -> Helpers"),
            """
            layers:
              - name: features
                targets: ["*"]
                isolated: ["*", "!Helpers"]
            """)
        #expect(summary(result, includingStale: true) == [])
    }

    @Test func aPatternAfterAnExclusionClaimsAgain() throws {
        // `!App*` takes back AppFeature and AppShellFeature; `AppShellFeature` after it claims that one again.
        let result = try check(
            graph("App -> AppFeature, AppShellFeature -> MapsFeature"),
            """
            layers:
              - name: app
                targets: [App, AppFeature]
              - name: features
                targets: ["*Feature", "!App*", AppShellFeature]
            """)
        #expect(summary(result, includingStale: true) == [])
        #expect(result.layers[TargetID(package: PackageIdentity("app"), name: "AppShellFeature")] == "features")
    }

    /// What diagrams colour by (the assignment alone, no rule run) is what the check finds.
    @Test func theLayersAloneAreTheChecksLayers() throws {
        let graph = graph("App -> AppFeature, AppShellFeature -> MapsFeature, MapsFeature -> Stray")
        let checker = Checker(
            config: try config(
                """
                layers:
                  - name: app
                    targets: [App, AppFeature]
                  - name: features
                    targets: ["*Feature", "!App*", AppShellFeature]
                """))
        let layers = try checker.layers(of: graph)
        #expect(layers == (try checker.check(graph)).layers)
        #expect(layers.count == 4)
        #expect(layers[TargetID(package: PackageIdentity("app"), name: "Stray")] == nil)
    }

    @Test func anExclusionThatRemovesNothingIsStale() throws {
        let result = try check(
            graph("App -> MapsFeature"),
            """
            layers:
              - name: app
                targets: [App]
              - name: features
                targets: ["*Feature", "!Ghost*"]
            """)
        #expect(
            summary(result, includingStale: true) == [
                "stale-config: pattern '!Ghost*' of layer 'features' (layers[1]) removes nothing: no target the patterns before it claim matches it"
            ])
    }

    @Test func anExclusionWithNothingBeforeItIsAConfigurationError() {
        #expect(
            throws: ConfigError(
                file: ".modgraph.yml", line: 3,
                problem: "layers[0].targets: '!App' comes first; a '!' pattern removes targets from the patterns before it in the list")
        ) {
            try config("layers:\n  - name: app\n    targets: [\"!App\", \"*\"]\n")
        }
    }

    @Test func anExclusionOutsideALayersListsIsAConfigurationError() {
        #expect(
            throws: ConfigError(
                file: ".modgraph.yml", line: 3,
                problem:
                    "forbidden[0].to: '!App' excludes, which only a layer's 'targets' and 'isolated' lists do; write '\\!' for a name that starts with '!'"
            )
        ) {
            try config("forbidden:\n  - from: \"*\"\n    to: \"!App\"\n")
        }
    }

    @Test func anUnquotedExclusionIsExplained() {
        // Unquoted, YAML reads `!AppFeature` as a tag, not as text: in a block list a tag on an
        // empty value, in a flow list a tag the `]` cuts short.
        #expect(
            throws: ConfigError(
                file: ".modgraph.yml", line: 5,
                problem: "layers[0].targets: write \"!AppFeature\" in quotes; unquoted, YAML reads !AppFeature as a tag")
        ) {
            try config("layers:\n  - name: features\n    targets:\n      - \"*Feature\"\n      - !AppFeature\n")
        }
        #expect(
            throws: ConfigError(
                file: ".modgraph.yml", line: 3,
                problem:
                    "not valid YAML: while scanning a tag: did not find expected whitespace or line break (quote a '!' pattern: \"!Name\")")
        ) {
            try config("layers:\n  - name: features\n    targets: [\"*Feature\", !AppFeature]\n")
        }
    }

    @Test func aLeadingBangCanStillBeWrittenEscaped() throws {
        let parsed = try config("layers:\n  - name: odd\n    targets: ['\\!Bang']\n")
        #expect(parsed.layers[0].targets.map(\.isExclusion) == [false])
        #expect(parsed.layers[0].targets.first?.pattern.match(TargetID(package: PackageIdentity("app"), name: "!Bang")) != nil)
    }
}
