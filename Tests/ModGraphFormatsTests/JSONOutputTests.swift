import Foundation
import ModGraphSystem
import Testing
import ModGraphOutput
import ModGraphCore
@testable import ModGraphDiagrams
@testable import ModGraphPlanning
@testable import ModGraphReport

@Suite("JSON output")
struct JSONOutputTests {
    @Test func serializationEscapesAndKeepsKeyOrder() {
        let value = JSONValue.object([
            ("z", .string("quote \" backslash \\ newline \n tab \t bell \u{07} é")),
            ("a", .array([.int(1), .double(2.5), .double(3), .bool(true), .null])),
            ("empty", .object([])),
            ("none", .array([])),
        ])
        #expect(
            value.serialized() == """
                {
                  "z": "quote \\" backslash \\\\ newline \\n tab \\t bell \\u0007 é",
                  "a": [
                    1,
                    2.5,
                    3,
                    true,
                    null
                  ],
                  "empty": {},
                  "none": []
                }

                """)
    }

    /// Indentation is two spaces a level at any depth, also past the 32
    /// levels the writer copies in one piece.
    @Test(arguments: [1, 31, 32, 33, 70])
    func deepNestingIsIndentedTwoSpacesALevel(depth: Int) throws {
        var value = JSONValue.array([.bool(true), .null])
        for level in 1..<depth { value = .object([("l\(level)", value)]) }
        // Opening lines at 0, 2, 4 … spaces, the two values one level deeper, closing lines back out.
        let opening = (0..<depth).map { level in
            level == 0 ? (depth == 1 ? "[" : "{") : "\"l\(depth - level)\": " + (level == depth - 1 ? "[" : "{")
        }
        let closing = (0..<depth).reversed().map { level in level == depth - 1 ? "]" : "}" }
        let expected =
            zip(0..<depth, opening).map { String(repeating: " ", count: 2 * $0) + $1 }
            + ["true,", "null"].map { String(repeating: " ", count: 2 * depth) + $0 }
            + zip((0..<depth).reversed(), closing).map { String(repeating: " ", count: 2 * $0) + $1 }
        #expect(value.serialized() == expected.joined(separator: "\n") + "\n")
        _ = try JSONSerialization.jsonObject(with: Data(value.serializedBytes()))
    }

    /// A streamed part is laid out as if it were part of the tree: same
    /// indentation at any depth, commas between siblings, and compact without whitespace.
    @Test func aStreamedPartIsWrittenLikeTheTree() {
        let part = JSONValue.stream { json in
            json.beginObject()
            json.key("n")
            json.int(Int.min)
            json.key("list")
            json.strings(["a", "b\"c"])
            json.key("empty")
            json.beginArray()
            json.endArray()
            json.key("x")
            json.double(-0.25)
            json.key("inf")
            json.double(.infinity)
            json.endObject()
        }
        let tree = JSONValue.object([
            ("n", .int(Int.min)), ("list", .strings(["a", "b\"c"])), ("empty", .array([])), ("x", .double(-0.25)), ("inf", .null),
        ])
        let nestedStream = JSONValue.object([("before", .int(0)), ("part", .array([part, .int(7)]))])
        let nestedTree = JSONValue.object([("before", .int(0)), ("part", .array([tree, .int(7)]))])
        #expect(nestedStream.serialized() == nestedTree.serialized())
        #expect(
            String(decoding: nestedStream.serializedBytes(layout: .compact), as: UTF8.self)
                == #"{"before":0,"part":[{"n":-9223372036854775808,"list":["a","b\"c"],"empty":[],"x":-0.25,"inf":null},7]}"#)
        #expect(
            nestedStream.serialized().hasPrefix(
                """
                {
                  "before": 0,
                  "part": [
                    {
                      "n": -9223372036854775808,
                      "list": [
                        "a",
                """))
        #expect(
            JSONValue.array([.int(0), .int(-1), .int(Int.max), .double(1e20), .double(3)]).serializedBytes(layout: .compact)
                == Array("[0,-1,9223372036854775807,1e+20,3]".utf8))
    }

    /// A long list written in pieces on several cores is byte for byte the
    /// list written in one pass, in both layouts, after an element or not.
    @Test func elementsWrittenInPiecesAreTheListWrittenInOnePass() {
        @Sendable func element(_ json: inout JSONStream, _ index: Int) {
            json.beginObject()
            json.key("index")
            json.int(index)
            json.key("names")
            json.strings(index.isMultiple(of: 3) ? [] : ["n\(index)", "q\"\(index)"])
            json.endObject()
        }
        for layout in [JSONStream.Layout.pretty, .compact] {
            for count in [0, 1, 3 * JSONStream.elementsPerPiece + 7] {
                for leading in [false, true] {
                    var pieces = JSONStream(layout: layout)
                    var onePass = JSONStream(layout: layout)
                    for json in [0, 1] {
                        var stream = JSONStream(layout: layout)
                        stream.beginObject()
                        stream.key("list")
                        stream.beginArray()
                        if leading { stream.string("first") }
                        if json == 0 {
                            stream.elements(count: count) { json, range in for index in range { element(&json, index) } }
                        } else {
                            for index in 0..<count { element(&stream, index) }
                        }
                        stream.int(-1)
                        stream.endArray()
                        stream.endObject()
                        if json == 0 { pieces = stream } else { onePass = stream }
                    }
                    let same = pieces.finish() == onePass.finish()
                    #expect(same, "layout \(layout), \(count) elements, leading \(leading)")
                }
            }
        }
    }

    /// An array written element by element on the cores is the array of the same values.
    @Test func anArrayOfElementsIsTheTreesArray() {
        for count in [0, 2, 2 * JSONStream.elementsPerPiece + 3] {
            let streamed = JSONValue.object([
                ("list", .stream { json in json.array(count: count) { json, index in json.int(index * 3) } })
            ])
            let tree = JSONValue.object([("list", .array((0..<count).map { .int($0 * 3) }))])
            #expect(streamed.serializedBytes() == tree.serializedBytes(), "\(count) elements")
        }
    }

    /// Two strings written joined are the joined string written, whatever they hold.
    @Test func joinedStringsAreTheStringJoined() {
        let parts = ["pkg", "", "a\"b", "back\\slash", "tab\there", "é", "\u{202E}rtl", "line\u{2028}", "😀", "x/y"]
        for first in parts {
            for second in parts {
                for separator in ["/", "\"", "é"] as [Unicode.Scalar] {
                    for layout in [JSONStream.Layout.pretty, .compact] {
                        var joined = JSONStream(layout: layout)
                        joined.beginArray()
                        joined.string(first, joinedBy: separator, second)
                        joined.endArray()
                        var whole = JSONStream(layout: layout)
                        whole.beginArray()
                        whole.string(first + String(separator) + second)
                        whole.endArray()
                        let (joinedBytes, wholeBytes) = (joined.finish(), whole.finish())
                        #expect(joinedBytes == wholeBytes, "\(first) \(separator) \(second)")
                    }
                }
            }
        }
    }

    /// A string escaped once and copied is the string written, in every
    /// layout and whatever it holds (quotes, controls, script characters,
    /// separators, characters beyond the basic plane).
    @Test func anEscapedStringIsTheStringWritten() {
        let texts = ["pkg/Name", "", "a\"b", "back\\slash", "tab\there", "é", "\u{202E}rtl", "line\u{2028}", "😀", "</script>&"]
        for layout in [JSONStream.Layout.pretty, .compact, .script] {
            let escaped = EscapedStrings(count: texts.count, for: layout) { json, index in json.string(texts[index]) }
            #expect(escaped.count == texts.count)
            var copied = JSONStream(layout: layout)
            var written = JSONStream(layout: layout)
            copied.beginArray()
            written.beginArray()
            // Out of order and repeated, as a dependency's ends are.
            for index in [3, 0, 9, 9, 1, 8, 2, 7, 4, 6, 5, 0] {
                copied.string(escaped, index)
                written.string(texts[index])
            }
            copied.endArray()
            written.endArray()
            let (copiedBytes, writtenBytes) = (copied.finish(), written.finish())
            #expect(copiedBytes == writtenBytes, "layout \(layout)")
        }
    }

    /// A draining stream hands over the bytes a buffered one returns, in
    /// order, in pieces of at least the bound asked for but the last,
    /// whether the document is a tree or written in pieces on the cores.
    @Test func aDrainedDocumentIsTheBufferedOne() {
        let count = 2 * JSONStream.elementsPerPiece + 11
        let drainAbove = 1 << 16
        let tree = JSONValue.object([
            ("names", .strings((0..<count).map { "name \($0) \"quoted\"" })),
            (
                "streamed",
                .stream { json in
                    json.beginArray()
                    json.elements(count: count) { json, range in for index in range { json.int(index) } }
                    json.endArray()
                }
            ),
            ("last", .int(-1)),
        ])
        for layout in [JSONStream.Layout.pretty, .compact] {
            let pieces = Locked<[[UInt8]]>([])
            var stream = JSONStream(layout: layout, drainAbove: drainAbove, drain: { piece in pieces.withLock { $0.append(Array(piece)) } })
            stream.value(tree)
            let rest = stream.finish()
            #expect(rest.isEmpty)
            let drained = pieces.withLock { $0 }
            #expect(drained.count > 2, "layout \(layout): the document was held whole")
            #expect(drained.dropLast().allSatisfy { $0.count >= drainAbove })
            #expect(Array(drained.joined()) == tree.serializedBytes(layout: layout), "layout \(layout)")
        }
    }

    /// Foundation's parser must read back exactly the names that went in.
    @Test func documentRoundTripsThroughAJSONParser() throws {
        let graph = Fixtures.awkwardGraph()
        let text = GraphJSON.render(graph)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let targets = try #require(parsed["targets"] as? [[String: Any]])
        #expect(targets.compactMap { $0["name"] as? String }.sorted() == Fixtures.awkwardNames.sorted())
        let edges = try #require(parsed["edges"] as? [[String: Any]])
        #expect(edges.count == graph.edges.count)
        #expect(edges.contains { ($0["condition"] as? [String: Any])?["platforms"] as? [String] == ["linux"] })
    }

    @Test func theSameGraphBuiltInAnotherOrderPrintsTheSameBytes() {
        let graph = Fixtures.awkwardGraph()
        let shuffled = ModuleGraph(
            packages: graph.packages.reversed(), targets: graph.targets.reversed(),
            products: graph.products, edges: graph.edges.reversed())
        #expect(GraphJSON.render(shuffled) == GraphJSON.render(graph))
        #expect(DOTWriter().render(shuffled) == DOTWriter().render(graph))
    }
}
