import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput

/// The sections of `modgraph report` that the graph alone supports: the
/// diagram (graph.svg, graph.dot and a Mermaid version), cycles and the
/// longest chain, packages, and a table of every target.
public struct GraphReport: Sendable {
    public let graph: ModuleGraph
    /// Emphasis for the diagrams; `check` adds layers and violations to it.
    public let style: DiagramStyle
    public let layout: GraphvizLayout
    /// The diagram is transitively reduced above this many nodes.
    public let reduceAbove: Int
    /// Why graph.svg is not drawn (a graph too large to lay out in reasonable
    /// time), said in report.md; nil: it is drawn.
    public var pictureLeftOut: String?
    /// Whether to draw at all: false (`--no-diagrams`) leaves out graph.svg,
    /// graph.dot and the Mermaid diagrams, and the work of laying them out.
    public var drawsDiagrams = true
    /// The graph graph.svg and graph.dot draw, when not all of ``graph``: large
    /// graphs leave out tests and other packages' products (the style's caption says so).
    public var drawnGraph: ModuleGraph?

    /// Mermaid diagrams larger than this are not drawn by GitHub (its limit
    /// is 500 edges) and are unreadable well before; above it report.md
    /// shows packages instead of targets.
    static let mermaidNodeLimit = 100
    static let mermaidEdgeLimit = 300
    /// GitHub draws no Mermaid block longer than about 50,000 characters.
    static let mermaidCharacterLimit = 45_000
    /// Tables of at most this many rows are open when report.md is shown; longer ones are folded.
    static let openTableLimit = 30
    /// Cycles drawn one by one in report.md; the rest are listed.
    static let drawnCycleLimit = 5

    public init(graph: ModuleGraph, style: DiagramStyle, layout: GraphvizLayout, reduceAbove: Int) {
        self.graph = graph
        self.style = style
        self.layout = layout
        self.reduceAbove = reduceAbove
        namesPackages = graph.targetPackageCount > 1
    }

    /// The sections, with the warnings Graphviz gave while drawing graph.svg.
    public func sections() throws(GraphvizError) -> (sections: [ReportSection], warnings: [String]) {
        guard drawsDiagrams else {
            var sections = [undrawnGraphSection(), structureSection(diagrams: false)]
            if graph.targetPackageCount > 1 { sections.append(packagesSection(diagram: false)) }
            sections.append(targetsSection())
            return (sections, [])
        }
        let full = GraphView(drawnGraph ?? graph)
        let reduce = full.nodes.count > reduceAbove
        let view = reduce ? full.transitivelyReduced(keeping: style.highlightedEdges(in: full)) : full
        // The DOT drawn is the DOT written: measured and turned when too wide.
        let dot =
            pictureLeftOut == nil ? try FittedLayout.dot(for: view, style: style, layout: layout) : DOTWriter(style: style).render(view)
        let svg = pictureLeftOut == nil ? try GraphvizRenderer().render(dot: dot, layout: layout, format: .svg) : nil
        let mermaid = mermaidDiagram()
        var sections = [
            graphSection(view: view, reduced: reduce, dot: dot, svg: svg?.bytes, mermaid: mermaid),
            structureSection(),
        ]
        // No diagram twice: when the graph's diagram is already one of packages, the packages section has none.
        if graph.targetPackageCount > 1 { sections.append(packagesSection(diagram: mermaid?.level != .package)) }
        sections.append(targetsSection())
        return (sections, svg?.warnings ?? [])
    }

    /// Worked out once: every row of the targets table asks how to name a target.
    private let namesPackages: Bool

    /// As ``GraphText/targetLabel(_:)`` names targets.
    private func label(_ vertex: Int) -> String {
        namesPackages ? graph.targets[vertex].id.description : graph.targets[vertex].name
    }

    /// The graph section of `--no-diagrams`: the counts, no drawing (`drawnDependencies` is null).
    private func undrawnGraphSection() -> ReportSection {
        ReportSection(
            title: "Module graph",
            summary: [GraphText.headline(graph)],
            markdown: "No diagrams (--no-diagrams): no graph.svg, graph.dot or Mermaid diagram.",
            jsonKey: "graph",
            json: .object([
                ("packages", .int(graph.targetPackageCount)),
                ("targets", .int(graph.targets.count)),
                ("dependencies", .int(graph.digraph.edgeCount)),
                ("drawnDependencies", .null),
                ("document", GraphJSON.document(for: graph)),
            ])
        )
    }

    private func graphSection(view: GraphView, reduced: Bool, dot: String, svg: [UInt8]?, mermaid: MermaidDiagram?) -> ReportSection {
        var body: [String] = []
        if let mermaid {
            body += ["```mermaid", mermaid.text, "```", ""]
            if let note = mermaid.note { body += [note, ""] }
        } else {
            body += ["The graph is too large for a Mermaid diagram; see \(svg == nil ? "graph.dot" : "graph.svg").", ""]
        }
        let reduction = reduced ? ", transitively reduced: a dependency also reached through another one is not drawn." : "."
        if svg == nil {
            body.append(
                "The whole graph: [graph.dot](graph.dot) (Graphviz source" + reduction.dropLast() + "); no picture: "
                    + Escape.markdown(pictureLeftOut ?? "", limit: Escape.messageLimit) + ".")
        } else {
            body.append("The whole graph: [graph.svg](graph.svg) (Graphviz source: [graph.dot](graph.dot))" + reduction)
        }
        body.append("")
        body.append(legend(reduced: reduced))
        return ReportSection(
            title: "Module graph",
            summary: [GraphText.headline(graph)],
            markdown: body.joined(separator: "\n"),
            jsonKey: "graph",
            json: .object([
                ("packages", .int(graph.targetPackageCount)),
                ("targets", .int(graph.targets.count)),
                ("dependencies", .int(graph.digraph.edgeCount)),
                ("drawnDependencies", .int(view.digraph.edgeCount)),
                ("document", GraphJSON.document(for: graph)),
            ]),
            files: (svg.map { [ReportSection.File(name: "graph.svg", bytes: $0)] } ?? []) + [
                ReportSection.File(name: "graph.dot", bytes: Array(dot.utf8))
            ]
        )
    }

    /// A Mermaid block of report.md: its text, its level, and a sentence saying what was left out.
    private struct MermaidDiagram {
        let text: String
        let level: GraphView.Level
        let note: String?
    }

    /// The Mermaid view for report.md: reduced targets when they fit GitHub's
    /// limits, else reduced packages, else none.
    private func mermaidDiagram() -> MermaidDiagram? {
        for level in [GraphView.Level.target, .package] {
            // A node per target, or per package with targets: a view with too many is not worth building.
            guard (level == .target ? graph.targets.count : graph.targetPackageCount) <= Self.mermaidNodeLimit else { continue }
            let full = GraphView(graph, level: level)
            let view = full.transitivelyReduced(keeping: style.highlightedEdges(in: full))
            guard view.nodes.count <= Self.mermaidNodeLimit, view.digraph.edgeCount <= Self.mermaidEdgeLimit,
                level == .target || view.nodes.count > 1
            else { continue }  // one box says nothing
            var notes: [String] = []
            if level == .package {
                notes.append("One node per package: the \(graph.targets.count) targets are too many for a readable Mermaid diagram.")
            }
            if view.digraph.edgeCount < full.digraph.edgeCount {
                notes.append(
                    "Drawn without the \(full.digraph.edgeCount - view.digraph.edgeCount) dependencies that longer paths already imply.")
            }
            let text = MermaidWriter(style: style).render(view).trimmingTrailingNewlines()
            guard text.utf16.count <= Self.mermaidCharacterLimit else { continue }
            return MermaidDiagram(text: text, level: level, note: notes.isEmpty ? nil : notes.joined(separator: " "))
        }
        return nil
    }

    private func legend(reduced: Bool) -> String {
        var parts = [
            "Rounded boxes are targets; dashed boxes are tests; green, executables; grey, products of packages that were not loaded."
        ]
        if !style.cycles.isEmpty { parts.append("Red edges close dependency cycles.") }
        if !style.criticalPath.isEmpty { parts.append("Bold edges follow the \(style.criticalPathName).") }
        if !style.violations.isEmpty { parts.append("Thick red edges break the layering rules.") }
        if !style.missing.isEmpty { parts.append("Dashed orange edges are imports of modules the importer does not declare.") }
        if !style.unused.isEmpty { parts.append("Dotted grey edges are declared dependencies that no file imports.") }
        if !style.findingCounts.isEmpty {
            parts.append(
                "Too many findings to draw one by one: modules with findings are outlined in red with their count; the check section lists them."
            )
        }
        parts.append("Dashed arrows are conditional (platform or trait).")
        return parts.joined(separator: " ")
    }

    private func structureSection(diagrams: Bool = true) -> ReportSection {
        let cycles = graph.digraph.cycleGroups()
        let chain = cycles.isEmpty ? graph.digraph.longestChain() ?? [] : []
        var summary: [String] = []
        var body: [String] = []
        var details: [MarkdownBudget.Details] = []
        if cycles.isEmpty {
            summary.append("No dependency cycles.")
            if !chain.isEmpty {
                summary.append("Longest chain (\(chain.count)): " + chain.map(label).joined(separator: " → "))
                body.append(
                    "The longest chain of dependencies: these \(chain.count) targets build one after another, whatever the number of cores."
                )
                if diagrams { body += ["", "```mermaid", chainDiagram(chain, closed: false), "```"] }
            }
        } else {
            summary.append(
                "\(cycles.count == 1 ? "1 dependency cycle" : "\(cycles.count) dependency cycles"): SwiftPM refuses to build them.")
            for (number, cycle) in cycles.enumerated().prefix(Self.drawnCycleLimit) {
                summary.append("Cycle \(number + 1): " + cycle.path.map(label).joined(separator: " → "))
                body += ["Cycle \(number + 1), \(cycle.members.count) targets:", ""]
                body += diagrams ? ["```mermaid", chainDiagram(cycle.path, closed: true), "```", ""] : []
            }
            if cycles.count > Self.drawnCycleLimit {
                summary.append("  … and \(cycles.count - Self.drawnCycleLimit) more cycles (report.json)")
                details.append(
                    MarkdownBudget.Details(
                        title: "More cycles",
                        items: cycles.enumerated().dropFirst(Self.drawnCycleLimit).map { number, cycle in
                            "- Cycle \(number + 1): "
                                + Escape.markdown(cycle.path.map(label).joined(separator: " → "), limit: Escape.messageLimit)
                        }))
            }
        }
        // Only the ids a cycle or the chain names (not one string per target).
        let id = { (vertex: Int) in self.graph.targets[vertex].id.description }
        return ReportSection(
            title: cycles.isEmpty ? "Longest chain" : "Dependency cycles",
            summary: summary,
            markdown: body.joined(separator: "\n"),
            details: details,
            jsonKey: "structure",
            json: .object([
                ("cycles", .array(cycles.map { .strings($0.path.map(id)) })),
                ("longestChain", .strings(chain.map(id))),
            ])
        )
    }

    /// A left-to-right Mermaid chain; a closed walk ends on its first node again.
    private func chainDiagram(_ walk: [Int], closed: Bool) -> String {
        var lines = ["flowchart LR"]
        let distinct = closed ? Array(walk.dropLast()) : walk
        for (position, vertex) in distinct.enumerated() {
            lines.append("  c\(position)(\"\(Escape.mermaid(label(vertex)))\")")
        }
        let steps =
            closed ? distinct.indices.map { ($0, ($0 + 1) % distinct.count) } : Array(zip(distinct.indices, distinct.indices.dropFirst()))
        for (from, to) in steps { lines.append("  c\(from) --> c\(to)") }
        if closed { lines.append("  linkStyle default stroke:\(DiagramPalette.problem),stroke-width:2px") }
        return lines.joined(separator: "\n")
    }

    private func packagesSection(diagram drawsDiagram: Bool = true) -> ReportSection {
        let view = GraphView(graph, level: .package)
        let header = ["| Package | Targets | Depends on |", "|---|---:|---|"]
        var rows: [String] = []
        var json: [JSONValue] = []
        for (index, node) in view.nodes.enumerated() {
            let dependencies = view.digraph.successors(of: index).map { view.nodes[$0].name }
            rows.append(
                "| \(Escape.markdown(node.name)) | \(node.members.count) | \(dependencies.map { Escape.markdown($0) }.joined(separator: ", ")) |"
            )
            json.append(
                .object([
                    ("identity", .string(node.package.rawValue)),
                    ("name", .string(node.name)),
                    ("targets", .int(node.members.count)),
                    ("dependsOn", .strings(view.digraph.successors(of: index).map { view.nodes[$0].package.rawValue })),
                ]))
        }
        let reduced = view.transitivelyReduced()
        let diagram =
            drawsDiagram && reduced.nodes.count <= Self.mermaidNodeLimit
            ? [
                "```mermaid",
                MermaidWriter(style: DiagramStyle(clustering: DiagramStyle.Clustering.none)).render(reduced).trimmingTrailingNewlines(),
                "```",
            ]
            : []
        return ReportSection(
            title: "Packages", summary: [], markdown: diagram.joined(separator: "\n"),
            details: [MarkdownBudget.Details(title: "Packages", header: header, items: rows, open: rows.count <= Self.openTableLimit)],
            jsonKey: "packages", json: .array(json), placement: .appendix
        )
    }

    private func targetsSection() -> ReportSection {
        let graph = graph
        let depths = graph.digraph.depths()
        let header = ["| Target | Type | Depends on | Used by | Depth |", "|---|---|---:|---:|---:|"]
        // Only the rows a comment can show are made; the JSON has every target.
        let table = MarkdownBudget.Details(
            title: "Targets", header: header, count: graph.targets.count, open: graph.targets.count <= Self.openTableLimit
        ) { index in
            let uses = graph.digraph.successors(of: index).count
            let users = graph.digraph.predecessors(of: index).count
            let depth = depths.map { String($0[index]) } ?? "–"
            return "| \(Escape.markdown(label(index))) | \(graph.targets[index].type.rawValue) | \(uses) | \(users) | \(depth) |"
        }
        // One object per target: written as report.json is, not built as a tree first.
        let json = JSONValue.stream { json in
            json.array(count: graph.targets.count) { json, index in
                json.beginObject()
                json.key("id")
                json.string(graph.targets[index].package.rawValue, joinedBy: "/", graph.targets[index].name)
                json.key("dependsOn")
                json.int(graph.digraph.successors(of: index).count)
                json.key("usedBy")
                json.int(graph.digraph.predecessors(of: index).count)
                json.key("depth")
                if let depths { json.int(depths[index]) } else { json.null() }
                json.endObject()
            }
        }
        let note =
            "Depends on and used by count direct dependencies. Depth is the length of the longest chain from the target down (1: depends on nothing)"
            + (depths == nil ? "; it is undefined while the graph has cycles." : ".")
        return ReportSection(
            title: "Targets", summary: [], markdown: note,
            details: [table],
            jsonKey: "targets", json: json, placement: .appendix
        )
    }
}
