import Foundation
import ModGraphTestSupport
import Testing
import ModGraphOutput
import ModGraphCore
@testable import ModGraphDiagrams
@testable import ModGraphPlanning
@testable import ModGraphReport

/// Graph for the emphasis tests, small enough to check by hand:
///
///     App → Feature → Core        App → Core (shortcut)
///     Feature → Helper → Feature  (a cycle)
enum EmphasisFixture {
    static let package = PackageIdentity("demo")
    static func id(_ name: String) -> TargetID { TargetID(package: package, name: name) }
    static let app = id("App"), feature = id("Feature"), core = id("Core"), helper = id("Helper")

    static func graph(withCycle: Bool) -> ModuleGraph {
        var edges = [
            Edge(from: app, to: feature, kind: .target), Edge(from: feature, to: core, kind: .target),
            Edge(from: app, to: core, kind: .target), Edge(from: helper, to: core, kind: .target),
        ]
        if withCycle {
            edges += [Edge(from: feature, to: helper, kind: .target), Edge(from: helper, to: feature, kind: .target)]
        }
        return ModuleGraph(
            packages: [Package(identity: package, name: "Demo", path: ".", origin: .root, location: nil, isLoaded: true)],
            targets: [
                Target(id: app, type: .executable, path: nil), Target(id: feature, type: .regular, path: nil),
                Target(id: core, type: .regular, path: nil), Target(id: helper, type: .regular, path: nil),
            ],
            products: [], edges: edges
        )
    }
}

@Suite("Diagram emphasis")
struct DiagramEmphasisTests {
    @Test func theLongestChainIsBoldWhenThereIsNoCycle() {
        // Depths: Core 1, Feature 2, Helper 2, App 3: App → Feature → Core.
        let graph = EmphasisFixture.graph(withCycle: false)
        let style = DiagramStyle.highlights(of: graph)
        #expect(style.criticalPath == [EmphasisFixture.app, EmphasisFixture.feature, EmphasisFixture.core])
        #expect(style.cycles.isEmpty)
        let dot = DOTWriter(style: style).render(graph)
        #expect(dot.contains(##""demo/App" -> "demo/Feature" [color="#102a43", penwidth=2.2"##))
        #expect(dot.contains(##""demo/App" -> "demo/Core";"##))  // not on the chain: plain
        #expect(dot.contains("<TD ALIGN=\"LEFT\">longest chain, 3 targets</TD>"))
    }

    @Test func cyclesAreRedAndReplaceTheChain() {
        let graph = EmphasisFixture.graph(withCycle: true)
        let style = DiagramStyle.highlights(of: graph)
        // Vertices: App 0, Core 1, Feature 2, Helper 3; the cycle walk starts at its smallest member.
        #expect(style.cycles == [[EmphasisFixture.feature, EmphasisFixture.helper, EmphasisFixture.feature]])
        #expect(style.criticalPath.isEmpty)
        let dot = DOTWriter(style: style).render(graph)
        #expect(dot.contains(##""demo/Feature" -> "demo/Helper" [color="#c62828""##))
        #expect(dot.contains(##""demo/Helper" -> "demo/Feature" [color="#c62828""##))
        #expect(dot.contains("<TD ALIGN=\"LEFT\">1 dependency cycle</TD>"))
        let mermaid = MermaidWriter(style: style).render(graph)
        #expect(mermaid.contains("n2 ==> n3") && mermaid.contains("n3 ==> n2"))
    }

    @Test func violationsAndLayersFromACheckAreDrawn() {
        let graph = EmphasisFixture.graph(withCycle: false)
        let style = DiagramStyle(
            clustering: .layer,
            layers: [
                EmphasisFixture.core: .init(name: "core", order: 0), EmphasisFixture.feature: .init(name: "features", order: 1),
                EmphasisFixture.helper: .init(name: "features", order: 1),
            ],
            violations: [.init(targets: [EmphasisFixture.app, EmphasisFixture.core], note: "app must not use core directly")]
        )
        let dot = DOTWriter(style: style).render(graph)
        #expect(dot.contains(##""demo/App" -> "demo/Core" [color="#c62828", penwidth=2.5, tooltip="app must not use core directly"]"##))
        #expect(dot.contains(##"subgraph "cluster_layer_0_core""##))
        #expect(dot.contains(##"subgraph "cluster_layer_1_features""##))
        // Layer colours: core is the first of the palette, features the second; App has no layer and is grey.
        #expect(dot.contains(##""demo/Core" [label="Core", fillcolor="#e6eef9""##))
        #expect(dot.contains(##""demo/Feature" [label="Feature", fillcolor="#e3f2ec""##))
        #expect(dot.contains(##""demo/App" [label="App", fillcolor="#eeeeee""##))
        #expect(dot.contains("<TD ALIGN=\"LEFT\">1 rule violation</TD>"))
        // The legend names the layers, top first, beside their colours.
        #expect(
            dot.contains(
                ##"<TD BGCOLOR="#e3f2ec" COLOR="#2f7d5b" BORDER="1" WIDTH="28"></TD><TD ALIGN="LEFT">layer features</TD></TR><TR><TD BGCOLOR="#e6eef9""##
            ))
    }

    /// An undeclared import is an edge the graph lacks: drawn dashed from the
    /// importer to the imported module, without painting the edges between them
    /// and without moving the layout's ranks.
    @Test func anUndeclaredImportIsAMissingEdgeNotAPaintedPath() throws {
        let graph = EmphasisFixture.graph(withCycle: false)
        // Helper imports Feature, reached through nothing it declares; App imports Core through Feature.
        let style = DiagramStyle(missing: [
            .init(targets: [EmphasisFixture.helper, EmphasisFixture.feature], note: "undeclared-import: Helper imports Feature"),
            .init(
                targets: [EmphasisFixture.app, EmphasisFixture.feature, EmphasisFixture.core], note: "undeclared-import: App imports Core"),
        ])
        let dot = DOTWriter(style: style).render(graph)
        #expect(
            dot.contains(
                ##""demo/Helper" -> "demo/Feature" [style=dashed, color="#d9480f", penwidth=1.6, arrowhead=empty, constraint=false, tooltip="undeclared-import: Helper imports Feature"];"##
            ))
        #expect(dot.contains(##""demo/App" -> "demo/Core" [style=dashed, color="#d9480f""##))
        // The declared edges the second import travels stay plain.
        #expect(dot.contains(##""demo/App" -> "demo/Feature";"##))
        #expect(dot.contains(##""demo/Feature" -> "demo/Core";"##))
        #expect(!dot.contains("#c62828"))
        #expect(dot.contains("missing: 2 imports of a module not declared"))
        _ = try GraphvizRenderer().render(dot: dot, layout: .dot, format: .svg)
        let mermaid = MermaidWriter(style: style).render(graph)
        #expect(mermaid.contains("  n3 -.-> n2\n"))
        #expect(mermaid.contains("linkStyle 4,5 stroke:#d9480f"))
    }

    @Test func anUnusedDependencyIsGreyAndDotted() {
        let graph = EmphasisFixture.graph(withCycle: false)
        let style = DiagramStyle(unused: [
            .init(targets: [EmphasisFixture.helper, EmphasisFixture.core], note: "unused-dependency: Helper declares Core")
        ])
        let dot = DOTWriter(style: style).render(graph)
        #expect(
            dot.contains(
                ##""demo/Helper" -> "demo/Core" [style=dotted, color="#9aa5b1", penwidth=1.4, tooltip="unused-dependency: Helper declares Core"]"##
            ))
        #expect(dot.contains("unused: 1 declared dependency never imported"))
        // Kept by the reduction, like every highlighted edge.
        #expect(style.highlightedEdges(in: GraphView(graph)).contains(GraphView.EdgeKey(from: 3, to: 1)))
    }

    /// Above the limit nothing is painted: each module with findings shows
    /// its count, its name escaped as the XML of an HTML-like label.
    @Test func manyFindingsAreCountedPerModule() throws {
        let graph = EmphasisFixture.graph(withCycle: false)
        let style = DiagramStyle(findingCounts: [EmphasisFixture.app: 3, EmphasisFixture.helper: 1])
        let dot = DOTWriter(style: style).render(graph)
        #expect(dot.contains(##""demo/App" [label=<App<BR/><FONT COLOR="#c62828" POINT-SIZE="9">3 findings</FONT>>"##))
        #expect(dot.contains(##"<FONT COLOR="#c62828" POINT-SIZE="9">1 finding</FONT>>"##))
        #expect(dot.contains("findings per module: 4, too many to draw one by one"))
        _ = try GraphvizRenderer().render(dot: dot, layout: .dot, format: .svg)
    }

    /// Layer names and notes in the legend are data: an HTML-like label cannot be closed by one.
    @Test func theLegendEscapesLayerNames() throws {
        let graph = EmphasisFixture.graph(withCycle: false)
        let hostile = "x</TD></TR></TABLE>><b>&'\"]; evil"
        let style = DiagramStyle(layers: [EmphasisFixture.core: .init(name: hostile, order: 0)])
        let dot = DOTWriter(style: style).render(graph)
        #expect(dot.contains("layer x&lt;/TD&gt;&lt;/TR&gt;&lt;/TABLE&gt;&gt;&lt;b&gt;&amp;&apos;&quot;]; evil</TD>"))
        let svg = String(decoding: try GraphvizRenderer().render(dot: dot, layout: .dot, format: .svg).bytes, as: UTF8.self)
        #expect(svg.contains("layer x&lt;/TD&gt;&lt;/TR&gt;&lt;/TABLE&gt;&gt;&lt;b&gt;&amp;&#39;&quot;]; evil"))
    }

    @Test func reductionKeepsHighlightedEdges() {
        // App → Core is implied by App → Feature → Core, but a violation runs along it.
        let graph = EmphasisFixture.graph(withCycle: false)
        let view = GraphView(graph)
        let style = DiagramStyle(violations: [.init(targets: [EmphasisFixture.app, EmphasisFixture.core], note: "x")])
        #expect(!view.transitivelyReduced().digraph.hasEdge(from: 0, to: 1))
        #expect(view.transitivelyReduced(keeping: style.highlightedEdges(in: view)).digraph.hasEdge(from: 0, to: 1))
    }
}

@Suite("Mermaid output")
struct MermaidTests {
    @Test func awkwardNamesGolden() throws {
        try expectGolden(MermaidWriter().render(Fixtures.awkwardGraph()), "awkward.mmd")
    }

    @Test func productAndPackageLevelsGolden() throws {
        let graph = Fixtures.twoPackages()
        try expectGolden(MermaidWriter().render(GraphView(graph, level: .product)), "two-packages-products.mmd")
        try expectGolden(DOTWriter().render(GraphView(graph, level: .package)), "two-packages-packages.dot")
    }

    /// Nothing a name holds can leave its quotes: every line is a known statement.
    @Test func everyLineIsAStatementMermaidKnows() {
        let text = MermaidWriter(style: DiagramStyle.highlights(of: Fixtures.awkwardGraph())).render(Fixtures.awkwardGraph())
        let statement =
            /^(flowchart TB|  subgraph p\d+\["[^"]*"\]|  end|\s+n\d+(\("[^"]*"\)|\["[^"]*"\]|\[\["[^"]*"\]\])|  n\d+ (-->|-\.->|==>) n\d+|  classDef \w+ .*|  class [n\d,]+ \w+|  style n\d+ .*|  linkStyle [\d,]+ .*)$/
        for line in text.split(separator: "\n") {
            #expect(line.wholeMatch(of: statement) != nil, "unexpected line: \(line)")
        }
    }
}

@Suite("DOT golden files")
struct DOTGoldenTests {
    @Test func awkwardNamesGolden() throws {
        let graph = Fixtures.awkwardGraph()
        try expectGolden(DOTWriter(style: DiagramStyle.highlights(of: graph)).render(graph), "awkward.dot")
    }
}

@Suite("Diagram size")
struct DiagramSizeTests {
    /// 30 modules all using one hub: depths are Hub 1 and every L 2, so one
    /// rank holds 30 nodes, more than 24: at least ceil(30 / 24) = 2 rows.
    /// The estimate then folds it further: each 3-letter node is 3 × 6.2 + 35
    /// = 53.6 pt wide, the rank 1,608 pt; with 2 rows the drawing is 3 ranks
    /// (192 pt) high and 804 pt wide, over 2.5:1; with 3 rows, 4 ranks (256 pt)
    /// and 536 pt, within it. Vertices sort as Hub 0, L00 1 … L29 30; the
    /// rank's k-th node is lifted k mod 3 ranks by its outgoing edge.
    @Test func aCrowdedRankIsStaggered() {
        let package = PackageIdentity("t")
        let hub = TargetID(package: package, name: "Hub")
        let leaves = (0..<30).map { TargetID(package: package, name: ($0 < 10 ? "L0" : "L") + String($0)) }
        let graph = ModuleGraph(
            packages: [], targets: ([hub] + leaves).map { Target(id: $0, type: .regular, path: nil) },
            products: [], edges: leaves.map { Edge(from: $0, to: hub, kind: .target) })
        let dot = DOTWriter().render(graph)
        #expect(dot.contains(#""t/L00" -> "t/Hub";"#))
        #expect(dot.contains(#""t/L01" -> "t/Hub" [minlen=2];"#))
        #expect(dot.contains(#""t/L02" -> "t/Hub" [minlen=3];"#))
        #expect(dot.contains(#""t/L28" -> "t/Hub" [minlen=2];"#))
        #expect(dot.contains(#""t/L29" -> "t/Hub" [minlen=3];"#))
        #expect(dot.split(separator: "\n").filter { $0.contains("minlen=2") }.count == 10)
        #expect(dot.split(separator: "\n").filter { $0.contains("minlen=3") }.count == 10)
        #expect(dot.contains("rankdir=TB"))
        #expect(dot.contains("mclimit=0.3"))
        #expect(!dot.contains("concentrate"))  // 31 nodes: not a large view
    }

    /// 30 apps with one dependency each, in 30 packages: a box per package
    /// side by side. Top to bottom the boxes cannot fold into rows (staggering
    /// lifts an app, and its box only grows taller), so the picture is measured
    /// and turned: left to right it is nearer square, though still 6:1 (the
    /// limit docs/diagrams.md states: boxes are stacked, never folded).
    @Test func aShallowGraphOfManyBoxesIsTurned() throws {
        var targets: [Target] = []
        var edges: [Edge] = []
        var packages: [Package] = []
        for index in 0..<30 {
            let identity = PackageIdentity("package\(index)")
            packages.append(
                Package(identity: identity, name: "Package\(index)", path: "p\(index)", origin: .root, location: nil, isLoaded: true))
            // A name is data: one spelling the attribute the direction is written with changes nothing.
            let app = TargetID(package: identity, name: index == 0 ? "rankdir=LR" : "FeatureApplication\(index)")
            let library = TargetID(package: identity, name: "FeatureLibrary\(index)")
            targets += [Target(id: app, type: .regular, path: nil), Target(id: library, type: .regular, path: nil)]
            edges.append(Edge(from: app, to: library, kind: .target))
        }
        let view = GraphView(ModuleGraph(packages: packages, targets: targets, products: [], edges: edges))
        let topToBottom = try GraphvizRenderer().size(of: DOTWriter(style: DiagramStyle(direction: .topToBottom)).render(view))
        #expect(topToBottom.width > 3 * topToBottom.height)
        let fitted = try FittedLayout.dot(for: view, style: DiagramStyle(), layout: .dot)
        #expect(fitted.contains("rankdir=LR"))
        let size = try GraphvizRenderer().size(of: fitted)
        #expect(FittedLayout.skew(size) < FittedLayout.skew(topToBottom))
    }

    @Test func smallRanksAreLeftAlone() {
        let dot = DOTWriter().render(EmphasisFixture.graph(withCycle: true))
        #expect(!dot.contains("minlen"))
        #expect(!dot.contains("mclimit"))
    }
}
