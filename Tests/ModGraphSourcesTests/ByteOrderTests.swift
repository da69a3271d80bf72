import ModGraphTestSupport
import Testing

@testable import ModGraphSources

/// The order the scan cache's shelves write strings in: their UTF-8 bytes, compared eight at a time first.
@Suite("byte order")
struct ByteOrderTests {
    /// Worked by hand: a shorter string before a longer one it starts, a NUL byte after the end of a string, the
    /// ninth byte deciding past eight the same, equal strings by their index, and bytes (not `<`) for other scripts.
    @Test func stringsAreInTheOrderOfTheirBytes() {
        let strings = ["abcdefghj", "", "abc", "abcdefghi", "abc\u{0}", "abcdefgh", "abc", "é", "e\u{301}", "Z", "a"]
        #expect(ByteOrder.sortedIndices(strings) == [1, 9, 10, 2, 6, 4, 5, 3, 0, 8, 7])
        #expect(ByteOrder.sorted(Set(["b", "a", "ab"])) == ["a", "ab", "b"])
        #expect(ByteOrder.lead("") == 0)
        #expect(ByteOrder.lead("ab") == 0x6162_0000_0000_0000)
        #expect(ByteOrder.lead("abcdefghij") == 0x6162_6364_6566_6768)
    }

    /// On random strings sharing long starts, of ASCII and not: the order of their bytes, equal ones by index; for
    /// ASCII alone, the order of `<`.
    @Test func theOrderIsTheBytesOnRandomStrings() {
        var generator = SplitMix64(seed: 0x6f72_6465)
        let pieces = ["Feature", "File", "Row", "a", "é", "\u{0}", "0", "~", "Feature1"]
        for _ in 0..<300 {
            let ascii = Bool.random(using: &generator)
            let strings = (0..<Int.random(in: 0..<30, using: &generator)).map { _ in
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    let piece = pieces.randomElement(using: &generator) ?? ""
                    return ascii && piece == "é" ? "e" : piece
                }.joined()
            }
            let expected = strings.indices.sorted { left, right in
                let (a, b) = (Array(strings[left].utf8), Array(strings[right].utf8))
                return a != b ? a.lexicographicallyPrecedes(b) : left < right
            }
            #expect(ByteOrder.sortedIndices(strings) == expected)
            if ascii { #expect(ByteOrder.sorted(strings) == strings.sorted()) }
        }
    }
}
