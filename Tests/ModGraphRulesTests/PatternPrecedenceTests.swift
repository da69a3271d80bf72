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
        let result = try check(graph("Maps -> MapsModels, Cart -> CartModels"), """
        layers:
          - name: features
            targets: ["*"]
            isolated: ["{feature}", "{feature}Models"]
        """)
        let stale = summary(result, includingStale: true).filter { $0.hasPrefix("stale-config") }
        #expect(stale == ["stale-config: pattern '{feature}Models' of layer 'features' (layers[0].isolated) is shadowed by '{feature}': every target it matches is matched first by that pattern, and the first pattern that matches decides a target's feature; list the narrower pattern first"])
        #expect(summary(result).contains("isolation: Maps → MapsModels"))
    }

    @Test func theNarrowerPatternFirstGroupsAFeaturesModules() throws {
        let result = try check(graph("Maps -> MapsModels, Cart -> CartModels"), """
        layers:
          - name: features
            targets: ["*"]
            isolated: ["{feature}Models", "{feature}"]
        """)
        #expect(summary(result, includingStale: true) == [])
    }

    @Test func aLayerPatternBehindAWiderOneIsShadowed() throws {
        let result = try check(graph("App -> Maps"), "layers:\n  - name: all\n    targets: [\"*\", Maps]\n")
        #expect(summary(result, includingStale: true) == [
            "stale-config: pattern 'Maps' of layer 'all' (layers[0]) is shadowed by '*': every target it matches is claimed first by that pattern",
        ])
    }

    @Test func withIsolatedTrueAnUnusedPatternIsReportedOnce() throws {
        // `isolated: true` isolates with the targets' own patterns: one list, one finding.
        let result = try check(graph("App -> Maps"), "layers:\n  - name: v\n    targets: [App, Maps, Ghost]\n    isolated: true\n")
        #expect(summary(result, includingStale: true).filter { $0.hasPrefix("stale-config") } == [
            "stale-config: pattern 'Ghost' of layer 'v' (layers[0]) matches no target",
        ])
    }
}
