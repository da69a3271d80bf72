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
}
