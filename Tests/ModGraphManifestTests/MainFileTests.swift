import Foundation
import ModGraphTestSupport
import Testing

@testable import ModGraphManifest

/// A regular target with a `main.EXT` file is an executable; the name is read on the path's
/// bytes, and agrees with the definition on Swift strings (last component, lower-cased, starts
/// with `main.`, one dot).
@Suite("main files")
struct MainFileTests {
    @Test(arguments: [
        ("Sources/Tool/main.swift", true), ("main.m", true), ("/a/b/MAIN.C", true), ("Sources/Main.Swift", true),
        ("Sources/main.swift/helper.swift", false), ("Sources/main.tests.swift", false), ("Sources/main", false),
        ("Sources/main.", true), ("Sources/mainly.swift", false), ("Sources/domain.swift", false),
        ("Sources/main\u{0E}x.swift", false), ("Sources/M\u{0301}ain.swift", false), ("", false),
    ])
    func aMainFileIsNamedMainWithOneDot(_ path: String, _ expected: Bool) {
        #expect(SourceLayout.isMainFile(path) == expected)
    }

    /// 3,000 random names of the bytes that matter (letters of both cases, dots, slashes, a control
    /// byte that or'ed with 0x20 is a dot), against the definition on characters.
    @Test func theByteReadingAgreesWithTheDefinition() {
        var generator = SplitMix64(seed: 4_848)
        let pieces = ["m", "M", "a", "A", "i", "I", "n", "N", ".", "/", "\u{0E}", "x", "main.", "MAIN."]
        for _ in 0..<3_000 {
            let path = (0..<Int.random(in: 0...9, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined()
            let name = (path as NSString).lastPathComponent.lowercased()
            let expected = name.hasPrefix("main.") && name.filter { $0 == "." }.count == 1 && !path.hasSuffix("/")
            #expect(SourceLayout.isMainFile(path) == expected, "\(path.debugDescription)")
        }
    }

    /// On random trees (nested folders, hidden and excluded ones, files of several kinds, `main` files here and
    /// there): a folder holds a main file when its listing holds one, and one walk lists what two walks of the same
    /// start (each file found twice, kept once) list.
    @Test func aWalkFindsWhatTheListingHolds() throws {
        var generator = SplitMix64(seed: 0x6d61_696e)
        let names = [
            "main.swift", "x.swift", "y.m", "z.h", "main.c", "notes.md", "a.b.swift", ".hidden.swift", "Main.SWIFT", "A.swift", "b.c",
        ]
        for round in 0..<40 {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-walk-\(round)-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let depth = Int.random(in: 0...3, using: &generator)
                let parts = (0..<depth).map { _ in ["A", "b", "Ex", ".hidden", "Main"].randomElement(using: &generator) ?? "A" }
                let directory = ([folder] + parts).joined(separator: "/")
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                let name = names.randomElement(using: &generator) ?? "x.swift"
                try? Data("// \(name)\n".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
            }
            let exclude = Bool.random(using: &generator) ? ["Ex", "./b/A/"] : []
            let listed = SourceFileLister.files(.folder(folder, sources: nil, exclude: exclude), extensions: SourceFileLister.compiled)
            #expect(
                SourceFileLister.holdsFile(folder, exclude: exclude, extensions: SourceFileLister.compiled, where: SourceLayout.isMainFile)
                    == listed.contains(where: SourceLayout.isMainFile))
            #expect(listed == listed.sorted() && Set(listed).count == listed.count)
            let twice = SourceFileLister.listing(
                .folder(folder, sources: [".", "./"], exclude: exclude), extensions: SourceFileLister.compiled, within: folder)
            #expect(
                SourceFileLister.listing(
                    .folder(folder, sources: nil, exclude: exclude), extensions: SourceFileLister.compiled, within: folder) == twice)
        }
    }
}
