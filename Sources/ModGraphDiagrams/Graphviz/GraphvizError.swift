/// Why Graphviz could not draw a diagram, in one line that says what to do.
public enum GraphvizError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The DOT text could not be read; `message` is Graphviz's own, with its line number.
    case unreadableDOT(message: String)
    /// The layout engine is not among those this Graphviz installation offers.
    case unknownLayout(String, available: [String])
    /// The output format is not among those this Graphviz installation offers.
    case unknownFormat(String, available: [String])
    /// Graphviz found no plugins at all: its plugin registry (`config6`) is
    /// missing, which `dot -c` rebuilds.
    case noPlugins
    /// `gvContext()` failed (out of memory).
    case noContext
    case layoutFailed(engine: String, message: String)
    case renderFailed(format: String, message: String)

    public var description: String {
        switch self {
        case .unreadableDOT(let message):
            "Graphviz could not read the DOT text: \(message)"
        case .unknownLayout(let name, let available):
            "Graphviz has no layout engine '\(name)'; available here: \(Self.list(available))"
        case .unknownFormat(let name, let available):
            "Graphviz has no output format '\(name)'; available here: \(Self.list(available))"
        case .noPlugins:
            "Graphviz found no layout or render plugins: its plugin registry is missing; run `sudo dot -c` once to rebuild it (or reinstall graphviz)"
        case .noContext:
            "Graphviz could not start (gvContext failed)"
        case .layoutFailed(let engine, let message):
            "Graphviz layout '\(engine)' failed: \(message)"
        case .renderFailed(let format, let message):
            "Graphviz could not render \(format): \(message)"
        }
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
