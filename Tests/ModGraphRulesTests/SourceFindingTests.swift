import ModGraphCore
import Testing
@testable import ModGraphRules

/// How the checker treats the findings `ModGraphSources` hands it: they are
/// reported, excused and fingerprinted like the graph's own.
@Suite("source findings in the checker")
struct SourceFindingTests {
    private let app = PackageIdentity("app")

    private func finding(_ rule: RuleKind, _ chain: [String], subject: String? = nil, line: Int = 1) -> Finding {
        Finding(
            rule: rule, severity: .error, chain: chain.map { TargetID(package: app, name: $0) }, message: "m",
            source: nil, sourcePosition: SourcePosition(file: "Sources/\(chain[0])/F.swift", line: line, column: 1), subject: subject)
    }

    @Test func sourceFindingsAreReportedAndTheirRulesListed() throws {
        let sources = """
            sources:
              interfaces: [Interfaces]
              unusedDependencies: ignore
            """
        let planted = [
            finding(.undeclaredImport, ["App", "Core", "Prelude"]), finding(.interfaceContent, ["Interfaces"], subject: "A.swift: class C"),
        ]
        let result = try Checker(config: config(sources)).check(
            graph("App -> Core, Core -> Prelude, Interfaces -> Prelude"), sourceFindings: planted)
        // Sorted by rule: interface-content comes before undeclared-import.
        #expect(summary(result) == ["interface-content: Interfaces", "undeclared-import: App → Core → Prelude"])
        #expect(result.rulesChecked.contains(.interfaceContent))
        #expect(result.rulesChecked.contains(.undeclaredImport))
        #expect(!result.rulesChecked.contains(.unusedDependency))
        // Without `sources:` the rules are not listed as run.
        let plain = try check(graph("App -> Core"), "layers: []\n")
        #expect(!plain.rulesChecked.contains(.undeclaredImport))
    }

    @Test func exceptionsCoverSourceFindingsByTheirChainEnds() throws {
        let yaml = """
            sources: {}
            exceptions:
              - from: App
                to: Prelude
                rule: undeclared-import
                reason: until the Prelude split lands
              - from: Tool
                to: "*"
                rule: unused-dependency
                reason: nothing matches this one
            """
        let result = try Checker(config: config(yaml)).check(
            graph("App -> Core, Core -> Prelude, Tool -> Core"),
            sourceFindings: [finding(.undeclaredImport, ["App", "Core", "Prelude"])])
        #expect(result.excused.map(\.finding.rule) == [.undeclaredImport])
        // The second exception excuses nothing, so it is stale.
        #expect(
            summary(result, includingStale: true) == [
                "stale-config: exception Tool → * (unused-dependency) matches no violation; remove it"
            ])
    }

    @Test func aStaleInterfacePatternIsReported() throws {
        let result = try check(graph("App -> Core"), "sources:\n  interfaces: [Interfaces]\n")
        #expect(
            summary(result, includingStale: true) == ["stale-config: interface pattern 'Interfaces' (sources.interfaces) matches no target"]
        )
    }

    /// The wiring checks' module lists are patterns too: one that matches no target is stale.
    @Test func staleWiringPatternsAreReported() throws {
        let yaml = """
            sources:
              wiring:
                app: [App, Ap]
                containers:
                  - type: World
                    owners: [Core, Cor*e2]
            """
        let result = try check(graph("App -> Core"), yaml)
        #expect(
            summary(result, includingStale: true) == [
                "stale-config: owner pattern 'Cor*e2' of container World (sources.wiring.containers[0].owners) matches no target",
                "stale-config: wiring app pattern 'Ap' (sources.wiring.app) matches no target",
            ])
        #expect(result.findings.allSatisfy { $0.severity == .warning })
    }

    @Test func theSubjectKeepsFindingsOfOneTargetApartInBaselines() {
        let first = finding(.interfaceContent, ["Interfaces"], subject: "A.swift: class C")
        let second = finding(.interfaceContent, ["Interfaces"], subject: "B.swift: function f()")
        #expect(first.fingerprint == "interface-content:app/Interfaces->app/Interfaces#A.swift: class C")
        #expect(first.fingerprint != second.fingerprint)
        // The line is not part of it: moving the declaration keeps the baseline entry.
        #expect(finding(.interfaceContent, ["Interfaces"], subject: "A.swift: class C", line: 40).fingerprint == first.fingerprint)
        // Rules without a subject keep the fingerprint they always had.
        #expect(finding(.undeclaredImport, ["App", "Core", "Prelude"]).fingerprint == "undeclared-import:app/App->app/Prelude")
    }

    @Test func positionsPrintWithTheirColumn() {
        #expect(SourcePosition(file: "F.swift", line: 3, column: 7).description == "F.swift:3:7")
        #expect(SourcePosition(file: "Package.swift", line: 3).description == "Package.swift:3")
    }
}
