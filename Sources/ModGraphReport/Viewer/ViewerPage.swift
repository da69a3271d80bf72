import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput
import ModGraphPlanning
import ModGraphRules

/// index.html: the interactive viewer of `modgraph report` and of
/// `modgraph graph --format html`, in one self-contained file; and the page
/// `modgraph serve` shows, which asks the server for the views it lacks.
///
/// Every view (the whole graph, a collapsed one, a module's neighbourhood,
/// the paths between two modules) is laid out here, by Graphviz
/// (``ViewerLayouts``); the page embeds the data (``ViewerDocument``) as JSON,
/// the layouts it carries, and a small script and style sheet of its own
/// (``ViewerScript``, ``ViewerStyle``). Nothing is fetched by a static page:
/// it opens from disk and inside a CI artifact, and its Content-Security-
/// Policy forbids every network request and every script but its own, by
/// hash. The same input gives the same bytes.
public struct ViewerPage: Sendable {
    public var title: String
    /// Where the graph came from, as the user named it.
    public var source: String
    public var toolVersion: String
    /// The graph the view was made from (after focus), for the summary and the layers.
    public var graph: ModuleGraph
    /// The page's nodes and every dependency between them (its views are cut from it).
    public var view: GraphView
    /// Layers, cycles, critical path and clustering; violations come from ``check``.
    public var style: DiagramStyle
    public var check: CheckReport?
    public var schedule: ScheduleReport?
    /// Whether the page opens with the transitive reduction on (implied dependencies hidden).
    public var hidesImplied: Bool
    /// The layout engine asked for; nil: dot, sfdp for views above ``Budget/sfdpAbove`` nodes.
    public var layout: GraphvizLayout?
    /// Why no view is drawn (`--no-diagrams`, or a graph too large), said in the
    /// page; nil: drawn. Without a picture, search, panels and the Gantt chart still work.
    public var pictureLeftOut: String?
    /// The view the page opens on when the command asked for one (a collapsed view); nil: chosen (``firstView``).
    public var initial: ViewerView.Kind?
    /// For `modgraph serve`: the page asks the server for the views it lacks, at this path (the token's);
    /// nil: a static page, which carries every view it offers.
    public var livePath: String?
    public var budget: Budget
    /// The run-time wiring between the page's modules (`graph --wiring --format html`), drawn
    /// over the build graph as dashed edges behind a toggle; nil: the page has no such toggle.
    public var wiring: Wiring?
    /// Whether the wiring toggle is on when the page opens.
    public var showsWiring: Bool

    /// How many views a static page carries and what a first view must achieve (docs/report.md has the figures).
    public struct Budget: Sendable {
        /// Views of more nodes are not laid out (Graphviz would take minutes), as for pictures.
        public var nodesPerView: Int
        /// Up to this many nodes a static page carries a focus view of every node (one step both
        /// ways), each collapsed view with each group open, and the whole graph with every
        /// combination of the toggles; above it, those views need `modgraph serve`.
        public var everyViewUpTo: Int
        /// Above this many nodes the page opens without tests and external products.
        public var hideAbove: Int
        /// Views of more nodes are laid out by sfdp instead of dot.
        public var sfdpAbove: Int
        /// The scale, in the reference window (1400 × 900), at which labels are read without
        /// effort (at least 9 px high): a first view that fits the window at this scale or more wins.
        public var readableScale: Double

        public init(nodesPerView: Int, everyViewUpTo: Int, hideAbove: Int, sfdpAbove: Int, readableScale: Double) {
            self.nodesPerView = nodesPerView
            self.everyViewUpTo = everyViewUpTo
            self.hideAbove = hideAbove
            self.sfdpAbove = sfdpAbove
            self.readableScale = readableScale
        }

        public static let standard = Budget(nodesPerView: 2_000, everyViewUpTo: 250, hideAbove: 40, sfdpAbove: 150, readableScale: 0.8)
    }

    public init(
        title: String, source: String, toolVersion: String, graph: ModuleGraph, view: GraphView, style: DiagramStyle,
        check: CheckReport? = nil, schedule: ScheduleReport? = nil, hidesImplied: Bool, layout: GraphvizLayout?,
        pictureLeftOut: String? = nil, initial: ViewerView.Kind? = nil, livePath: String? = nil, budget: Budget = .standard,
        wiring: Wiring? = nil, showsWiring: Bool = true
    ) {
        self.title = title
        self.source = source
        self.toolVersion = toolVersion
        self.graph = graph
        self.view = view
        self.style = style
        self.check = check
        self.schedule = schedule
        self.hidesImplied = hidesImplied
        self.layout = layout
        self.pictureLeftOut = pictureLeftOut
        self.initial = initial
        self.livePath = livePath
        self.budget = budget
        self.wiring = wiring
        self.showsWiring = showsWiring
    }

    /// The toggles a page opens with: tests and external products hidden above
    /// ``Budget/hideAbove`` nodes, implied dependencies as ``hidesImplied`` says.
    func defaults(_ layouts: ViewerLayouts) -> ViewerView {
        let large = view.nodes.count > budget.hideAbove
        return ViewerView(.all, tests: !large, externals: !large, implied: !hidesImplied)
    }

    /// The views a page may open on, in order of preference: the whole graph (with the
    /// default toggles), the whole graph without tests and external products (the app's
    /// own modules and their layering, which is what a reader looks for first; measured on
    /// a 39-module app: by package, the next choice, crossed its edges where this read at
    /// 15-18 px), then collapsed by package, by project folder, by layer, each when it has
    /// two groups or more and fewer nodes than the whole. The page's status line says what
    /// the toggles hide.
    func candidates(_ layouts: ViewerLayouts, defaults: ViewerView) -> [ViewerView] {
        var views = [defaults]
        let showsTestsOrExternals =
            (defaults.tests && layouts.isTest.contains(true)) || (defaults.externals && layouts.isExternal.contains(true))
        if showsTestsOrExternals {
            let own = ViewerView(.all, tests: false, externals: false, implied: defaults.implied)
            if layouts.build(own).view.nodes.count >= 2 { views.append(own) }
        }
        let whole = layouts.build(defaults).view.nodes.count
        for kind in Grouping.Kind.allCases where layouts.groupings[kind] != nil {
            let collapsed = ViewerView(
                .collapse(kind, open: []), tests: defaults.tests, externals: defaults.externals, implied: defaults.implied)
            let nodes = layouts.build(collapsed).view.nodes.count
            if nodes >= 2, nodes < whole { views.append(collapsed) }
        }
        return views
    }

    /// The first view: the first candidate whose labels are readable when it fits the
    /// reference window in ranks; else the first readable only as a force-directed cloud;
    /// else the one that fits best, opened at a readable zoom (the page says so). Laid out
    /// candidates are kept for the page.
    func firstView(
        _ layouts: ViewerLayouts, defaults: ViewerView, into views: inout [(String, ViewerLayouts.Layout)]
    ) throws(GraphvizError) -> (view: ViewerView, zoom: Double?) {
        if let initial {
            let view = ViewerView(initial, tests: defaults.tests, externals: defaults.externals, implied: defaults.implied)
            if layouts.build(view).view.nodes.count <= budget.nodesPerView {
                let laid = try layouts.laidOut(view)
                views.append((view.key, laid))
                return (view, laid.scale < budget.readableScale ? budget.readableScale : nil)
            }
        }
        var best: (view: ViewerView, scale: Double)?
        var cloud: ViewerView?
        for candidate in candidates(layouts, defaults: defaults) {
            let built = layouts.build(candidate).view
            // Too many labels for the window: no need to lay it out to know (unless nothing else is left).
            guard built.nodes.count <= budget.nodesPerView else { continue }
            if ViewerLayouts.scaleBound(built) < budget.readableScale, best != nil || cloud != nil { continue }
            let laid = try layouts.laidOut(candidate)
            views.append((candidate.key, laid))
            if laid.scale >= budget.readableScale {
                if laid.ranked || layouts.layout != nil { return (candidate, nil) }
                cloud = cloud ?? candidate
                continue
            }
            if best == nil || laid.scale > (best?.scale ?? 0) { best = (candidate, laid.scale) }
        }
        if let cloud { return (cloud, nil) }
        guard let best else { return (defaults, nil) }
        return (best.view, budget.readableScale)
    }

    /// The views a static page carries beside its first: the whole graph and each collapsed view
    /// with the default toggles; up to ``Budget/everyViewUpTo`` nodes, also a focus view of every
    /// node, each collapsed view with each group open, and the whole graph with every toggle.
    func staticViews(_ layouts: ViewerLayouts, defaults: ViewerView) -> [ViewerView] {
        var specs: [ViewerView] = [defaults]
        func with(_ kind: ViewerView.Kind) -> ViewerView {
            ViewerView(kind, tests: defaults.tests, externals: defaults.externals, implied: defaults.implied)
        }
        for kind in Grouping.Kind.allCases where layouts.groupings[kind] != nil { specs.append(with(.collapse(kind, open: []))) }
        guard view.nodes.count <= budget.everyViewUpTo else { return specs }
        let hasTests = layouts.isTest.contains(true)
        let hasExternals = layouts.isExternal.contains(true)
        for tests in [true, false] where tests || hasTests {
            for externals in [true, false] where externals || hasExternals {
                for implied in [true, false] { specs.append(ViewerView(.all, tests: tests, externals: externals, implied: implied)) }
            }
        }
        for kind in Grouping.Kind.allCases {
            guard let grouping = layouts.groupings[kind] else { continue }
            let members = grouping.members
            for group in grouping.groups.indices where members[group].count > 1 { specs.append(with(.collapse(kind, open: [group]))) }
        }
        for node in view.nodes.indices { specs.append(with(.focus(node: node, depth: 1, direction: .both))) }
        return specs
    }

    /// The page, with the warnings Graphviz gave while laying it out.
    public func render() throws(GraphvizError) -> (bytes: [UInt8], warnings: [String]) {
        let layouts = ViewerLayouts(page: self)
        let defaults = self.defaults(layouts)
        var views: [(String, ViewerLayouts.Layout)] = []
        var first: (view: ViewerView, zoom: Double?)?
        if pictureLeftOut == nil {
            first = try firstView(layouts, defaults: defaults, into: &views)
            if livePath == nil {
                var done = Set(views.map(\.0))
                for spec in staticViews(layouts, defaults: defaults) where !done.contains(spec.key) {
                    done.insert(spec.key)
                    // A view with nothing to show, or too large to lay out, is not carried.
                    let nodes = layouts.build(spec).view.nodes.count
                    guard nodes > 0, nodes <= budget.nodesPerView else { continue }
                    views.append((spec.key, try layouts.laidOut(spec)))
                }
            }
        }
        let data = ViewerDocument.json(
            for: self, layouts: layouts, defaults: defaults, first: first, views: views.map { ($0.0, $0.1.json) },
            pictureNote: pictureLeftOut)
        return (html(data: data), views.flatMap(\.1.warnings))
    }

    /// One view's layout, as `modgraph serve` answers a page's request: nil when
    /// the key names no view of this page or one too large to lay out.
    public func layout(key: String) throws(GraphvizError) -> (bytes: [UInt8], warnings: [String])? {
        let layouts = ViewerLayouts(page: self)
        guard pictureLeftOut == nil, let spec = ViewerView(key: key, nodeCount: view.nodes.count, groupCounts: layouts.groupCounts),
            layouts.build(spec).view.nodes.count <= budget.nodesPerView
        else { return nil }
        let laid = try layouts.laidOut(spec)
        return (laid.json.serializedBytes(layout: .script), laid.warnings)
    }

    /// The policy: nothing from anywhere, this page's script by its hash, its inline styles;
    /// a served page may also ask its own server (and nothing else) for views.
    static func contentSecurityPolicy(live: Bool) -> String {
        "default-src 'none'; script-src 'sha256-\(ViewerHash.sha256Base64(Array(ViewerScript.source.utf8)))'; "
            + "style-src 'unsafe-inline'; img-src data:; \(live ? "connect-src 'self'; " : "")base-uri 'none'; form-action 'none'"
    }

    private func html(data: JSONValue) -> [UInt8] {
        let title = Escape.html(title, limit: Escape.messageLimit)
        let head = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy(live: livePath != nil))">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <meta name="generator" content="modgraph \(Escape.html(toolVersion))">
            <title>\(title)</title>
            <style>
            \(ViewerStyle.source)</style>
            </head>
            <body>
            <header id="mg-header">
            <div id="mg-title"><h1>\(title)</h1><span id="mg-source">\(Escape.html(source, limit: Escape.messageLimit))</span></div>
            <nav id="mg-tabs" role="tablist">
            <button type="button" role="tab" data-tab="graph" class="active">Graph</button>
            <button type="button" role="tab" data-tab="schedule" id="mg-tab-schedule">Schedule</button>
            <button type="button" role="tab" data-tab="summary">Summary</button>
            </nav>
            </header>
            <main id="mg-main">
            <section id="mg-pane-graph" class="mg-pane active">
            <aside id="mg-side">
            <div class="mg-block">
            <input id="mg-search" type="search" placeholder="Search modules  ( / )" autocomplete="off" spellcheck="false" aria-label="Search modules">
            <ul id="mg-results" class="mg-list" hidden></ul>
            </div>
            <div class="mg-block" id="mg-selection" hidden></div>
            <div class="mg-block" id="mg-views-block">
            <h2>Views</h2>
            <div id="mg-modes" class="mg-modes">
            <button type="button" data-mode="all">All modules</button>
            <button type="button" data-mode="package">By package</button>
            <button type="button" data-mode="project">By project</button>
            <button type="button" data-mode="layer">By layer</button>
            </div>
            <div class="mg-row"><label for="mg-depth">Focus depth</label>
            <select id="mg-depth"><option value="1" selected>1</option><option value="2">2</option><option value="3">3</option><option value="0">all</option></select></div>
            <div class="mg-row"><label for="mg-direction">Focus shows</label>
            <select id="mg-direction"><option value="both" selected>uses and used by</option><option value="down">what it uses</option><option value="up">what uses it</option></select></div>
            <label class="mg-toggle"><input type="checkbox" id="mg-show-tests"> Tests</label>
            <label class="mg-toggle"><input type="checkbox" id="mg-show-externals"> External products</label>
            <label class="mg-toggle"><input type="checkbox" id="mg-show-implied"> Implied dependencies</label>
            <label class="mg-toggle" id="mg-wiring-toggle" hidden title="What the modules use of one another at run time, read from their sources (docs/wiring.md): not build dependencies"><input type="checkbox" id="mg-show-wiring"> Wiring (run time, dashed)</label>
            <label class="mg-toggle" id="mg-violations-toggle" hidden><input type="checkbox" id="mg-show-violations" checked> Violations in red</label>
            <button type="button" id="mg-critical" class="mg-button" hidden>Critical path</button>
            </div>
            <div class="mg-block" id="mg-why-block">
            <h2>Why does one depend on another?</h2>
            <input id="mg-path-from" type="search" placeholder="From (a module)" autocomplete="off" spellcheck="false" aria-label="Path from">
            <input id="mg-path-to" type="search" placeholder="To (a module it uses)" autocomplete="off" spellcheck="false" aria-label="Path to">
            <ul id="mg-path-choices" class="mg-list" hidden></ul>
            <button type="button" id="mg-path-go" class="mg-button mg-plain">Show the paths</button>
            <div id="mg-path-result"></div>
            </div>
            <div class="mg-block" id="mg-legend" hidden><h2>Layers</h2><ul id="mg-layers" class="mg-list"></ul></div>
            <div class="mg-block mg-grow" id="mg-findings-block" hidden><h2 id="mg-findings-title">Findings</h2><ul id="mg-findings" class="mg-list"></ul></div>
            </aside>
            <div id="mg-stage">
            <div id="mg-bar"><button type="button" id="mg-back" title="Back to the previous view (Backspace)" hidden>\u{2190} Back</button><span id="mg-where"></span></div>
            <div id="mg-canvas"></div>
            <div id="mg-note" hidden></div>
            <div id="mg-zoom"><button type="button" id="mg-zoom-in" title="Zoom in (+)">+</button><button type="button" id="mg-zoom-out" title="Zoom out (-)">\u{2212}</button><button type="button" id="mg-fit" title="Fit to screen (f)">Fit</button></div>
            <div id="mg-status"></div>
            </div>
            </section>
            <section id="mg-pane-schedule" class="mg-pane"><div id="mg-gantt-head"></div>
            <div id="mg-gantt-tools"><button type="button" id="mg-gantt-in" title="Zoom in">+</button><button type="button" id="mg-gantt-out" title="Zoom out">\u{2212}</button><button type="button" id="mg-gantt-fit" title="Fit the window">Fit</button><label class="mg-toggle"><input type="checkbox" id="mg-gantt-critical"> Critical path only</label></div>
            <div id="mg-gantt-axis"></div><div id="mg-gantt"></div><div id="mg-gantt-path"></div></section>
            <section id="mg-pane-summary" class="mg-pane"><div id="mg-summary"></div></section>
            </main>
            <div id="mg-tip" hidden></div>
            <script type="application/json" id="mg-data">
            """
        // The data is written straight after the markup, into the page's one buffer.
        var bytes = Escape.scriptJSON(data, after: Array(head.utf8))
        bytes += Array("</script>\n<script>".utf8)
        bytes += Array(ViewerScript.source.utf8)
        bytes += Array("</script>\n</body>\n</html>\n".utf8)
        return bytes
    }
}
