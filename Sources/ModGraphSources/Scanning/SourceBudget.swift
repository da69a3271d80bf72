@_spi(Tokens) import ModGraphSyntax

/// What one Swift file may cost the source checks. The files come with the
/// pull request being checked, and swift-syntax's parser is not made for
/// hostile input: its lookahead for a type inside `[` tries two readings of
/// the brackets within, so `let y = [[[…]]]` 26 deep took minutes,
/// and its recursion is unbounded, so 5,000 brackets overflowed the stack
/// (SIGSEGV). A file over a budget is not parsed; the checks report it as
/// skipped, naming the budget (docs/configuration.md, "Source checks").
///
/// The bounds, checked before the parse in one pass over the tokens (``SyntaxDepth``):
/// - the file's size, before it is read, and the size of the part parsed;
/// - how deep the parser would recurse: brackets, braces, parentheses, generic
///   angle brackets and `#if`s, and the chains it recurses on without one
///   (`try try …`, `await`, `->`, `else if`, a ternary inside a ternary);
///   its stack grows with it;
/// - how deep square and angle brackets nest inside one pair of braces: the
///   lookahead's time doubles with each;
/// - how deep the tree is, which the walks over it recurse on: the parser's
///   recursion and the postfix chains it reads in a loop (`x!!!…`, `x.a.a…`,
///   `f()()…`, `x[0][0]…`, `Int???…`), one level a link: a 300 KB file of them
///   parsed, then crashed the wiring reader.
public struct SourceBudget: Hashable, Sendable {
    /// Larger files are not read.
    public var maximumFileBytes: Int { didSet { fingerprint = Self.fingerprint(of: self) } }
    /// The most bytes parsed: the whole file for an interface module, the part holding the imports for any other.
    public var maximumParsedBytes: Int { didSet { fingerprint = Self.fingerprint(of: self) } }
    /// The deepest recursion (``SyntaxDepth/depth``): nesting of `(`, `[`, `{`, `<` and `#if`, and
    /// chains of modifiers, `->`, ternaries and `else if`; also the parser's own `maximumNestingLevel`.
    public var maximumNesting: Int { didSet { fingerprint = Self.fingerprint(of: self) } }
    /// The deepest nesting of `[` and `<` with no `{` between them.
    public var maximumBracketNesting: Int { didSet { fingerprint = Self.fingerprint(of: self) } }
    /// The deepest tree (``SyntaxDepth/treeDepth``): the nesting above and the links of postfix chains.
    public var maximumTreeDepth: Int { didSet { fingerprint = Self.fingerprint(of: self) } }
    /// The bounds in one word, for the scan cache's keys: a file scanned under other bounds is scanned again.
    /// Kept with the bounds, not written out when asked: every file a run looks up by its stamp names it.
    private(set) var fingerprint = ""

    public init(
        maximumFileBytes: Int = 32 << 20, maximumParsedBytes: Int = 1 << 20, maximumNesting: Int = 64, maximumBracketNesting: Int = 8,
        maximumTreeDepth: Int = 512
    ) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumParsedBytes = maximumParsedBytes
        self.maximumNesting = maximumNesting
        self.maximumBracketNesting = maximumBracketNesting
        self.maximumTreeDepth = maximumTreeDepth
        fingerprint = Self.fingerprint(of: self)
    }

    /// 32 MiB read, 1 MiB parsed, nesting 64, square and angle brackets 8, a tree 512 deep
    /// (the walks' recursion fits an executor thread's 8 MiB at about 8 KiB a level, with room:
    /// ``SyntaxStack``; long SwiftUI modifier chains measure about 120).
    /// Real code nests 10 to 20 deep and rarely writes more than
    /// `[[String: [Int]]]`. Within these bounds the worst nestings found (at
    /// random, at the bounds) parse in about 60 times the time of ordinary code
    /// of the same size, and the debug parser's recursion at nesting 64 fits a
    /// worker thread's stack with room to spare (it overflows past 300).
    public static let standard = SourceBudget()

    private static func fingerprint(of budget: SourceBudget) -> String {
        "\(budget.maximumFileBytes).\(budget.maximumParsedBytes).\(budget.maximumNesting).\(budget.maximumBracketNesting).\(budget.maximumTreeDepth)"
    }

    /// The budget a file exceeded.
    public enum Excess: Hashable, Sendable, Codable, CustomStringConvertible {
        case fileBytes(Int, limit: Int)
        case parsedBytes(Int, limit: Int)
        case nesting(limit: Int)
        case bracketNesting(limit: Int)
        case treeDepth(limit: Int)
        /// Nested `depth` deep, more than the calling thread's stack has room to parse (``SyntaxStack``).
        case stack(depth: Int)

        public var description: String {
            switch self {
            case let .fileBytes(bytes, limit): "it has \(bytes) bytes, more than the \(limit) read"
            case let .parsedBytes(bytes, limit): "the part to parse has \(bytes) bytes, more than the \(limit) parsed"
            case let .nesting(limit):
                "brackets, braces, parentheses, #ifs and chains of try, await, -> and the like nest more than \(limit) deep"
            case let .bracketNesting(limit): "square and angle brackets nest more than \(limit) deep within one pair of braces"
            case let .treeDepth(limit):
                "its syntax tree is more than \(limit) deep (chains of ., !, ?, calls and subscripts, with the nesting they are in)"
            case let .stack(depth): "it nests \(depth) deep, more than this thread's stack has room to parse"
            }
        }
    }

    /// The first budget that parsing `bytes` would exceed, or `nil`.
    ///
    /// - Complexity: O(n) in the number of bytes (one pass of the lexer), O(`maximumNesting`) memory beyond it.
    func excess(parsing bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
        measure(parsing: bytes).excess
    }

    /// How deep the tree of `bytes` would be (``SyntaxDepth/treeDepth``, what the parse and the walks
    /// over its tree recurse on), and the first budget parsing them would exceed, or `nil`.
    func measure(parsing bytes: UnsafeBufferPointer<UInt8>) -> (depth: Int, excess: Excess?) {
        guard bytes.count <= maximumParsedBytes else { return (0, .parsedBytes(bytes.count, limit: maximumParsedBytes)) }
        return excess(SyntaxDepth.measure(bytes, limits: limits))
    }

    /// ``measure(parsing:)``, showing `observer` each token measured (``SyntaxDepth/measure(_:limits:observer:)``);
    /// nothing when the bytes are over the size parsed.
    func measure(parsing bytes: UnsafeBufferPointer<UInt8>, observer: inout some SyntaxTokenObserver) -> (depth: Int, excess: Excess?) {
        guard bytes.count <= maximumParsedBytes else { return (0, .parsedBytes(bytes.count, limit: maximumParsedBytes)) }
        return excess(SyntaxDepth.measure(bytes, limits: limits, observer: &observer))
    }

    private var limits: SyntaxDepth.Limits {
        SyntaxDepth.Limits(depth: maximumNesting, typeBrackets: maximumBracketNesting, treeDepth: maximumTreeDepth)
    }

    /// The tree's depth and the budget exceeded, from what ``SyntaxDepth`` measured.
    private func excess(_ measured: (deepest: SyntaxDepth, excess: SyntaxDepth.Excess?)) -> (depth: Int, excess: Excess?) {
        let (deepest, excess) = measured
        switch excess {
        case .depth?, .brackets?: return (deepest.treeDepth, .nesting(limit: maximumNesting))
        case .typeBrackets?: return (deepest.treeDepth, .bracketNesting(limit: maximumBracketNesting))
        case .treeDepth?: return (deepest.treeDepth, .treeDepth(limit: maximumTreeDepth))
        case nil: return (deepest.treeDepth, nil)
        }
    }
}
