import ModGraphCore

/// DOT whose picture stays within ``widestRatio`` where turning it helps.
/// dot draws a shallow graph with many nodes or boxes side by side (an app
/// with a box per remote package, a row of app extensions) four to eight
/// times wider than high, and ``DiagramSize``'s estimate cannot see every
/// cause: the drawing is measured, and when it is too wide (or too tall) the
/// other direction is measured too and the one nearer square is kept.
public enum FittedLayout {
    /// Width over height (or height over width) above which the other direction is tried.
    public static let widestRatio = 3.0

    /// The DOT to draw `view` with; at most two extra layouts, only for dot's layout
    /// of a drawing more skewed than ``widestRatio``.
    public static func dot(for view: GraphView, style: DiagramStyle, layout: GraphvizLayout) throws(GraphvizError) -> String {
        let writer = DOTWriter(style: style)
        let first = writer.render(view)
        guard layout == .dot, style.direction == nil else { return first }
        let size = try GraphvizRenderer().size(of: first, layout: layout)
        guard skew(size) > widestRatio else { return first }
        var turned = style
        // The other direction: ranks become columns, or columns rows again.
        turned.direction = writer.direction(of: view) == .leftToRight ? .topToBottom : .leftToRight
        let second = DOTWriter(style: turned).render(view)
        let otherSize = try GraphvizRenderer().size(of: second, layout: layout)
        return skew(otherSize) < skew(size) ? second : first
    }

    static func skew(_ size: (width: Double, height: Double)) -> Double {
        max(size.width, size.height) / max(min(size.width, size.height), 1)
    }
}
