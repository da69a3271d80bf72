import ModGraphCore
import Testing
@testable import ModGraphRules

/// Each rule on a small graph whose verdict is worked out in the comment above the expectation.
@Suite("rules")
struct CheckerTests {
    static let verticalLayers = """
        layers:
          - name: app
            targets: [App]
          - name: verticals
            targets: [Maps, Cart, Chat, Helpers]
            isolated: [Maps, Cart, Chat]
          - name: interfaces
            targets: [Interfaces]
          - name: core
            targets: [Prelude, Net]
        unassigned: error
        """

    @Test func layeringAllowsSameAndLowerLayersOnly() throws {
        // Net (core) → Maps (verticals) goes up: the one violation. App → Maps goes down,
        // Maps → Helpers stays in its layer, Interfaces → Prelude goes down.
        let result = try check(
            graph(
                "App -> Maps, Maps -> Helpers, Maps -> Interfaces, Interfaces -> Prelude, Net -> Maps, Cart -> Interfaces, Chat -> Interfaces"
            ), Self.verticalLayers)
        #expect(summary(result) == ["layering: Net → Maps"])
        #expect(result.findings.first?.message == "Net (layer 'core') depends on Maps (layer 'verticals'), which is above it")
    }

    @Test func isolationReportsDirectAndChainedDependenciesOnce() throws {
        // Cart → Chat directly; Chat → Helpers → Maps through a non-isolated member.
        // Cart → Chat → Helpers → Maps also reaches Maps, but only through Chat, itself a
        // vertical: that is Chat's violation, reported once, not again as Cart's.
        let result = try check(graph("Cart -> Chat, Chat -> Helpers, Helpers -> Maps, Maps -> Interfaces"), Self.verticalLayers)
        #expect(
            summary(result) == [
                "isolation: Cart → Chat",
                "isolation: Chat → Helpers → Maps",
            ])
        let chained = try #require(result.findings.first { $0.chain.count == 3 })
        #expect(
            chained.message
                == "Chat depends on Maps through Helpers: members of isolated layer 'verticals' must not depend on one another, directly or through other modules"
        )
        #expect(chained.source?.line == 6)
    }

    @Test func captureGroupsMakeOneFeatureOfSeveralModules() throws {
        // MapsUI → MapsCore is inside one feature; MapsUI → CartCore crosses features.
        let result = try check(
            graph("MapsUI -> MapsCore, MapsUI -> CartCore, CartUI -> CartCore"),
            """
            layers:
              - name: features
                targets: ["{feature}UI", "{feature}Core"]
                isolated: true
            """)
        #expect(summary(result) == ["isolation: MapsUI → CartCore"])
    }

    @Test func forbiddenEdgesWithCapturesAllowAndExceptions() throws {
        // "A feature's UI may use its own Core but no other feature's": MapsUI → CartCore is
        // forbidden, MapsUI → MapsCore allowed; LegacyUI is exempt; Cart → Net has no rule.
        let result = try check(
            graph("MapsUI -> MapsCore, MapsUI -> CartCore, LegacyUI -> CartCore, Cart -> Net"),
            """
            forbidden:
              - from: "{feature}UI"
                to: "*Core"
                allow: "{feature}Core"
                exceptFrom: [LegacyUI]
                message: a feature's UI uses only its own Core
            """)
        #expect(summary(result) == ["forbidden: MapsUI → CartCore"])
        #expect(result.findings.first?.message == "MapsUI depends on CartCore: a feature's UI uses only its own Core")
    }

    @Test func externalsAreCheckedAgainstTheLayersList() throws {
        let package = PackageIdentity("app")
        let remote = PackageIdentity("swift-nio")
        let prelude = TargetID(package: package, name: "Prelude")
        let app = TargetID(package: package, name: "App")
        let nio = TargetID(package: remote, name: "NIO")
        let graph = ModuleGraph(
            packages: [
                Package(identity: package, name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
                Package(
                    identity: remote, name: "swift-nio", path: nil, origin: .remote, location: "https://github.com/apple/swift-nio",
                    isLoaded: false),
            ],
            targets: [
                Target(id: prelude, type: .regular, path: nil), Target(id: app, type: .executable, path: nil),
                Target(id: nio, type: .externalProduct, path: nil),
            ],
            products: [],
            edges: [Edge(from: prelude, to: nio, kind: .product, product: "NIO"), Edge(from: app, to: nio, kind: .product, product: "NIO")]
        )
        // Core lists no externals, so Prelude → NIO is a violation; App's layer does not restrict.
        let result = try check(
            graph, "layers:\n  - name: app\n    targets: [App]\n  - name: core\n    targets: [Prelude]\n    externals: []\n")
        #expect(result.findings.map(\.fingerprint) == ["externals:app/Prelude->swift-nio/NIO"])
        let allowed = try check(
            graph, "layers:\n  - name: app\n    targets: [App]\n  - name: core\n    targets: [Prelude]\n    externals: [\"swift-nio/*\"]\n")
        #expect(allowed.findings.isEmpty)
    }

    @Test func unassignedTargetsFollowTheConfiguredSeverity() throws {
        let graph = graph("App -> Stray")
        let layers = "layers:\n  - name: app\n    targets: [App]\n"
        #expect(try check(graph, layers + "unassigned: error\n").findings.map(\.severity) == [.error])
        #expect(try check(graph, layers).findings.map(\.severity) == [.warning])
        #expect(try check(graph, layers + "unassigned: ignore\n").findings.isEmpty)
    }

    @Test func testsAreExemptFromLayeringButNotFromCycles() throws {
        // MapsTests → Cart would break isolation if tests were checked; the cycle
        // MapsTests → Helper → MapsTests is reported either way.
        let graph = graph("MapsTests -> Cart, MapsTests -> Helper, Helper -> MapsTests", types: ["MapsTests": .test])
        let yaml = "layers:\n  - name: v\n    targets: [Maps*, Cart, Helper]\n    isolated: [\"Maps*\", Cart]\n"
        #expect(summary(try check(graph, yaml)) == ["cycle: Helper → MapsTests → Helper"])
        #expect(
            summary(try check(graph, yaml + "tests: checked\n")) == ["cycle: Helper → MapsTests → Helper", "isolation: MapsTests → Cart"])
    }

    @Test func limitsOnDepthFanInAndFanOut() throws {
        // Chain A → B → C → D has 4 targets; B has 2 dependents (A, E); A has 2 dependencies.
        let graph = graph("A -> B, B -> C, C -> D, E -> B, A -> E")
        let result = try check(graph, "limits:\n  depth: 3\n  fanIn: 1\n  fanOut: 1\n")
        #expect(summary(result) == ["depth: A → E → B → C → D", "fan-in: B", "fan-out: A"])
        #expect(try check(graph, "limits:\n  depth: 5\n  fanIn: 2\n  fanOut: 2\n").findings.isEmpty)
    }

    @Test func exceptionsExcuseMatchingFindingsAndStaleOnesAreReported() throws {
        let result = try check(
            graph("Maps -> Cart, Net -> Maps"),
            Self.verticalLayers + """

                exceptions:
                  - from: Maps
                    to: Cart
                    reason: checkout map preview, until the interface lands
                  - from: Net
                    to: Maps
                    rule: isolation
                    reason: wrong rule, so it excuses nothing
                  - from: Chat
                    to: "*"
                    reason: nothing matches
                """)
        #expect(
            result.excused.map { "\($0.finding.chainText): \($0.reason)" } == [
                "app/Maps → app/Cart: checkout map preview, until the interface lands"
            ])
        #expect(
            summary(result, includingStale: true).filter { !$0.contains("pattern") } == [
                "layering: Net → Maps",
                "stale-config: exception Chat → * matches no violation; remove it",
                "stale-config: exception Net → Maps (isolation) matches no violation; remove it",
            ])
    }

    @Test func cyclesAreAlwaysErrorsAndNeverExcused() throws {
        let result = try check(
            graph("A -> B, B -> C, C -> A, D -> D"),
            """
            exceptions:
              - from: "*"
                to: "*"
                reason: everything goes
            """)
        #expect(summary(result).prefix(2) == ["cycle: A → B → C → A", "cycle: D → D"])
        #expect(result.errorCount == 2)
    }

    @Test func patternsThatMatchNothingAreWarnings() throws {
        let result = try check(
            graph("App -> Prelude"), "layers:\n  - name: app\n    targets: [App, Ghost]\n  - name: core\n    targets: [Prelude]\n")
        #expect(summary(result, includingStale: true) == ["stale-config: pattern 'Ghost' of layer 'app' (layers[0]) matches no target"])
        #expect(result.findings.first?.severity == .warning)
        #expect(result.findings.first?.source?.line == 3)
    }

    @Test func aBaselineHidesKnownFindingsAndListsFixedOnes() throws {
        let before = try check(graph("Maps -> Cart, Chat -> Maps"), Self.verticalLayers)
        let baseline = Baseline(recording: before.findings)
        #expect(baseline.entries.map(\.fingerprint) == ["isolation:app/Chat->app/Maps", "isolation:app/Maps->app/Cart"])
        // Chat → Maps was fixed, Cart → Chat is new.
        var after = try check(graph("Maps -> Cart, Cart -> Chat, Chat -> Interfaces"), Self.verticalLayers)
        baseline.apply(to: &after)
        #expect(summary(after) == ["isolation: Cart → Chat"])
        #expect(after.baselined.map(\.fingerprint) == ["isolation:app/Maps->app/Cart"])
        #expect(after.fixed == ["isolation:app/Chat->app/Maps"])
        let decoded = try JSONDecoderRoundTrip.roundTrip(baseline)
        #expect(decoded == baseline)
    }
}

import Foundation

enum JSONDecoderRoundTrip {
    static func roundTrip(_ baseline: Baseline) throws -> Baseline {
        try JSONDecoder().decode(Baseline.self, from: Data(baseline.encoded().utf8))
    }
}
