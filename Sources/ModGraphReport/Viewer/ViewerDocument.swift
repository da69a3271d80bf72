import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput
import ModGraphPlanning
import ModGraphRules

/// The data index.html embeds, as JSON: every node and edge of the page (by
/// index, as the layouts name them), what each toggle hides, each node's group
/// in every collapsed view, the layouts the page carries and the first view,
/// the findings with the nodes and edges of their chains, the critical path,
/// the layers, the simulated build and the summary.
///
/// Everything the page shows is worked out here, so that the script only
/// looks indices up and changes classes. Names are raw data: the page embeds
/// the document with ``Escape/scriptJSON(_:)`` and shows names with
/// `textContent`, never as markup.
enum ViewerDocument {
    static func json(
        for page: ViewerPage, layouts: ViewerLayouts, defaults: ViewerView, first: (view: ViewerView, zoom: Double?)?,
        views: [(String, JSONValue)], pictureNote: String?
    ) -> JSONValue {
        let view = page.view
        let edgeList = view.digraph.edges
        let layers = nodeLayers(page)
        let usedLayers = Set(layers.compactMap { $0 }).sorted { $0.order > $1.order }
        let layerIndex = Dictionary(uniqueKeysWithValues: usedLayers.enumerated().map { ($1, $0) })
        let colours = page.style.colours(of: view)
        let cycleEdges = page.style.cycleEdges(in: view)
        let kinds = Grouping.Kind.allCases.filter { layouts.groupings[$0] != nil }
        let groupOf = kinds.map { layouts.groupings[$0]?.groupOfTarget ?? [] }
        let flags = (isTest: layouts.isTest, isExternal: layouts.isExternal)

        // Nodes and edges, one object each (hundreds of thousands for a large graph): written as
        // they are serialized, not built as a tree first.
        let nodeLayerIndex = layers.map { $0.flatMap { layerIndex[$0] } }
        let nodes = JSONValue.stream { json in
            json.array(count: view.nodes.count) { json, index in
                let node = view.nodes[index]
                json.beginObject()
                json.key("id")
                json.string(node.id)
                json.key("name")
                json.string(node.name)
                json.key("package")
                json.string(view.packageNames[node.package] ?? node.package.rawValue)
                json.key("kind")
                json.string(kindName(node.kind))
                json.key("test")
                json.bool(flags.isTest[index])
                json.key("external")
                json.bool(flags.isExternal[index])
                json.key("entry")
                json.bool({ if case .target(let type) = node.kind { return type.isEntryPoint } else { return false } }())
                json.key("layer")
                if let layer = nodeLayerIndex[index] { json.int(layer) } else { json.null() }
                json.key("fill")
                json.string(colours[index].fill)
                json.key("stroke")
                json.string(colours[index].outline)
                // Its group in each collapsed view the page offers, in the order of `groupings`.
                json.key("groups")
                json.beginArray()
                for groups in groupOf { json.int(groups[index]) }
                json.endArray()
                json.endObject()
            }
        }
        let edges = JSONValue.stream { json in
            json.array(count: edgeList.count) { json, index in
                let edge = edgeList[index]
                let attributes = view.attributes(from: edge.from, to: edge.to)
                json.beginObject()
                json.key("from")
                json.int(edge.from)
                json.key("to")
                json.int(edge.to)
                json.key("conditional")
                json.bool(attributes.isConditional)
                json.key("plugin")
                json.bool(attributes.isPlugin)
                json.key("cycle")
                json.bool(!cycleEdges.isEmpty && cycleEdges.contains(GraphView.EdgeKey(from: edge.from, to: edge.to)))
                json.key("conditions")
                json.string(attributes.conditions.map(\.description).joined(separator: " or "))
                json.endObject()
            }
        }
        let groupings: [(String, JSONValue)] = kinds.compactMap { kind in
            guard let grouping = layouts.groupings[kind] else { return nil }
            let members = grouping.members
            let collapsed = GraphView(page.graph, grouping: grouping)
            let groupColours = page.style.colours(of: collapsed)
            var colourOf: [Int: (fill: String, outline: String)] = [:]
            for (position, node) in collapsed.nodes.enumerated() {
                colourOf[grouping.groupOfTarget[node.members[0]]] = groupColours[position]
            }
            return (
                kind.rawValue,
                .array(
                    grouping.groups.indices.map { group in
                        let record = grouping.groups[group]
                        return .object([
                            ("name", .string(record.name)),
                            ("key", .string(record.key)),
                            ("kind", .string(kindName(record.kind))),
                            ("size", .int(members[group].count)),
                            ("external", .bool(!members[group].isEmpty && members[group].allSatisfy { flags.isExternal[$0] })),
                            ("fill", .string(colourOf[group]?.fill ?? "#eeeeee")),
                            ("stroke", .string(colourOf[group]?.outline ?? "#808080")),
                        ])
                    })
            )
        }
        func chain(_ targets: [TargetID]) -> (nodes: [JSONValue], edges: [JSONValue]) {
            var seen = Set<Int>()
            let members = targets.flatMap(view.nodes(for:)).filter { seen.insert($0).inserted }
            let steps = view.edges(along: targets).compactMap { view.digraph.edgeIndex(from: $0.from, to: $0.to) }
            return (members.map(JSONValue.int), steps.map(JSONValue.int))
        }

        var members: [(String, JSONValue)] = [
            ("title", .string(page.title)),
            ("source", .string(page.source)),
            ("tool", .string("modgraph \(page.toolVersion)")),
            ("level", .string(view.level.rawValue)),
            ("picture", .bool(pictureNote == nil)),
            ("pictureNote", .optional(pictureNote)),
            ("hidesImplied", .bool(page.hidesImplied)),
            (
                "defaults",
                .object([("tests", .bool(defaults.tests)), ("ext", .bool(defaults.externals)), ("implied", .bool(defaults.implied))])
            ),
            ("first", .optional(first?.view.key)),
            ("firstZoom", first?.zoom.map { .decimal($0) } ?? .null),
            // `modgraph serve`'s path for views the page lacks; null: a static page, which has what it offers.
            ("live", .optional(page.livePath)),
            ("everyView", .bool(page.livePath != nil || view.nodes.count <= page.budget.everyViewUpTo)),
            ("nodes", nodes),
            ("edges", edges),
            ("groupings", .object(groupings)),
            ("views", .object(views)),
            (
                "layers",
                .array(
                    usedLayers.map { layer in
                        .object([("name", .string(layer.name)), ("nodes", .int(layers.filter { $0 == layer }.count))])
                    })
            ),
        ]
        if page.style.criticalPath.isEmpty {
            members.append(("criticalPath", .null))
        } else {
            // A schedule lists its critical path in build order, dependencies first: against the edges.
            var path = chain(page.style.criticalPath)
            if path.edges.isEmpty { path = chain(page.style.criticalPath.reversed()) }
            members.append(
                (
                    "criticalPath",
                    .object([
                        ("name", .string(page.style.criticalPathName)),
                        ("targets", .strings(page.style.criticalPath.map(\.description))),
                        ("nodes", .array(path.nodes)),
                        ("edges", .array(path.edges)),
                    ])
                ))
        }
        members.append(("wiring", page.wiring.map { wiring(for: $0, in: view, shown: page.showsWiring) } ?? .null))
        members.append(("cycles", .int(page.style.cycles.count)))
        members.append(("check", page.check.map { check(for: $0, chain: chain) } ?? .null))
        members.append(("schedule", page.schedule.map { schedule(for: $0, in: view) } ?? .null))
        members.append(("summary", summary(page)))
        return .object(members)
    }

    /// The wiring edges between the page's nodes, by node index: each with what it stands for
    /// (kind, label, provider, where it is needed and where it is wired, as `graph --wiring` says
    /// them). An edge whose module is not a node of the page (a test left out) is not carried.
    private static func wiring(for wiring: Wiring, in view: GraphView, shown: Bool) -> JSONValue {
        let edges: [JSONValue] = wiring.edges.compactMap { edge in
            guard let from = view.nodes(for: edge.from).first, let to = view.nodes(for: edge.to).first, from != to else { return nil }
            return .object([
                ("from", .int(from)), ("to", .int(to)),
                (
                    "items",
                    .array(
                        edge.items.map { item in
                            .object([
                                ("kind", .string(item.kind.rawValue)), ("label", .string(item.label)),
                                ("providedBy", .string(item.providedBy)), ("need", .string(item.need.description)),
                                ("wired", .optional(item.wired?.description)),
                            ])
                        })
                ),
            ])
        }
        return .object([("shown", .bool(shown)), ("note", .string(WiringOutput.heuristicNote)), ("edges", .array(edges))])
    }

    /// A node's layer: its targets' one layer, nil when they have none or several.
    private static func nodeLayers(_ page: ViewerPage) -> [DiagramStyle.Layer?] {
        guard !page.style.layers.isEmpty else { return Array(repeating: nil, count: page.view.nodes.count) }
        return page.view.nodes.map { node in
            // The first member's layer when every other member has the same one (no set per node).
            guard let first = node.members.first, let layer = page.style.layers[page.graph.targets[first].id] else { return nil }
            return node.members.dropFirst().allSatisfy { page.style.layers[page.graph.targets[$0].id] == layer } ? layer : nil
        }
    }

    private static func kindName(_ kind: GraphView.NodeKind) -> String {
        switch kind {
        case .target(let type): type.rawValue
        case .product(let type): "product (\(type))"
        case .package(let origin): "package (\(origin.rawValue))"
        case .group(let kind): kind.rawValue
        }
    }

    private static func check(for report: CheckReport, chain: ([TargetID]) -> (nodes: [JSONValue], edges: [JSONValue])) -> JSONValue {
        let findings: [JSONValue] = report.result.findings.map { finding in
            let drawn = chain(finding.chain)
            return .object([
                ("rule", .string(finding.rule.rawValue)),
                ("severity", .string(finding.severity.rawValue)),
                ("message", .string(finding.message)),
                ("chain", .strings(finding.chain.map(\.description))),
                ("chainText", .string(finding.chain.count > 1 ? finding.chainText : finding.message)),
                ("location", .optional(finding.location?.description)),
                ("nodes", .array(drawn.nodes)),
                ("edges", .array(drawn.edges)),
            ])
        }
        return .object([
            ("config", .string(report.configFile)),
            ("passed", .bool(report.passed)),
            ("counts", .string(report.result.countsText)),
            ("errors", .int(report.result.errorCount)),
            ("warnings", .int(report.result.warningCount)),
            ("excused", .int(report.result.excused.count)),
            ("findings", .array(findings)),
        ])
    }

    private static func schedule(for report: ScheduleReport, in view: GraphView) -> JSONValue {
        let build = report.plan.build
        let bars = JSONValue.stream { json in
            json.array(count: report.graph.targets.count) { json, vertex in
                json.beginObject()
                json.key("node")
                if let node = view.nodes(for: report.graph.targets[vertex].id).first { json.int(node) } else { json.null() }
                json.key("name")
                json.string(report.label(vertex))
                json.key("worker")
                json.int(build.worker[vertex])
                json.key("start")
                json.decimal(build.start[vertex])
                json.key("end")
                json.decimal(build.end[vertex])
                json.endObject()
            }
        }
        return .object([
            ("unit", .string(report.unit)),
            ("weights", .string(report.weightsSource)),
            ("workers", .int(build.workers)),
            ("makespan", .decimal(build.makespan)),
            ("lowerBound", .decimal(build.lowerBound)),
            ("criticalPathLength", .decimal(build.criticalPathLength)),
            ("totalWork", .decimal(build.totalWork)),
            ("efficiency", .decimal(build.efficiency)),
            ("criticalPath", .strings(report.plan.timing.path.map(report.label))),
            ("waves", .int(report.plan.waves.members.count)),
            ("bars", bars),
        ])
    }

    private static func summary(_ page: ViewerPage) -> JSONValue {
        let graph = page.graph
        let chain = page.style.cycles.isEmpty ? (graph.digraph.longestChain() ?? []) : []
        return .object([
            ("packages", .int(graph.targetPackageCount)),
            ("targets", .int(graph.targets.count)),
            ("tests", .int(graph.targets.count(where: \.type.isTest))),
            ("externals", .int(graph.targets.count { $0.type == .externalProduct })),
            ("dependencies", .int(graph.digraph.edgeCount)),
            ("viewNodes", .int(page.view.nodes.count)),
            ("viewEdges", .int(page.view.digraph.edgeCount)),
            ("longestChain", .strings(chain.map { graph.targets[$0].id.description })),
        ])
    }
}
