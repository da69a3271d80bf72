import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput
import ModGraphPlanning
import ModGraphRules

/// index.html: the interactive viewer of `modgraph report` and of
/// `modgraph graph --format html`, in one self-contained file.
///
/// The graph is laid out once, here, by Graphviz; the page embeds the SVG,
/// the data (``ViewerDocument``) as JSON, and a small script and style sheet
/// of its own (``ViewerScript``, ``ViewerStyle``). Nothing is fetched: the
/// file opens from disk and inside a CI artifact, and its Content-Security-
/// Policy forbids every network request and every script but its own, by hash.
/// The same input gives the same bytes.
public struct ViewerPage: Sendable {
    public var title: String
    /// Where the graph came from, as the user named it.
    public var source: String
    public var toolVersion: String
    /// The graph the view was made from (after focus), for the summary and the layers.
    public var graph: ModuleGraph
    /// What the page draws: every edge, implied ones included (``hidesImplied`` hides them).
    public var view: GraphView
    /// Layers, cycles, critical path and clustering; violations come from ``check``.
    public var style: DiagramStyle
    public var check: CheckReport?
    public var schedule: ScheduleReport?
    /// Whether the page opens with the transitive reduction on (implied dependencies hidden).
    public var hidesImplied: Bool
    public var layout: GraphvizLayout
    /// Why the graph is not drawn (too large, or `--no-diagrams`), said in the
    /// page; nil: drawn. Without a picture, search, panels and the Gantt chart still work.
    public var pictureLeftOut: String?

    public init(
        title: String, source: String, toolVersion: String, graph: ModuleGraph, view: GraphView, style: DiagramStyle,
        check: CheckReport? = nil, schedule: ScheduleReport? = nil, hidesImplied: Bool, layout: GraphvizLayout,
        pictureLeftOut: String? = nil
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
    }

    /// The page, with the warnings Graphviz gave while laying it out.
    public func render() throws(GraphvizError) -> (bytes: [UInt8], warnings: [String]) {
        var svg = ""
        var warnings: [String] = []
        if pictureLeftOut == nil {
            let image = try GraphvizRenderer().render(dot: ViewerPicture.dot(for: self), layout: layout, format: .svg)
            svg = ViewerPicture.embeddable(image.bytes)
            warnings = image.warnings
        }
        let data = ViewerDocument.json(for: self, edges: ViewerEdges(view: view, drawn: pictureLeftOut == nil), pictureNote: pictureLeftOut)
        return (html(svg: svg, data: data), warnings)
    }

    /// The policy: nothing from anywhere, this page's script by its hash, its inline styles.
    static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'sha256-\(ViewerHash.sha256Base64(Array(ViewerScript.source.utf8)))'; "
            + "style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
    }

    private func html(svg: String, data: JSONValue) -> [UInt8] {
        let title = Escape.html(title, limit: Escape.messageLimit)
        var head = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
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
            <div class="mg-block">
            <h2>View</h2>
            <label class="mg-toggle"><input type="checkbox" id="mg-show-tests" checked> Tests</label>
            <label class="mg-toggle"><input type="checkbox" id="mg-show-externals" checked> External products</label>
            <label class="mg-toggle"><input type="checkbox" id="mg-show-implied"> Implied dependencies</label>
            <label class="mg-toggle" id="mg-violations-toggle" hidden><input type="checkbox" id="mg-show-violations" checked> Violations in red</label>
            <div class="mg-row"><label for="mg-depth">Highlight depth</label>
            <select id="mg-depth"><option value="1">1</option><option value="2">2</option><option value="3">3</option><option value="0" selected>all</option></select></div>
            <button type="button" id="mg-critical" class="mg-button" hidden>Critical path</button>
            </div>
            <div class="mg-block" id="mg-legend" hidden><h2>Layers</h2><ul id="mg-layers" class="mg-list"></ul></div>
            <div class="mg-block mg-grow" id="mg-findings-block" hidden><h2 id="mg-findings-title">Findings</h2><ul id="mg-findings" class="mg-list"></ul></div>
            </aside>
            <div id="mg-stage">
            <div id="mg-canvas">
            """
        head += svg
        head += """
            </div>
            <div id="mg-note" hidden></div>
            <div id="mg-zoom"><button type="button" id="mg-zoom-in" title="Zoom in (+)">+</button><button type="button" id="mg-zoom-out" title="Zoom out (-)">\u{2212}</button><button type="button" id="mg-fit" title="Fit to screen (f)">Fit</button></div>
            <div id="mg-status"></div>
            </div>
            </section>
            <section id="mg-pane-schedule" class="mg-pane"><div id="mg-gantt-head"></div><div id="mg-gantt"></div></section>
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
