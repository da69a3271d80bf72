import Foundation
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
