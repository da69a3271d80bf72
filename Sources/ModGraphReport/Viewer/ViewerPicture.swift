import ModGraphCore
import ModGraphDiagrams

/// A view of index.html as Graphviz lays it out, in this process: its DOT,
/// every node and edge with an id the geometry names it by (``ViewerLayouts``).
enum ViewerPicture {
    /// The DOT of a view of the page: every node and edge with the id the
    /// geometry names it by, no legend (the page has its own), no emphasis but
    /// cycles and layers (the page adds the rest on demand), spaced tighter
    /// than a picture: the page is read on a screen, at a zoom.
    static func dot(view: GraphView, style: DiagramStyle, direction: DiagramStyle.Direction?) -> String {
        var style = style
        style.direction = direction
        var writer = DOTWriter(style: style)
        writer.elementIDs = true
        writer.drawsLegend = false
        writer.compact = true
        return writer.render(view)
    }
}
