// The lexer's token stream is SPI: the pre-scan reads the very tokens the
// parser reads, so no string, comment or regex literal can hide a bracket from
// it (a hand-written lexer would disagree with swift-syntax's on bare `/…/`
// regex literals, and that disagreement would let a text past the bound).
@_spi(Testing) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// How deep SwiftParser would recurse on a text, measured on the lexer's
/// tokens before the text is parsed, so that what the parser cannot survive
/// is never given to it.
///
/// SwiftParser recurses once per level of brackets, braces, parentheses,
/// generic angle brackets and `#if` blocks, and also once per link of chains
/// that need no bracket: a run of expression and type modifiers (`try try`,
/// `await`, `consume`, `each`, `repeat`, `some`, `inout`…) and prefix
/// operators, each `->` of a function type's result (`() -> () -> ()`), each
/// ternary inside another's middle (`a ? b ? c : d : e`), and each `else if`
/// of a chain. An 8 KB manifest of 2,000 `try` overflowed its stack
/// (SIGSEGV), bracket budgets notwithstanding. ``depth`` counts all of them,
/// never fewer than the parser recurses: where the scan cannot tell where a
/// chain ends, it keeps it open (a `<` that is a comparison counts as an
/// angle bracket until a `>`, `{`, `;` or `=`; a ternary until its `:`).
/// Real code measures 10 to 25.
///
/// The walks over the tree the parser makes (visitors, the manifest evaluator)
/// recurse once per level of the tree, and the tree is deeper than the parser's
/// recursion: a postfix chain (`x!!!…`, `x.a.a…`, `x?.a…`, `f()()…`, `x[0][0]…`,
/// `T.Type.Type…`, `Int???…`) is parsed in a loop but nests one node per link.
/// A 200 KB manifest of `x!` links parsed, then crashed the walk over it.
/// ``treeDepth`` counts those links too.
public struct SyntaxDepth: Hashable, Sendable {
    /// The parser's recursion, as described above.
    public var depth = 0
    /// The tree's depth, which the walks over it recurse on: ``depth`` and, at
    /// each level, the links of the postfix chain running there. Never fewer
    /// than the tree's levels (a bracket after anything counts as a call's link,
    /// `.` as a member's); real code measures 20 to 120.
    public var treeDepth = 0
    /// Parentheses, square brackets and braces alone, one inside another.
    public var brackets = 0
    /// Square and angle brackets with no brace between them: the parser's
    /// lookahead for a type inside `[` tries two readings of what is inside,
    /// so its time doubles with each (`[[[…]]]` 26 deep took minutes).
    public var typeBrackets = 0

    /// The bounds a text is measured against; `nil` is no bound.
    public struct Limits: Hashable, Sendable {
        public var depth: Int?
        public var brackets: Int?
        public var typeBrackets: Int?
        public var treeDepth: Int?

        public init(depth: Int? = nil, brackets: Int? = nil, typeBrackets: Int? = nil, treeDepth: Int? = nil) {
            self.depth = depth
            self.brackets = brackets
            self.typeBrackets = typeBrackets
            self.treeDepth = treeDepth
        }
    }

    /// The bound a text exceeded.
    public enum Excess: Hashable, Sendable {
        case depth(limit: Int)
        case brackets(limit: Int)
        case typeBrackets(limit: Int)
        case treeDepth(limit: Int)
    }

    public init(depth: Int = 0, brackets: Int = 0, typeBrackets: Int = 0, treeDepth: Int = 0) {
        self.depth = depth
        self.brackets = brackets
        self.typeBrackets = typeBrackets
        self.treeDepth = treeDepth
    }

    /// The deepest of each measure in `bytes` (UTF-8 Swift source), and the
    /// first of `limits` that parsing them would exceed, if any: the scan stops
    /// there (its measures are then those up to that point), so its memory is
    /// O(the largest limit).
    ///
    /// - Complexity: O(n) in the number of bytes (one pass of the lexer).
    public static func measure(_ bytes: UnsafeBufferPointer<UInt8>, limits: Limits = Limits()) -> (deepest: SyntaxDepth, excess: Excess?) {
        var observer = Unobserved()
        return measure(bytes, limits: limits, observer: &observer)
    }

    /// ``measure(_:limits:)``, showing `observer` each token the scan reads, in order: a reader of tokens that
    /// needs no tree (the wiring's sketch of a file) rides on the one pass of the lexer the bound needs anyway.
    @_spi(Tokens)
    public static func measure(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: Limits = Limits(), observer: inout some SyntaxTokenObserver
    ) -> (deepest: SyntaxDepth, excess: Excess?) {
        var scan = Scan(limits: limits)
        let excess = scan.run(bytes, observer: &observer)
        return (scan.deepest, excess)
    }
}

/// What sees each token of a ``SyntaxDepth`` scan: its kind, its text (into the bytes measured), whether a line
/// break comes before it, and whether the lexer found it malformed.
@_spi(Tokens)
public protocol SyntaxTokenObserver {
    mutating func token(_ kind: RawTokenKind, text: SyntaxText, isAtStartOfLine: Bool, isMalformed: Bool)
}

/// No observer: the bound alone.
private struct Unobserved: SyntaxTokenObserver {
    func token(_ kind: RawTokenKind, text: SyntaxText, isAtStartOfLine: Bool, isMalformed: Bool) {}
}

/// One pass over the tokens: a stack of what is open, and the chains running
/// at the innermost level.
private struct Scan {
    private enum Kind { case paren, square, brace, angle, poundIf, ternary }

    /// The chains running at one level: between brackets, or inside a pair of them.
    private struct Chains {
        /// Modifiers and prefix operators in a row; a run ends at any other token,
        /// but its links stay on the parser's stack while their operand is read,
        /// brackets included, until the level ends.
        var run = 0
        /// Whether the previous token continued the run.
        var inRun = false
        /// `->` of one type, until a token that cannot be part of a type.
        var arrows = 0
        /// `else` after `}`: the links of an `if … else if …` chain.
        var elses = 0
        /// Whether the previous token closed a brace at this level.
        var afterBrace = false
        /// Links of the postfix chain running at this level (`.`, `!`, `?`, a call's or subscript's
        /// bracket): the parser reads them in a loop, but each nests the tree one level deeper. A chain
        /// ends where a new operand starts (a name not after `.`, a literal) or at an operator or separator.
        var postfix = 0

        /// The parser's recursion at this level.
        var total: Int { run + arrows + elses }
        /// The tree's depth at this level.
        var treeTotal: Int { total + postfix }
    }

    private struct Open {
        let kind: Kind
        /// ``SyntaxDepth/depth`` with this one open.
        let depth: Int
        /// ``SyntaxDepth/treeDepth`` with this one open.
        let treeDepth: Int
        /// Square and angle brackets open with no brace between them, this one included.
        let typeBrackets: Int
        /// The chains of the level outside, as they were when this one opened.
        let outside: Chains
    }

    let limits: SyntaxDepth.Limits
    private(set) var deepest = SyntaxDepth()
    private var open: [Open] = []
    private var chains = Chains()
    private var brackets = 0

    init(limits: SyntaxDepth.Limits) {
        self.limits = limits
        open.reserveCapacity(min(limits.depth ?? 64, 4_096) + 1)
    }

    /// Whether `word` modifies the expression or type that follows it, which the parser reads recursively.
    private static func isModifier(_ word: SyntaxText) -> Bool {
        switch word {
        case "try", "await", "unsafe", "consume", "copy", "borrow", "_borrow", "_move", "each", "repeat", "some", "any", "inout",
            "borrowing", "consuming", "sending", "isolated", "nonisolated", "__owned", "__shared", "__consuming", "_const":
            true
        default: false
        }
    }

    /// Whether the keyword `word` may stand in a type between two `->` (besides names).
    private static func isTypeWord(_ word: SyntaxText) -> Bool {
        switch word {
        case "Self", "Any", "Type", "Protocol", "async", "throws", "rethrows", "reasync": true
        default: false
        }
    }

    private static func isBracket(_ kind: Kind) -> Bool {
        switch kind {
        case .paren, .square, .brace: true
        case .angle, .poundIf, .ternary: false
        }
    }

    private var depth: Int { (open.last?.depth ?? 0) + chains.total }
    private var treeDepth: Int { (open.last?.treeDepth ?? 0) + chains.treeTotal }
    /// Whether the previous token was a `.`: the name after it continues a postfix chain.
    private var afterPeriod = false

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, observer: inout some SyntaxTokenObserver) -> SyntaxDepth.Excess? {
        var tracker = LookaheadTracker()
        return withUnsafeMutablePointer(to: &tracker) { tracker in
            var lexemes = Lexer.tokenize(bytes, lookaheadTracker: tracker)
            while let lexeme = lexemes.next(), lexeme.rawTokenKind != .endOfFile {
                observer.token(
                    lexeme.rawTokenKind, text: lexeme.tokenText, isAtStartOfLine: lexeme.flags.contains(.isAtStartOfLine),
                    isMalformed: lexeme.diagnostic != nil)
                if let excess = read(lexeme.rawTokenKind, text: lexeme.tokenText) { return excess }
            }
            return nil
        }
    }

    private mutating func read(_ kind: RawTokenKind, text: SyntaxText) -> SyntaxDepth.Excess? {
        let afterPeriod = self.afterPeriod
        self.afterPeriod = kind == .period
        if let excess = postfix(kind, text: text, afterPeriod: afterPeriod) { return excess }
        let afterBrace = chains.afterBrace
        chains.afterBrace = false
        if afterBrace, !(kind == .keyword && text == "else") { chains.elses = 0 }
        let continuesRun = chains.inRun
        chains.inRun = false
        switch kind {
        case .leftParen: return push(.paren)
        case .leftSquare: return push(.square)
        case .leftBrace:
            dropAngles()
            chains.arrows = 0
            return push(.brace)
        case .poundIf: return push(.poundIf)
        case .rightParen: close(.paren)
        case .rightSquare: close(.square)
        case .rightBrace:
            close(.brace)
            chains.afterBrace = true
        case .poundEndif: close(.poundIf)
        case .semicolon:
            dropAngles(ternaries: true)
            chains = Chains()
        case .equal, .comma:
            dropAngles()
            chains = Chains()
        case .infixQuestionMark:
            chains.arrows = 0
            return push(.ternary)
        case .colon:
            if open.last?.kind == .ternary { close(.ternary) } else { chains.arrows = 0 }
        case .arrow:
            chains.arrows += 1
            return check()
        case .exclamationMark, .postfixQuestionMark:
            // `try!`, `try?`: still the run; elsewhere a postfix, which a type may hold.
            chains.inRun = continuesRun
        case .prefixOperator, .prefixAmpersand:
            if text == "<" { return push(.angle) }
            if text != "~" { chains.arrows = 0 }
            return extendRun(continuesRun)
        case .binaryOperator, .postfixOperator:
            if text == "<" { return push(.angle) }
            if !text.isEmpty, text.allSatisfy({ $0 == UInt8(ascii: ">") }) {
                for _ in 0..<text.count where open.last?.kind == .angle { close(.angle) }
            } else if text != "&" {
                chains.arrows = 0
            }
        case .keyword, .identifier:
            if Self.isModifier(text) { return extendRun(continuesRun) }
            if kind == .keyword, !Self.isTypeWord(text) { chains.arrows = 0 }
            if kind == .keyword, text == "else", afterBrace {
                chains.elses += 1
                return check()
            }
        case .period, .ellipsis, .atSign, .integerLiteral, .wildcard, .dollarIdentifier, .backtick:
            break
        default:
            chains.arrows = 0
        }
        return nil
    }

    /// The postfix chain at this level: one more link for a `.`, a `!` or `?` that is not `try`'s, a postfix
    /// operator, and an opening bracket (a call's, a subscript's, a trailing closure's, or no link at all: it
    /// is counted anyway, never fewer); a new chain at the start of an operand; none after an operator or
    /// separator. Runs before ``read(_:text:)`` handles the token, so that a bracket's link is in the chains
    /// it saves.
    private mutating func postfix(_ kind: RawTokenKind, text: SyntaxText, afterPeriod: Bool) -> SyntaxDepth.Excess? {
        switch kind {
        case .period, .leftParen, .leftSquare, .leftBrace:
            chains.postfix += 1
        case .exclamationMark, .postfixQuestionMark:
            if !chains.inRun { chains.postfix += 1 }
        case .postfixOperator:
            // `x!!` may come as one token, one link per character.
            chains.postfix += text.allSatisfy { $0 == UInt8(ascii: "!") || $0 == UInt8(ascii: "?") } ? text.count : 1
        case .identifier, .keyword, .dollarIdentifier, .integerLiteral, .floatLiteral, .wildcard:
            if !afterPeriod { chains.postfix = 0 }
            return nil
        case .rightParen, .rightSquare, .rightBrace, .poundEndif, .ellipsis, .atSign, .backtick:
            return nil
        default:
            chains.postfix = 0
            return nil
        }
        return checkTree()
    }

    private mutating func checkTree() -> SyntaxDepth.Excess? {
        let treeDepth = self.treeDepth
        deepest.treeDepth = max(deepest.treeDepth, treeDepth)
        if let limit = limits.treeDepth, treeDepth > limit { return .treeDepth(limit: limit) }
        return nil
    }

    /// A modifier or prefix operator: one more link when it follows another, else a new run.
    private mutating func extendRun(_ continues: Bool) -> SyntaxDepth.Excess? {
        chains.run = continues ? chains.run + 1 : 1
        chains.inRun = true
        return check()
    }

    private mutating func push(_ kind: Kind) -> SyntaxDepth.Excess? {
        let enclosing = open.last?.typeBrackets ?? 0
        let typeBrackets =
            switch kind {
            case .square, .angle: enclosing + 1
            case .paren, .ternary: enclosing
            case .brace, .poundIf: 0
            }
        open.append(Open(kind: kind, depth: depth + 1, treeDepth: treeDepth + 1, typeBrackets: typeBrackets, outside: chains))
        chains = Chains()
        if Self.isBracket(kind) {
            brackets += 1
            deepest.brackets = max(deepest.brackets, brackets)
            if let limit = limits.brackets, brackets > limit { return .brackets(limit: limit) }
        }
        deepest.typeBrackets = max(deepest.typeBrackets, typeBrackets)
        if let limit = limits.typeBrackets, typeBrackets > limit { return .typeBrackets(limit: limit) }
        return check()
    }

    private mutating func check() -> SyntaxDepth.Excess? {
        let depth = self.depth
        deepest.depth = max(deepest.depth, depth)
        if let limit = limits.depth, depth > limit { return .depth(limit: limit) }
        return checkTree()
    }

    /// A closer drops what is open above its opener; one without an opener is ignored.
    private mutating func close(_ kind: Kind) {
        guard let index = open.lastIndex(where: { $0.kind == kind }) else { return }
        while open.count > index { pop() }
    }

    /// Drops the angle brackets open at the top (and ternaries, with `ternaries`): what a `;` or `=` ends.
    private mutating func dropAngles(ternaries: Bool = false) {
        while let last = open.last, last.kind == .angle || (ternaries && last.kind == .ternary) { pop() }
    }

    /// Leaves the innermost level: the chains outside it resume, the run no longer in a row.
    private mutating func pop() {
        guard let last = open.popLast() else { return }
        if Self.isBracket(last.kind) { brackets -= 1 }
        chains = last.outside
        chains.inRun = false
    }
}
