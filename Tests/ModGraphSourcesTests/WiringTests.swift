import ModGraphCore
import ModGraphRules
import ModGraphTestSupport
import Testing
@testable import ModGraphSources

/// A small app in the three styles the wiring reads: builders injected by the app,
/// a builder namespace, Lasso screen modules; each test writes its own sources.
enum WiringFixture {
    static let interfaces = """
        public protocol Builder<Args, Product> {
            associatedtype Args
            associatedtype Product
            func build(with args: Args) -> Product
        }
        public enum Builders {}
        public struct Screen { public let title: String }
        public struct PaywallSource: Hashable { public let origin: String }
        public protocol PurchasesService { func buy(_ id: String) }
        public protocol MessagingBuilding { func makeInbox() -> Screen }
        """
    static let paywall = """
        import Interfaces
        public protocol PaywallDeps {
            var source: PaywallSource { get }
            var purchases: any PurchasesService { get }
        }
        public struct PaywallBuilder<Deps: PaywallDeps>: Builder {
            public init() {}
            public func build(with deps: Deps) -> Screen { Screen(title: deps.source.origin) }
        }
        public final class StoreKitPurchases: PurchasesService {
            public init() {}
            public func buy(_ id: String) {}
        }
        """
    /// 1️⃣ where a builder requirement's findings point, 2️⃣ where an interface protocol's do (MarkedText).
    static let markedHome = MarkedText(
        """
        import Interfaces
        public protocol HomeDeps {
            1️⃣associatedtype PaywallBuilderType: Builder<PaywallSource, Screen>
            var paywallBuilder: PaywallBuilderType { get }
            var messaging: any 2️⃣MessagingBuilding { get }
        }
        enum LoginScreenModule: ScreenModule {
            struct State {}
            enum Action {}
            enum Output {}
        }
        final class LoginStore: LassoStore<LoginScreenModule> {}
        func history() -> Screen {
            Builders.Records.makeHistory(with: "all")
        }
        """)
    static var home: String { markedHome.text }
    static let messaging = """
        import Interfaces
        public struct Inbox: MessagingBuilding {
            public init() {}
            public func makeInbox() -> Screen { Screen(title: "inbox") }
        }
        """
    static let records = """
        import Interfaces
        extension Builders {
            public enum Records {
                public static func makeHistory(with filter: String) -> Screen { Screen(title: filter) }
            }
        }
        """
    static let app = """
        import Home
        import Interfaces
        import Messaging
        import Paywall

        struct HomeDepsImpl: HomeDeps {
            var paywallBuilder: some Builder<PaywallSource, Screen> {
                PaywallBuilder().scoped { source in PaywallDepsImpl(source: source) }
            }
            var messaging: any MessagingBuilding { Inbox() }
        }
        struct PaywallDepsImpl: PaywallDeps {
            let source: PaywallSource
            var purchases: any PurchasesService { StoreKitPurchases() }
        }
        """

    static let graph = ModGraphSourcesTests.graph(
        "App -> Home, App -> Paywall, App -> Messaging, App -> Records, Home -> Interfaces, Paywall -> Interfaces, Messaging -> Interfaces, Records -> Interfaces, HomeTests -> Home",
        types: ["App": .executable, "HomeTests": .test])

    /// HomeTests uses Home's screen module and declares a double of MessagingBuilding: neither is wiring.
    static let homeTests = """
        @testable import Home
        struct InboxDouble: MessagingBuilding {}
        func testLogin() { _ = LoginScreenModule.self }
        """

    static func scanned(_ overrides: [String: String] = [:]) -> [TargetID: [ScannedFile]] {
        var texts = [
            "Interfaces": interfaces, "Paywall": paywall, "Home": home, "Messaging": messaging, "Records": records, "App": app,
            "HomeTests": homeTests,
        ]
        for (name, text) in overrides { texts[name] = text }
        var result: [TargetID: [ScannedFile]] = [:]
        for (name, text) in texts {
            result[id(name)] = [SourceScanner.scan(text: text, path: "/src/\(name)/\(name).swift", readsWiring: true)]
        }
        return result
    }

    static func wiring(_ overrides: [String: String] = [:]) -> Wiring {
        let scanned = scanned(overrides)
        let roles = WiringRoles.inferred(from: graph, interfaces: [id("Interfaces")])
        let folders = Dictionary(uniqueKeysWithValues: scanned.keys.map { ($0, "/src/\($0.name)") })
        return WiringAnalyzer(roles: roles).analyze(scanned: scanned, folders: folders, graph: graph).wiring
    }

    /// `Home ⇢ Paywall: builder HomeDeps.paywallBuilder by PaywallBuilder (need Home/Home.swift:3, wired App/App.swift:7)`.
    static func lines(_ wiring: Wiring) -> [String] {
        wiring.edges.flatMap { edge in
            edge.items.map { item in
                "\(edge.from.name) ⇢ \(edge.to.name): \(item.kind.rawValue) \(item.label) by \(item.providedBy) (need \(item.need)"
                    + (item.wired.map { ", wired \($0)" } ?? "") + ")"
            }
        }
    }
}

@Suite("wiring inventory and graph")
struct WiringTests {
    @Test func theInventoryListsBuildersRequirementsFunctionsAndScreens() throws {
        let wiring = WiringFixture.wiring()
        let paywall = try #require(wiring.modules.first { $0.target == id("Paywall") })
        #expect(paywall.builders.map { "\($0.name) takes \($0.takes) makes \($0.makes ?? "?")" } == [
            "PaywallBuilder takes [\"Deps: PaywallDeps\"] makes Screen"
        ])
        #expect(paywall.provides.map { "\($0.type): \($0.name)" } == ["PaywallBuilder: Builder", "StoreKitPurchases: PurchasesService"])
        let home = try #require(wiring.modules.first { $0.target == id("Home") })
        #expect(home.requirements.map { "\($0.name): \($0.constraint) via \($0.providers) at \($0.wired.map(\.description))" } == [
            "HomeDeps.paywallBuilder: Builder<PaywallSource, Screen> via [\"PaywallBuilder\"] at [\"App/App.swift:7\"]"
        ])
        #expect(home.screens.map { "\($0.kind) \($0.name) \($0.parts) \($0.types)" } == [
            "screen LoginScreenModule [\"State\", \"Action\", \"Output\"] [\"LoginStore\"]"
        ])
        let records = try #require(wiring.modules.first { $0.target == id("Records") })
        #expect(records.functions.map { "\($0.name) -> \($0.makes ?? "?")" } == ["Builders.Records.makeHistory(with:) -> Screen"])
        let interfaces = try #require(wiring.modules.first { $0.target == id("Interfaces") })
        #expect(interfaces.interfaceProtocols == ["Builder", "MessagingBuilding", "PurchasesService"])
        #expect(interfaces.dataTypes == ["Builders", "PaywallSource", "Screen"])
        let app = try #require(wiring.modules.first { $0.target == id("App") })
        #expect(app.wiringSites.map { "\($0.what) of \($0.owner.name) at \($0.site)" } == [
            "HomeDepsImpl: HomeDeps of Home at App/App.swift:6",
            // `PaywallBuilder()` on that line is the builder the `.scoped` wires, not listed twice.
            "PaywallBuilder.scoped of Paywall at App/App.swift:8",
            "PaywallDepsImpl: PaywallDeps of Paywall at App/App.swift:12",
        ])
    }

    @Test func anEdgeJoinsWhatAModuleNeedsToTheModuleThatProvidesIt() {
        #expect(WiringFixture.lines(WiringFixture.wiring()) == [
            "Home ⇢ Messaging: protocol MessagingBuilding by Inbox (need Home/Home.swift:5, wired App/App.swift:10)",
            "Home ⇢ Paywall: builder HomeDeps.paywallBuilder by PaywallBuilder (need Home/Home.swift:3, wired App/App.swift:7)",
            "Home ⇢ Records: function Builders.Records.makeHistory(with:) by Builders.Records.makeHistory(with:) (need Home/Home.swift:14)",
        ])
    }

    @Test func aNameTwoModulesDeclareIsMatchedToNeither() {
        // A second `Inbox` (in Paywall) makes the name ambiguous: MessagingBuilding is still provided, by both.
        let wiring = WiringFixture.wiring(["Paywall": WiringFixture.paywall + "\nstruct PaywallBuilder2 {}\n"])
        #expect(WiringFixture.lines(wiring).count == 3)
        let ambiguous = WiringFixture.wiring(["Messaging": WiringFixture.messaging + "\npublic struct PaywallBuilder {}\n"])
        // PaywallBuilder is declared twice: the requirement names no builder it can trust.
        #expect(!WiringFixture.lines(ambiguous).contains { $0.contains("HomeDeps.paywallBuilder") })
    }

    @Test func aServiceReachedThroughAContainerOfTheInterfaceModuleIsANeed() {
        // Swinject-style: the interface module declares the protocol and a typed property on a shared
        // container; Records asks the container and never names the protocol.
        let interfaces = WiringFixture.interfaces + """

            public final class Dependencies {
                public static let shared = Dependencies()
            }
            extension Dependencies {
                public var messaging: MessagingBuilding { fatalError() }
            }
            """
        let records = WiringFixture.records + "\nfunc inbox() -> Screen { Dependencies.shared.messaging.makeInbox() }\n"
        let lines = WiringFixture.lines(WiringFixture.wiring(["Interfaces": interfaces, "Records": records]))
        #expect(lines.contains("Records ⇢ Messaging: protocol MessagingBuilding by Inbox (need Records/Records.swift:7, wired App/App.swift:10)"))
    }

    /// Issue #46: a raw identifier may hold a `.`; it was shown cut at its last one (`wall\``).
    @Test func rawIdentifiersWithDotsAreShownWhole() throws {
        let paywall = WiringFixture.paywall + """

            public struct `Pay.wall`<Deps: PaywallDeps>: Builder {
                public func build(with deps: Deps) -> Screen { fatalError() }
            }
            extension Builders {
                public enum `Re.cords` {
                    public static func `make.it`(with filter: String) -> Screen { fatalError() }
                }
            }
            """
        let wiring = WiringFixture.wiring(["Paywall": paywall])
        let module = try #require(wiring.modules.first { $0.target == id("Paywall") })
        #expect(module.builders.map(\.name).contains("`Pay.wall`"), "\(module.builders.map(\.name))")
        #expect(module.functions.map(\.name) == ["Builders.`Re.cords`.`make.it`(with:)"])
        #expect(WiringName.components(of: "Builders.`Re.cords`.`make.it`") == ["Builders", "`Re.cords`", "`make.it`"])
        #expect(WiringDeclaration(kind: .struct, name: "Outer.`a.b`", line: 1, column: 1).simpleName == "`a.b`")
    }

    @Test func aFileReadOnlyForItsImportsHasNoWiring() {
        let file = SourceScanner.scan(text: WiringFixture.paywall, path: "/src/P.swift")
        #expect(file.wiring == nil)
        let read = SourceScanner.scan(text: WiringFixture.paywall, path: "/src/P.swift", readsWiring: true)
        #expect(read.wiring?.declarations.map(\.name) == ["PaywallDeps", "PaywallBuilder", "StoreKitPurchases"])
    }
}

@Suite("wiring checks")
struct WiringCheckTests {
    private let yaml = """
        sources:
          interfaces: [Interfaces]
          undeclaredImports: ignore
          unusedDependencies: ignore
          wiring: {}

        """

    private func check(_ overrides: [String: String], yaml: String? = nil, graph: ModuleGraph = WiringFixture.graph) throws -> [String] {
        try run(graph, yaml ?? self.yaml, WiringFixture.scanned(overrides))
    }

    @Test func theFixtureIsClean() throws {
        #expect(try check([:]) == [])
    }

    @Test func offUnlessTheConfigurationAsksForIt() throws {
        let broken = ["Messaging": "import Interfaces\n", "App": ""]
        #expect(try check(broken).count == 2)
        #expect(try check(broken, yaml: "sources:\n  interfaces: [Interfaces]\n  undeclaredImports: ignore\n  unusedDependencies: ignore\n") == [])
    }

    @Test func aProtocolNothingProvides() throws {
        #expect(
            try check(["Messaging": "import Interfaces\n"]) == [
                "unprovided-requirement: Home needs interface protocol MessagingBuilding, which no module of the graph provides; implement it in the vertical that offers it, or remove it from the interface module @ Home/Home.swift:\(WiringFixture.markedHome.place("2️⃣"))"
            ])
    }

    @Test func aBuilderRequirementNothingProvidesNorWires() throws {
        let app = WiringFixture.app.replacingOccurrences(of: "var paywallBuilder", with: "var otherBuilder")
        #expect(
            try check(["Paywall": "import Interfaces\n", "App": app]) == [
                "unprovided-requirement: Home needs builder requirement HomeDeps.paywallBuilder, which no module of the graph provides; declare a builder whose dependencies take its argument type, and have the app wire it @ Home/Home.swift:\(WiringFixture.markedHome.place("1️⃣"))",
                "warning unwired-builder: no module of the app wires builder requirement HomeDeps.paywallBuilder of Home: implement it where the app builds Home's dependencies @ Home/Home.swift:\(WiringFixture.markedHome.place("1️⃣"))",
            ])
    }

    @Test func aBuilderRequirementTheAppNeverWires() throws {
        // PaywallBuilder takes PaywallSource through PaywallDeps: it provides the requirement, but nothing wires it.
        let app = WiringFixture.app.replacingOccurrences(of: "var paywallBuilder", with: "var otherBuilder")
        #expect(
            try check(["App": app]) == [
                "warning unwired-builder: no module of the app wires builder requirement HomeDeps.paywallBuilder of Home: implement it where the app builds Home's dependencies @ Home/Home.swift:\(WiringFixture.markedHome.place("1️⃣"))"
            ])
    }

    @Test func aProtocolTwoVerticalsProvide() throws {
        let records = WiringFixture.records + "\npublic struct RecordsInbox: MessagingBuilding {\n    public func makeInbox() -> Screen { Screen(title: \"\") }\n}\n"
        #expect(
            try check(["Records": records]) == [
                "warning provided-twice: Home needs interface protocol MessagingBuilding, and App links providers of it from 2 verticals (Inbox in Messaging, RecordsInbox in Records); which one it gets is decided where the app wires it, so keep one in the build of App or name them apart @ Home/Home.swift:\(WiringFixture.markedHome.place("2️⃣"))"
            ])
    }

    /// Alternatives each build picks one of are no conflict (issue #49: ProtonVPN's four implementations of
    /// one library, each app linking one): App links Messaging, Kiosk links Records, both link Home.
    @Test func alternativesEachBuildPicksOneOfAreNoConflict() throws {
        let records = WiringFixture.records + "\npublic struct RecordsInbox: MessagingBuilding {\n    public func makeInbox() -> Screen { Screen(title: \"\") }\n}\n"
        let split = ModGraphSourcesTests.graph(
            "App -> Home, App -> Paywall, App -> Messaging, Kiosk -> Home, Kiosk -> Records, Home -> Interfaces, Paywall -> Interfaces, Messaging -> Interfaces, Records -> Interfaces, HomeTests -> Home, HomeTests -> Messaging, HomeTests -> Records",
            types: ["HomeTests": .test, "App": .executable, "Kiosk": .executable])
        #expect(try check(["Records": records], graph: split).filter { $0.contains("provided-twice") } == [])
    }

    @Test func aVerticalThatWiresAnotherVerticalsBuilder() throws {
        let home = MarkedText(WiringFixture.home + "\nlet paywall = 1️⃣PaywallBuilder().scoped { source in source }\n")
        #expect(
            try check(["Home": home.text]) == [
                "vertical-wiring: Home wires PaywallBuilder.scoped of Paywall itself; wiring one vertical into another belongs to the app @ Home/Home.swift:\(home.place("1️⃣"))"
            ])
    }

    @Test func anExtensionOfAContainerOutsideItsOwners() throws {
        let yaml = self.yaml.replacingOccurrences(
            of: "wiring: {}", with: "wiring:\n    containers:\n      - type: World\n        owners: [App, Interfaces]")
        let home = MarkedText(WiringFixture.home + "\n1️⃣extension World {\n    var paywall: Int { 1 }\n}\n")
        let app = WiringFixture.app + "\nextension World {}\n"
        #expect(
            try check(["Home": home.text, "App": app], yaml: yaml) == [
                "container-extension: Home extends World, which only its owners may extend (sources.wiring.containers); move the extension to an owner or add Home to owners @ Home/Home.swift:\(home.place("1️⃣"))"
            ])
    }

    /// Each check's level is its own setting, like every other rule's: a lower level changes
    /// the severity of its findings, `ignore` turns it off, and the other checks keep theirs.
    @Test(arguments: [("warning", ["warning vertical-wiring"]), ("note", ["note vertical-wiring"]), ("ignore", [])])
    func eachCheckHasItsLevel(_ level: String, _ expected: [String]) throws {
        let home = WiringFixture.home + "\nlet paywall = PaywallBuilder().scoped { source in source }\n"
        let yaml = self.yaml.replacingOccurrences(of: "wiring: {}", with: "wiring:\n    verticalWiring: \(level)\n    unprovided: ignore")
        let found = try check(["Home": home], yaml: yaml).map { String($0.prefix { $0 != ":" }) }
        #expect(found == expected)
        // unprovided: ignore silences a protocol nothing provides, which is an error by default.
        let unprovided = try check(["Messaging": "import Interfaces\n", "Home": home], yaml: yaml).map { String($0.prefix { $0 != ":" }) }
        #expect(unprovided == expected)
    }

    /// A container type no module extends gives the check nothing to look at: stale configuration,
    /// a warning as for every other entry that matches nothing; one that is extended is not.
    @Test func aContainerNoModuleExtendsIsStale() throws {
        let yaml = self.yaml.replacingOccurrences(
            of: "wiring: {}", with: "wiring:\n    containers:\n      - type: Wrold\n        owners: [App]\n      - type: World\n        owners: [App]")
        let app = WiringFixture.app + "\nextension World {}\n"
        #expect(
            try check(["App": app], yaml: yaml) == [
                "warning stale-config: container type 'Wrold' (sources.wiring.containers[0]) is extended by no module's sources: remove it or fix its name"
            ])
    }
}

/// Issue #46: the analysis matched each requirement against every declaration and every builder, so
/// 10,000 builders took 6 s and 40,000 about two minutes (release). Every match now goes through an
/// index: 20,000 builders, each required by a protocol of Home and wired by a conformer of the app.
@Suite("wiring at scale")
struct WiringScaleTests {
    private static func type(_ name: String, arguments: [String] = []) -> WrittenType {
        WrittenType(
            text: arguments.isEmpty ? name : "\(name)<\(arguments.joined(separator: ", "))>", base: name, arguments: arguments,
            names: [name] + arguments)
    }

    @Test(.timeLimit(.minutes(1))) func twentyThousandBuildersAreMatchedThroughIndexes() throws {
        let count = 20_000
        var paywall = WiringFile()
        var home = WiringFile()
        var app = WiringFile()
        for index in 0..<count {
            let line = index + 1
            paywall.declarations.append(
                WiringDeclaration(
                    kind: .struct, name: "B\(index)Builder",
                    members: [
                        WiringMember(
                            kind: .function, name: "build(with:)", type: Self.type("Screen"),
                            parameters: [.init(label: "with", type: Self.type("S\(index)"))], line: line, column: 5)
                    ], line: line, column: 1))
            home.declarations.append(
                WiringDeclaration(
                    kind: .protocol, name: "D\(index)Deps",
                    members: [
                        WiringMember(
                            kind: .associatedtype, name: "Next", constraints: [Self.type("Builder", arguments: ["S\(index)", "Screen"])],
                            line: line, column: 5)
                    ], line: line, column: 1))
            app.declarations.append(
                WiringDeclaration(
                    kind: .struct, name: "D\(index)Impl", inherited: [Self.type("D\(index)Deps")],
                    members: [
                        WiringMember(
                            kind: .typealias, name: "Next", type: Self.type("B\(index)Builder"), references: ["B\(index)Builder"], line: line,
                            column: 5)
                    ], line: line, column: 1))
        }
        let scanned: [TargetID: [ScannedFile]] = [
            id("Paywall"): [ScannedFile(path: "/src/Paywall/P.swift", imports: [], wiring: paywall)],
            id("Home"): [ScannedFile(path: "/src/Home/H.swift", imports: [], wiring: home)],
            id("App"): [ScannedFile(path: "/src/App/A.swift", imports: [], wiring: app)],
        ]
        let graph = WiringFixture.graph
        let roles = WiringRoles.inferred(from: graph, interfaces: [id("Interfaces")])
        let folders = Dictionary(uniqueKeysWithValues: scanned.keys.map { ($0, "/src/\($0.name)") })
        let facts = WiringAnalyzer(roles: roles).analyze(scanned: scanned, folders: folders, graph: graph)
        let edge = try #require(facts.wiring.edges.first { $0.from == id("Home") && $0.to == id("Paywall") })
        #expect(edge.items.count == count)
        #expect(facts.needs.count == count)
        #expect(facts.needs.allSatisfy { $0.providers.count == 1 && $0.wired.count == 1 })
        #expect(edge.items.contains { $0.label == "D7Deps.Next" && $0.providedBy == "B7Builder" && $0.wired?.description == "App/A.swift:8" })
    }
}
