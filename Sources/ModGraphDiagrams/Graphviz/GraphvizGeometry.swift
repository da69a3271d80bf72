import Foundation

/// Where Graphviz put everything: each node's box, each edge's spline, arrow
/// tip and label, each cluster's box, in points with the origin at the top
/// left (y grows downwards, as on a screen).
///
/// The viewer draws its views from this rather than from Graphviz's SVG: a
/// layout is a few numbers per node and edge (far fewer bytes than the SVG), so
/// a page can carry many, and names reach the page only as data its script
/// shows as text. Read from Graphviz's `json0` output, which gives the layout
/// without drawing instructions.
public struct GraphvizGeometry: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        /// The DOT `id` attribute.
        public let id: String
        /// The centre.
        public let x: Double
        public let y: Double
        public let width: Double
        public let height: Double
    }

    public struct Edge: Sendable, Equatable {
        public let id: String
        /// The cubic Bézier spline: a start point, then three points per segment.
        public let points: [Double]
        /// Where the arrowhead's tip is (the spline ends at its base); nil without one.
        public let tip: [Double]?
        /// The centre of the edge's label, when it has one.
        public let label: [Double]?
    }

    public struct Box: Sendable, Equatable {
        /// The cluster's DOT name (`cluster_…`).
        public let name: String
        public let x: Double
        public let y: Double
        public let width: Double
        public let height: Double
        /// The centre of its label.
        public let label: [Double]?
        /// The `id`s of its nodes.
        public let nodes: [String]
    }

    public let width: Double
    public let height: Double
    public let nodes: [Node]
    public let edges: [Edge]
    public let boxes: [Box]

    /// The geometry in Graphviz's `json0` output.
    public static func parse(json0 bytes: [UInt8]) throws(GraphvizError) -> GraphvizGeometry {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .renderFailed(format: "json0", message: "Graphviz wrote JSON that cannot be read (\(error.localizedDescription))")
        }
        guard let root = object as? [String: Any], let box = numbers(root["bb"]), box.count == 4 else {
            throw .renderFailed(format: "json0", message: "no bounding box in Graphviz's JSON")
        }
        let left = box[0]
        let top = box[3]
        func point(_ x: Double, _ y: Double) -> [Double] { [round(x - left), round(top - y)] }
        let objects = root["objects"] as? [[String: Any]] ?? []
        var idOfObject: [Int: String] = [:]
        var nodes: [Node] = []
        var boxes: [Box] = []
        for object in objects where object["nodes"] == nil {
            guard let gvid = object["_gvid"] as? Int, let id = object["id"] as? String, let position = numbers(object["pos"]),
                position.count == 2, let width = numbers(object["width"])?.first, let height = numbers(object["height"])?.first
            else { continue }
            idOfObject[gvid] = id
            let centre = point(position[0], position[1])
            nodes.append(Node(id: id, x: centre[0], y: centre[1], width: round(width * 72), height: round(height * 72)))
        }
        for object in objects {
            guard let name = object["name"] as? String, name.hasPrefix("cluster"), let bounds = numbers(object["bb"]), bounds.count == 4
            else {
                continue
            }
            let corner = point(bounds[0], bounds[3])
            let members = (object["nodes"] as? [Int] ?? []).compactMap { idOfObject[$0] }
            boxes.append(
                Box(
                    name: name, x: corner[0], y: corner[1], width: round(bounds[2] - bounds[0]), height: round(bounds[3] - bounds[1]),
                    label: numbers(object["lp"]).flatMap { $0.count == 2 ? point($0[0], $0[1]) : nil }, nodes: members))
        }
        var edges: [Edge] = []
        for edge in root["edges"] as? [[String: Any]] ?? [] {
            guard let id = edge["id"] as? String, let spline = edge["pos"] as? String else { continue }
            var points: [Double] = []
            var tip: [Double]?
            for field in spline.split(separator: " ") {
                let parts = field.split(separator: ",")
                if parts.count == 3, parts[0] == "e", let x = Double(parts[1]), let y = Double(parts[2]) {
                    tip = point(x, y)
                } else if parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) {
                    points += point(x, y)
                }
            }
            guard points.count >= 8 else { continue }
            edges.append(
                Edge(id: id, points: points, tip: tip, label: numbers(edge["lp"]).flatMap { $0.count == 2 ? point($0[0], $0[1]) : nil }))
        }
        return GraphvizGeometry(width: round(box[2] - box[0]), height: round(box[3] - box[1]), nodes: nodes, edges: edges, boxes: boxes)
    }

    /// `"1.5,2"` as `[1.5, 2]`; nil when it is not a list of numbers.
    private static func numbers(_ value: Any?) -> [Double]? {
        guard let text = value as? String else { return nil }
        let values = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return values.isEmpty ? nil : values
    }
}

extension GraphvizRenderer {
    /// The layout of `dot` by `layout`, as geometry (see ``GraphvizGeometry``).
    public func geometry(of dot: String, layout: GraphvizLayout = .dot) throws(GraphvizError) -> (
        geometry: GraphvizGeometry, warnings: [String]
    ) {
        let output = try render(dot: dot, engine: layout.rawValue, format: "json0")
        return (try GraphvizGeometry.parse(json0: output.bytes), output.warnings)
    }
}
