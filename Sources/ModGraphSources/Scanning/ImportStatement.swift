/// One `import` as written, with where it is and the `#if` it sits in.
public struct ImportStatement: Hashable, Sendable, Codable {
    /// The module: the first component of the path (`Darwin` for `import Darwin.C`).
    public let module: String
    /// Every component: `["M", "T"]` for `import struct M.T`.
    public let path: [String]
    /// `struct`, `class`, `enum`, `protocol`, `typealias`, `func`, `let` or `var` for a scoped import.
    public let kind: String?
    /// `@testable`, `@_exported`, `@_implementationOnly`, `@preconcurrency`, `@_spi(Name)`, … as written.
    public let attributes: [String]
    /// `public`, `package`, `internal`, `fileprivate` or `private` for an access-level import.
    public let accessLevel: String?
    /// The `#if` conditions around it, joined with `&&`; `nil` when it is always compiled.
    public let condition: BuildCondition?
    public let line: Int
    /// 1-based, in UTF-8 bytes.
    public let column: Int

    public init(
        module: String, path: [String]? = nil, kind: String? = nil, attributes: [String] = [], accessLevel: String? = nil,
        condition: BuildCondition? = nil, line: Int, column: Int
    ) {
        self.module = module
        self.path = path ?? [module]
        self.kind = kind
        self.attributes = attributes
        self.accessLevel = accessLevel
        self.condition = condition
        self.line = line
        self.column = column
    }

    /// `@_exported import M`: importers of this target see `M` too.
    public var isReexport: Bool { attributes.contains("@_exported") }

    /// The statement in one canonical spelling: `@testable internal import struct M.T`.
    public var text: String {
        (attributes + [accessLevel, "import", kind, path.joined(separator: ".")].compactMap { $0 }).joined(separator: " ")
    }
}
