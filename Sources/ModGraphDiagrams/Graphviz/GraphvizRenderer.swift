import CGraphviz

/// Lays out and renders DOT text with Graphviz's libraries, in this process:
/// no `dot` executable needed, and Graphviz's complaints come back as
/// ``GraphvizError`` values instead of lines on standard error.
public struct GraphvizRenderer: Sendable {
    /// A rendered picture and the warnings Graphviz gave while drawing it.
    public struct Image: Sendable {
        public let bytes: [UInt8]
        public let warnings: [String]
    }

    public init() {}

    /// Reads `dot`, lays it out with `layout` and renders it as `format`.
    public func render(dot: String, layout: GraphvizLayout = .dot, format: ImageFormat) throws(GraphvizError) -> Image {
        try render(dot: dot, engine: layout.rawValue, format: format.rawValue)
    }

    /// The size in points of `dot`'s drawing with `layout`, from Graphviz's
    /// `plain` output (its first line: `graph scale width height`, in inches).
    public func size(of dot: String, layout: GraphvizLayout = .dot) throws(GraphvizError) -> (width: Double, height: Double) {
        let plain = try render(dot: dot, engine: layout.rawValue, format: "plain")
        let fields = String(decoding: plain.bytes.prefix(200), as: UTF8.self).split(separator: "\n").first?.split(separator: " ") ?? []
        guard fields.count >= 4, fields[0] == "graph", let width = Double(fields[2]), let height = Double(fields[3]) else {
            throw .renderFailed(format: "plain", message: "no size in Graphviz's plain output")
        }
        return (width * 72, height * 72)
    }

    /// The layout engines and output formats this Graphviz installation offers.
    public func availablePlugins() throws(GraphvizError) -> (layouts: [String], formats: [String]) {
        try GraphvizSession.shared.withContext { context, _ throws(GraphvizError) in
            (
                GraphvizSession.shared.pluginNames(context, kind: "layout"),
                GraphvizSession.shared.pluginNames(context, kind: "device")
            )
        }
    }

    /// `render` with the engine and format by name, so that names Graphviz
    /// does not know can be tried (and rejected clearly).
    func render(dot: String, engine: String, format: String) throws(GraphvizError) -> Image {
        let session = GraphvizSession.shared
        return try session.withContext { context, messages throws(GraphvizError) in
            let layouts = session.pluginNames(context, kind: "layout")
            let formats = session.pluginNames(context, kind: "device")
            if layouts.isEmpty && formats.isEmpty { throw .noPlugins }
            guard layouts.contains(engine) else { throw .unknownLayout(engine, available: layouts) }
            guard formats.contains(format) else { throw .unknownFormat(format, available: formats) }

            // cgraph's scanner is global and counts, in the next read, lines left over from the
            // previous one: an empty read first takes them, and the count restarts, so that a
            // syntax error's line does not depend on what was read before in the process.
            Self.drainScanner()
            agreadline(1)
            // For dot, read with names numbered in order of appearance: the same DOT, the same bytes
            // (see the shim). neato, fdp, sfdp and twopi lose the names of a graph read that way (their
            // titles come out as `%<id>`), so they read as before.
            var text = dot
            guard
                let graph = engine == GraphvizLayout.dot.rawValue
                    ? text.withUTF8({
                        modgraph_read_dot(UnsafeRawPointer($0.baseAddress)?.assumingMemoryBound(to: CChar.self), $0.count)
                    }) : agmemread(text)
            else {
                throw .unreadableDOT(message: messages.lines.isEmpty ? "no graph in the text" : messages.errorSummary)
            }
            defer { agclose(graph) }
            if messages.hasErrors { throw .unreadableDOT(message: messages.errorSummary) }
            // Raster output at screen resolution looks blurred on today's displays.
            if format == "png" && Self.attribute("dpi", of: graph).isEmpty {
                Self.setAttribute("dpi", to: "144", of: graph)
                // Cairo bitmaps stop at 32,767 pixels a side; past that Graphviz
                // prints a warning on standard error. 200 inches at 144 dpi stays below.
                if Self.attribute("size", of: graph).isEmpty { Self.setAttribute("size", to: "200,200", of: graph) }
            }

            let laidOut = gvLayout(context, graph, engine) == 0
            // A layout that succeeded is freed on every path, also when errors were captured during it.
            defer { if laidOut { gvFreeLayout(context, graph) } }
            guard laidOut, !messages.hasErrors else {
                throw .layoutFailed(engine: engine, message: messages.errorSummary)
            }

            var data: UnsafeMutablePointer<CChar>?
            var length = 0
            let status = modgraph_gvRenderData(context, graph, format, &data, &length)
            defer { if let data { gvFreeRenderData(data) } }
            guard status == 0, !messages.hasErrors, let data else {
                throw .renderFailed(format: format, message: messages.errorSummary)
            }
            let bytes = data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            return Image(bytes: bytes, warnings: messages.warnings)
        }
    }

    /// Reads an empty graph, which consumes what the previous read left in cgraph's scanner.
    private static func drainScanner() {
        if let empty = agmemread("digraph {}") { agclose(empty) }
        _ = agreseterrors()
    }

    // Graphviz 2.x declares these parameters `char *`; it never writes through them.
    private static func attribute(_ name: String, of graph: UnsafeMutablePointer<Agraph_t>) -> String {
        name.withCString { name in
            agget(UnsafeMutableRawPointer(graph), UnsafeMutablePointer(mutating: name)).map { String(cString: $0) } ?? ""
        }
    }

    private static func setAttribute(_ name: String, to value: String, of graph: UnsafeMutablePointer<Agraph_t>) {
        name.withCString { name in
            value.withCString { value in
                "".withCString { empty in
                    _ = agsafeset(
                        UnsafeMutableRawPointer(graph), UnsafeMutablePointer(mutating: name),
                        UnsafeMutablePointer(mutating: value), UnsafeMutablePointer(mutating: empty))
                }
            }
        }
    }
}
