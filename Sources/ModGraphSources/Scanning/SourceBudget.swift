// The lexer's token stream is SPI: the pre-scan reads the very tokens the
// parser reads, so no string, comment or regex literal can hide a bracket from
// it (a hand-written lexer would disagree with swift-syntax's on bare `/…/`
// regex literals, and that disagreement would let a file past the budget).
@_spi(Testing) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// What one Swift file may cost the source checks. The files come with the
/// pull request being checked, and swift-syntax's parser is not made for
/// hostile input: its lookahead for a type inside `[` tries two readings of
/// the brackets within, so `let y = [[[…]]]` 26 deep took minutes,
/// and its recursion is unbounded, so 5,000 brackets overflowed the stack
/// (SIGSEGV). A file over a budget is not parsed; the checks report it as
/// skipped, naming the budget (docs/configuration.md, "Source checks").
///
/// The bounds, checked before the parse in one pass over the tokens:
/// - the file's size, before it is read, and the size of the part parsed;
/// - how deep brackets, braces, parentheses, generic angle brackets and `#if`s
///   nest: the parser's recursion, and its stack, grow with it;
/// - how deep square and angle brackets nest inside one pair of braces: the
///   lookahead's time doubles with each.
public struct SourceBudget: Hashable, Sendable {
    /// Larger files are not read.
    public var maximumFileBytes: Int
    /// The most bytes parsed: the whole file for an interface module, the part holding the imports for any other.
    public var maximumParsedBytes: Int
    /// The deepest nesting of `(`, `[`, `{`, `<` and `#if`; also the parser's own `maximumNestingLevel`.
    public var maximumNesting: Int
    /// The deepest nesting of `[` and `<` with no `{` between them.
    public var maximumBracketNesting: Int

    public init(
        maximumFileBytes: Int = 32 << 20, maximumParsedBytes: Int = 1 << 20, maximumNesting: Int = 64, maximumBracketNesting: Int = 8
    ) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumParsedBytes = maximumParsedBytes
        self.maximumNesting = maximumNesting
        self.maximumBracketNesting = maximumBracketNesting
    }

    /// 32 MiB read, 1 MiB parsed, nesting 64, square and angle brackets 8.
    /// Real code nests 10 to 20 deep and rarely writes more than
    /// `[[String: [Int]]]`. Within these bounds the worst nestings found (at
    /// random, at the bounds) parse in about 60 times the time of ordinary code
    /// of the same size, and the debug parser's recursion at nesting 64 fits a
    /// worker thread's stack with room to spare (it overflows past 300).
    public static let standard = SourceBudget()

    /// The budget a file exceeded.
    public enum Excess: Hashable, Sendable, CustomStringConvertible {
        case fileBytes(Int, limit: Int)
        case parsedBytes(Int, limit: Int)
        case nesting(limit: Int)
        case bracketNesting(limit: Int)

        public var description: String {
            switch self {
            case let .fileBytes(bytes, limit): "it has \(bytes) bytes, more than the \(limit) read"
            case let .parsedBytes(bytes, limit): "the part to parse has \(bytes) bytes, more than the \(limit) parsed"
            case let .nesting(limit): "brackets, braces, parentheses and #ifs nest more than \(limit) deep"
            case let .bracketNesting(limit): "square and angle brackets nest more than \(limit) deep within one pair of braces"
            }
        }
    }

    /// The first budget that parsing `bytes` would exceed, or `nil`.
    ///
    /// - Complexity: O(n) in the number of bytes (one pass of the lexer), O(`maximumNesting`) memory beyond it.
    func excess(parsing bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
        guard bytes.count <= maximumParsedBytes else { return .parsedBytes(bytes.count, limit: maximumParsedBytes) }
        var tracker = LookaheadTracker()
        return withUnsafeMutablePointer(to: &tracker) { tracker in
            var nesting = Nesting(budget: self)
            var lexemes = Lexer.tokenize(bytes, lookaheadTracker: tracker)
            while let lexeme = lexemes.next(), lexeme.rawTokenKind != .endOfFile {
                if let excess = nesting.read(lexeme.rawTokenKind, text: lexeme.tokenText) { return excess }
            }
            return nil
        }
    }
}

/// The brackets open at a point of a file, as the parser will see them.
///
/// `<` counts as a bracket when it is the operator `<` alone, as in
/// `Array<Int>`; a comparison `a < b` counts too until a `>`, `{`, `;`, `=`
/// or the closing of an enclosing bracket drops it, so it can only make the
/// count larger than the parser's. A closer drops what is open above its
/// opener; one without an opener is ignored.
private struct Nesting {
    private enum Kind { case paren, square, brace, angle, poundIf }

    private struct Open {
        let kind: Kind
        /// Square and angle brackets open with no brace between them, this one included.
        let brackets: Int
    }

    let budget: SourceBudget
    private var open: [Open] = []

    init(budget: SourceBudget) {
        self.budget = budget
        open.reserveCapacity(budget.maximumNesting + 1)
    }

    mutating func read(_ kind: RawTokenKind, text: SyntaxText) -> SourceBudget.Excess? {
        switch kind {
        case .leftParen: return push(.paren)
        case .leftSquare: return push(.square)
        case .leftBrace:
            dropAngles()
            return push(.brace)
        case .poundIf: return push(.poundIf)
        case .rightParen: close(.paren)
        case .rightSquare: close(.square)
        case .rightBrace: close(.brace)
        case .poundEndif: close(.poundIf)
        case .semicolon, .equal: dropAngles()
        case .binaryOperator, .prefixOperator, .postfixOperator:
            if text == "<" { return push(.angle) }
            if !text.isEmpty, text.allSatisfy({ $0 == UInt8(ascii: ">") }) {
                for _ in 0..<text.count where open.last?.kind == .angle { open.removeLast() }
            }
        default:
            break
        }
        return nil
    }

    private mutating func push(_ kind: Kind) -> SourceBudget.Excess? {
        let enclosing = open.last?.brackets ?? 0
        let brackets =
            switch kind {
            case .square, .angle: enclosing + 1
            case .paren: enclosing
            case .brace, .poundIf: 0
            }
        open.append(Open(kind: kind, brackets: brackets))
        if open.count > budget.maximumNesting { return .nesting(limit: budget.maximumNesting) }
        if brackets > budget.maximumBracketNesting { return .bracketNesting(limit: budget.maximumBracketNesting) }
        return nil
    }

    private mutating func close(_ kind: Kind) {
        guard let index = open.lastIndex(where: { $0.kind == kind }) else { return }
        open.removeSubrange(index...)
    }

    private mutating func dropAngles() {
        while open.last?.kind == .angle { open.removeLast() }
    }
}
