/// What a CocoaPods `Podfile` says each Xcode target uses: the common subset of its Ruby DSL,
/// read as text (no Ruby is run; docs/xcode.md, "CocoaPods").
///
/// Read: `target 'Name' do … end` (nested targets inherit their parent's pods unless
/// `inherit! :none`, and with `inherit! :search_paths` they see them but do not link them),
/// `abstract_target`, `abstract!`, `pod 'Name', …` with any options (`:path` is kept),
/// `project` / `xcodeproj`, and `def name … end` called by name. `workspace`, `platform`,
/// `source`, `use_frameworks!` and the like change no dependency and are passed over; hooks
/// (`post_install do … end`) are skipped whole. Anything else (an `if` around pods, string
/// interpolation, a multi-line string) is skipped, and the first such place is named in
/// ``notes``: what depends on it is not seen.
///
/// A Podfile is input: it is read within ``maximumBytes``, ``maximumLines``, ``maximumDepth``
/// blocks deep, definitions called at most ``maximumCallDepth`` deep, and at most
/// ``maximumStatements`` statements in all once definitions are expanded.
public struct Podfile: Hashable, Sendable {
    /// More than any Podfile holds; a larger file is not read.
    public static let maximumBytes = 1 << 20
    public static let maximumLines = 20_000
    public static let maximumDepth = 32
    public static let maximumCallDepth = 8
    public static let maximumStatements = 100_000
    /// Lines one statement may span (a `pod` whose options continue after a comma).
    static let maximumContinuation = 32

    /// One `pod` line.
    public struct Pod: Hashable, Sendable {
        /// As written: `Firebase/Analytics`.
        public let written: String
        /// The 1-based line of the `pod` statement.
        public let line: Int
        /// `:path =>`, when given: a local pod, relative to the Podfile's folder.
        public let path: String?

        public init(written: String, line: Int, path: String?) {
            self.written = written
            self.line = line
            self.path = path
        }

        /// The pod a subspec belongs to: `Firebase` for `Firebase/Analytics`.
        public var name: String {
            written.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? written
        }
    }

    /// An Xcode target the Podfile integrates (abstract targets are not listed).
    public struct Target: Hashable, Sendable {
        public let name: String
        /// The 1-based line of its `target` statement.
        public let line: Int
        /// The `.xcodeproj` it is in (`project`), as written, its own or inherited; nil: the one beside the Podfile.
        public let project: String?
        /// The pods it links: its own and those inherited, each pod once (its first declaration), in order.
        public let pods: [Pod]
        /// The pods it sees without linking them (`inherit! :search_paths`): its parents'.
        public let searchPaths: [Pod]
    }

    public let targets: [Target]
    /// What was not read, at most one line: `line 12: …`.
    public let notes: [String]

    /// Reads the `Podfile` at `path` (a regular file inside the disk's root, at most ``maximumBytes``).
    public static func load(at path: String, disk: XcodeDisk) throws(XcodeError) -> Podfile {
        guard disk.isInside(path) else { throw .unreadable(path: path, reason: "it is outside the folder loaded") }
        let bytes = try disk.contents(of: path, limit: maximumBytes)
        return Podfile(text: String(decoding: bytes, as: UTF8.self))
    }

    /// Reads `text`; never fails: what cannot be read is named in ``notes``.
    public init(text: String) {
        var reader = Reader()
        reader.read(text)
        self = reader.finish()
    }

    init(targets: [Target], notes: [String]) {
        self.targets = targets
        self.notes = notes
    }
}

// MARK: - Reading

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

    /// One token of a line.
    enum Token: Equatable {
        case word(String)
        case string(String)
        case symbol(String)
        /// `path:` (a hash key in Ruby 1.9 syntax).
        case key(String)
        case arrow
        case comma
        case pipe
        case other(Character)
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
        private var definitions: [String: [Statement]] = [:]
        private var note: String?

        private mutating func noteOnce(_ text: String) {
            if note == nil { note = text }
        }

        mutating func read(_ text: String) {
            guard text.utf8.count <= Podfile.maximumBytes else {
                noteOnce("not read: more than \(Podfile.maximumBytes) bytes")
                return
            }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
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
                guard var tokens = Self.tokens(raw) else {
                    if skipping == 0 { noteOnce("line \(number): not read (a string modgraph does not read)") }
                    continue
                }
                // A statement continues after a trailing comma.
                var spanned = 0
                while tokens.last == .comma, index < lines.count, spanned < Podfile.maximumContinuation,
                    let more = Self.tokens(String(lines[index]))
                {
                    tokens += more
                    index += 1
                    spanned += 1
                    if more.last != .comma { break }
                }
                statement(tokens, line: number)
            }
            if skipping > 0 || stack.count > 1 {
                noteOnce("a block is not closed by `end` at the end of the file")
            }
        }

        /// Words that open a block that ends with `end`, at the start of a statement.
        private static let openers: Set<String> = ["if", "unless", "while", "until", "case", "begin", "for", "class", "module", "def"]
        /// Statements that change nothing modgraph reads.
        private static let passedOver: Set<String> = [
            "workspace", "platform", "source", "use_frameworks!", "use_modular_headers!", "inhibit_all_warnings!", "install!",
            "plugin", "ensure_bundler!", "supports_swift_versions", "generate_bridge_support!", "set_arc_compatibility_flag!",
            "link_with", "require", "require_relative", "puts",
        ]
        /// Hooks: blocks run around installation, skipped whole without a note.
        private static let hooks: Set<String> = ["post_install", "pre_install", "post_integrate", "pre_integrate"]

        private mutating func statement(_ tokens: [Token], line: Int) {
            guard let first = tokens.first else { return }
            let opens = tokens.contains(.word("do")) ? 1 : 0
            if skipping > 0 {
                if case let .word(word) = first, Self.openers.contains(word) { skipping += 1 }
                skipping += opens
                skipping -= tokens.count { $0 == .word("end") }
                return
            }
            guard case let .word(word) = first else {
                noteOnce("line \(line): not read")
                return
            }
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
                guard let name = tokens.dropFirst().first.flatMap(Self.name) else {
                    noteOnce("line \(line): a target whose name modgraph does not read")
                    if opens > 0 { skipping = 1 }
                    return
                }
                let abstract = word == "abstract_target"
                if opens > 0 {
                    open(.target(name: name, line: line, abstract: abstract), line: line)
                } else {
                    append(.target(name: name, line: line, abstract: abstract, body: []))
                }
            case "def":
                guard tokens.count >= 2, case let .word(name) = tokens[1] else {
                    noteOnce("line \(line): a definition modgraph does not read")
                    skipping = 1
                    return
                }
                open(.definition(name: name), line: line)
            case "pod":
                guard let written = tokens.dropFirst().first.flatMap(Self.string) else {
                    noteOnce("line \(line): a pod whose name modgraph does not read")
                    return
                }
                append(.pod(Pod(written: written, line: line, path: Self.option("path", in: tokens))))
            case "project", "xcodeproj":
                if let path = tokens.dropFirst().first.flatMap(Self.string) { append(.project(path)) }
            case "inherit!":
                switch tokens.dropFirst().first {
                case .symbol("none"): append(.inherit(.none))
                case .symbol("search_paths"): append(.inherit(.searchPaths))
                case .symbol("complete"): append(.inherit(.complete))
                default: noteOnce("line \(line): an inheritance modgraph does not read")
                }
            case "abstract!":
                if tokens.dropFirst().first != .word("false") { append(.abstract) }
            default:
                if Self.hooks.contains(word) {
                    if opens > 0 { skipping = 1 }
                } else if Self.passedOver.contains(word) {
                    if opens > 0 { skipping = 1 }
                } else if Self.openers.contains(word) || opens > 0 {
                    noteOnce("line \(line): a `\(word)` block is not read; pods inside it are not seen")
                    skipping = 1 + tokens.count { $0 == .word("do") } - (opens > 0 ? 1 : 0)
                    skipping -= tokens.count { $0 == .word("end") }
                } else if tokens.count == 1 || (tokens.count == 3 && tokens[1] == .other("(") && tokens[2] == .other(")")) {
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

        // MARK: Evaluation

        /// One target definition: the root (abstract), an `abstract_target`, or a target.
        private struct Definition {
            let name: String
            let line: Int
            var abstract: Bool
            var inheritance: Inheritance = .complete
            var project: String?
            var pods: [Pod] = []
            let parent: Int?
        }

        mutating func finish() -> Podfile {
            // Whatever is still open is read as if closed, after the note said it was not.
            while stack.count > 1 {
                let (frame, body) = stack.removeLast()
                if case let .target(name, line, abstract) = frame {
                    append(.target(name: name, line: line, abstract: abstract, body: body))
                }
            }
            var all = [Definition(name: "", line: 0, abstract: true, parent: nil)]
            var budget = Podfile.maximumStatements
            evaluate(stack[0].body, into: 0, &all, depth: 0, budget: &budget)
            func linked(_ index: Int) -> [Pod] {
                let definition = all[index]
                guard let parent = definition.parent, definition.inheritance == .complete else { return definition.pods }
                return linked(parent) + definition.pods
            }
            func project(_ index: Int) -> String? {
                all[index].project ?? all[index].parent.flatMap(project)
            }
            var targets: [Target] = []
            for index in all.indices where !all[index].abstract {
                let definition = all[index]
                let searchPaths = definition.inheritance == .searchPaths ? (definition.parent.map(linked) ?? []) : []
                targets.append(
                    Target(
                        name: definition.name, line: definition.line, project: project(index), pods: Self.distinct(linked(index)),
                        searchPaths: Self.distinct(searchPaths)))
            }
            return Podfile(targets: targets, notes: note.map { [$0] } ?? [])
        }

        /// Each pod once, at its first declaration.
        private static func distinct(_ pods: [Pod]) -> [Pod] {
            var seen: Set<String> = []
            return pods.filter { seen.insert($0.name).inserted }
        }

        private mutating func evaluate(_ statements: [Statement], into current: Int, _ all: inout [Definition], depth: Int, budget: inout Int) {
            for statement in statements {
                guard budget > 0 else {
                    noteOnce("more than \(Podfile.maximumStatements) statements once definitions are called; the rest are not read")
                    return
                }
                budget -= 1
                switch statement {
                case let .target(name, line, abstract, body):
                    all.append(Definition(name: name, line: line, abstract: abstract, parent: current))
                    evaluate(body, into: all.count - 1, &all, depth: depth, budget: &budget)
                case let .pod(pod):
                    all[current].pods.append(pod)
                case let .project(path):
                    all[current].project = path
                case let .inherit(mode):
                    all[current].inheritance = mode
                case .abstract:
                    all[current].abstract = true
                case let .call(name, line):
                    guard let body = definitions[name] else {
                        noteOnce("line \(line): `\(name)` is not read")
                        continue
                    }
                    guard depth < Podfile.maximumCallDepth else {
                        noteOnce("line \(line): definitions called more than \(Podfile.maximumCallDepth) deep are not read")
                        continue
                    }
                    evaluate(body, into: current, &all, depth: depth + 1, budget: &budget)
                }
            }
        }

        // MARK: Tokens

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
        private static func option(_ key: String, in tokens: [Token]) -> String? {
            for index in tokens.indices.dropLast() {
                if tokens[index] == .key(key), let value = string(tokens[index + 1]) { return value }
                if tokens[index] == .symbol(key), index + 2 < tokens.count, tokens[index + 1] == .arrow,
                    let value = string(tokens[index + 2])
                {
                    return value
                }
            }
            return nil
        }

        /// The tokens of one line, without its comment; nil when it holds a string modgraph does
        /// not read (unterminated, or interpolated).
        static func tokens(_ line: String) -> [Token]? {
            var tokens: [Token] = []
            let characters = Array(line)
            var index = 0
            func isWordCharacter(_ character: Character) -> Bool {
                character.isLetter || character.isNumber || character == "_"
            }
            while index < characters.count {
                let character = characters[index]
                switch character {
                case "#":
                    return tokens
                case " ", "\t", "\r":
                    index += 1
                case "'", "\"":
                    var text = ""
                    index += 1
                    var closed = false
                    while index < characters.count {
                        let next = characters[index]
                        if next == character {
                            closed = true
                            index += 1
                            break
                        }
                        if next == "\\", index + 1 < characters.count {
                            let escaped = characters[index + 1]
                            // In single quotes only \' and \\ are escapes; other escapes are not read.
                            guard escaped == character || escaped == "\\" else { return nil }
                            text.append(escaped)
                            index += 2
                            continue
                        }
                        if character == "\"", next == "#", index + 1 < characters.count, characters[index + 1] == "{" { return nil }
                        text.append(next)
                        index += 1
                    }
                    guard closed else { return nil }
                    tokens.append(.string(text))
                case ":" where index + 1 < characters.count && (isWordCharacter(characters[index + 1])):
                    var end = index + 1
                    while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
                    tokens.append(.symbol(String(characters[(index + 1)..<end])))
                    index = end
                case "=" where index + 1 < characters.count && characters[index + 1] == ">":
                    tokens.append(.arrow)
                    index += 2
                case ",":
                    tokens.append(.comma)
                    index += 1
                case "|":
                    tokens.append(.pipe)
                    index += 1
                default:
                    guard isWordCharacter(character) else {
                        tokens.append(.other(character))
                        index += 1
                        continue
                    }
                    var end = index
                    while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
                    if end < characters.count, characters[end] == "!" || characters[end] == "?" { end += 1 }
                    let word = String(characters[index..<end])
                    if end < characters.count, characters[end] == ":", end + 1 >= characters.count || characters[end + 1] != ":" {
                        tokens.append(.key(word))
                        end += 1
                    } else {
                        tokens.append(.word(word))
                    }
                    index = end
                }
            }
            return tokens
        }
    }
}

/// What a local pod's `.podspec` (Ruby) says that modgraph uses, read as text: the pods it depends
/// on (`s.dependency 'Lasso'`), which CocoaPods integrates into every target that uses it, and its
/// `module_name`. Lines it cannot read are skipped; the file is read within ``Podfile/maximumBytes``.
public struct Podspec: Hashable, Sendable {
    /// The pods it depends on, each once (a subspec is its pod), in order.
    public let dependencies: [String]
    /// `s.module_name = '…'`, when set.
    public let moduleName: String?

    public init(text: String) {
        var dependencies: [String] = []
        var moduleName: String?
        guard text.utf8.count <= Podfile.maximumBytes else {
            self.dependencies = []
            self.moduleName = nil
            return
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(Podfile.maximumLines) {
            guard let tokens = Podfile.Reader.tokens(String(line)), tokens.count >= 3 else { continue }
            for index in tokens.indices.dropLast() {
                if tokens[index] == .word("dependency"), index > 0, tokens[index - 1] == .other("."),
                    case let .string(name) = tokens[index + 1]
                {
                    let pod = Podfile.Pod(written: name, line: 0, path: nil).name
                    if !dependencies.contains(pod) { dependencies.append(pod) }
                }
                if tokens[index] == .word("module_name"), index > 0, tokens[index - 1] == .other("."), index + 2 < tokens.count,
                    tokens[index + 1] == .other("="), case let .string(name) = tokens[index + 2], moduleName == nil
                {
                    moduleName = name
                }
            }
        }
        self.dependencies = dependencies
        self.moduleName = moduleName
    }

    /// Reads the podspec at `path` (a regular file inside the disk's root).
    public static func load(at path: String, disk: XcodeDisk) throws(XcodeError) -> Podspec {
        guard disk.isInside(path) else { throw .unreadable(path: path, reason: "it is outside the folder loaded") }
        let bytes = try disk.contents(of: path, limit: Podfile.maximumBytes)
        return Podspec(text: String(decoding: bytes, as: UTF8.self))
    }
}
