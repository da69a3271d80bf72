import ModGraphCore
import ModGraphOutput

/// The `modgraph graph --format json` document, described in `docs/json-format.md`.
public enum GraphJSON {
    /// Bumped when a key changes meaning or disappears; new keys do not bump it.
    public static let schemaVersion = 1

    /// The document, written as it is serialized (``JSONValue/stream(_:)``):
    /// two million values for a graph of 100,000 targets, never built as a tree.
    ///
    /// - Complexity: O(V + E) when serialized.
    public static func document(for graph: ModuleGraph) -> JSONValue {
        .stream { json in write(graph, to: &json) }
    }

    public static func render(_ graph: ModuleGraph) -> String {
        document(for: graph).serialized()
    }

    static func write(_ graph: ModuleGraph, to json: inout JSONStream) {
        json.beginObject()
        json.key("schemaVersion")
        json.int(schemaVersion)
        json.key("packages")
        json.beginArray()
        for package in graph.packages {
            json.beginObject()
            json.key("identity")
            json.string(package.identity.rawValue)
            json.key("name")
            json.string(package.name)
            json.key("path")
            json.optional(package.path)
            json.key("origin")
            json.string(package.origin.rawValue)
            json.key("location")
            json.optional(package.location)
            json.key("loaded")
            json.bool(package.isLoaded)
            json.endObject()
        }
        json.endArray()
        json.key("targets")
        json.beginArray()
        json.elements(count: graph.targets.count) { json, range in
            graph.targets.withUnsafeBufferPointer { targets in
                for index in range {
                    json.beginObject()
                    json.key("id")
                    // The id's description, written without making it.
                    json.string(targets[index].package.rawValue, joinedBy: "/", targets[index].name)
                    json.key("package")
                    json.string(targets[index].package.rawValue)
                    json.key("name")
                    json.string(targets[index].name)
                    json.key("type")
                    json.string(targets[index].type.rawValue)
                    json.key("path")
                    json.optional(targets[index].path)
                    // What `import` names it by, where that is not its name (an Xcode target's `PRODUCT_MODULE_NAME`:
                    // `Shared-iOS` is imported as `Shared`); a script matching imports to targets needs it.
                    if let module = targets[index].moduleName, module != targets[index].name {
                        json.key("moduleName")
                        json.string(module)
                    }
                    json.endObject()
                }
            }
        }
        json.endArray()
        json.key("products")
        json.beginArray()
        json.elements(count: graph.products.count) { json, range in
            graph.products.withUnsafeBufferPointer { products in
                for index in range {
                    json.beginObject()
                    json.key("package")
                    json.string(products[index].package.rawValue)
                    json.key("name")
                    json.string(products[index].name)
                    json.key("type")
                    json.string(products[index].type)
                    json.key("targets")
                    json.beginArray()
                    for id in products[index].targets { json.string(id.package.rawValue, joinedBy: "/", id.name) }
                    json.endArray()
                    json.endObject()
                }
            }
        }
        json.endArray()
        json.key("edges")
        json.beginArray()
        // An edge's ends are escaped ids: each target's once, not once per edge.
        let ids = EscapedStrings(count: graph.targets.count, for: json.layout) { json, vertex in
            json.string(graph.targets[vertex].package.rawValue, joinedBy: "/", graph.targets[vertex].name)
        }
        json.elements(count: graph.edges.count) { json, range in
            graph.edges.withUnsafeBufferPointer { edges in
                for position in range {
                    let ends = graph.edgeEnds[position]
                    json.beginObject()
                    json.key("from")
                    json.string(ids, ends.from)
                    json.key("to")
                    json.string(ids, ends.to)
                    json.key("kind")
                    json.string(edges[position].kind.rawValue)
                    json.key("product")
                    json.optional(edges[position].product)
                    json.key("condition")
                    if let condition = edges[position].condition {
                        json.beginObject()
                        json.key("platforms")
                        json.strings(condition.platforms)
                        json.key("traits")
                        json.strings(condition.traits)
                        json.endObject()
                    } else {
                        json.null()
                    }
                    json.endObject()
                }
            }
        }
        json.endArray()
        json.endObject()
    }
}
