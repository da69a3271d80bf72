/// A Graphviz layout engine. `dot` draws layered, top-down diagrams (the
/// natural shape of a dependency graph); the force-directed `sfdp` scales to
/// thousands of nodes; the others suit special shapes.
public enum GraphvizLayout: String, CaseIterable, Sendable {
    case dot, sfdp, neato, fdp, circo, twopi
}
