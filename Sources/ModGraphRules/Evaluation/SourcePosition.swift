/// A file and line a finding points at: the manifest line to change, the
/// configuration entry, or the source line of a source-level finding.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let file: String
    public let line: Int
    /// 1-based, in UTF-8 bytes as compilers count; `nil` when only the line is known.
    public let column: Int?

    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line)" + (column.map { ":\($0)" } ?? "") }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.file, lhs.line, lhs.column ?? 0) < (rhs.file, rhs.line, rhs.column ?? 0)
    }
}
