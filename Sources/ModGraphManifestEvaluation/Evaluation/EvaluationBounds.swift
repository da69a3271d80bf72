import ModGraphSyntax

/// Limits that keep a hostile manifest from costing more than a real one:
/// past any of them the evaluator gives up and the manifest is dumped
/// (where `--manifest-timeout` bounds it). Real manifests stay far below.
struct EvaluationBounds {
    /// Bytes of `Package.swift`; larger manifests are dumped.
    static let maximumManifestBytes = 1 << 20
    /// How deep the parser may recurse, measured on the tokens before parsing (``SyntaxDepth/depth``:
    /// brackets, `#if` blocks and chains such as `try try …` or `() -> () -> …`); also SwiftParser's
    /// own nesting bound, and how deep expressions may nest.
    static let maximumNesting = 64
    /// Brackets (`(`, `[`, `{`) inside one another, checked on the tokens before parsing: SwiftParser's
    /// recovery from some damaged input takes time exponential in the nesting (about twice as long
    /// per level), and real manifests nest at most 8 deep
    /// (198 manifests of real packages and apps, 2026-11-23).
    static let maximumBracketNesting = 12
    /// How deep the syntax tree may be (``SyntaxDepth/treeDepth``): the nesting above and postfix
    /// chains (`x!!!…`, `x.a.a…`, `f()()…`), which the parser reads in a loop but the walks over the
    /// tree recurse on, one level a link (a 200 KB manifest of `x!` crashed the walk). Real manifests
    /// measure under 60.
    static let maximumTreeDepth = 256
    /// The bounds above, as the token scan before the parse measures them.
    static let syntaxLimits = SyntaxDepth.Limits(depth: maximumNesting, brackets: maximumBracketNesting, treeDepth: maximumTreeDepth)
    /// Elements in one array, after concatenation.
    static let maximumArrayCount = 100_000
    /// UTF-8 bytes of one string, after interpolation and concatenation.
    static let maximumStringBytes = 65_536
    /// Top-level constants and variables.
    static let maximumBindings = 10_000
    /// Evaluation steps (expressions and statements) for the whole manifest: bounds the
    /// work of repeated concatenation (`let b = a + a; let c = b + b; …`).
    static let maximumSteps = 2_000_000
}
