import Foundation
import Testing
@testable import ModGraphRules

/// An isolation violation is one feature reaching another, whichever of their
/// members the shortest chain happens to start from: exceptions may name any
/// member pair with a violating chain, and a baseline keeps the violation when
/// a partial fix moves its chain to another member.
@Suite("isolation by feature")
struct IsolationIdentityTests {
    static let features = """
        layers:
          - name: features
            targets: ["{feature}UI", "{feature}Domain", Shared]
            isolated: ["{feature}UI", "{feature}Domain"]
        """
    /// Feature A (AUI, ADomain) reaches feature B (BUI) through Shared from both of its members.
    static let edges = ["AUI -> ADomain", "AUI -> Shared", "ADomain -> Shared", "Shared -> BUI"]

    @Test func oneFindingPerPairOfFeaturesKeyedByTheirNames() throws {
        // B has two members reached; still one violation, A → B.
        let result = try check(graph((Self.edges + ["Shared -> BDomain"]).joined(separator: ", ")), Self.features)
        let isolation = result.findings.filter { $0.rule == .isolation }
        #expect(isolation.map(\.fingerprint) == ["isolation:A->B"])
        #expect(isolation.first?.chain.count == 3)
    }

    /// The shortest chain starts at one member; an exception naming the other still covers it.
    @Test(arguments: ["AUI", "ADomain"])
    func anExceptionMatchesAnyMemberPairWithAViolatingChain(_ from: String) throws {
        let result = try check(
            graph(Self.edges.joined(separator: ", ")),
            Self.features + """

                exceptions:
                  - from: \(from)
                    to: BUI
                    reason: migrating to the interface
                """)
        #expect(summary(result, includingStale: true) == [])
        #expect(result.excused.map(\.finding.fingerprint) == ["isolation:A->B"])
    }

    /// A member that reaches nothing of B does not excuse A's violation: the exception is stale.
    @Test func anExceptionForAMemberWithoutAViolatingChainIsStale() throws {
        let result = try check(
            graph("AUI -> Shared, Shared -> BUI, ADomain -> Helpers", isolated: ["Helpers"]),
            """
            layers:
              - name: features
                targets: ["{feature}UI", "{feature}Domain", Shared, Helpers]
                isolated: ["{feature}UI", "{feature}Domain"]
            exceptions:
              - from: ADomain
                to: BUI
                reason: not the member at fault
            """)
        #expect(
            summary(result, includingStale: true) == [
                "isolation: AUI → Shared → BUI",
                "stale-config: exception ADomain → BUI matches no violation; remove it",
            ])
    }

    /// Removing one of the two chains reduces violations; it must not fail a check with a baseline.
    @Test(arguments: ["ADomain -> Shared", "AUI -> Shared"])
    func aPartialFixKeepsTheBaselineEntry(_ removed: String) throws {
        let before = try check(graph(Self.edges.joined(separator: ", ")), Self.features)
        let baseline = Baseline(recording: before.findings)
        var after = try check(graph(Self.edges.filter { $0 != removed }.joined(separator: ", ")), Self.features)
        baseline.apply(to: &after)
        #expect(after.errorCount == 0)
        #expect(after.baselined.map(\.fingerprint) == ["isolation:A->B"])
        #expect(after.fixed == [])
    }

    /// A baseline written when isolation was keyed by its members (`version: 1`, before
    /// `schemaVersion`) still accepts the violation of those members' features.
    @Test func aBaselineKeyedByMembersStillApplies() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-old-baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        {
          "entries" : [
            {
              "chain" : [
                "app/ADomain",
                "app/Shared",
                "app/BUI"
              ],
              "fingerprint" : "isolation:app/ADomain->app/BUI",
              "message" : "ADomain depends on BUI through Shared",
              "rule" : "isolation"
            }
          ],
          "version" : 1
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        let baseline = try Baseline.load(file.path)
        // ADomain no longer reaches B; AUI still does, so feature A still reaches feature B.
        var after = try check(graph("AUI -> ADomain, AUI -> Shared, Shared -> BUI"), Self.features)
        baseline.apply(to: &after)
        #expect(after.errorCount == 0)
        #expect(after.baselined.count == 1)
        #expect(after.fixed == [])
        // Once A reaches B no more, the old entry is fixed, under its own fingerprint.
        var fixed = try check(graph("AUI -> ADomain, AUI -> Shared, BUI -> Shared"), Self.features)
        baseline.apply(to: &fixed)
        #expect(fixed.fixed == ["isolation:app/ADomain->app/BUI"])
    }
}
