import Foundation
import Testing
import ModGraphCore
import ModGraphTestSupport
@testable import ModGraphManifest

/// A long targets list is read in two halves at once, from a guessed start
/// of the second: whatever the layout, and wherever the guess lands, the
/// manifest must be the one a single reader (and Foundation) reads.
@Suite("reading a long list in two halves")
struct LongListTests {
    enum Layout: CaseIterable {
        /// SwiftPM's: every element and key on a line of its own.
        case swiftPM
        /// modgraph-gen's: the first element after the `[`, each next one on a line.
        case firstOnTheBracketLine
        /// No line breaks at all: never split.
        case minified
    }

    /// A dump of `count` targets with random dependencies, some names escaped or not ASCII.
    static func dump(_ count: Int, layout: Layout, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        let names = (0..<count).map { index in
            switch random.next(below: 10) {
            case 0: "T\(index)\\u00e9"
            case 1: "Tä\(index)"
            case 2: "T\\\"\(index)"
            default: "T\(index)"
            }
        }
        let targets = names.indices.map { index in
            let dependencies = (0..<random.next(below: 4)).map { _ -> String in
                let name = names[random.next(below: names.count)]
                switch random.next(below: 3) {
                case 0: return #"{"byName": ["\#(name)", null]}"#
                case 1: return #"{"target": ["\#(name)", {"platformNames": ["ios"]}]}"#
                default: return #"{"product": ["Lib", "other", null, null]}"#
                }
            }
            let members = [
                #""dependencies": [\#(dependencies.joined(separator: ", "))]"#, #""name": "\#(names[index])""#,
                #""type": "\#(random.next(below: 5) == 0 ? "test" : "regular")""#,
            ]
            return layout == .swiftPM
                ? "    {\n      " + members.joined(separator: ",\n      ") + "\n    }"
                : "{" + members.joined(separator: ", ") + "}"
        }
        let tail = #""dependencies": [], "name": "P", "products": [{"name": "Lib", "targets": ["T0"], "type": {"library": ["automatic"]}}]"#
        switch layout {
        case .swiftPM: return "{\n  " + tail + ",\n  \"targets\" : [\n" + targets.joined(separator: ",\n") + "\n  ]\n}\n"
        case .firstOnTheBracketLine: return "{" + tail + ",\n  \"targets\": [" + targets.joined(separator: ",\n    ") + "]}\n"
        case .minified: return "{" + tail + ",\"targets\":[" + targets.joined(separator: ",") + "]}"
        }
    }

    private func read(_ text: String, splitAbove: Int) -> Manifest? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            ManifestReader.manifest(from: bytes, maximumDepth: ManifestDecoding.maximumDepth, splitAbove: splitAbove)
        }
    }

    /// Where the second half would start in `text`, from the targets list's first element.
    private func splitPoint(in text: String) -> Int? {
        let bytes = Array(text.utf8)
        // The manifest's key, after the products' own "targets".
        guard let key = text.range(of: "\"targets\"", options: .backwards) else { return nil }
        var position = text.utf8.distance(from: text.startIndex, to: key.upperBound)
        while position < bytes.count, bytes[position] != UInt8(ascii: "[") { position += 1 }
        position += 1
        while position < bytes.count, [0x20, 0x0A].contains(bytes[position]) { position += 1 }
        return bytes.withUnsafeBufferPointer { buffer in
            JSONReader(buffer, maximumDepth: 100).splitPoint(afterFirstElementAt: position, above: 0)
        }
    }

    @Test(arguments: Layout.allCases, [1, 2, 3, 4] as [UInt64])
    func twoHalvesReadWhatOneReaderReads(layout: Layout, seed: UInt64) throws {
        let text = Self.dump(40 + Int(seed) * 37, layout: layout, seed: seed)
        let whole = try #require(read(text, splitAbove: .max))
        #expect(whole.targets.count == 40 + Int(seed) * 37)
        #expect(read(text, splitAbove: 0) == whole)
        #expect(whole == (try JSONDecoder().decode(Manifest.self, from: Data(text.utf8))))
        // Pretty layouts are split (else this test would not test the halves); a minified one is not.
        let split = splitPoint(in: text)
        #expect((split != nil) == (layout != .minified))
        if let split {
            // The guess is the start of an element past the middle.
            #expect(Array(text.utf8)[split] == UInt8(ascii: "{"))
            #expect(split > text.utf8.count / 2)
        }
    }

    /// A nested object laid out like an element, where the guess lands: it is
    /// not an element's start, so the second half is dropped, and the target it
    /// looks like never appears.
    @Test func aGuessInsideAnElementIsDropped() throws {
        let decoy = #"{"dependencies": [], "name": "Fake", "type": "regular"}"#
        let targets = (0..<60).map { index in
            index == 40
                ? #"{"dependencies": [], "name": "T40", "extra": [1,"# + "\n" + decoy + #"], "type": "regular"}"#
                : #"{"dependencies": [], "name": "T\#(index)", "type": "regular"}"#
        }
        let text = #"{"name": "P", "targets": ["# + targets.joined(separator: ",") + "]}"
        let split = try #require(splitPoint(in: text))
        #expect(text.utf8.dropFirst(split).starts(with: decoy.utf8))
        let whole = try #require(read(text, splitAbove: .max))
        #expect(read(text, splitAbove: 0) == whole)
        #expect(whole.targets.map(\.name) == (0..<60).map { "T\($0)" })
    }

    /// A guess past the end of the list (in another list whose elements look
    /// alike) never meets the first half: that half reads on to the end.
    @Test func aGuessPastTheListIsDropped() throws {
        let element = { (name: String) in #"{"dependencies": [], "name": "\#(name)", "type": "regular"}"# }
        let targets = (0..<5).map { element("T\($0)") }.joined(separator: ",\n  ")
        let others = (0..<200).map { element("X\($0)") }.joined(separator: ",\n  ")
        let text = #"{"name": "P", "targets": ["# + targets + #"], "unknown": ["# + others + "]}"
        #expect(splitPoint(in: text) != nil)
        let whole = try #require(read(text, splitAbove: .max))
        #expect(read(text, splitAbove: 0) == whole)
        #expect(whole.targets.map(\.name) == (0..<5).map { "T\($0)" })
    }

    /// A second half that cannot be read fails the document as one reader does: the slow path decides.
    @Test func aBrokenSecondHalfFailsAsOneReaderFails() throws {
        var text = Self.dump(200, layout: .swiftPM, seed: 9)
        // The last target's type loses its opening quote.
        let index = try #require(text.range(of: "\"type\": \"", options: .backwards))
        text.replaceSubrange(index, with: "\"type\": ")
        #expect(read(text, splitAbove: .max) == nil)
        #expect(read(text, splitAbove: 0) == nil)
    }
}
