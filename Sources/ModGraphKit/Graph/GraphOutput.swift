import Foundation
import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput
import ModGraphReport
import ModGraphRules

/// The formats of `modgraph graph`.
public enum GraphFormat: String, CaseIterable, Sendable {
    case text, json, dot, mermaid, svg, png, pdf
    /// The interactive viewer, one self-contained page (docs/report.md).
    case html

    /// The picture format Graphviz draws, for svg, png and pdf.
    public var image: ImageFormat? { ImageFormat(rawValue: rawValue) }
}

/// `modgraph graph` as a use case: the selected part of a graph in one format.
public enum GraphOutput {
    /// The layers of a diagram, asked for only by formats that colour nodes;
    /// a configuration that cannot be read throws its one-line error.
    public typealias LayerSource = () throws(ConfigError) -> [TargetID: DiagramStyle.Layer]

    /// The bytes of `graph` (already loaded and filtered) as `format`, with
    /// `selection`'s view; Graphviz's warnings go to `warnings`. `layers`
    /// colours a diagram's nodes (and boxes them with `--cluster layer`). `title` and
    /// `source` name the graph in the html page; `wiring` (html only) adds the run-time
    /// wiring to the page, drawn dashed over the build graph behind a toggle that opens on.
    public static func render(
        _ graph: ModuleGraph, as format: GraphFormat, selection: GraphSelection = GraphSelection(),
        layout: GraphvizLayout? = nil, layers: LayerSource = { [:] },
        title: String = "graph", source: String = "", wiring: Wiring? = nil,
        warnings: (String) -> Void = { _ in }
    ) throws(CommandError) -> FileContent {
        switch format {
        case .text, .json:
            // Text and JSON draw no layers: --cluster layer has none to box. Only --collapse layer reads them.
            if selection.cluster == .layer { throw noLayers }
            let focused = try selection.focused(graph)
            let coarse = selection.level != .target || selection.collapse != nil
            let layers = selection.collapse == .layer ? try assigned(layers, cluster: nil) : [:]
            switch format {
            case .text where coarse: return .text(ViewText.render(try selection.coarseView(of: focused, layers: layers)))
            case .json where coarse: return .text(ViewText.json(try selection.coarseView(of: focused, layers: layers), of: focused))
            case .text: return .bytes(GraphText.bytes(try selection.textual(focused)))
            default:
                let document = GraphJSON.document(for: try selection.textual(focused))
                return .streamed { write in document.serialize(draining: write) }
            }
        case .html:
            let layers = try assigned(layers, cluster: selection.cluster)
            return .bytes(
                try viewer(
                    of: try selection.focused(graph), selection: selection, layout: layout, layers: layers, title: title, source: source,
                    wiring: wiring, warnings: warnings))
        case .mermaid, .dot, .svg, .png, .pdf:
            let (diagram, style) = try diagram(of: graph, selection: selection, layers: layers)
            if format == .mermaid { return .text(MermaidWriter(style: style).render(diagram)) }
            if format.image != nil, let refusal = DiagramDefaults.pictureRefusal(nodes: diagram.nodes.count, what: "the view") {
                throw CommandError(
                    "--format \(format.rawValue): \(refusal); narrow it with --focus or --level package, or write --format dot")
            }
            guard let image = format.image else { return .text(DOTWriter(style: style).render(diagram)) }
            let layout = layout ?? DiagramDefaults.layout(nodeCount: diagram.nodes.count)
            let dot: String
            do {
                dot = try FittedLayout.dot(for: diagram, style: style, layout: layout)
            } catch {
                throw CommandError(error.description)
            }
            return .bytes(try draw(dot, layout: layout, format: image, warnings: warnings))
        }
    }

    private static let noLayers = CommandError(
        "--cluster layer needs the layers of a .modgraph.yml: none was found from the package folder up; pass --config")

    /// The layers `source` gives, or why they cannot be used.
    private static func assigned(
        _ source: LayerSource, cluster: DiagramStyle.Clustering?
    ) throws(CommandError) -> [TargetID: DiagramStyle.Layer] {
        let layers: [TargetID: DiagramStyle.Layer]
        do {
            layers = try source()
        } catch {
            throw CommandError(error.description)
        }
        if cluster == .layer, layers.isEmpty { throw noLayers }
        return layers
    }

    /// The selection's diagram of `graph`, with its layers. A layer error
    /// comes first, then a selection's.
    private static func diagram(
        of graph: ModuleGraph, selection: GraphSelection, layers source: LayerSource
    ) throws(CommandError) -> (view: GraphView, style: DiagramStyle) {
        let layers = try assigned(source, cluster: selection.cluster)
        return try selection.diagram(of: try selection.focused(graph), layers: layers)
    }

    /// The viewer of `graph` (already focused): its views laid out as
    /// ``DiagramDefaults/viewer`` allows, opening on the selection's collapsed view when
    /// it asks for one, else on the first view that reads at 1400 × 900 (docs/report.md);
    /// implied dependencies hidden at first when the selection reduces (by default above
    /// ``DiagramDefaults/reduceAbove`` nodes); above ``DiagramDefaults/pictureNodeLimit``
    /// nodes, without pictures, as the page says.
    static func viewer(
        of graph: ModuleGraph, selection: GraphSelection, layout: GraphvizLayout?, layers: [TargetID: DiagramStyle.Layer],
        title: String, source: String, wiring: Wiring? = nil, warnings: (String) -> Void
    ) throws(CommandError) -> [UInt8] {
        var page = try viewerPage(of: graph, selection: selection, layout: layout, layers: layers, title: title, source: source)
        page.wiring = wiring
        do {
            let rendered = try page.render()
            for warning in Set(rendered.warnings).sorted() { warnings("Graphviz: \(warning)") }
            return rendered.bytes
        } catch {
            throw CommandError(error.description)
        }
    }

    /// The page `viewer` renders and `modgraph serve` serves (with `livePath` set).
    public static func viewerPage(
        of graph: ModuleGraph, selection: GraphSelection, layout: GraphvizLayout?, layers: [TargetID: DiagramStyle.Layer],
        title: String, source: String, livePath: String? = nil
    ) throws(CommandError) -> ViewerPage {
        let view = GraphView(graph, level: selection.level)
        var style = DiagramStyle.highlights(of: graph)
        style.clustering = selection.cluster
        style.layers = layers
        var initial: ViewerView.Kind?
        if let collapse = selection.collapse {
            if selection.level != .target {
                throw CommandError("--collapse groups targets: it cannot be combined with --level \(selection.level.rawValue)")
            }
            let grouping = try GraphSelection.grouping(collapse, of: graph, layers: layers)
            initial = .collapse(collapse, open: Array(try selection.openGroups(in: grouping)))
        }
        return ViewerPage(
            title: "Module graph of \(title)", source: source, toolVersion: ModGraphVersion.current, graph: graph,
            view: view, style: style, hidesImplied: selection.reduce ?? (view.nodes.count > DiagramDefaults.reduceAbove),
            layout: layout, pictureLeftOut: DiagramDefaults.pictureRefusal(nodes: view.nodes.count, what: "the view"),
            initial: initial, livePath: livePath, budget: DiagramDefaults.viewer)
    }

    /// Graphviz in the process: warnings to `warnings`, failures as one-line errors.
    public static func draw(
        _ dot: String, layout: GraphvizLayout, format: ImageFormat,
        warnings: (String) -> Void = { _ in }
    ) throws(CommandError) -> [UInt8] {
        do {
            let image = try GraphvizRenderer().render(dot: dot, layout: layout, format: format)
            for warning in image.warnings { warnings("Graphviz: \(warning)") }
            return image.bytes
        } catch {
            throw CommandError(error.description)
        }
    }
}
