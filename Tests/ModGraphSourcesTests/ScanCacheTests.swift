import Foundation
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
        let first = ScanCache(encoded: nil)
        #expect(try scan(paths, first) == cold)
        #expect(first.hits == 0 && first.misses == 3)
        // The next run reads what the first kept: nothing is parsed again, and the answers are the same.
        let learnt: Data = try #require(first.encoded())
        let second = ScanCache(encoded: learnt)
        #expect(try scan(paths, second) == cold)
        #expect(second.hits == 3 && second.misses == 0)
        // Nothing new learnt: nothing to write.
        #expect(second.encoded() == nil)
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
        let fifth = ScanCache(encoded: fourth.encoded() ?? third.encoded())
        #expect(try scan(paths, fifth) == (try scan(paths, nil)))
        #expect(fifth.misses == 1)
        // What was asked is part of the key: the wiring inventory is not answered by an import-only scan.
        let wiring = ScanCache(encoded: fifth.encoded())
        #expect(try scan(paths, wiring, wiring: true) == (try scan(paths, nil, wiring: true)))
        #expect(wiring.hits == 0)
    }

    @Test func aCacheFromAnotherScannerOrDamagedIsNotRead() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try write(["A.swift": "import Kit\n"])
        let cache = ScanCache(encoded: nil)
        _ = try scan(paths, cache)
        let body = try #require(cache.encoded())
        let text = String(decoding: body, as: UTF8.self)
        let older = text.replacingOccurrences(of: "\"version\":\(ScanCache.scannerVersion)", with: "\"version\":0")
        #expect(older != text)
        for encoded in [Data(older.utf8), Data("not json".utf8), Data()] {
            let other = ScanCache(encoded: encoded)
            _ = try scan(paths, other)
            #expect(other.hits == 0)
        }
    }

    @Test func filesOverABudgetAreNotRemembered() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let deep = String(repeating: "(", count: 100) + String(repeating: ")", count: 100)
        let paths = try write(["Deep.swift": "import Kit\nlet x = \(deep)\n"])
        let cache = ScanCache(encoded: nil)
        let scanned = try SourceScanner.scan(requests: [SourceScanner.Request(path: paths[0], readsWiring: true)], cache: cache)
        #expect(scanned[0].skipped != nil)
        #expect(cache.encoded() == nil)
    }
}
