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

    static func index(_ name: String, in data: [String: Any]) throws -> Int {
        let names = (data["nodes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        return try #require(names.firstIndex(of: name))
    }

    @Test func theDataHoldsNodesEdgesGroupsAndFindings() throws {
        let data = try Self.data(try Self.html(try Self.page()))
        let nodes = try #require(data["nodes"] as? [[String: Any]])
        let edges = try #require(data["edges"] as? [[String: Any]])
        let names = nodes.compactMap { $0["name"] as? String }
        #expect(Set(names) == Set(["A", "ATests", "B", "C", "D", "X"] + Self.hostile))
        #expect(edges.count == Self.graph().digraph.edgeCount)
        func index(_ name: String) throws -> Int { try Self.index(name, in: data) }
        #expect(nodes[try index("ATests")]["test"] as? Bool == true)
        #expect(nodes[try index("X")]["external"] as? Bool == true)
        #expect(nodes[try index("A")]["test"] as? Bool == false)
        #expect(data["hidesImplied"] as? Bool == true)
        #expect(data["picture"] as? Bool == true)
        // Ten modules: the page opens with everything shown but the implied dependencies.
        #expect((data["defaults"] as? [String: Bool]) == ["tests": true, "ext": true, "implied": false])
        // Layers, top first, and each layered node's index into them.
        let layers = try #require(data["layers"] as? [[String: Any]])
        #expect(layers.compactMap { $0["name"] as? String } == ["app", "middle", "base"])
        #expect(nodes[try index("B")]["layer"] as? Int == 2)
        // The collapsed views offered (packages p and ext, layers), and each node's group in them.
        let groupings = try #require(data["groupings"] as? [String: [[String: Any]]])
        #expect(groupings["package"]?.compactMap { $0["name"] as? String } == ["ext", "P<b>"])
        #expect(groupings["layer"]?.compactMap { $0["name"] as? String } == ["app", "middle", "base", "(no layer)"])
        #expect(groupings["project"] == nil)  // no folder holds several packages
        #expect(nodes[try index("X")]["groups"] as? [Int] == [0, 3])
        #expect(nodes[try index("A")]["groups"] as? [Int] == [1, 0])
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

    /// A small graph's page carries every view: the first, the whole graph with each toggle, each
    /// collapsed view with each group open, and a focus view of every node.
    @Test func aSmallPageCarriesEveryView() throws {
        let data = try Self.data(try Self.html(try Self.page()))
        let views = try #require(data["views"] as? [String: [String: Any]])
        let first = try #require(data["first"] as? String)
        #expect(views[first] != nil)
        #expect(first == "all|t1x1i0")
        for node in 0..<10 { #expect(views["focus:\(node):1:both|t1x1i0"] != nil, "focus \(node)") }
        for toggles in ["t1x1i1", "t0x1i0", "t1x0i1", "t0x0i0"] { #expect(views["all|" + toggles] != nil, "\(toggles)") }
        #expect(views["collapse:package:|t1x1i0"] != nil && views["collapse:package:1|t1x1i0"] != nil)
        #expect(views["collapse:layer:2|t1x1i0"] != nil)
        #expect(data["everyView"] as? Bool == true)
        // Every node of every layout is a node of the page (by index) or a group (-(g + 1)); every edge joins two drawn.
        for (key, layout) in views {
            let drawn = try #require(layout["nodes"] as? [[Int]]).map { $0[0] }
            #expect(drawn.allSatisfy { $0 >= -12 && $0 < 10 }, "\(key)")
            for edge in try #require(layout["edges"] as? [[Any]]) {
                #expect(drawn.contains(edge[0] as? Int ?? 99) && drawn.contains(edge[1] as? Int ?? 99), "\(key)")
            }
        }
    }

    /// B one step both ways: A uses it, it uses C; A → C is implied by A → B → C and the page hides
    /// implied dependencies at first, so the view draws A → B and B → C.
    @Test func aFocusViewIsLaidOutAfresh() throws {
        let page = try Self.page()
        let data = try Self.data(try Self.html(page))
        let (a, b, c) = (try Self.index("A", in: data), try Self.index("B", in: data), try Self.index("C", in: data))
        let views = try #require(data["views"] as? [String: [String: Any]])
        let focus = try #require(views["focus:\(b):1:both|t1x1i0"])
        #expect(Set(try #require(focus["nodes"] as? [[Int]]).map { $0[0] }) == [a, b, c])
        let ends = try #require(focus["edges"] as? [[Any]]).map { [$0[0] as? Int, $0[1] as? Int] }
        #expect(Set(ends) == [[a, b], [b, c]])
        // Drawn with A → C when implied dependencies are shown, laid out on request as `modgraph serve` does.
        let shown = try #require(try page.layout(key: "focus:\(b):1:both|t1x1i1"))
        let laid = try #require(try JSONSerialization.jsonObject(with: Data(shown.bytes)) as? [String: Any])
        #expect((laid["edges"] as? [[Any]])?.count == 3)
        // A key out of range, malformed or too long names nothing.
        for key in [
            "focus:99:1:both|t1x1i1", "focus:1:1:sideways|t1x1i1", "all|t2x1i1", "collapse:folder:|t1x1i1", "collapse:package:7|t1x1i1",
            "path:1:1:3|t1x1i1", "path:1:2:0|t1x1i1", "all", String(repeating: "a", count: 9_000) + "|t1x1i1", "focus:-1:1:both|t1x1i1",
        ] {
            #expect(try page.layout(key: key) == nil, "\(key.prefix(40))")
        }
    }

    /// Why A depends on C: directly, and through B: two paths, drawn on their own with every step.
    @Test func aPathViewDrawsThePathsAlone() throws {
        let page = try Self.page()
        let data = try Self.data(try Self.html(page))
        let (a, b, c) = (try Self.index("A", in: data), try Self.index("B", in: data), try Self.index("C", in: data))
        let shown = try #require(try page.layout(key: "path:\(a):\(c):10|t1x1i0"))
        let laid = try #require(try JSONSerialization.jsonObject(with: Data(shown.bytes)) as? [String: Any])
        #expect(Set((laid["nodes"] as? [[Int]] ?? []).map { $0[0] }) == [a, b, c])
        let paths = try #require(laid["paths"] as? [String: Any])
        #expect(paths["count"] as? Int == 2 && paths["exact"] as? Bool == true)
        #expect(paths["list"] as? [[Int]] == [[a, c], [a, b, c]])
    }

    /// Hiding a module can make an implied edge necessary: X → Y is implied by X → T → Y
    /// while the test T is shown, and needed once tests are hidden.
    @Test func theReductionFollowsTheToggles() {
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
        let page = ViewerPage(
            title: "t", source: "s", toolVersion: "0", graph: graph, view: GraphView(graph), style: DiagramStyle(), hidesImplied: true,
            layout: nil)
        let layouts = ViewerLayouts(page: page)
        func edges(tests: Bool) -> Set<[Int]> {
            let built = layouts.build(ViewerView(.all, tests: tests, externals: true, implied: false))
            return Set(built.view.digraph.edges.map { [built.refs[$0.from], built.refs[$0.to]] })
        }
        #expect(edges(tests: true) == [[1, 0], [0, 2]])  // X → T → Y; X → Y implied
        #expect(edges(tests: false) == [[1, 2]])  // without T, X → Y is the only way
    }

    /// A workspace of 16 packages of six modules each, each package using its parent in a tree of
    /// three levels below the root: 96 modules side by side do not read in 1400 × 900, 16 packages
    /// in ranks do: the page opens collapsed by package, in ranks, at the scale that fits.
    /// (A chain of packages read only as a force-directed cloud, whose start Graphviz seeds from
    /// state other pictures leave behind: the test failed in 1 of 9 full runs. Ranks are not seeded.)
    @Test func aLargeGraphOpensOnAViewThatReads() throws {
        var packages: [Package] = []
        var targets: [Target] = []
        var edges: [Edge] = []
        for p in 0..<16 {
            let identity = PackageIdentity("package\(p)")
            packages.append(
                Package(identity: identity, name: "Package\(p)", path: "Packages/P\(p)", origin: .local, location: nil, isLoaded: true))
            for t in 0..<6 {
                let id = TargetID(package: identity, name: "Package\(p)Module\(t)")
                targets.append(Target(id: id, type: .regular, path: nil))
                if t > 0 { edges.append(Edge(from: id, to: TargetID(package: identity, name: "Package\(p)Module0"), kind: .target)) }
                if p > 0 {
                    let parent = (p - 1) / 3
                    edges.append(
                        Edge(
                            from: id, to: TargetID(package: PackageIdentity("package\(parent)"), name: "Package\(parent)Module\(t)"),
                            kind: .product))
                }
            }
        }
        let graph = ModuleGraph(packages: packages, targets: targets, products: [], edges: edges)
        let page = ViewerPage(
            title: "t", source: "s", toolVersion: "0", graph: graph, view: GraphView(graph), style: DiagramStyle(), hidesImplied: true,
            layout: nil)
        // The margins that keep this test from depending on luck: the packages in ranks read at
        // well over the readable scale, the modules in ranks at well under it.
        let layouts = ViewerLayouts(page: page)
        let collapsed = try layouts.laidOut(ViewerView(.collapse(.package, open: []), tests: true, externals: true, implied: false))
        #expect(collapsed.ranked && collapsed.scale > 1.2 * page.budget.readableScale)
        let whole = try layouts.laidOut(ViewerView(.all, tests: true, externals: true, implied: false))
        #expect(whole.ranked == false || whole.scale < 0.8 * page.budget.readableScale)
        let data = try Self.data(try Self.html(page))
        #expect(data["first"] as? String == "collapse:package:|t0x0i0")
        #expect(data["firstZoom"] is NSNull)
        // The same graph, served: the page carries its first view only and asks for the rest.
        var live = page
        live.livePath = "/token/"
        let served = try Self.html(live)
        #expect(served.contains("connect-src 'self'"))
        let liveData = try Self.data(served)
        #expect((liveData["views"] as? [String: Any])?.keys.sorted() == ["all|t0x0i0", "collapse:package:|t0x0i0"])
        #expect(liveData["live"] as? String == "/token/")
    }

    /// An app of 13 modules in two packages (the app, ten features, their interfaces and
    /// core), each with a unit and a snapshot test target: 39 nodes, under the size where
    /// tests are hidden by default. With the tests, 26 test targets share a rank, too many
    /// to read in 1400 × 900 either way up; a force-directed cloud fits them but shows no
    /// layering; collapsed by package it is two boxes. The app's own modules alone read,
    /// layered: the page opens on them, its toggles saying tests are off (before, it opened
    /// on the cloud of everything, as on a 39-module app tried as a new user would).
    @Test func aGraphOfManyTestsOpensOnItsOwnModulesLayered() throws {
        let app = PackageIdentity("app")
        let features = PackageIdentity("features")
        let packages = [
            Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
            Package(identity: features, name: "Features", path: "Features", origin: .local, location: nil, isLoaded: true),
        ]
        let names = ["Feed", "Profile", "Search", "Settings", "Checkout", "Cart", "Orders", "Onboarding", "Messages", "Wallet"]
        let own = [(app, "App")] + names.map { (features, $0) } + [(app, "VerticalInterfaces"), (app, "Core")]
        var targets: [Target] = []
        var edges: [Edge] = []
        for (package, name) in own {
            let id = TargetID(package: package, name: name)
            targets.append(Target(id: id, type: .regular, path: nil))
            for kind in ["Unit", "Snapshot"] {
                let test = TargetID(package: package, name: name + kind + "Tests")
                targets.append(Target(id: test, type: .test, path: nil))
                edges.append(Edge(from: test, to: id, kind: .target))
            }
        }
        let interfaces = TargetID(package: app, name: "VerticalInterfaces")
        edges.append(Edge(from: interfaces, to: TargetID(package: app, name: "Core"), kind: .target))
        for feature in names {
            let id = TargetID(package: features, name: feature)
            edges.append(Edge(from: TargetID(package: app, name: "App"), to: id, kind: .product))
            edges.append(Edge(from: id, to: interfaces, kind: .product))
        }
        let graph = ModuleGraph(packages: packages, targets: targets, products: [], edges: edges)
        // Labels read at 1.5× here, not 0.8×: the smallest window such a graph must read in
        // (what makes the graph with its tests too large in ranks without a larger graph).
        var budget = ViewerPage.Budget.standard
        budget.readableScale = 1.5
        let page = ViewerPage(
            title: "t", source: "s", toolVersion: "0", graph: graph, view: GraphView(graph), style: DiagramStyle(), hidesImplied: true,
            layout: nil, budget: budget)
        let data = try Self.data(try Self.html(page))
        let views = try #require(data["views"] as? [String: [String: Any]])
        #expect(data["first"] as? String == "all|t0x0i0", "\(views["all|t1x1i0"]?.filter { $0.key != "nodes" && $0.key != "edges" } ?? [:])")
        #expect(data["firstZoom"] is NSNull)
        #expect(views["all|t0x0i0"]?["engine"] as? String == "dot")
        // The whole graph with its tests was tried first, and is carried for the toggles.
        #expect(views["all|t1x1i0"] != nil)
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
        #expect(!html.contains("<svg"))
        #expect(html.contains("<title>Module graph of &lt;/title&gt;&lt;script&gt;alert(3)&lt;/script&gt;</title>"))
        // The script never writes markup from data.
        #expect(!ViewerScript.source.contains("innerHTML"))
        #expect(!ViewerScript.source.contains("insertAdjacentHTML"))
        #expect(!ViewerScript.source.contains("</script"))
        #expect(!ViewerScript.source.contains("<!--"))
        #expect(!ViewerStyle.source.contains("</style"))
    }

    /// `graph --wiring --format html`: the page carries the run-time wiring by node index, with
    /// each item's kind, label, provider and sites, hostile names as escaped data; an edge whose
    /// module is not on the page is left out; without wiring there is none.
    @Test func thePageCarriesTheWiringAsData() throws {
        var page = try Self.page()
        let p = PackageIdentity("p")
        func id(_ name: String) -> TargetID { TargetID(package: p, name: name) }
        let item = Wiring.Item(
            kind: .builder, label: Self.hostile[0], providedBy: Self.hostile[1],
            need: Wiring.Site(target: id("B"), file: "<B>.swift", line: 3, column: 5),
            wired: Wiring.Site(target: id("A"), file: "App.swift", line: 12, column: 1))
        let unknown = Wiring.Edge(from: id("B"), to: TargetID(package: p, name: "NotInTheGraph"), items: [item])
        page.wiring = Wiring(edges: [Wiring.Edge(from: id("B"), to: id("D"), items: [item]), unknown], modules: [])
        page.showsWiring = false
        let html = try Self.html(page)
        let data = try Self.data(html)
        let wiring = try #require(data["wiring"] as? [String: Any])
        #expect(wiring["shown"] as? Bool == false)
        let edges = try #require(wiring["edges"] as? [[String: Any]])
        #expect(edges.count == 1)
        #expect(edges.first?["from"] as? Int == (try Self.index("B", in: data)))
        #expect(edges.first?["to"] as? Int == (try Self.index("D", in: data)))
        let items = try #require(edges.first?["items"] as? [[String: Any]])
        #expect(items.first?["kind"] as? String == "builder")
        #expect(items.first?["label"] as? String == Self.hostile[0])
        #expect(items.first?["providedBy"] as? String == Self.hostile[1])
        #expect(items.first?["need"] as? String == "B/<B>.swift:3")
        #expect(items.first?["wired"] as? String == "A/App.swift:12")
        // Still the page's two scripts only, and no markup from the labels.
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(!html.contains("<img"))
        #expect(!(try Self.embeddedData(html)).contains("<"))
        #expect(html.contains("id=\"mg-show-wiring\""))
        // A page without wiring says so (no toggle is offered by the script).
        #expect(try Self.data(try Self.html(try Self.page()))["wiring"] is NSNull)
    }

    @Test func nothingIsFetched() throws {
        let html = try Self.html(try Self.page())
        // XML namespaces are names, not addresses anything loads.
        let rest = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
        #expect(!rest.contains("http://") && !rest.contains("https://"))
        #expect(!html.contains("src=\"") && !html.contains("href=") && !html.contains("<link"))
        // The policy allows this script by its hash and nothing from elsewhere.
        let hash = ViewerHash.sha256Base64(Array(ViewerScript.source.utf8))
        #expect(
            html.contains("content=\"default-src 'none'; script-src 'sha256-\(hash)'; style-src 'unsafe-inline'; img-src data:; base-uri"))
        #expect(html.contains("<script>" + ViewerScript.source + "</script>"))
        #expect(!html.contains("connect-src"))
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
        let data = try Self.data(html)
        #expect(data["picture"] as? Bool == false)
        #expect(data["pictureNote"] as? String == "too large")
        #expect((data["nodes"] as? [Any])?.count == Self.graph().targets.count)
        #expect((data["views"] as? [String: Any])?.isEmpty == true)
        #expect(data["first"] is NSNull)
        // Lists show every dependency (A → C too).
        #expect((data["edges"] as? [[String: Any]])?.count == Self.graph().digraph.edgeCount)
    }

    /// The DOT of a view names every node and edge by the view's indices, without a legend, edge by edge.
    @Test func theDOTOfAViewCarriesIndices() throws {
        let page = try Self.page()
        let dot = ViewerPicture.dot(view: page.view, style: page.style, direction: .leftToRight)
        let first = try #require(page.view.digraph.edges.first)
        #expect(dot.contains("id=\"n0\""))
        #expect(dot.contains("id=\"e\(first.from)_\(first.to)\""))
        #expect(dot.contains("rankdir=LR"))
        #expect(!dot.contains("concentrate") && !dot.contains("<TABLE"))
    }
}
