import Foundation
import ModGraphCore
import ModGraphSystem
import Testing
@testable import ModGraphSources

/// The scan cache (issue #48): a warm run parses only the files whose text changed, and answers
/// exactly what a cold run does.
@Suite("scan cache")
struct ScanCacheTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-scans-\(UUID().uuidString)").path

    private func write(_ files: [String: String]) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return files.keys.sorted().map { folder + "/" + $0 }
    }

    private func scan(_ paths: [String], _ cache: ScanCache?, wiring: Bool = false) throws -> [ScannedFile] {
        try SourceScanner.scan(requests: paths.map { SourceScanner.Request(path: $0, readsWiring: wiring) }, cache: cache)
    }

    @Test func aWarmRunParsesOnlyWhatChangedAndAnswersTheSame() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try write([
            "A.swift": "import Kit\n#if canImport(UIKit)\nimport UIKit\n#endif\nstruct A {}\n",
            "B.swift": "@testable import App\nimport struct Core.Money\n",
            "C.swift": "import Foundation\nlet a = 1\n",
        ])
        let cold = try scan(paths, nil)
        let first = ScanCache()
        #expect(try scan(paths, first) == cold)
        #expect(first.hits == 0 && first.misses == 3)
        // The next run reads what the first kept: nothing is parsed again, and the answers are the same.
        let learnt = first.encoded()
        #expect(learnt.keys.sorted { $0.rawValue < $1.rawValue } == [.imports])
        let second = ScanCache(encoded: learnt)
        #expect(try scan(paths, second) == cold)
        #expect(second.hits == 3 && second.misses == 0)
        // Nothing new learnt: nothing to write.
        #expect(second.encoded().isEmpty)
        // One file changed (its imports): only it is parsed, and its new imports are seen.
        _ = try write(["B.swift": "import Other\n"])
        let third = ScanCache(encoded: learnt)
        let warm = try scan(paths, third)
        #expect(third.hits == 2 && third.misses == 1)
        #expect(warm == (try scan(paths, nil)))
        #expect(warm[1].imports.map(\.module) == ["Other"])
        // A change below the imports of a file scanned for its imports only does not parse it again.
        _ = try write(["C.swift": "import Foundation\nlet a = 2\n"])
        let fourth = ScanCache(encoded: third.encoded())
        let again = try scan(paths, fourth)
        #expect(fourth.hits == 3 && fourth.misses == 0)
        #expect(again == (try scan(paths, nil)))
        // Whether only trivia follows the imports decides `declaresNothing`: part of the key.
        _ = try write(["C.swift": "import Foundation\n"])
        let fifth = ScanCache(encoded: fourth.encoded().isEmpty ? third.encoded() : fourth.encoded())
        #expect(try scan(paths, fifth) == (try scan(paths, nil)))
        #expect(fifth.misses == 1)
        // What was asked is part of the key: the wiring inventory is not answered by an import-only scan.
        let wiring = ScanCache(encoded: fifth.encoded())
        #expect(try scan(paths, wiring, wiring: true) == (try scan(paths, nil, wiring: true)))
        #expect(wiring.hits == 0)
        // Whole-file scans are kept on a shelf of their own, which an import-only run never reads.
        let shelves = wiring.encoded()
        #expect(shelves.keys.sorted { $0.rawValue < $1.rawValue } == [.whole])
        let asked = Locked<[ScanCache.Shelf]>([])
        let importsOnly = ScanCache { shelf in
            asked.withLock { $0.append(shelf) }
            return shelf == .whole ? shelves[.whole] : fifth.encoded()[.imports]
        }
        // The stamps are asked on the first file; files written this instant have none to give or keep.
        _ = try scan(paths, importsOnly)
        #expect(asked.withLock { $0 } == [.stamps, .imports])
        _ = try scan(paths, importsOnly, wiring: true)
        #expect(asked.withLock { $0 } == [.stamps, .imports, .whole])
        #expect(importsOnly.hits == 6 && importsOnly.misses == 0)
    }

    @Test func aCacheFromAnotherScannerOrDamagedIsNotRead() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try write(["A.swift": "import Kit\n"])
        let cache = ScanCache()
        _ = try scan(paths, cache)
        let body = [UInt8](try #require(cache.encoded()[.imports]))
        #expect(ScanCache(encoded: [.imports: Data(body)]).encoded().isEmpty)
        // The version follows the magic: an older scanner's cache, a cut one, another format.
        let magic = ScanCache.magic.count
        let older = Array(body[..<magic]) + [0] + Array(body[(magic + 1)...])
        let bodies = [older, Array(body.dropLast()), body + [0], Array("not a cache".utf8), []]
        for encoded in bodies {
            let other = ScanCache(encoded: [.imports: Data(encoded)])
            _ = try scan(paths, other)
            #expect(other.hits == 0)
        }
    }

    /// Every kind of value the scanner finds, written and read back the same: an interface
    /// module's file and a vertical's, scanned for everything, with conditions nested.
    @Test func whatTheScannerFindsReadsBackTheSame() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try write([
            "Deps.swift": """
            @_exported import Kit
            #if os(iOS) && !(DEBUG || canImport(UIKit, _version: 2))
            @testable import struct Core.Money
            #elseif FLAG
            public import func Tools.run
            #endif
            public protocol HomeDeps {
                associatedtype PaywallBuilderType: Builder<PaywallSource, Screen>
                var paywallBuilder: PaywallBuilderType { get }
                func history(at index: Int, label: String) -> Screen
            }
            public struct HomeBuilder<Deps: HomeDeps>: Builder where Deps.PaywallBuilderType: Sendable {
                public init() {}
                public func build(with deps: Deps) -> Screen { Screen(title: "é — \u{1F600}", rows: [deps.x]) }
            }
            enum Route: CaseIterable { case home, paywall }
            extension Builders { static func makeHome(with s: String) -> Screen { Screen() } }
            let scoped = PaywallBuilder<PaywallDepsImpl>().scoped { source in PaywallDepsImpl(source: source) }
            var counter = 0
            func helper() {}
            """
        ])
        let request = SourceScanner.Request(path: paths[0], auditInterface: true, readsWiring: true)
        let cache = ScanCache()
        let scanned = try SourceScanner.scan(requests: [request], cache: cache)
        let wiring = try #require(scanned[0].wiring)
        #expect(!wiring.declarations.isEmpty && !wiring.constructions.isEmpty && !(scanned[0].interface?.items.isEmpty ?? true))
        #expect(scanned[0].imports.contains { $0.condition != nil })
        let read = ScanCache(encoded: cache.encoded())
        #expect(try SourceScanner.scan(requests: [request], cache: read) == scanned)
        #expect(read.hits == 1)
    }

    /// A planted or damaged entry is a miss, never a crash or a long read: every cut of a real
    /// entry, a fixed number of bytes changed in it, and conditions nested past the bound.
    @Test func aDamagedEntryIsAMissNotACrash() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try write(["A.swift": "#if A && (B || !C)\nimport Kit\n#endif\nstruct S: P { var x: Int; func f(a b: T) {} }\n"])
        let cache = ScanCache()
        let cold = try SourceScanner.scan(requests: [SourceScanner.Request(path: paths[0], readsWiring: true)], cache: cache)
        let body = [UInt8](try #require(cache.encoded()[.whole]))
        var generator = SplitMix(seed: 48)
        var damaged: [[UInt8]] = (ScanCache.magic.count..<body.count).map { Array(body[..<$0]) }
        for _ in 0..<200 {
            var copy = body
            copy[Int(generator.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: generator.next())
            damaged.append(copy)
        }
        for bytes in damaged {
            let other = ScanCache(encoded: [.whole: Data(bytes)])
            let scanned = try SourceScanner.scan(requests: [SourceScanner.Request(path: paths[0], readsWiring: true)], cache: other)
            // A change the format cannot tell (a line number) may read as another entry; a file path never comes from it.
            #expect(scanned[0].path == paths[0])
            if other.hits == 0 { #expect(scanned == cold) }
        }
        // A condition nested 300 deep: written, refused on reading.
        var condition = BuildCondition.check(name: "A", argument: nil)
        for _ in 0..<300 { condition = .not(condition) }
        var writer = ScanWriter()
        ScannedFile(path: "", imports: [ImportStatement(module: "Kit", condition: condition, line: 1, column: 1)]).write(to: &writer)
        var reader = ScanReader(writer.bytes)
        #expect(throws: ScanCodecError.self) { try ScannedFile(reading: &reader) }
    }

    /// Strings read back as written, whatever their characters; bytes that are not UTF-8 refuse the entry
    /// (each is the length and the bytes ``ScanWriter/raw(_:)`` writes, with a string before and after).
    @Test func stringsReadBackAndBytesNotUTF8AreRefused() throws {
        for text in ["", "Kit", "ÉcranBuilder", "`a.b`", "名前", "👩‍💻Feature", "\u{FFFD}", String(repeating: "long name ", count: 40)] {
            var writer = ScanWriter()
            writer.raw("before")
            writer.raw(text)
            writer.raw("after")
            var reader = ScanReader(writer.bytes)
            #expect(try reader.raw() == "before")
            #expect(try reader.raw() == text)
            #expect(try reader.raw() == "after")
            #expect(reader.isAtEnd)
        }
        let notUTF8: [[UInt8]] = [
            [0xFF], [0x41, 0x80], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x41, 0xF0, 0x9F, 0x98],
        ]
        for bytes in notUTF8 {
            var writer = ScanWriter()
            writer.raw("before")
            writer.int(bytes.count)
            var entry = writer.bytes + bytes
            writer = ScanWriter()
            writer.raw("after")
            entry += writer.bytes
            var reader = ScanReader(entry)
            #expect(try reader.raw() == "before")
            #expect(throws: ScanCodecError.self, "\(bytes)") { try reader.raw() }
        }
    }

    /// A small fixed generator, so that the damaged entries are the same on every run.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A run that starts well after the files were written, so that their stamps are settled.
    private func later() -> Int64 { FileStamp.now + 3 * FileStamp.coarsestTick }

    /// A file whose stamp is remembered is not read: its answer is the entry the stamp names, even where
    /// its bytes would say otherwise (here a stamps shelf that says so, as only a planted one can).
    @Test func aFileWhoseStampIsRememberedIsNotRead() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try write(["A.swift": "import Kit\n", "B.swift": "import Core\n"])
        let first = ScanCache(started: later())
        _ = try scan(paths, first, wiring: true)
        let learnt = first.encoded()
        #expect(learnt.keys.sorted { $0.rawValue < $1.rawValue } == [.stamps, .whole])
        // The next run finds both stamps: nothing to learn, nothing to write.
        let second = ScanCache(started: later(), encoded: learnt)
        #expect(try scan(paths, second, wiring: true) == (try scan(paths, nil, wiring: true)))
        #expect(second.hits == 2 && second.encoded().isEmpty)
        // A.swift rewritten: its stamp changes, so it is read again and its new import seen.
        _ = try write(["A.swift": "import Other\n"])
        let third = ScanCache(started: later(), encoded: learnt)
        let warm = try scan(paths, third, wiring: true)
        #expect(warm[0].imports.map(\.module) == ["Other"] && third.misses == 1 && third.hits == 1)
        // A stamps shelf that gives A.swift's new stamp the key of its old text: the old answer, unread.
        let status = try #require(stamp(of: paths[0]))
        let request = SourceScanner.Request(path: paths[0], readsWiring: true)
        let kind = ScanStamps.kind(request, budget: .standard)
        let oldKey = try #require(ScanStamps(encoded: learnt[.stamps], started: later()).entries[paths[0]]?.keys[kind])
        let planted = ScanStamps(encoded: nil, started: later())
        planted.remember(paths[0], kind: kind, stamp: status, key: oldKey)
        var shelves = learnt
        shelves[.stamps] = planted.encoded()
        let fourth = ScanCache(started: later(), encoded: shelves)
        #expect(try scan(paths, fourth, wiring: true)[0].imports.map(\.module) == ["Kit"])
        #expect(fourth.misses == 0)
    }

    /// A stamp taken within the file system's time granularity of the run's start is not kept: a write
    /// in the same tick could leave it unchanged over other bytes.
    @Test func aStampNotSettledIsNotRemembered() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try write(["A.swift": "import Kit\n"])
        let cache = ScanCache(started: FileStamp.now)
        _ = try scan(paths, cache)
        #expect(cache.encoded().keys.sorted { $0.rawValue < $1.rawValue } == [.imports])
    }

    /// A damaged stamps shelf is empty: every file is read and hashed, and answers as cold.
    @Test func aDamagedStampsShelfIsEmpty() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try write(["A.swift": "import Kit\n#if DEBUG\nimport Tools\n#endif\n"])
        let first = ScanCache(started: later())
        let cold = try scan(paths, first)
        let learnt = first.encoded()
        let body = [UInt8](try #require(learnt[.stamps]))
        var generator = SplitMix(seed: 4_848)
        var damaged: [[UInt8]] = (0..<body.count).map { Array(body[..<$0]) } + [body + [0]]
        for _ in 0..<100 {
            var copy = body
            copy[Int(generator.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: generator.next())
            damaged.append(copy)
        }
        for bytes in damaged {
            var shelves = learnt
            shelves[.stamps] = Data(bytes)
            // A change that still decodes names another stamp or another key: a miss, then the file is read.
            #expect(try scan(paths, ScanCache(started: later(), encoded: shelves)) == cold)
        }
    }

    /// The stamps shelf writes each path as what it shares with the one before and each key as its
    /// digest's bytes and a tail kept once; 500 entries of random paths (sharing starts, non-ASCII) and
    /// keys (digests with tails, upper-case and short ones written whole) read back as they were.
    @Test func theStampsShelfReadsBackWhatItWrote() throws {
        var generator = SplitMix(seed: 2_026)
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        let parts = ["Sources", "Feature", "é", "a b", "/", "File", ".swift", "0"]
        let hex = Array("0123456789abcdef")
        let stamps = ScanStamps(encoded: nil, started: later())
        var expected: [String: ScanStamps.Entry] = [:]
        for index in 0..<500 {
            let path = "/r/" + (0..<(1 + random(6))).map { _ in parts[random(parts.count)] }.joined() + "\(index)"
            let digest = String((0..<64).map { _ in hex[random(16)] })
            let keys = [
                "-w-1.2.3", "--1.2.3", "x", "-\(random(3))",
            ].prefix(1 + random(3)).enumerated().map { offset, tail -> (String, String) in
                let key: String
                switch random(4) {
                case 0: key = digest.uppercased() + tail
                case 1: key = String(digest.prefix(10))
                default: key = digest + tail
                }
                return ("kind\(offset)", key)
            }
            let stamp = FileStamp(
                device: UInt64(random(1 << 20)), inode: UInt64.max - UInt64(index), size: random(1 << 30), modified: Int64(index),
                changed: -Int64(index))
            for (kind, key) in keys { stamps.remember(path, kind: kind, stamp: stamp, key: key) }
            expected[path] = ScanStamps.Entry(stamp: stamp, keys: Dictionary(keys, uniquingKeysWith: { _, last in last }))
        }
        let written = stamps.encoded()
        #expect(written != nil)
        let read = ScanStamps(encoded: written, started: later())
        #expect(read.entries == expected)
    }

    /// An edit's stamps are the entries read with the changed ones written again, the same bytes as every entry written;
    /// not when the paths differ, or when an entry written again adds other strings to the table (the entries after it
    /// would name theirs by other indices): then every entry is written.
    @Test func theStampsReuseTheEntriesReadWhereTheBytesAreTheSame() throws {
        var generator = SplitMix(seed: 52)
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        func digest() -> String { String((0..<64).map { _ in Array("0123456789abcdef")[random(16)] }) }
        func stamp(_ index: Int) -> FileStamp { FileStamp(device: 1, inode: UInt64(index), size: random(9_999), modified: 7, changed: 7) }
        let earlier = ScanStamps(encoded: nil, started: later())
        for index in 0..<300 {
            let path = "/r/Sources/Feature\(index % 7)/" + (index % 3 == 0 ? "é/" : "") + "File\(index).swift"
            // Tails first met at different entries: the table's indices depend on the order entries add them.
            earlier.remember(path, kind: "w-\(index % 4 == 0 ? "a" : "b")", stamp: stamp(index), key: digest() + "-\(min(index / 50, 3))")
            if index % 5 == 0 { earlier.remember(path, kind: "-i", stamp: stamp(index), key: "short\(index)") }
        }
        let read = ScanStamps(encoded: earlier.encoded(), started: later())
        let entries = read.entries
        let paths = entries.keys.sorted()
        #expect(read.reusing(entries) == ScanStamps.written(entries))
        func changed(_ edits: [(path: String, keys: [String: String])]) -> [String: ScanStamps.Entry] {
            var kept = entries
            for edit in edits { kept[edit.path] = ScanStamps.Entry(stamp: stamp(1_000 + random(99)), keys: edit.keys) }
            return kept
        }
        // Files edited: new stamps and digests, the same kinds and tails.
        let edited = changed(
            [0, 1, 57, 150, 299].map { index in
                let old = entries[paths[index]]?.keys ?? [:]
                return (paths[index], old.mapValues { $0.count > 64 ? digest() + $0.dropFirst(64) : $0 })
            })
        #expect(edited != entries)
        #expect(read.reusing(edited) == ScanStamps.written(edited))
        // The first entry with a tail or a kind given others: the tables would differ from there on.
        let firstTail = try #require(paths.firstIndex { entries[$0]?.keys.values.contains { $0.hasSuffix("-1") } ?? false })
        let retailed = changed([(paths[firstTail], ["w-b": digest() + "-0"])])
        #expect(read.reusing(retailed) == nil)
        #expect(read.reusing(changed([(paths[3], ["new-kind": digest() + "-0"])])) == nil)
        #expect(read.reusing(entries.filter { $0.key != paths[9] }) == nil)
        #expect(read.reusing(changed([("/r/Sources/New.swift", ["w-a": digest() + "-0"])])) == nil)
        // Either way, what is written reads back as what was kept.
        for kept in [edited, retailed] {
            let run = ScanStamps(encoded: earlier.encoded(), started: later())
            for (path, entry) in kept where entry != entries[path] {
                for (kind, key) in entry.keys { run.remember(path, kind: kind, stamp: entry.stamp, key: key) }
            }
            #expect(ScanStamps(encoded: run.encoded(), started: later()).entries == kept)
        }
    }

    /// A body that adds a string to the table twice (only a planted one does) is read, but its entries are not reused: a
    /// writer's table holds each string once, and it would name the strings after it by other indices than the reader.
    @Test func stampsThatAddAStringTwiceAreWrittenWhole() throws {
        var writer = ScanWriter()
        writer.int(ScanCache.scannerVersion)
        writer.int(4)
        var previous: [UInt8] = []
        for (path, kind) in [("/r/a", "k"), ("/r/b", "k"), ("/r/c", "m"), ("/r/d", "m")] {
            let bytes = Array(path.utf8)
            let shared = zip(bytes, previous).prefix { $0 == $1 }.count
            writer.int(shared)
            writer.bytes(bytes[shared...])
            previous = bytes
            for value in [1, 2, 3, 4, 4] { writer.int(value) }
            writer.int(1)
            if path == "/r/d" {
                writer.int(3)  // `m`, the table's third string.
            } else {
                writer.int(0)  // A string added to the table, `k` twice.
                writer.raw(kind)
            }
            writer.bool(false)
            writer.raw("key-\(path)")
        }
        let read = ScanStamps(encoded: Data(ScanStamps.magic + writer.bytes), started: later())
        #expect(read.entries["/r/d"]?.keys == ["m": "key-/r/d"])
        var kept = read.entries
        kept["/r/d"] = ScanStamps.Entry(stamp: FileStamp(device: 9, inode: 9, size: 9, modified: 9, changed: 9), keys: ["m": "new"])
        #expect(read.reusing(kept) == nil)
    }

    /// The stamps written after a run: each file's this run's entry where it has one (a file changed since), else the
    /// earlier one, kept; worked by hand for three files, one of them changed and one not seen this run.
    @Test func theStampsWrittenAreThisRunsOverTheEarlierOnes() throws {
        func stamp(_ size: Int) -> FileStamp { FileStamp(device: 1, inode: UInt64(size), size: size, modified: 5, changed: 5) }
        let earlier = ScanStamps(encoded: nil, started: later())
        for (path, size) in [("/r/A.swift", 1), ("/r/B.swift", 2), ("/r/C.swift", 3)] {
            earlier.remember(path, kind: "w", stamp: stamp(size), key: "key-\(size)")
        }
        let run = ScanStamps(encoded: earlier.encoded(), started: later())
        run.remember("/r/B.swift", kind: "w", stamp: stamp(20), key: "key-20")
        #expect(run.key("/r/A.swift", kind: "w", stamp: stamp(1)) == "key-1")
        let read = ScanStamps(encoded: run.encoded(), started: later())
        #expect(read.entries.mapValues { $0.keys["w"] } == ["/r/A.swift": "key-1", "/r/B.swift": "key-20", "/r/C.swift": "key-3"])
        #expect(read.entries["/r/B.swift"]?.stamp == stamp(20))
    }

    private func stamp(of path: String) -> FileStamp? {
        guard case let .known(stamp) = ConfinedFiles.read(path: path, limit: 1 << 20, unless: { _ in true }) else { return nil }
        return stamp
    }

    @Test func filesOverABudgetAreNotRemembered() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let deep = String(repeating: "(", count: 100) + String(repeating: ")", count: 100)
        let paths = try write(["Deep.swift": "import Kit\nlet x = \(deep)\n"])
        let cache = ScanCache()
        let scanned = try SourceScanner.scan(requests: [SourceScanner.Request(path: paths[0], readsWiring: true)], cache: cache)
        #expect(scanned[0].skipped != nil)
        #expect(cache.encoded().isEmpty)
    }
}
