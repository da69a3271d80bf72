import Foundation
import ModGraphCore
import ModGraphSystem
import ModGraphTestSupport
import Testing
@testable import ModGraphSources

/// The files the wiring analysis can leave out (issue #48): an edit the wiring sees analyses the files that
/// may matter and those changed, and the answer is the one every file gives.
@Suite("wiring relevance")
struct WiringRelevanceTests {
    static let modules = ["App", "Home", "Interfaces", "Messaging", "Paywall", "Records"]
    static let texts = [
        "Interfaces": WiringFixture.interfaces, "Paywall": WiringFixture.paywall, "Home": WiringFixture.home,
        "Messaging": WiringFixture.messaging, "Records": WiringFixture.records, "App": WiringFixture.app,
    ]
    static var roles: WiringRoles { WiringRoles.inferred(from: WiringFixture.graph, interfaces: [id("Interfaces")]) }

    /// An app's file: its module, its name within the module's folder, and its text.
    private struct File {
        let module: String
        let name: String
        var text: String { didSet { scanned = Self.scan(text, module, name) } }
        private(set) var scanned: ScannedFile

        init(module: String, name: String, text: String) {
            self.module = module
            self.name = name
            self.text = text
            scanned = Self.scan(text, module, name)
        }

        var target: TargetID { id(module) }
        var place: WiringMemo.Place { WiringMemo.Place(target: target, file: name) }

        private static func scan(_ text: String, _ module: String, _ name: String) -> ScannedFile {
            SourceScanner.scan(text: text, path: "/src/\(module)/\(name)", readsWiring: true)
        }
    }

    /// The fixture's files, then `extra` more, in the order of their modules.
    private static func app(_ extra: [File]) -> [File] {
        modules.flatMap { module in
            [File(module: module, name: "\(module).swift", text: texts[module] ?? "")] + extra.filter { $0.module == module }
        }
    }

    /// The analysis of `files`, a module's files in the order given.
    private static func analyze(_ files: [File]) -> WiringFacts {
        var scanned: [TargetID: [ScannedFile]] = [:]
        for file in files { scanned[file.target, default: []].append(file.scanned) }
        let folders = Dictionary(uniqueKeysWithValues: modules.map { (id($0), "/src/\($0)") })
        return WiringAnalyzer(roles: roles).analyze(scanned: scanned, folders: folders, graph: WiringFixture.graph)
    }

    /// Each file's place, with a key of its own: its text's.
    private static func place(_ file: File) -> String {
        WiringRelevance.place(file.place, key: SHA256.hex(Array(file.text.utf8)))
    }

    /// `facts`' every part the checks judge, and its names, in one comparable text: the bytes kept (in which
    /// every list is in order), then each part alone, to say which differs.
    private static func described(_ facts: WiringFacts) -> [String] {
        var writer = ScanWriter()
        facts.write(to: &writer)
        return [
            "\(SHA256.hex(writer.bytes))", "\(facts.wiring)",
            "\(facts.needs.map { "\($0.label) \($0.needer) \($0.site) \($0.providers) \($0.wired)" })",
            "\(facts.extensions.map { "\($0.type) \($0.site)" })", "\(facts.names.sorted())", "\(facts.useNames.sorted())",
        ]
    }

    /// Whether `files`, left out, are inert beside `facts`, the analysis of the files `read`.
    private static func areInert(
        _ files: Dictionary<String, WiringRelevance.Inert>.Values, beside facts: WiringFacts, of read: [File]
    ) -> Bool {
        var judge = WiringRelevance.Judge(
            facts: facts, lookedUp: WiringRelevance.lookedUp(facts, declaredIn: read.map(\.scanned.wiring)), roles: roles)
        return files.allSatisfy { judge.isInert($0) }
    }

    /// Expects `facts` to be `expected`, naming the parts that differ.
    private static func expectSame(_ facts: WiringFacts, _ expected: WiringFacts, _ comment: String) {
        let (got, wanted) = (described(facts), described(expected))
        let parts = ["bytes", "wiring", "needs", "extensions", "names", "use names"]
        for index in got.indices where got[index] != wanted[index] {
            Issue.record("\(comment): \(parts[index]) differ:\n\(got[index])\n\(wanted[index])")
        }
    }

    /// The answer of `files` analysed without those `inert` holds (by place), made whole again.
    private static func analyzed(_ files: [File], without inert: [String: WiringRelevance.Inert]) -> WiringFacts {
        let facts = analyze(files.filter { inert[place($0)] == nil })
        return WiringRelevance.whole(
            facts,
            files: files.map { file in (file.place, inert[place(file)].map { .inert($0) } ?? .read(file.scanned.wiring)) })
    }

    /// The property: an app of the fixture and random files, judged after its analysis; the files found inert
    /// left out, the answer made whole is the full answer, byte for byte, names included. Then one file replaced
    /// at random: wherever the files still left out are inert beside the analysis of the others, the answer made
    /// whole is the full answer of the edited app.
    @Test func leavingTheInertFilesOutGivesTheFullAnswer() throws {
        var generator = SplitMix64(seed: 49)
        var inertFiles = 0
        var relevantFiles = 0
        var kept = 0
        var refused = 0
        var weighedAgain = 0
        for round in 0..<150 {
            var extra: [File] = []
            for index in 0..<Int.random(in: 2...8, using: &generator) {
                let module = Self.modules.randomElement(using: &generator) ?? "Home"
                extra.append(File(module: module, name: "Extra\(index).swift", text: Self.randomFile(using: &generator)))
            }
            let files = Self.app(extra)
            let full = Self.analyze(files)
            let judged = files.map { file in
                WiringRelevance.Analysed(
                    place: file.place, key: SHA256.hex(Array(file.text.utf8)), scanned: file.scanned)
            }
            let inert = WiringRelevance.inertFiles(judged, facts: full, roles: Self.roles)
            inertFiles += inert.count
            relevantFiles += files.count - inert.count
            // The files left out are weighed beside the analysis of the others, as a later run does; where they are
            // all inert there (nearly always), the answer made whole is the full one.
            let partial = Self.analyze(files.filter { inert[Self.place($0)] == nil })
            if Self.areInert(inert.values, beside: partial, of: files.filter { inert[Self.place($0)] == nil }) {
                Self.expectSame(Self.analyzed(files, without: inert), full, "round \(round)")
            } else {
                weighedAgain += 1
            }
            // One file replaced: analysed, with every file not left out.
            var edited = files
            let changed = Int.random(in: 0..<edited.count, using: &generator)
            edited[changed].text = Self.randomFile(using: &generator)
            var left = inert
            left[Self.place(files[changed])] = nil
            let read = edited.filter { left[Self.place($0)] == nil }
            guard Self.areInert(left.values, beside: Self.analyze(read), of: read) else {
                refused += 1
                continue
            }
            kept += 1
            Self.expectSame(Self.analyzed(edited, without: left), Self.analyze(edited), "round \(round), edited")
        }
        // Files of both kinds, and edits of both outcomes, often enough for the property to say something.
        #expect(
            inertFiles >= 150 && relevantFiles >= 900 && kept >= 100 && refused >= 2 && weighedAgain <= 10,
            "inert \(inertFiles), not \(relevantFiles); not inert beside the others \(weighedAgain); edits kept \(kept), refused \(refused)"
        )
    }

    /// Files a phase reads, whatever names the analysis matches by, are never left out, though their names alone
    /// would not say so: a builder of a builder protocol the graph does not declare and a screen module, each
    /// declared by two modules (an ambiguous name matches nothing, but both are in the inventory); an app's file
    /// that hands a provider over (the item's wired place); a protocol another file's type or extension conforms
    /// to; a builder requirement's argument, which finds the builders that take it. Each, the first file above, would
    /// change the answer if left out.
    @Test func whatAPhaseReadsIsNeverLeftOut() throws {
        let builder = "struct Make: Buildable {\n    func build(with row: Int) -> Int { row }\n}"
        for extra in [
            [("Home", builder), ("Records", builder)],
            [("Home", "enum RowModule: ScreenModule {}"), ("Records", "enum RowModule: ScreenModule {}")],
            [("Paywall", "struct Shop: PurchasesService {\n    func buy(_ id: String) {}\n}"), ("App", "func wire() -> Shop { Shop() }")],
            [("Home", "protocol Local {}"), ("Records", "struct Row: Local {}")],
            [("Home", "protocol Local {}"), ("Records", "struct Row {}\nextension Row: Local {}")],
            [
                ("Records", "struct RowInput {}"),
                ("Home", "protocol RowDeps {\n    associatedtype B: Builder<RowInput, Screen>\n    var row: B { get }\n}"),
                ("Paywall", "struct RowsBuilder: Builder {\n    func build(with input: RowInput) -> Screen { Screen(title: \"\") }\n}"),
            ],
        ] {
            let files = Self.app(extra.map { File(module: $0.0, name: "Extra.swift", text: $0.1) })
            let full = Self.analyze(files)
            let judged = files.map { file in
                WiringRelevance.Analysed(
                    place: file.place, key: SHA256.hex(Array(file.text.utf8)), scanned: file.scanned)
            }
            let inert = WiringRelevance.inertFiles(judged, facts: full, roles: Self.roles)
            #expect(inert.isEmpty, "\(extra)")
            // What leaving the first out would change.
            let without = Self.analyze(files.filter { $0.name != "Extra.swift" || $0.module != extra[0].0 })
            #expect(Self.described(without) != Self.described(full), "\(extra)")
        }
    }

    /// Declarations no phase reads but for their names (views, models, helpers) ...
    static let plain = [
        "struct Row# {\n    let title: String\n}", "final class RowModel# {\n    var rows: [Row#] = []\n    func load() { rows = [] }\n}",
        "enum Mode# { case a, b }", "extension Row# {\n    var upper: String { title.uppercased() }\n}",
        "struct Formatted#: Hashable {\n    let since: Date\n}", "actor Store# {\n    var count = 0\n}", "func helper#() -> Int { 1 }",
        "struct Outer# {\n    struct Inner {}\n}", "struct Unknowing# { let value = Unknown.make() }", "struct Row#b: Row# {}",
        "extension Mode# {\n    static func all() -> [Mode#] { [.a, .b] }\n}", "struct Row#c: Local {}",
        "extension Row#: Equatable {}", "extension Mode#: Local {}",
    ]
    /// ... and those a phase reads, or whose names the analysis matches by.
    static let matter = [
        "struct Screenish {\n    let inner: Screen\n}", "struct Inbox {}", "public struct PaywallBuilder {}",
        "struct Shop: PurchasesService {\n    func buy(_ id: String) {}\n}", "extension Inbox: MessagingBuilding {}",
        "func login() { _ = LoginScreenModule.self }", "func history() -> Screen { Builders.Records.makeHistory(with: \"x\") }",
        "let service: (any PurchasesService)? = nil", "func s() { PaywallBuilder().scoped { _ in Deps() } }", "protocol Local {}",
        "final class HomeStore: LassoStore<LoginScreenModule> {}",
        "struct RowBuilder {\n    func build(with row: Row) -> Screen { Screen(title: row.title) }\n}",
        "extension Builders {\n    enum More {}\n}",
        "struct HomeDeps2: HomeDeps {}", "struct PaywallSource {}", "extension Row: Equatable {}", "struct Mode {}",
        "struct Make#: Buildable {\n    func build(with row: Int) -> Screen { Screen(title: \"\") }\n}", "enum Row#Module: ScreenModule {}",
        "func wire() -> Shop { Shop() }", "extension Row#: Buildable {}", "extension Mode#: ScreenModule {}",
    ]

    /// Worked by hand: each file's index sorted by module, then by index, where a module's files come one after another,
    /// and a module may come twice.
    @Test func filesInTheOrderOfTheirModules() {
        let (a, b, c) = (id("A"), id("B"), id("C"))
        #expect(WiringRelevance.byModule([b, b, a, a, b, c]) == [2, 3, 0, 1, 4, 5])
        #expect(WiringRelevance.byModule([c, a, b, a]) == [1, 3, 2, 0])
        #expect(WiringRelevance.byModule([a]) == [0])
        #expect(WiringRelevance.byModule([]) == [])
    }

    /// A file's place is the SHA-256 of its module (package and name, the name by its index when it is the package's),
    /// its path and its key, written by hand here; a placer gives each file's, the module written once for a run of its
    /// files, through modules that change and come back.
    @Test func aPlaceIsTheModulePathAndKeyHashed() {
        func varint(_ value: Int) -> [UInt8] { [UInt8(value << 1)] }  // Values under 64, zigzag-encoded.
        func raw(_ text: String) -> [UInt8] { varint(text.utf8.count) + Array(text.utf8) }
        func expected(_ place: WiringMemo.Place, _ key: String) -> String {
            let target = place.target
            let name = target.name == target.package.rawValue ? varint(1) : varint(0) + raw(target.name)
            let bytes = varint(0) + raw(target.package.rawValue) + name + raw(place.file) + raw(key)
            return String(SHA256.hex(bytes).prefix(32))
        }
        let places = [
            (id("A"), "a.swift", "k1"), (id("A"), "b/c.swift", "k2"), (id("B", "pkg"), "a.swift", "k1"), (id("app"), "x.swift", "k"),
            (id("A"), "a.swift", "k1"), (id("A", "other"), "a.swift", "k1"),
        ].map { (WiringMemo.Place(target: $0.0, file: $0.1), $0.2) }
        var placer = WiringRelevance.Placer()
        let placed = places.map { placer.place($0.0, key: $0.1) }
        #expect(placed == places.map { expected($0.0, $0.1) })
        #expect(places.map { WiringRelevance.place($0.0, key: $0.1) } == placed)
        #expect(Set(placed).count == 5)
    }

    /// A partition is written again when an analysis leaves out a file it holds otherwise, or when more than a quarter
    /// of its entries, and more than 64, are no longer left out, or more than as many left out are not in it; not for a
    /// few fewer or a few more (the file edited, inert at its new place).
    @Test func aPartitionIsWrittenAgainOnlyWhenOutgrown() {
        let entries = Dictionary(uniqueKeysWithValues: (0..<400).map { ("place\($0)", WiringRelevance.Inert(declared: ["Row\($0)"])) })
        let partition = WiringRelevance.Partition(inert: entries)
        #expect(!partition.isOutgrown(by: entries))
        #expect(!partition.isOutgrown(by: entries.filter { $0.key != "place7" }))
        #expect(!partition.isOutgrown(by: entries.filter { Int($0.key.dropFirst(5)) ?? 0 >= 100 }))
        #expect(partition.isOutgrown(by: entries.filter { Int($0.key.dropFirst(5)) ?? 0 >= 101 }))
        #expect(!partition.isOutgrown(by: entries.merging(["new": .init(declared: ["New"])]) { old, _ in old }))
        let added = Dictionary(uniqueKeysWithValues: (0..<101).map { ("new\($0)", WiringRelevance.Inert(declared: ["New\($0)"])) })
        #expect(!partition.isOutgrown(by: entries.merging(added.filter { $0.key != "new0" }) { old, _ in old }))
        #expect(partition.isOutgrown(by: entries.merging(added) { old, _ in old }))
        // A few more, a few fewer: the entries no longer left out are counted apart from those new to it.
        let replaced = entries.filter { Int($0.key.dropFirst(5)) ?? 0 >= 100 }.merging(added.filter { $0.key != "new0" }) { old, _ in old }
        #expect(!partition.isOutgrown(by: replaced))
        #expect(partition.isOutgrown(by: replaced.filter { $0.key != "place100" }))
        #expect(partition.isOutgrown(by: entries.merging(["place3": .init(declared: ["Other"])]) { _, new in new }))
        let small = WiringRelevance.Partition(inert: entries.filter { Int($0.key.dropFirst(5)) ?? 0 < 100 })
        #expect(!small.isOutgrown(by: small.inert.filter { Int($0.key.dropFirst(5)) ?? 0 >= 64 }))
        #expect(small.isOutgrown(by: small.inert.filter { Int($0.key.dropFirst(5)) ?? 0 >= 65 }))
    }

    /// A file of one to three random declarations and uses, mostly plain ones, of names the fixture declares and new ones.
    static func randomFile(using generator: inout SplitMix64) -> String {
        // Plain names numbered per file, from a few numbers: most a file's own, some another's too.
        let number = String(Int.random(in: 0..<8, using: &generator))
        return (0..<Int.random(in: 1...3, using: &generator)).map { _ in
            (Int.random(in: 0..<4, using: &generator) == 0 ? matter : plain).randomElement(using: &generator) ?? ""
        }.joined(separator: "\n").replacingOccurrences(of: "#", with: number)
    }
}

/// The files left out through the scan cache, as `check` reads the wiring.
@Suite("wiring relevance, kept")
struct WiringRelevanceMemoTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-relevance-\(UUID().uuidString)").path
    /// A feature's views and models: plain types, named by their module, that no phase reads.
    private static let plain = [
        "Home": "struct HomeRow {\n    let title: String\n}\nextension HomeRow {\n    var upper: String { title.uppercased() }\n}\n",
        "Messaging": "final class MessagingModel {\n    var rows: [String] = []\n    func make() { _ = RowsBuilder() }\n}\n",
        "Paywall": "enum PaywallMode { case a, b }\nfunc paywallHelper() -> Int { 1 }\n",
        "Records": "struct RecordsCell: Hashable {\n    let since: Int\n}\n",
    ]

    /// The fixture's modules, a folder each with the fixture's file and, in a feature, a plain one.
    private func write(_ overrides: [String: String] = [:]) throws -> [TargetSources] {
        let texts = [
            "Interfaces": WiringFixture.interfaces, "Paywall": WiringFixture.paywall, "Home": WiringFixture.home,
            "Messaging": WiringFixture.messaging, "Records": WiringFixture.records, "App": WiringFixture.app,
            "HomeTests": WiringFixture.homeTests,
        ].merging(overrides) { _, new in new }
        return try texts.keys.sorted().map { name in
            let directory = folder + "/" + name
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var files = [(directory + "/" + name + ".swift", texts[name] ?? "")]
            if let plain = overrides[name + "Plain"] ?? Self.plain[name] { files.append((directory + "/Plain.swift", plain)) }
            for (file, text) in files where (try? String(contentsOfFile: file, encoding: .utf8)) != text {
                try text.write(toFile: file, atomically: false, encoding: .utf8)
            }
            return TargetSources(target: id(name), folder: directory, files: files.map(\.0))
        }
    }

    private static func roles(_ interfaces: Set<TargetID> = [id("Interfaces")]) -> WiringRoles {
        WiringRoles.inferred(from: WiringFixture.graph, interfaces: interfaces)
    }

    /// A run that starts well after the files were written, so that their stamps are settled.
    private func cache(_ shelves: [ScanCache.Shelf: Data] = [:]) -> ScanCache {
        ScanCache(started: FileStamp.now + 3 * FileStamp.coarsestTick, encoded: shelves)
    }

    private func read(_ targets: [TargetSources], _ cache: ScanCache?, roles: WiringRoles = roles()) throws -> Wiring {
        try WiringReader.read(WiringFixture.graph, targets: targets, roles: roles, cache: cache).wiring
    }

    /// A conformance added to a feature (Records now provides MessagingBuilding): analysed again without the four
    /// plain files, which are not read, and the answer is the cold one; the next run reads it back.
    @Test func anEditTheWiringSeesLeavesThePlainFilesOut() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = cache()
        let answer = try read(try write(), first)
        let changed = try write(["Records": WiringFixture.records + "\npublic struct RecordsInbox: MessagingBuilding {}\n"])
        let second = cache(first.encoded())
        let warm = try read(changed, second)
        #expect(warm == (try read(changed, nil)))
        #expect(warm != answer)
        // The changed file's previous scan (to weigh a move) and the five other fixture files' scans: no plain file's.
        #expect(second.hits == 6 && second.misses == 1, "hits \(second.hits), misses \(second.misses)")
        // The same files are left out: the partition is not written again, nor the shelf of every file's scan (the
        // changed file's is kept among the recent ones).
        #expect(second.encoded()[.partitions] == nil && second.encoded()[.whole] == nil && second.encoded()[.recent] != nil)
        let third = cache(first.encoded().merging(second.encoded()) { _, new in new })
        #expect(try read(changed, third) == warm)
        #expect(third.hits == 0 && third.misses == 0)
    }

    /// A plain file that an edit makes matter is not left out, and every file is read again: Records declares
    /// `MessagingModel` as a protocol (Messaging's class then makes its name two modules'), or a builder whose
    /// construction Messaging's plain file writes (`RowsBuilder()`: Messaging then wires Records' builder itself).
    /// A plain type of the same name as another's (`HomeRow`: nothing looks it up) and a use of a plain type
    /// (`RecordsCell`) leave the files out. The answer is the cold one each time.
    @Test func aPlainFileTheEditMakesMatterIsReadAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = cache()
        _ = try read(try write(), first)
        let builder =
            "public struct RowsBuilder {\n    public init() {}\n    public func build(with source: PaywallSource) -> Screen { Screen(title: \"\") }\n}"
        for (addition, hits) in [
            // Every file read again: those the cold run sketched (Home's, Paywall's and Records' plain files; not
            // Messaging's, which names a builder) are sketched again, not read from the shelf, which holds no scan of theirs.
            ("public struct HomeRow {}", 6), ("public protocol MessagingModel {}", 7), (builder, 7),
            ("func s() { _ = RecordsCell.self }", 6),
        ] {
            let changed = try write(["Records": WiringFixture.records + "\n" + addition + "\nstruct RecordsInbox: MessagingBuilding {}\n"])
            let run = cache(first.encoded())
            let cold = try read(changed, nil)
            #expect(try read(changed, run) == cold, "\(addition)")
            #expect(run.hits == hits, "\(addition): hits \(run.hits)")
            if addition == builder {
                let sites = cold.modules.first { $0.target == id("Messaging") }?.wiringSites.map(\.what)
                #expect(sites == ["RowsBuilder()"])
            }
        }
    }

    /// A plain file made to matter (Records' plain type now provides MessagingBuilding) leaves the partition as it was:
    /// its entry, under the key of its earlier bytes, is only unused. When those bytes come back beside an edit the wiring
    /// sees, the entry leaves the file out again, and each answer is the cold one.
    @Test func aFileThatComesToMatterLeavesItsEntryForWhenItsBytesComeBack() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = cache()
        _ = try read(try write(), first)
        let conforming = try write(["RecordsPlain": (Self.plain["Records"] ?? "") + "extension RecordsCell: MessagingBuilding {}\n"])
        let second = cache(first.encoded())
        #expect(try read(conforming, second) == (try read(conforming, nil)))
        #expect(second.encoded()[.partitions] == nil)
        let back = try write(["Records": WiringFixture.records + "\npublic struct RecordsInbox: MessagingBuilding {}\n"])
        let third = cache(first.encoded().merging(second.encoded()) { _, new in new })
        #expect(try read(back, third) == (try read(back, nil)))
        // Records' plain file is left out by its entry: every file left out is one the partition holds, which is not
        // written again (read again and judged inert, it would be a new entry).
        #expect(third.encoded()[.partitions] == nil)
    }

    /// `check` and `graph --wiring` may read the files under other roles one after the other: the files left out
    /// under each are kept apart, and a planted or damaged partition is no partition.
    @Test func partitionsAreKeptByRolesAndADamagedOneIsNone() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = cache()
        _ = try read(try write(), first)
        let other = cache(first.encoded())
        _ = try read(try write(), other, roles: Self.roles([]))
        let both = first.encoded().merging(other.encoded()) { _, new in new }
        let changed = try write(["Records": WiringFixture.records + "\npublic struct RecordsInbox: MessagingBuilding {}\n"])
        let run = cache(both)
        #expect(try read(changed, run) == (try read(changed, nil)))
        #expect(run.hits == 6, "hits \(run.hits)")
        #expect(both[.partition0] != nil && both[.partition1] != nil)
        let damages = [Data("modgraph-answers\n".utf8), Data("modgraph-answer-2\n".utf8), Data(), Data(repeating: 0xff, count: 64)]
        for (shelf, damaged) in [ScanCache.Shelf.partitions, .partition0].flatMap({ shelf in damages.map { (shelf, $0) } })
            + [(.partition0, both[.partition1] ?? Data())]
        {
            let planted = cache(both.merging([shelf: damaged]) { _, new in new })
            #expect(try read(changed, planted) == (try read(changed, nil)))
            // Every file read again, the sketched ones sketched again.
            #expect(planted.hits == 7, "hits \(planted.hits)")
        }
    }
}
