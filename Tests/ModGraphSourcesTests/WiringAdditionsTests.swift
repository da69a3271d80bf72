import Foundation
import ModGraphCore
import ModGraphSystem
import ModGraphTestSupport
import Testing
@testable import ModGraphSources

/// Additions the wiring analysis cannot see leave its answer as it was (issue #48): a type added that no name
/// of the answer matches is read back with the answer's places moved, not analysed again with every file.
@Suite("wiring additions")
struct WiringAdditionsTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-additions-\(UUID().uuidString)").path
    private static let modules = ["App", "Home", "HomeTests", "Interfaces", "Messaging", "Paywall", "Records"]
    private static let texts = [
        "Interfaces": WiringFixture.interfaces, "Paywall": WiringFixture.paywall, "Home": WiringFixture.home,
        "Messaging": WiringFixture.messaging, "Records": WiringFixture.records, "App": WiringFixture.app,
        "HomeTests": WiringFixture.homeTests,
    ]
    private static var roles: WiringRoles { WiringRoles.inferred(from: WiringFixture.graph, interfaces: [id("Interfaces")]) }

    /// What ``WiringMemo`` weighs a change of `target`'s file against, after an analysis that matched by `names`.
    private static func context(_ facts: WiringFacts, _ target: TargetID) -> WiringAdditions.Context {
        WiringAdditions.Context(
            names: facts.names, useNames: facts.useNames, inInterfaceModule: roles.interfaces.contains(target),
            inApp: roles.app.contains(target),
            vocabulary: roles.vocabulary)
    }

    private func write(_ overrides: [String: String] = [:]) throws -> [TargetSources] {
        try Self.modules.map { name in
            let directory = folder + "/" + name
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let file = directory + "/" + name + ".swift"
            let text = overrides[name] ?? Self.texts[name] ?? ""
            if (try? String(contentsOfFile: file, encoding: .utf8)) != text {
                try text.write(toFile: file, atomically: false, encoding: .utf8)
            }
            return TargetSources(target: id(name), folder: directory, files: [file])
        }
    }

    /// A run that starts well after the files were written, so that their stamps are settled.
    private func cache(_ shelves: [ScanCache.Shelf: Data] = [:]) -> ScanCache {
        ScanCache(started: FileStamp.now + 3 * FileStamp.coarsestTick, encoded: shelves)
    }

    private func read(_ targets: [TargetSources], _ cache: ScanCache?) throws -> Wiring {
        try WiringReader.read(WiringFixture.graph, targets: targets, roles: Self.roles, cache: cache).wiring
    }

    /// A type added to a feature with a body that uses names no module declares, above its other declarations:
    /// the answer is read back moved (the file's previous scan the one entry read), and is the cold answer.
    @Test func aTypeNothingNamesIsReadBackWithoutAnalysingAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = cache()
        let answer = try read(try write(), first)
        let added = """
            struct RecentFilters: Hashable {
                let since: Date
                func label() -> String { DateFormatter().string(from: since) }
            }
            """
        let grown = WiringFixture.records.replacingOccurrences(of: "extension Builders {", with: added + "\nextension Builders {")
        let changed = try write(["Records": grown])
        let second = cache(first.encoded())
        let warm = try read(changed, second)
        #expect(warm == (try read(changed, nil)))
        #expect(warm != answer)
        // Only the changed file's previous scan was read (from the shelf, not among the recent scans): no other file's.
        #expect(second.hits == 1 && second.misses == 1)
        // The next run reads the answer back by the files' keys.
        let third = cache(first.encoded().merging(second.encoded()) { _, new in new })
        #expect(try read(changed, third) == warm)
        #expect(third.hits == 0 && third.misses == 0)
    }

    /// Additions the analysis sees are analysed again, with every file: a name another module declares (it
    /// makes `PaywallBuilder` ambiguous), a graph protocol's conformer, a use of a screen module's name.
    @Test func additionsThatMatterAreAnalysedAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = cache()
        let answer = try read(try write(), first)
        for (module, addition) in [
            ("Messaging", "public struct PaywallBuilder {}"), ("Records", "public struct RecordsInbox: MessagingBuilding {}"),
            ("Records", "func login() { _ = LoginScreenModule.self }"), ("Records", "public struct MessagingBuilding {}"),
        ] {
            let changed = try write([module: Self.texts[module, default: ""] + "\n" + addition + "\n"])
            let run = cache(first.encoded())
            let warm = try read(changed, run)
            #expect(warm == (try read(changed, nil)), "\(addition)")
            #expect(warm != answer, "\(addition)")
            // Every analysed file's scan read: the changed one's previous scan and the five others'.
            #expect(run.hits == 6, "\(addition)")
        }
    }

    /// What ``WiringAdditions`` accepts keeps the answer: random declarations and uses, of names the fixture
    /// declares and of new ones, inserted between any two lines of any module; wherever the additions are
    /// accepted and the places move, the answer read back moved is the answer analysed afresh, byte for byte,
    /// and its names are the previous ones and those declared.
    @Test func acceptedAdditionsGiveTheFreshAnswer() throws {
        var generator = SplitMix64(seed: 48)
        let roles = Self.roles
        let folders = Dictionary(uniqueKeysWithValues: Self.modules.map { (id($0), "/src/\($0)") })
        let before = WiringFixture.scanned()
        let old = WiringAnalyzer(roles: roles).analyze(scanned: before, folders: folders, graph: WiringFixture.graph)
        var oldBytes = ScanWriter()
        old.write(to: &oldBytes)
        var accepted = 0
        var refused = 0
        var acceptedMembers = 0
        for _ in 0..<500 {
            let module = ["App", "Home", "Interfaces", "Messaging", "Paywall", "Records"].randomElement(using: &generator) ?? "App"
            var lines = (Self.texts[module] ?? "").components(separatedBy: "\n")
            let count = Int.random(in: 1...2, using: &generator)
            var members = false
            for _ in 0..<count {
                // Declarations between top-level ones, members inside a type's braces, and either anywhere.
                var depth = 0
                var outside = [0]
                var inside: [Int] = []
                for (index, line) in lines.enumerated() {
                    depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                    if depth == 0 { outside.append(index + 1) } else if depth == 1 { inside.append(index + 1) }
                }
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: lines.insert(Self.snippet(using: &generator), at: Int.random(in: 0...lines.count, using: &generator))
                case 1 where !inside.isEmpty, 2 where !inside.isEmpty:
                    members = true
                    lines.insert(
                        "    " + (Self.members.randomElement(using: &generator) ?? ""), at: inside.randomElement(using: &generator) ?? 0)
                default: lines.insert(Self.snippet(using: &generator), at: outside.randomElement(using: &generator) ?? 0)
                }
            }
            let text = lines.joined(separator: "\n")
            let target = id(module)
            let file = SourceScanner.scan(text: text, path: "/src/\(module)/\(module).swift", readsWiring: true)
            let previous = try #require(before[target]?.first)
            guard
                let seen = WiringAdditions.comparable(file, before: previous, in: Self.context(old, target)),
                let map = WiringMemo.moves(from: seen.before, to: seen.after)
            else {
                refused += 1
                continue
            }
            var reader = ScanReader(oldBytes.bytes)
            reader.moved = { movedTarget, movedFile, position in
                movedTarget == target && movedFile == "\(module).swift" ? map[position] : position
            }
            guard let moved = try? WiringFacts(reading: &reader) else {
                refused += 1
                continue
            }
            accepted += 1
            if members { acceptedMembers += 1 }
            var scanned = before
            scanned[target] = [file]
            let fresh = WiringAnalyzer(roles: roles).analyze(scanned: scanned, folders: folders, graph: WiringFixture.graph)
            var freshBytes = ScanWriter()
            fresh.write(to: &freshBytes)
            var movedBytes = ScanWriter()
            moved.write(to: &movedBytes)
            #expect(movedBytes.bytes == freshBytes.bytes, "\(module): \(text)")
            #expect(fresh.names == old.names.union(seen.declared), "\(module): \(text)")
        }
        // Both kinds are met often enough for the property to say something.
        #expect(
            accepted >= 50 && acceptedMembers >= 10 && refused >= 100,
            "accepted \(accepted) (\(acceptedMembers) with members added), refused \(refused)")
    }

    private static let kinds = ["struct", "final class", "enum", "actor", "protocol", "extension", "public struct"]
    private static let names = [
        "Added", "Recent", "Filters", "Row", "Cell", "Formatter", "Inbox", "PaywallBuilder", "Screen", "LoginScreenModule", "Records",
        "HomeDeps", "PaywallSource", "Builders",
        "HistoryBuilder", "State", "MessagingBuilding", "PurchasesService",
    ]
    private static let inherited = [
        "", "", "", ": Hashable", ": Equatable, Sendable", ": Row", ": View", ": MessagingBuilding", ": PurchasesService", ": ScreenModule",
        ": Builder",
        ": LassoStore<LoginScreenModule>", ": Base<Recent>", ": PaywallDeps",
    ]
    private static let members = [
        "", "let since: Int", "let since: Date", "func format() -> String { DateFormatter().string(from: since) }",
        "func title() -> String { Screen(title: \"\").title }", "var builder: PaywallBuilder<Deps>",
        "let inner: some Builder<PaywallSource, Screen>",
        "func build(with source: PaywallSource) -> Screen { Screen(title: \"\") }", "func login() { _ = LoginScreenModule.self }",
        "func format() -> String { Formatter().string() }", "init() {}", "struct Inner {}",
        "var messaging: any MessagingBuilding { Inbox() }",
    ]
    private static let uses = [
        "let inbox = Inbox()", "func history() -> Screen { Builders.Records.makeHistory(with: \"\") }", "func k() { _ = Unknown.make() }",
        "let formatter = DateFormatter()", "func s() { PaywallBuilder().scoped { _ in Deps() } }", "let x: PurchasesService? = nil",
        "func screen() { _ = LoginScreenModule }", "// a comment", "",
    ]

    /// A declaration or use as an edit adds one, from names the fixture declares and new ones.
    private static func snippet(using generator: inout SplitMix64) -> String {
        if Int.random(in: 0..<3, using: &generator) == 0 {
            return uses.randomElement(using: &generator) ?? ""
        }
        let kind = kinds.randomElement(using: &generator) ?? "struct"
        let name =
            (names.randomElement(using: &generator) ?? "Added")
            + (Bool.random(using: &generator) ? "\(Int.random(in: 0..<3, using: &generator))" : "")
        let parent = inherited.randomElement(using: &generator) ?? ""
        let body = (0..<Int.random(in: 0...2, using: &generator)).map { _ in members.randomElement(using: &generator) ?? "" }
        return "\(kind) \(name)\(parent) {\n" + body.map { "    " + $0 + "\n" }.joined() + "}"
    }
}

extension WiringAdditionsTests {
    /// A builder made on a `.scoped` call's line is that wiring, not another: a line split between the call
    /// and a second builder made after it moves no place out of order, but the fresh answer lists the second
    /// builder made, so the places are not moved.
    @Test func aConstructionMovedOffAScopedCallsLineIsNotAMove() throws {
        let text =
            WiringFixture.app
            + "\nfunc again() { _ = PaywallBuilder().scoped { source in PaywallDepsImpl(source: source) }; _ = PaywallBuilder() }\n"
        let split = text.replacingOccurrences(of: "; _ = PaywallBuilder() }", with: "\n    _ = PaywallBuilder()\n}")
        #expect(split != text)
        let before = SourceScanner.scan(text: text, readsWiring: true)
        #expect(WiringMemo.moves(from: before, to: SourceScanner.scan(text: split, readsWiring: true)) == nil)
        // Its lines merely shifted, the same file is a move.
        #expect(WiringMemo.moves(from: before, to: SourceScanner.scan(text: "// The app.\n" + text, readsWiring: true)) != nil)
        // What the check stands for: the fresh answer of the split file lists one more wiring site.
        let sites = { (text: String) in
            WiringFixture.wiring(["App": text]).modules.first { $0.target == id("App") }?.wiringSites.map(\.what) ?? []
        }
        #expect(sites(split).count == sites(text).count + 1)
    }

    /// A builder named in the body of the member that wires a requirement provides it: that name, though the
    /// file already uses it elsewhere (so its lists of uses are as they were), makes the file's facts another's.
    @Test func aBuilderNamedInAWiringMembersBodyIsSeen() throws {
        let records =
            WiringFixture.records + """

                public struct HistoryBuilder: Builder {
                    public func build(with source: PaywallSource) -> Screen { Screen(title: source.origin) }
                }
                """
        // The member's body also uses a name nothing declares (`Locale`), which the comparison leaves out.
        let app = WiringFixture.app
            .replacingOccurrences(of: "import Paywall\n", with: "import Paywall\nlet history = HistoryBuilder\n")
            .replacingOccurrences(
                of: "        PaywallBuilder().scoped", with: "        _ = Locale.current\n        return PaywallBuilder().scoped")
        let named = app.replacingOccurrences(
            of: "        _ = Locale.current\n", with: "        _ = Locale.current\n        _ = HistoryBuilder\n")
        #expect(named != app)
        let roles = Self.roles
        let folders = Dictionary(uniqueKeysWithValues: Self.modules.map { (id($0), "/src/\($0)") })
        let before = WiringFixture.scanned(["Records": records, "App": app])
        let old = WiringAnalyzer(roles: roles).analyze(scanned: before, folders: folders, graph: WiringFixture.graph)
        let after = SourceScanner.scan(text: named, path: "/src/App/App.swift", readsWiring: true)
        let previous = try #require(before[id("App")]?.first)
        #expect(previous.wiring?.references.map(\.name) == after.wiring?.references.map(\.name))
        let seen = WiringAdditions.comparable(after, before: previous, in: Self.context(old, id("App")))
        #expect(seen.flatMap { WiringMemo.moves(from: $0.before, to: $0.after) } == nil)
        // What that stands for: the requirement is provided by one more builder.
        let fresh = WiringFixture.wiring(["Records": records, "App": named])
        #expect(fresh != WiringFixture.wiring(["Records": records, "App": app]))
    }

    /// The answer for `base` (the fixture with its overrides) read back after `module`'s file became `text`, as
    /// ``WiringMemo`` reads it back; nil when the additions are refused.
    private static func readBack(_ base: [String: String], _ module: String, _ text: String) throws -> WiringFacts? {
        let roles = Self.roles
        let folders = Dictionary(uniqueKeysWithValues: Self.modules.map { (id($0), "/src/\($0)") })
        let before = WiringFixture.scanned(base)
        let old = WiringAnalyzer(roles: roles).analyze(scanned: before, folders: folders, graph: WiringFixture.graph)
        let target = id(module)
        let previous = try #require(before[target]?.first)
        let file = SourceScanner.scan(text: text, path: "/src/\(module)/\(module).swift", readsWiring: true)
        guard
            let seen = WiringAdditions.comparable(file, before: previous, in: Self.context(old, target)),
            let map = WiringMemo.moves(from: seen.before, to: seen.after)
        else { return nil }
        var writer = ScanWriter()
        old.write(to: &writer)
        var reader = ScanReader(writer.bytes)
        reader.moved = { movedTarget, movedFile, position in
            movedTarget == target && movedFile == "\(module).swift" ? map[position] : position
        }
        return try? WiringFacts(reading: &reader)
    }

    /// A builder requirement whose argument no module declares (`Builder<Locale, Screen>`) is matched to builders
    /// by that argument once a module declares it: a type of that name added is seen, though nothing else names it.
    @Test func aTypeNamedLikeARequirementsArgumentIsSeen() throws {
        let base = [
            "Home": WiringFixture.home.replacingOccurrences(
                of: "    var messaging:",
                with:
                    "    associatedtype LocaleBuilderType: Builder<Locale, Screen>\n"
                    + "    var localeBuilder: LocaleBuilderType { get }\n    var messaging:"
            ),
            "Records": WiringFixture.records
                + "\npublic struct LocaleBuilder: Builder {\n"
                + "    public func build(with locale: Locale) -> Screen { Screen(title: \"\") }\n}\n",
        ]
        var added = base
        added["Messaging"] = WiringFixture.messaging + "\npublic struct Locale {}\n"
        #expect(WiringFixture.wiring(added) != WiringFixture.wiring(base))
        #expect(try Self.readBack(base, "Messaging", added["Messaging", default: ""]) == nil)
        // Another name is not seen: the answer read back.
        #expect(try Self.readBack(base, "Messaging", WiringFixture.messaging + "\npublic struct Region {}\n") != nil)
    }

    /// A member chain added whose root the file already names (its lists of names are as they were) may call a
    /// namespaced builder function: seen.
    @Test func aChainAddedFromANameTheFileUsesIsSeen() throws {
        let base = ["Paywall": WiringFixture.paywall + "\nlet namespace = Builders.Records.self\n"]
        let text = base["Paywall", default: ""] + "func history() -> Screen { Builders.Records.makeHistory(with: \"\") }\n"
        var added = base
        added["Paywall"] = text
        #expect(WiringFixture.lines(WiringFixture.wiring(added)).count == WiringFixture.lines(WiringFixture.wiring(base)).count + 1)
        #expect(try Self.readBack(base, "Paywall", text) == nil)
    }

    /// A type named like a builder with a `build` function is a builder, though nothing names it yet; a dependency
    /// protocol no module declares is owned once a type of its name is added, and the app's conformers to it become
    /// wiring sites. Both are seen.
    @Test func aBuilderByItsNameAndADependencyProtocolsNameAreSeen() throws {
        let builder =
            WiringFixture.paywall
            + "\npublic struct HistoryBuilder {\n    public func build(with source: PaywallSource) -> Screen { fatalError() }\n}\n"
        #expect(WiringFixture.wiring(["Paywall": builder]) != WiringFixture.wiring())
        #expect(try Self.readBack([:], "Paywall", builder) == nil)
        // So is a type that conforms to a builder protocol no module declares.
        let maker =
            WiringFixture.paywall
            + "\nstruct RecentMaker: Buildable {\n    func build(with source: PaywallSource) -> Screen { fatalError() }\n}\n"
        #expect(WiringFixture.wiring(["Paywall": maker]) != WiringFixture.wiring())
        #expect(try Self.readBack([:], "Paywall", maker) == nil)
        let base = [
            "Records": WiringFixture.records
                + "\npublic struct LocaleBuilder<Deps: LocaleDeps>: Builder {\n"
                + "    public func build(with deps: Deps) -> Screen { Screen(title: \"\") }\n}\n",
            "App": WiringFixture.app + "\nstruct LocaleDepsImpl: LocaleDeps {}\n",
        ]
        var added = base
        added["Messaging"] = WiringFixture.messaging + "\npublic struct LocaleDeps {}\n"
        #expect(WiringFixture.wiring(added) != WiringFixture.wiring(base))
        #expect(try Self.readBack(base, "Messaging", added["Messaging", default: ""]) == nil)
    }

    /// A builder made where the file already names it is another wiring site; a type generic over a builder
    /// states a requirement. Both are seen.
    @Test func aBuilderMadeAndARequirementStatedAreSeen() throws {
        let made = WiringFixture.app + "\nfunc again() { _ = PaywallBuilder() }\n"
        #expect(WiringFixture.wiring(["App": made]) != WiringFixture.wiring())
        #expect(try Self.readBack([:], "App", made) == nil)
        // In the app, which already names the three types (and declares nothing public).
        for holder in [
            "struct Holder<B: Builder<PaywallSource, Screen>> {}",
            "struct Holder {\n    let builder: any Builder<PaywallSource, Screen>\n}",
        ] {
            let text = WiringFixture.app + "\n" + holder + "\n"
            #expect(WiringFixture.wiring(["App": text]) != WiringFixture.wiring(), "\(holder)")
            #expect(try Self.readBack([:], "App", text) == nil, "\(holder)")
        }
    }

    /// A member added to, or changed in, a type of a feature that is no builder, holds none and is no container
    /// is not seen (the fresh answer is the same); the members of the app's conformers, of builders and of an
    /// interface module's containers are.
    @Test func membersAreSeenWhereAPhaseReadsThem() throws {
        let row = WiringFixture.records + "\nstruct HistoryRow {\n    let title: String\n}\n"
        let grown = row.replacingOccurrences(
            of: "    let title: String\n", with: "    let title: String\n    func label(_ count: Int) -> String { title }\n")
        #expect(WiringFixture.wiring(["Records": grown]) == WiringFixture.wiring(["Records": row]))
        #expect(try Self.readBack(["Records": row], "Records", grown) != nil)
        // The app's conformer gains the member that wires its requirement, the names it uses already used above.
        let make =
            "func make() -> some Builder<PaywallSource, Screen> {\n"
            + "    PaywallBuilder().scoped { source in PaywallDepsImpl(source: source) }\n}\n"
        let unwired = WiringFixture.app
            .replacingOccurrences(of: "struct HomeDepsImpl", with: make + "struct HomeDepsImpl")
            .replacingOccurrences(
                of:
                    "    var paywallBuilder: some Builder<PaywallSource, Screen> {\n"
                    + "        PaywallBuilder().scoped { source in PaywallDepsImpl(source: source) }\n    }\n",
                with: "")
        // Of a type named like no builder: what wires it is the member's name.
        let wired = unwired.replacingOccurrences(
            of: "    var messaging:", with: "    var paywallBuilder: PaywallFactory { make() }\n    var messaging:")
        #expect(unwired != WiringFixture.app && wired != unwired)
        #expect(WiringFixture.wiring(["App": wired]) != WiringFixture.wiring(["App": unwired]))
        #expect(try Self.readBack(["App": unwired], "App", wired) == nil)
        // A builder's `build` takes one more argument.
        let takes = WiringFixture.paywall.replacingOccurrences(
            of: "public func build(with deps: Deps) -> Screen", with: "public func build(with deps: Deps, animated: Bool) -> Screen")
        #expect(WiringFixture.wiring(["Paywall": takes]) != WiringFixture.wiring())
        #expect(try Self.readBack([:], "Paywall", takes) == nil)
        // An interface module's container gains a service that another module reaches through it.
        let container =
            WiringFixture.interfaces
            + "\npublic final class Dependencies {\n    public static let shared = Dependencies()\n"
            + "    public var other: MessagingBuilding? { nil }\n}\n"
        let records = WiringFixture.records + "\nfunc inbox() -> Screen { Dependencies.shared.messaging.makeInbox() }\n"
        let served = container.replacingOccurrences(
            of: "    public var other:", with: "    public var messaging: MessagingBuilding { fatalError() }\n    public var other:")
        #expect(
            WiringFixture.wiring(["Interfaces": served, "Records": records])
                != WiringFixture.wiring(["Interfaces": container, "Records": records]))
        #expect(try Self.readBack(["Interfaces": container, "Records": records], "Interfaces", served) == nil)
    }

    /// A builder's nested `Deps` is read for the types its stored properties hold, which a requirement's argument
    /// is matched by: a property added to it is seen, though the file already names its type.
    @Test func aPropertyAddedToABuildersDepsIsSeen() throws {
        let builder =
            WiringFixture.records + "\nlet region: Region? = nil\npublic struct LocaleBuilder: Builder {\n"
            + "    public struct Deps {\n        let locale: String\n    }\n"
            + "    public func build(with deps: Deps) -> Screen { fatalError() }\n}\n"
        let base = [
            "Interfaces": WiringFixture.interfaces + "\npublic struct Region {}\n",
            "Home": WiringFixture.home.replacingOccurrences(
                of: "    var messaging:",
                with: "    associatedtype RegionBuilderType: Builder<Region, Screen>\n    var regionBuilder: RegionBuilderType { get }\n"
                    + "    var messaging:"),
            "Records": builder,
        ]
        let grown = builder.replacingOccurrences(
            of: "        let locale: String\n", with: "        let locale: String\n        let region: Region\n")
        var edited = base
        edited["Records"] = grown
        #expect(WiringFixture.wiring(edited) != WiringFixture.wiring(base))
        #expect(try Self.readBack(base, "Records", grown) == nil)
    }

    /// A type another module declares, used for the first time in a file, is not seen when it is none of the names
    /// a use is matched by (a service, a container, a screen module, a provider, a builder, a requirement's type):
    /// the answer is read back, and it is the fresh one.
    @Test func aPlainTypeOfAnotherModuleNewlyUsedIsNotSeen() throws {
        let base = ["Paywall": WiringFixture.paywall + "\npublic struct PaywallTheme {\n    public init() {}\n}\n"]
        let text = WiringFixture.records + "\nfunc theme() -> PaywallTheme { PaywallTheme() }\n"
        var used = base
        used["Records"] = text
        let read = try #require(try Self.readBack(base, "Records", text))
        let roles = Self.roles
        let folders = Dictionary(uniqueKeysWithValues: Self.modules.map { (id($0), "/src/\($0)") })
        let fresh = WiringAnalyzer(roles: roles).analyze(scanned: WiringFixture.scanned(used), folders: folders, graph: WiringFixture.graph)
        var readBytes = ScanWriter()
        read.write(to: &readBytes)
        var freshBytes = ScanWriter()
        fresh.write(to: &freshBytes)
        #expect(readBytes.bytes == freshBytes.bytes)
    }

    /// Each kind of name a use is matched by, used anew in a file, is seen: a builder no protocol names made by
    /// the app, a builder namespace's function called, a provider the app hands over, a type stating a requirement
    /// that the app makes.
    @Test func usesOfEachKindOfMatchedNameAreSeen() throws {
        let historyBuilder =
            "\npublic struct HistoryBuilder {\n    public func build(with source: PaywallSource) -> Screen { fatalError() }\n}\n"
        let holder = "\npublic struct Holder<B: Builder<PaywallSource, Screen>> {\n    public init(b: B) {}\n}\n"
        let unreferenced = WiringFixture.app.replacingOccurrences(of: "{ Inbox() }", with: "{ fatalError() }")
        let cases: [(base: [String: String], module: String, text: String)] = [
            (["Records": WiringFixture.records + historyBuilder], "App", WiringFixture.app + "\nfunc again() { _ = HistoryBuilder() }\n"),
            (
                ["Interfaces": WiringFixture.interfaces.replacingOccurrences(of: "public enum Builders {}\n", with: "")], "Paywall",
                WiringFixture.paywall + "\nfunc history() -> Screen { Builders.Records.makeHistory(with: \"\") }\n"
            ),
            (["App": unreferenced], "App", WiringFixture.app),
            (["Home": WiringFixture.home + holder], "App", WiringFixture.app + "\nfunc hold() { _ = Holder(b: make()) }\n"),
        ]
        for (base, module, text) in cases {
            var edited = base
            edited[module] = text
            #expect(WiringFixture.wiring(edited) != WiringFixture.wiring(base), "\(text)")
            #expect(try Self.readBack(base, module, text) == nil, "\(text)")
        }
    }
}
