import ModGraphCore
import ModGraphRules
import Testing
@testable import ModGraphSources

/// A team whose injection style names its parts otherwise (factories, scenes) says its words in
/// `sources.wiring.vocabulary`, and the wiring is read as the default words read the usual style.
@Suite("wiring vocabulary")
struct WiringVocabularyTests {
    /// The fixture in another style: `Factory` for `Builder`, `Factories` for `Builders`, `Scene` for `ScreenModule`.
    private static func renamed(_ text: String) -> String {
        text.replacingOccurrences(of: "Builder", with: "Factory").replacingOccurrences(of: "Factorys", with: "Factories")
            .replacingOccurrences(of: "ScreenModule", with: "Scene")
    }

    private static func wiring(renamed: Bool, vocabulary: WiringVocabulary) -> Wiring {
        let texts = [
            "Interfaces": WiringFixture.interfaces, "Paywall": WiringFixture.paywall, "Home": WiringFixture.home,
            "Messaging": WiringFixture.messaging, "Records": WiringFixture.records, "App": WiringFixture.app,
            "HomeTests": WiringFixture.homeTests,
        ]
        var scanned: [TargetID: [ScannedFile]] = [:]
        for (name, text) in texts {
            scanned[id(name)] = [
                SourceScanner.scan(text: renamed ? Self.renamed(text) : text, path: "/src/\(name)/\(name).swift", readsWiring: true)
            ]
        }
        var roles = WiringRoles.inferred(from: WiringFixture.graph, interfaces: [id("Interfaces")])
        roles.vocabulary = vocabulary
        let folders = Dictionary(uniqueKeysWithValues: scanned.keys.map { ($0, "/src/\($0.name)") })
        return WiringAnalyzer(roles: roles).analyze(scanned: scanned, folders: folders, graph: WiringFixture.graph).wiring
    }

    @Test func anotherStylesWordsReadItAsTheDefaultsReadTheUsualOne() throws {
        let usual = Self.wiring(renamed: false, vocabulary: .standard)
        var words = WiringVocabulary.standard
        words.builderProtocols = ["Factory"]
        words.builderTypes = ["Factory"]
        words.builderNamespaces = ["Factories"]
        words.moduleProtocols = ["Scene": "screen"]
        let other = Self.wiring(renamed: true, vocabulary: words)
        // Every edge found in the usual style is found, under the other style's names.
        #expect(WiringFixture.lines(other) == WiringFixture.lines(usual).map(Self.renamed))
        let home = try #require(other.modules.first { $0.target == id("Home") })
        #expect(home.screens.map { "\($0.kind) \($0.name)" } == ["screen LoginScene"])
        let records = try #require(other.modules.first { $0.target == id("Records") })
        #expect(records.functions.map(\.name) == ["Factories.Records.makeHistory(with:)"])
        // With the default words the other style's builder requirement, namespace and scene go unread.
        let unread = Self.wiring(renamed: true, vocabulary: .standard)
        #expect(WiringFixture.lines(unread).count < WiringFixture.lines(other).count)
        #expect(unread.modules.first { $0.target == id("Home") }?.screens.isEmpty == true)
        #expect(unread.modules.first { $0.target == id("Records") }?.functions.isEmpty ?? true)
    }

    @Test func theConfigurationSaysTheWordsAndRefusesWhatIsNoIdentifier() throws {
        let config = try ConfigParser.parse(
            """
            sources:
              wiring:
                vocabulary:
                  builderProtocols: [Factory]
                  builderNamespaces: [Factories]
                  moduleProtocols: {Scene: screen, Coordinator: flow}
                  interfaceModules: [Ports]
            """, file: ".modgraph.yml")
        let words = try #require(config.sources?.wiring?.vocabulary)
        #expect(words.builderProtocols == ["Factory"])
        #expect(words.builderTypes == WiringVocabulary.standard.builderTypes)
        #expect(words.builderNamespaces == ["Factories"])
        #expect(words.moduleProtocols == ["Scene": "screen", "Coordinator": "flow"])
        #expect(words.looksLikeInterface("PaymentsPorts"))
        #expect(!words.looksLikeInterface("PaymentsInterface"))
        #expect(WiringVocabulary.standard.looksLikeInterface("PaymentsInterface"))
        #expect(throws: ConfigError.self) {
            try ConfigParser.parse("sources:\n  wiring:\n    vocabulary:\n      builderTypes: [\"Fac tory\"]\n", file: ".modgraph.yml")
        }
        #expect(throws: ConfigError.self) {
            try ConfigParser.parse("sources:\n  wiring:\n    vocabulary:\n      builders: [Factory]\n", file: ".modgraph.yml")
        }
    }
}
