/// A Podfile's statements, read line by line into the blocks they are in (``Podfile/Statement``);
/// ``Podfile/Reader/finish()`` (PodfileEvaluation.swift) then makes them targets.
extension Podfile {
    enum Inheritance { case complete, none, searchPaths }

    /// A statement that matters, in the order written.
    indirect enum Statement {
        case target(name: String, line: Int, abstract: Bool, body: [Statement])
        case pod(Pod)
        case project(String)
        case inherit(Inheritance)
        case abstract
        case call(name: String, line: Int)
    }

    struct Reader {
        private enum Frame {
            case root
            case target(name: String, line: Int, abstract: Bool)
            case definition(name: String)
        }

        private var stack: [(frame: Frame, body: [Statement])] = [(.root, [])]
        /// Depth of a block skipped whole (a hook, an `if`): 0 outside one.
        private var skipping = 0
        private(set) var definitions: [String: [Statement]] = [:]
        private(set) var note: String?

        mutating func noteOnce(_ text: String) {
            if note == nil { note = text }
        }

        mutating func read(_ text: String) {
            guard text.utf8.count <= Podfile.maximumBytes else {
                noteOnce("not read: more than \(Podfile.maximumBytes) bytes")
                return
            }
            var lines = Podfile.lines(of: text)
            if lines.count > Podfile.maximumLines {
                noteOnce("line \(Podfile.maximumLines + 1): not read past \(Podfile.maximumLines) lines")
                lines = Array(lines.prefix(Podfile.maximumLines))
            }
            var index = 0
            var inEmbeddedDocument = false
            while index < lines.count {
                let number = index + 1
                let raw = String(lines[index])
                index += 1
                if inEmbeddedDocument {
                    if raw.hasPrefix("=end") { inEmbeddedDocument = false }
                    continue
                }
                if raw.hasPrefix("=begin") {
                    inEmbeddedDocument = true
                    continue
                }
                guard var tokens = Podfile.tokens(raw) else {
                    if skipping == 0 { noteOnce("line \(number): not read (a string modgraph does not read)") }
                    continue
                }
                // A statement continues after a trailing comma.
                var spanned = 0
                while tokens.last == .comma, index < lines.count, spanned < Podfile.maximumContinuation,
                    let more = Podfile.tokens(String(lines[index]))
                {
                    tokens += more
                    index += 1
                    spanned += 1
                    if more.last != .comma { break }
                }
                for statement in Podfile.statements(tokens) {
                    self.statement(statement, line: number)
                }
            }
            if skipping > 0 || stack.count > 1 {
                noteOnce("a block is not closed by `end` at the end of the file")
            }
        }

        /// Statements that change nothing modgraph reads.
        private static let passedOver: Set<String> = [
            "workspace", "platform", "source", "use_frameworks!", "use_modular_headers!", "inhibit_all_warnings!", "install!",
            "plugin", "ensure_bundler!", "supports_swift_versions", "generate_bridge_support!", "set_arc_compatibility_flag!",
            "link_with", "require", "require_relative", "puts",
        ]
        /// Hooks: blocks run around installation, skipped whole without a note.
        private static let hooks: Set<String> = ["post_install", "pre_install", "post_integrate", "pre_integrate"]

        /// Skips the blocks `tokens` leaves open, up to their `end`s.
        private mutating func skip(_ tokens: ArraySlice<Token>) {
            skipping = max(0, Podfile.blockBalance(tokens))
        }

        private mutating func statement(_ tokens: ArraySlice<Token>, line: Int) {
            guard let first = tokens.first else { return }
            if skipping > 0 {
                skipping = max(0, skipping + Podfile.blockBalance(tokens))
                return
            }
            let opens = tokens.contains(.word("do"))
            guard case let .word(word) = first else {
                noteOnce("line \(line): not read")
                return
            }
            let arguments = tokens.dropFirst()
            switch word {
            case "end":
                guard stack.count > 1, let (frame, body) = stack.popLast() else {
                    noteOnce("line \(line): `end` closes nothing")
                    return
                }
                switch frame {
                case .root: break
                case let .target(name, start, abstract):
                    append(.target(name: name, line: start, abstract: abstract, body: body))
                case let .definition(name):
                    if definitions[name] == nil { definitions[name] = body }
                }
            case "target", "abstract_target":
                guard let name = arguments.first.flatMap(Self.name) else {
                    noteOnce("line \(line): a target whose name modgraph does not read")
                    skip(tokens)
                    return
                }
                let abstract = word == "abstract_target"
                if opens {
                    open(.target(name: name, line: line, abstract: abstract), line: line)
                } else {
                    append(.target(name: name, line: line, abstract: abstract, body: []))
                }
            case "def":
                guard case let .word(name)? = arguments.first else {
                    noteOnce("line \(line): a definition modgraph does not read")
                    skip(tokens)
                    return
                }
                open(.definition(name: name), line: line)
            case "pod":
                guard let written = arguments.first.flatMap(Self.string) else {
                    noteOnce("line \(line): a pod whose name modgraph does not read")
                    return
                }
                append(.pod(Pod(written: written, line: line, path: Self.option("path", in: tokens))))
            case "project", "xcodeproj":
                if let path = arguments.first.flatMap(Self.string) { append(.project(path)) }
            case "inherit!":
                switch arguments.first {
                case .symbol("none"): append(.inherit(.none))
                case .symbol("search_paths"): append(.inherit(.searchPaths))
                case .symbol("complete"): append(.inherit(.complete))
                default: noteOnce("line \(line): an inheritance modgraph does not read")
                }
            case "abstract!":
                if arguments.first != .word("false") { append(.abstract) }
            default:
                if Self.hooks.contains(word) || Self.passedOver.contains(word) {
                    skip(tokens)
                } else if Podfile.openers.contains(word) || opens {
                    noteOnce("line \(line): a `\(word)` block is not read; pods inside it are not seen")
                    skip(tokens)
                } else if tokens.count == 1 || (tokens.count == 3 && arguments.elementsEqual([.other("("), .other(")")])) {
                    append(.call(name: word, line: line))
                } else {
                    noteOnce("line \(line): `\(word)` is not read")
                }
            }
        }

        private mutating func open(_ frame: Frame, line: Int) {
            guard stack.count < Podfile.maximumDepth else {
                noteOnce("line \(line): blocks nested more than \(Podfile.maximumDepth) deep are not read")
                skipping = 1
                return
            }
            stack.append((frame, []))
        }

        private mutating func append(_ statement: Statement) {
            stack[stack.count - 1].body.append(statement)
        }

        /// The statements outside any block, once ``closeAll()`` closed what was left open.
        var topLevel: [Statement] { stack[0].body }

        /// Whatever is still open, closed as if by `end` (after the note said it was not).
        mutating func closeAll() {
            while stack.count > 1 {
                let (frame, body) = stack.removeLast()
                if case let .target(name, line, abstract) = frame {
                    append(.target(name: name, line: line, abstract: abstract, body: body))
                }
            }
        }

        /// The name a `target` takes: a string or a symbol.
        private static func name(_ token: Token) -> String? {
            switch token {
            case let .string(text), let .symbol(text): text
            default: nil
            }
        }

        private static func string(_ token: Token) -> String? {
            if case let .string(text) = token { return text }
            return nil
        }

        /// The string value of option `key` (`:path => '…'` or `path: '…'`).
        private static func option(_ key: String, in tokens: ArraySlice<Token>) -> String? {
            for index in tokens.indices.dropLast() {
                if tokens[index] == .key(key), let value = string(tokens[index + 1]) { return value }
                if tokens[index] == .symbol(key), index + 2 < tokens.endIndex, tokens[index + 1] == .arrow,
                    let value = string(tokens[index + 2])
                {
                    return value
                }
            }
            return nil
        }
    }
}
