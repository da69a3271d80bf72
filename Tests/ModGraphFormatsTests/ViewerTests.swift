import Foundation
import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput
import ModGraphPlanning
@testable import ModGraphReport
import ModGraphRules
import Testing

/// index.html on a small hand-made graph: the embedded data says what the page
/// shows (implied edges, tests, externals, findings' chains), hostile names
/// stay data, nothing is fetched, and the same input gives the same bytes.
@Suite("Viewer")
struct ViewerTests {
    static let hostile = [
        "</script><script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "<!--x\u{2028}y&amp;", "</svg><svg onload=alert(2)>",
    ]

    /// p/A → p/B → p/C → p/D → ext/X, and A → C (implied by A → B → C); p/ATests → A;
    /// A → hostile[0] → hostile[1] → … . B → C breaks the layers (base may not use middle).
    static func graph() -> ModuleGraph {
        let p = PackageIdentity("p")
        let ext = PackageIdentity("ext")
        func id(_ name: String) -> TargetID { TargetID(package: p, name: name) }
        let names = ["A", "B", "C", "D", "ATests"] + hostile
        var targets = names.map { Target(id: id($0), type: $0 == "ATests" ? .test : .regular, path: nil) }
        targets.append(Target(id: TargetID(package: ext, name: "X"), type: .externalProduct, path: nil))
        var edges = [("A", "B"), ("B", "C"), ("A", "C"), ("C", "D"), ("ATests", "A"), ("A", hostile[0])].map {
            Edge(from: id($0.0), to: id($0.1), kind: .target)
        }
        for (from, to) in zip(hostile, hostile.dropFirst()) { edges.append(Edge(from: id(from), to: id(to), kind: .target)) }
        edges.append(Edge(from: id("D"), to: TargetID(package: ext, name: "X"), kind: .product, product: "X"))
        return ModuleGraph(
            packages: [
                Package(identity: p, name: "P<b>", path: ".", origin: .root, location: nil, isLoaded: true),
                Package(identity: ext, name: "ext", path: nil, origin: .remote, location: "https://example.com/ext", isLoaded: false),
            ],
            targets: targets, products: [], edges: edges
        )
    }

    static func page(picture: Bool = true) throws -> ViewerPage {
        let graph = graph()
        let config = try ConfigParser.parse(
            """
            version: 1
            layers:
              - name: app
                targets: [A]
              - name: middle
                targets: [C]
              - name: base
                targets: [B, D]
            unassigned: warning
            tests: exempt
            """, file: "<conf>.yml")
        let check = CheckReport(result: try Checker(config: config).check(graph), configFile: "<conf>.yml")
        var style = DiagramStyle.highlights(of: graph)
        style.layers = DiagramStyle.layers(of: check.result.layers, namesTopFirst: ["app", "middle", "base"])
        let plan = try BuildPlan(graph: graph.digraph, weights: graph.targets.map { _ in 1 }, workers: 2)
        let schedule = ScheduleReport(graph: graph, plan: plan, unit: "units", weightsSource: "uniform")
        return ViewerPage(
            title: "Module graph of </title><script>alert(3)</script>", source: "Samples/<x>", toolVersion: "0.1.0",
            graph: graph, view: GraphView(graph), style: style, check: check, schedule: schedule,
            hidesImplied: true, layout: .dot, pictureLeftOut: picture ? nil : "too large")
    }

    static func html(_ page: ViewerPage) throws -> String {
        String(decoding: try page.render().bytes, as: UTF8.self)
    }

    /// The text between `<script type="application/json" id="mg-data">` and the next `</script>`.
    static func embeddedData(_ html: String) throws -> String {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"mg-data\">"))
        let end = try #require(html[start.upperBound...].range(of: "</script>"))
        return String(html[start.upperBound..<end.lowerBound])
    }

    static func data(_ html: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(embeddedData(html).utf8)) as? [String: Any])
    }

    @Test func theDataHoldsNodesEdgesTogglesAndFindings() throws {
        let data = try Self.data(try Self.html(try Self.page()))
        let nodes = try #require(data["nodes"] as? [[String: Any]])
        let edges = try #require(data["edges"] as? [[String: Any]])
        let names = nodes.compactMap { $0["name"] as? String }
        #expect(Set(names) == Set(["A", "ATests", "B", "C", "D", "X"] + Self.hostile))
        #expect(edges.count == Self.graph().digraph.edgeCount)
        func index(_ name: String) throws -> Int { try #require(names.firstIndex(of: name)) }
        func edge(_ from: String, _ to: String) throws -> [String: Any] {
            let (a, b) = (try index(from), try index(to))
            return try #require(edges.first { $0["from"] as? Int == a && $0["to"] as? Int == b })
        }
        // A → C is implied by A → B → C in every combination of the toggles; A → B never is.
        #expect(try edge("A", "C")["implied"] as? Int == 0b1111)
        #expect(try edge("A", "B")["implied"] as? Int == 0)
        #expect(nodes[try index("ATests")]["test"] as? Bool == true)
        #expect(nodes[try index("X")]["external"] as? Bool == true)
        #expect(nodes[try index("A")]["test"] as? Bool == false)
        #expect(data["hidesImplied"] as? Bool == true)
        #expect(data["picture"] as? Bool == true)
        // Layers, top first, and each layered node's index into them.
        let layers = try #require(data["layers"] as? [[String: Any]])
        #expect(layers.compactMap { $0["name"] as? String } == ["app", "middle", "base"])
        #expect(nodes[try index("B")]["layer"] as? Int == 2)
        // The layering finding B → C: its nodes and the one edge between them.
        let check = try #require(data["check"] as? [String: Any])
        #expect(check["passed"] as? Bool == false)
        let findings = try #require(check["findings"] as? [[String: Any]])
        let layering = try #require(findings.first { $0["rule"] as? String == "layering" })
        #expect(layering["chain"] as? [String] == ["p/B", "p/C"])
        #expect(layering["nodes"] as? [Int] == [try index("B"), try index("C")])
        let bc = try #require(edges.firstIndex { $0["from"] as? Int == (try? index("B")) && $0["to"] as? Int == (try? index("C")) })
        #expect(layering["edges"] as? [Int] == [bc])
        // Unassigned targets are warnings whose messages carry the hostile names, as data.
        #expect(findings.contains { ($0["message"] as? String)?.contains(Self.hostile[0]) == true })
        // The schedule: a bar per target, on the node that stands for it.
        let schedule = try #require(data["schedule"] as? [String: Any])
        let bars = try #require(schedule["bars"] as? [[String: Any]])
        #expect(bars.count == nodes.count)
        #expect(Set(bars.compactMap { $0["node"] as? Int }) == Set(nodes.indices))
        let critical = try #require(data["criticalPath"] as? [String: Any])
        #expect((critical["nodes"] as? [Int])?.isEmpty == false)
    }

    @Test func hostileNamesCannotBreakOut() throws {
        let html = try Self.html(try Self.page())
        let embedded = try Self.embeddedData(html)
        for character in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!embedded.contains(character), "\(character) in the embedded JSON")
        }
        #expect(embedded.contains("\\u003c/script\\u003e"))
        // Exactly the page's own two scripts, opened and closed once each; no comment, no injected element.
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(html.components(separatedBy: "</script").count - 1 == 2)
        #expect(!html.contains("<!--"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<svg onload"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 1)
        #expect(html.contains("<title>Module graph of &lt;/title&gt;&lt;script&gt;alert(3)&lt;/script&gt;</title>"))
        // The names in the SVG are XML text.
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        // The script never writes markup from data.
        #expect(!ViewerScript.source.contains("innerHTML"))
        #expect(!ViewerScript.source.contains("</script"))
        #expect(!ViewerScript.source.contains("<!--"))
        #expect(!ViewerStyle.source.contains("</style"))
    }

    @Test func nothingIsFetched() throws {
        let html = try Self.html(try Self.page())
        // XML namespaces are names, not addresses anything loads.
        var rest = html
        for namespace in ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"] {
            rest = rest.replacingOccurrences(of: namespace, with: "")
        }
        #expect(!rest.contains("http://") && !rest.contains("https://"))
        #expect(!html.contains("src=\"") && !html.contains("href=") && !html.contains("<link"))
        // The policy allows this script by its hash and nothing from elsewhere.
        let hash = ViewerHash.sha256Base64(Array(ViewerScript.source.utf8))
        #expect(html.contains("content=\"default-src 'none'; script-src 'sha256-\(hash)'; style-src 'unsafe-inline'; img-src data:;"))
        #expect(html.contains("<script>" + ViewerScript.source + "</script>"))
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(ViewerHash.sha256Base64(Array("abc".utf8)) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(ViewerHash.sha256Base64([]) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(ViewerHash.sha256Base64(long) == "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE=")
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let page = try Self.page()
        // Twice in one process, after other layouts: Graphviz's in-process state must not show.
        #expect(try page.render().bytes == (try page.render().bytes))
        #expect(try Self.page(picture: false).render().bytes == (try Self.page(picture: false).render().bytes))
    }

    @Test func withoutAPictureThePageSaysWhy() throws {
        let html = try Self.html(try Self.page(picture: false))
        #expect(!html.contains("<svg"))
        let data = try Self.data(html)
        #expect(data["picture"] as? Bool == false)
        #expect(data["pictureNote"] as? String == "too large")
        #expect((data["nodes"] as? [Any])?.count == Self.graph().targets.count)
        // No toggles without a picture: no reduction is worked out, and lists show every dependency (A → C too).
        let edges = try #require(data["edges"] as? [[String: Any]])
        #expect(edges.count == Self.graph().digraph.edgeCount)
        #expect(edges.allSatisfy { $0["implied"] as? Int == 0 })
    }

    @Test func svgElementsCarryTheViewIndices() throws {
        let page = try Self.page()
        let dot = ViewerPicture.dot(for: page)
        let first = try #require(page.view.digraph.edges.first)
        #expect(dot.contains("id=\"n0\""))
        #expect(dot.contains("id=\"e\(first.from)_\(first.to)\""))
        #expect(!dot.contains("concentrate"))
        let html = try Self.html(page)
        for (index, _) in page.view.nodes.enumerated() { #expect(html.contains("<g id=\"n\(index)\" class=\"node\">")) }
        for edge in page.view.digraph.edges { #expect(html.contains("<g id=\"e\(edge.from)_\(edge.to)\" class=\"edge\">")) }
        #expect(!html.contains("<?xml") && !html.contains("<!DOCTYPE svg"))
    }

    /// Hiding a module can make an implied edge necessary: X → Y is implied by X → T → Y
    /// while the test T is shown, and needed once tests are hidden.
    @Test func impliedFlagsFollowTheToggles() {
        let p = PackageIdentity("p")
        func id(_ name: String) -> TargetID { TargetID(package: p, name: name) }
        let graph = ModuleGraph(
            packages: [Package(identity: p, name: "p", path: ".", origin: .root, location: nil, isLoaded: true)],
            targets: [
                Target(id: id("T"), type: .test, path: nil), Target(id: id("X"), type: .regular, path: nil),
                Target(id: id("Y"), type: .regular, path: nil),
            ],
            products: [],
            edges: [("X", "T"), ("T", "Y"), ("X", "Y")].map { Edge(from: id($0.0), to: id($0.1), kind: .target) }
        )
        let view = GraphView(graph)
        let flags = ViewerEdges(view: view)
        let x = view.nodes.firstIndex { $0.name == "X" }
        let y = view.nodes.firstIndex { $0.name == "Y" }
        let xy = view.digraph.edges.firstIndex { $0.from == x && $0.to == y }
        #expect(xy.map { flags.impliedMask[$0] } == 0b0101)  // implied with tests shown (combinations 0 and 2) only
    }
}
