/// Why a manifest is not evaluated from its syntax tree, and so goes to
/// `dump-package`: something outside the subset the evaluator decides
/// exactly. Never an error to the user; `--verbose` counts them.
public struct EvaluationFallback: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was met, in a few words: "a function declaration", "an unknown API 'Target.foo'".
    public let reason: String
    /// 1-based line in the manifest, when known.
    public let line: Int?

    init(_ reason: String, line: Int? = nil) {
        self.reason = reason
        self.line = line
    }

    public var description: String {
        line.map { "line \($0): \(reason)" } ?? reason
    }
}
