import ModGraphCore
import Testing
@testable import ModGraphRules

/// One type per rule, and the configuration deciding which run and how
/// severe they are; every report lists rules from ``CheckResult/rules``.
@Suite("rule types and levels")
struct RuleCatalogTests {
    /// Turns every rule on without naming a level.
    static let everyRule = """
        layers:
          - name: app
            targets: [App]
            externals: []
          - name: core
            targets: [Core]
            isolated: true
        forbidden:
          - from: Core
            to: App
        limits:
          depth: 5
          fanIn: 5
          fanOut: 5
        sources:
          interfaces: [Core]
          wiring:
            containers:
              - type: World
                owners: [App]
        """

    @Test(arguments: RuleKind.allCases)
    func eachIdHasItsRule(_ id: RuleKind) {
        #expect(id.rule.id == id)
        #expect(!id.rule.summary.isEmpty)
        #expect(id.rule.defaultLevel != .ignore)
    }

    @Test func aConfigurationThatNamesNoLevelGivesEachRuleItsDefault() throws {
        let config = try config(Self.everyRule)
        for id in RuleKind.allCases {
            #expect(id.rule.level(in: config) == id.rule.defaultLevel, "\(id)")
        }
        let result = try Checker(config: config).check(graph("App -> Core"))
        #expect(result.rulesChecked == RuleKind.allCases)
        #expect(result.rules.map(\.severity) == RuleKind.allCases.map { $0.rule.defaultLevel.severity })
    }

    @Test func onlyTheRulesTheConfigurationTurnsOnRun() throws {
        #expect(try check(graph("App -> Core"), "layers: []\n").rulesChecked == [.cycle, .unassigned, .staleConfig])
        let quiet = try check(graph("App -> Core"), "layers: []\nunassigned: ignore\nsources:\n  undeclaredImports: ignore\n")
        #expect(quiet.rulesChecked == [.cycle, .unusedDependency, .staleConfig])
    }

    @Test func levelsComeFromTheConfiguration() throws {
        let result = try check(
            graph("App -> Core"),
            """
            layers: []
            unassigned: error
            sources:
              undeclaredImports: warning
              unusedDependencies: error
            """)
        let severities = Dictionary(uniqueKeysWithValues: result.rules.map { ($0.id, $0.severity) })
        #expect(severities[.unassigned] == .error)
        #expect(severities[.undeclaredImport] == .warning)
        #expect(severities[.unusedDependency] == .error)
        #expect(severities[.cycle] == .error)
        #expect(severities[.staleConfig] == .warning)
        #expect(result.rule(.unusedDependency).summary == UnusedDependencyRule().summary)
    }

    @Test func theYAMLSpellingOfAnOffRuleIsIgnore() throws {
        #expect(try config("unassigned: ignore\n").unassigned == .ignore)
        #expect(RuleLevel.ignore.severity == nil)
        #expect(RuleLevel.warning.severity == .warning)
    }

    @Test func cyclesAndStaleEntriesAreNeverExcused() {
        #expect(RuleKind.allCases.filter { !$0.rule.acceptsExceptions } == [.cycle, .staleConfig])
    }
}
