@_spi(Tokens) import ModGraphSyntax
@_spi(RawSyntax) import SwiftSyntax

extension WiringSketch {
    /// The extensions of a file, read from the tokens the budget's pass of the lexer reads (``SyntaxDepth``), as the
    /// wiring lists them (``WiringFacts/Extension``): the type as written, cut as the collector cuts it, and where
    /// the declaration starts, its attributes and modifiers included. Most files of an app extend a type of their
    /// own or of the platform's; without them, a sketch would refuse most files.
    ///
    /// Only what the parse surely reads the same way is read: an extension at the top level (in `#if` clauses
    /// too), after a line break that ends what comes before it (a name, a literal, a closing bracket), or after a
    /// `}` or `;`, with attributes and access modifiers before it, a type of names, `.` and generic arguments
    /// (``ExtendedType``), and a body declaring no type. Anything else refuses the file: an `extension` elsewhere,
    /// brackets that do not balance, a token the lexer finds malformed.
    struct ExtensionReader: SyntaxTokenObserver {
        private let base: UnsafePointer<UInt8>?
        /// Where each extension's declaration starts and its type's bytes, by offset.
        private(set) var found: [(start: Int, type: Range<Int>)] = []
        private(set) var isRefused = false
        private var braces = 0
        private var brackets = 0
        private var previous: (kind: RawTokenKind, text: SyntaxText)?
        private var state = State.idle

        private enum State {
            case idle
            /// After `@`, before the attribute's name.
            case attribute(start: Int)
            /// After an attribute or a modifier: what may precede `extension`; after an attribute's name, its arguments too.
            case prefix(start: Int, afterAttribute: Bool)
            /// In an attribute's arguments, this deep in parentheses.
            case arguments(start: Int, depth: Int)
            case type(start: Int, ExtendedType)
            /// After the type: what it conforms to and its `where` clause, to the body's `{`.
            case header
            /// In the body, at this depth of braces.
            case body(depth: Int)
        }

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            base = bytes.baseAddress
        }

        /// The extensions found, each with its type as written and its place; nil when the file is refused.
        func extensions(in bytes: UnsafeBufferPointer<UInt8>) -> [WiringRelevance.Inert.Extension]? {
            guard !isRefused, braces == 0, brackets == 0, case .idle = state else { return nil }
            let lines = LineTable(bytes)
            return found.map { found in
                let type = WiringCollector.cut(String(decoding: UnsafeBufferPointer(rebasing: bytes[found.type]), as: UTF8.self))
                let location = lines.location(ofOffset: found.start)
                return .init(type: type, line: location.line, column: location.column)
            }
        }

        mutating func token(_ kind: RawTokenKind, text: SyntaxText, isAtStartOfLine: Bool, isMalformed: Bool) {
            guard !isRefused else { return }
            let offset = text.baseAddress.flatMap { address in base.map { address - $0 } } ?? 0
            let isTopLevel = braces == 0 && brackets == 0
            let startsDeclaration = isTopLevel && (previous.map { Self.ends($0, beforeLineBreak: isAtStartOfLine) } ?? true)
            defer { previous = (kind, text) }
            if isMalformed { return refuse() }
            count(kind)
            if braces < 0 || brackets < 0 { return refuse() }
            switch state {
            case let .type(start, type):
                var type = type
                switch type.read(kind, text: text, offset: offset) {
                case .more: state = .type(start: start, type)
                case .refused: refuse()
                case let .ended(range):
                    found.append((start, range))
                    state = kind == .leftBrace ? .body(depth: braces) : .header
                }
                return
            case .header:
                if kind == .leftBrace, braces == 1 {
                    state = .body(depth: 1)
                } else if kind == .rightBrace || kind == .semicolon || Self.declaresType(text) {
                    refuse()
                }
                return
            case let .body(depth):
                if Self.declaresType(text) { return refuse() }
                if braces < depth { state = .idle }
                return
            case let .arguments(start, depth):
                let depth = depth + (kind == .leftParen ? 1 : 0) - (kind == .rightParen ? 1 : 0)
                state = depth == 0 ? .prefix(start: start, afterAttribute: false) : .arguments(start: start, depth: depth)
                return
            case let .attribute(start):
                state = kind == .identifier || kind == .keyword ? .prefix(start: start, afterAttribute: true) : .idle
                return
            case let .prefix(start, afterAttribute):
                if kind == .leftParen, afterAttribute, isAdjacent(text) {
                    state = .arguments(start: start, depth: 1)
                    return
                }
                declaration(kind, text: text, offset: offset, start: start, startsDeclaration: startsDeclaration)
            case .idle:
                declaration(kind, text: text, offset: offset, start: nil, startsDeclaration: startsDeclaration)
            }
        }

        /// A token outside an extension: one that may start a declaration, or `extension`.
        private mutating func declaration(_ kind: RawTokenKind, text: SyntaxText, offset: Int, start: Int?, startsDeclaration: Bool) {
            let start = start ?? (startsDeclaration ? offset : nil)
            if text == "extension" {
                guard kind == .keyword, let start, braces == 0, brackets == 0 else { return refuse() }
                state = .type(start: start, ExtendedType())
            } else if kind == .atSign, let start {
                state = .attribute(start: start)
            } else if Self.modifiers.contains(text), let start {
                state = .prefix(start: start, afterAttribute: false)
            } else {
                state = .idle
            }
        }

        private mutating func refuse() {
            isRefused = true
        }

        private mutating func count(_ kind: RawTokenKind) {
            switch kind {
            case .leftBrace: braces += 1
            case .rightBrace: braces -= 1
            case .leftParen, .leftSquare: brackets += 1
            case .rightParen, .rightSquare: brackets -= 1
            default: break
            }
        }

        /// Whether `text` follows the previous token with nothing between (an attribute's arguments: `@available(`).
        private func isAdjacent(_ text: SyntaxText) -> Bool {
            guard let previous, let end = previous.text.baseAddress.map({ $0 + previous.text.count }) else { return false }
            return text.baseAddress == end
        }

        /// Whether a token ends what it is in when a line break follows it, so that the next line starts a
        /// declaration: a name (not a contextual keyword, which may go on), a literal, a closing bracket,
        /// `#else` or `#endif`; or whatever it is, when it is `}` or `;`.
        private static func ends(_ token: (kind: RawTokenKind, text: SyntaxText), beforeLineBreak: Bool) -> Bool {
            switch token.kind {
            case .rightBrace, .semicolon: return true
            case .rightParen, .rightSquare, .integerLiteral, .floatLiteral, .stringQuote, .multilineStringQuote,
                .rawStringPoundDelimiter, .poundElse, .poundEndif:
                return beforeLineBreak
            case .identifier: return beforeLineBreak && Keyword(token.text) == nil
            case .keyword: return beforeLineBreak && ["true", "false", "nil", "self", "Self", "super"].contains(token.text)
            default: return false
            }
        }

        /// Whether `text` declares a type, or an extension, wherever it is (`class func` too: refused, not weighed).
        private static func declaresType(_ text: SyntaxText) -> Bool {
            ["struct", "class", "enum", "actor", "protocol", "extension"].contains(text)
        }

        /// The modifiers an extension may carry.
        private static let modifiers: [SyntaxText] = ["public", "private", "fileprivate", "internal", "package", "open", "nonisolated"]
    }

    /// The type an extension extends, read token by token: names joined by `.` (`Core.World`), each with optional
    /// generic arguments (`Array<Int>`) and `?` or `!`, or a bracketed type (`[String: Int]`, `(Int, Int)`), up to
    /// the `:`, `where` or `{` that ends it. Two names in a row, a literal or an operator of another kind refuse it:
    /// the parse would end the type elsewhere.
    struct ExtendedType {
        enum Step {
            case more
            case refused
            /// The type's bytes: from its first token to the end of its last.
            case ended(Range<Int>)
        }

        private var range: Range<Int>?
        /// Open `<`, `[` and `(`.
        private var depth = 0
        /// Whether the last token at depth 0 ends an element, after which a name may not come.
        private var afterElement = false

        mutating func read(_ kind: RawTokenKind, text: SyntaxText, offset: Int) -> Step {
            if depth == 0 {
                if kind == .colon || kind == .leftBrace || (kind == .keyword && text == "where") {
                    guard let range, afterElement else { return .refused }
                    return .ended(range)
                }
            }
            switch kind {
            case .identifier, .keyword:
                if depth == 0 {
                    guard !afterElement, kind == .identifier || ["Self", "Any"].contains(text) else { return .refused }
                    afterElement = true
                }
            case .period:
                guard depth > 0 || afterElement else { return .refused }
                afterElement = false
            case .comma, .colon, .arrow:
                guard depth > 0 else { return .refused }
            case .leftSquare, .leftParen:
                guard depth > 0 || range == nil else { return .refused }
                depth += 1
            case .rightSquare, .rightParen:
                depth -= 1
                guard depth >= 0 else { return .refused }
                if depth == 0 { afterElement = true }
            case .binaryOperator, .prefixOperator, .postfixOperator, .postfixQuestionMark, .infixQuestionMark, .exclamationMark:
                guard range != nil,
                    text.allSatisfy({ [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains($0) })
                else { return .refused }
                for byte in text {
                    if byte == UInt8(ascii: "<") { depth += 1 }
                    if byte == UInt8(ascii: ">") { depth -= 1 }
                }
                guard depth >= 0 else { return .refused }
                if depth == 0 { afterElement = true }
            default:
                return .refused
            }
            let end = offset + text.count
            range = (range?.lowerBound ?? offset)..<end
            return .more
        }
    }
}
