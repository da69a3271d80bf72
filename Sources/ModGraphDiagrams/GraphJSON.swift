import ModGraphCore
import ModGraphOutput

/// The `modgraph graph --format json` document, described in `docs/json-format.md`.
public enum GraphJSON {
    /// Bumped when a key changes meaning or disappears; new keys do not bump it.
    public static let schemaVersion = 1

    public static func document(for graph: ModuleGraph) -> JSONValue {
        .object([
            ("schemaVersion", .int(schemaVersion)),
            ("packages", .array(graph.packages.map(package))),
            ("targets", .array(graph.targets.map(target))),
            ("products", .array(graph.products.map(product))),
            ("edges", .array(graph.edges.map(edge))),
        ])
    }

    public static func render(_ graph: ModuleGraph) -> String {
        document(for: graph).serialized()
    }

    static func package(_ package: Package) -> JSONValue {
        .object([
            ("identity", .string(package.identity.rawValue)),
            ("name", .string(package.name)),
            ("path", .optional(package.path)),
            ("origin", .string(package.origin.rawValue)),
            ("location", .optional(package.location)),
            ("loaded", .bool(package.isLoaded)),
        ])
    }

    static func target(_ target: Target) -> JSONValue {
        .object([
            ("id", .string(target.id.description)),
            ("package", .string(target.package.rawValue)),
            ("name", .string(target.name)),
            ("type", .string(target.type.rawValue)),
            ("path", .optional(target.path)),
        ])
    }

    static func product(_ product: Product) -> JSONValue {
        .object([
            ("package", .string(product.package.rawValue)),
            ("name", .string(product.name)),
            ("type", .string(product.type)),
            ("targets", .strings(product.targets.map(\.description))),
        ])
    }

    static func edge(_ edge: Edge) -> JSONValue {
        .object([
            ("from", .string(edge.from.description)),
            ("to", .string(edge.to.description)),
            ("kind", .string(edge.kind.rawValue)),
            ("product", .optional(edge.product)),
            ("condition", edge.condition.map(condition) ?? .null),
        ])
    }

    static func condition(_ condition: Condition) -> JSONValue {
        .object([
            ("platforms", .strings(condition.platforms)),
            ("traits", .strings(condition.traits)),
        ])
    }
}
