/// Finds where a target and its dependencies are written in a manifest's
/// text, so annotations point at the line a reviewer has to change.
///
/// Manifests are programs, so this is a light scan rather than a parse: it
/// skips comments and string contents, tracks brackets, and treats a
/// `.target(`-style call as a declaration unless it sits inside a
/// `dependencies:` or `plugins:` list (where `.target(name:)` is a
/// dependency). A dependency is the first string literal with its name inside
/// the declaration's call; when the call does not write it (a helper's
/// `static var foo: Target.Dependency { .product(name: "Foo", …) }`, a
/// variable), the first literal of that name outside every declaration and the
/// package's `products:` and `dependencies:` lists, which is where the name is written. A target built through
/// a helper (`feature(name: "Feed")`) is found the same way. When the text does
/// not say at all (names built in loops), callers fall back to the declaration,
/// then to line 1.
public struct ManifestLocator: Sendable {
    struct Declaration {
        let name: String
        let nameLine: Int
        /// String literals inside the call, with their lines, in order.
        let literals: [(text: String, line: Int)]
    }

    private let declarations: [Declaration]
    /// Every string literal outside comments, with its line, in order.
    private let literals: [(text: String, line: Int)]
    /// The literals outside every declaration call and the `products:` and `dependencies:` lists (helpers, variables), in order.
    private let looseLiterals: [(text: String, line: Int)]

    private static let declarationCalls: Set<String> = [
        "target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget", "regularTarget",
    ]

    public init(text: String) {
        (declarations, literals, looseLiterals) = Self.scan(Array(text.unicodeScalars))
    }

    /// 1-based line of the first string literal `matches` accepts (a `.package(path:)` whose
    /// folder is missing, found by its path).
    public func line(ofLiteral matches: (String) -> Bool) -> Int? {
        literals.first { matches($0.text) }?.line
    }

    /// 1-based line of the target's declaration (its `name:` argument), else of the first
    /// loose literal of its name (a helper's call that declares it).
    public func line(ofTarget name: String) -> Int? {
        declarations.first { $0.name == name }?.nameLine ?? looseLiterals.first { $0.text == name }?.line
    }

    /// 1-based line where `target` names `dependency` (a target or product name): in the target's
    /// call, else where a helper or variable writes the name (a loose literal; not the target's own name).
    public func line(ofDependency dependency: String, inTarget target: String) -> Int? {
        if let declaration = declarations.first(where: { $0.name == target }) {
            var skippedOwnName = false
            for literal in declaration.literals where literal.text == dependency {
                if !skippedOwnName, literal.text == target, literal.line == declaration.nameLine {
                    skippedOwnName = true
                    continue
                }
                return literal.line
            }
        }
        guard dependency != target else { return nil }
        return looseLiterals.first { $0.text == dependency }?.line
    }

    /// One pass over the text.
    ///
    /// - Complexity: O(n) in the length of the manifest.
    private static func scan(
        _ text: [Unicode.Scalar]
    ) -> ([Declaration], [(text: String, line: Int)], [(text: String, line: Int)]) {
        struct Open {
            let label: String?
            /// Index into `calls` when this bracket opened a declaration call.
            let call: Int?
        }
        struct Call {
            var name: String?
            var nameLine = 0
            var literals: [(String, Int)] = []
            var expectName = false
        }
        var stack: [Open] = []
        var calls: [Call] = []
        var finished: [Int] = []
        var allLiterals: [(text: String, line: Int)] = []
        var looseLiterals: [(text: String, line: Int)] = []
        var line = 1
        var index = 0
        var word = ""
        var lastLabel: String?
        var pendingCall: String?

        func openCalls() -> [Int] { stack.compactMap(\.call) }

        while index < text.count {
            let character = text[index]
            let next: Unicode.Scalar? = index + 1 < text.count ? text[index + 1] : nil
            if character == "\n" { line += 1 }
            if character == "/", next == "/" {
                while index < text.count, text[index] != "\n" { index += 1 }
                continue
            }
            if character == "/", next == "*" {
                index += 2
                while index + 1 < text.count, !(text[index] == "*" && text[index + 1] == "/") {
                    if text[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
                continue
            }
            if character == "\"" || (character == "#" && Self.opensRawString(text, at: index)) {
                let startLine = line
                let string = StringLiteral(text, at: index)
                index = string.end
                line += string.lineBreaks
                // An interpolated string is no name; it is still a string, not code.
                if let literal = string.value {
                    allLiterals.append((literal, startLine))
                    let open = openCalls()
                    // The package's own products and package dependencies name packages and products, not a target's use of them.
                    if open.isEmpty, !stack.contains(where: { $0.label == "products" || $0.label == "dependencies" }) {
                        looseLiterals.append((literal, startLine))
                    }
                    for open in open { calls[open].literals.append((literal, startLine)) }
                    if let innermost = stack.last?.call, calls[innermost].expectName, calls[innermost].name == nil {
                        calls[innermost].name = literal
                        calls[innermost].nameLine = startLine
                    }
                }
                if let innermost = stack.last?.call { calls[innermost].expectName = false }
                word = ""
                continue
            }
            if character.properties.isAlphabetic || character == "_" || ("0"..."9").contains(character) {
                word.unicodeScalars.append(character)
                index += 1
                continue
            }
            if character == ":" {
                if !word.isEmpty {
                    lastLabel = word
                    if word == "name", let innermost = stack.last?.call { calls[innermost].expectName = true }
                }
            } else if character == "(" || character == "[" {
                var call: Int?
                if character == "(", let candidate = pendingCall, word == candidate {
                    let insideDependencies = stack.contains { $0.label == "dependencies" || $0.label == "plugins" }
                    if !insideDependencies {
                        calls.append(Call())
                        call = calls.count - 1
                    }
                }
                stack.append(Open(label: lastLabel, call: call))
                lastLabel = nil
            } else if character == ")" || character == "]" {
                if let closed = stack.popLast(), let call = closed.call { finished.append(call) }
                lastLabel = nil
            } else if character == "." {
                pendingCall = nil
                word = ""
                index += 1
                var name = ""
                while index < text.count, text[index].properties.isAlphabetic || text[index] == "_" {
                    name.unicodeScalars.append(text[index])
                    index += 1
                }
                word = name
                if declarationCalls.contains(name) { pendingCall = name }
                continue
            } else if !character.properties.isWhitespace {
                lastLabel = nil
            }
            if !(character.properties.isWhitespace) { word = "" }
            if character != "(" {} else { pendingCall = nil }
            index += 1
        }
        let declarations = finished.sorted().compactMap { call -> Declaration? in
            guard let name = calls[call].name else { return nil }
            return Declaration(
                name: name, nameLine: calls[call].nameLine,
                literals: calls[call].literals.map { (text: $0.0, line: $0.1) })
        }
        return (declarations, allLiterals, looseLiterals)
    }
}

extension ManifestLocator {
    /// Whether `#`s at `index` open a raw string (`#"…"#`, `##"…"##`).
    fileprivate static func opensRawString(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        var position = index
        while position < text.count, text[position] == "#" { position += 1 }
        return position < text.count && text[position] == "\""
    }
}

/// One string literal of a manifest, read as Swift reads it: `"…"`, `"""…"""`
/// and raw strings (`#"…"#`), with their escapes (`\"`, `\\`, `\t`, `\n`, `\r`,
/// `\0`, `\'`, `\u{…}`; in a raw string `\#"` and the like), so that a name written
/// `"Cor\u{65}"` is `Core` and is found at its line. An interpolated string
/// (`"\(x)"`) has no value: it is read to its end, but names nothing.
private struct StringLiteral {
    /// The characters, escapes decoded; nil when interpolated.
    private(set) var value: String?
    /// The index just past the closing delimiter.
    private(set) var end: Int
    /// Line breaks inside the literal.
    private(set) var lineBreaks = 0

    init(_ text: [Unicode.Scalar], at start: Int) {
        var index = start
        var pounds = 0
        while index < text.count, text[index] == "#" {
            pounds += 1
            index += 1
        }
        let multiline = index + 2 < text.count && text[index + 1] == "\"" && text[index + 2] == "\""
        index += multiline ? 3 : 1
        var value = ""
        var interpolated = false
        func closes(at position: Int) -> Bool {
            let quotes = multiline ? 3 : 1
            guard position + quotes + pounds <= text.count else { return false }
            return (0..<quotes).allSatisfy { text[position + $0] == "\"" } && (0..<pounds).allSatisfy { text[position + quotes + $0] == "#" }
        }
        while index < text.count {
            if closes(at: index) {
                index += (multiline ? 3 : 1) + pounds
                break
            }
            let scalar = text[index]
            if scalar == "\n" {
                if !multiline { break }  // an unterminated string ends at its line, which the scan goes on counting
                lineBreaks += 1
            }
            // An escape: a backslash followed by as many `#` as the string has.
            if scalar == "\\", index + pounds + 1 < text.count, (0..<pounds).allSatisfy({ text[index + 1 + $0] == "#" }) {
                let escaped = index + 1 + pounds
                switch text[escaped] {
                case "n": value.unicodeScalars.append("\n")
                case "t": value.unicodeScalars.append("\t")
                case "r": value.unicodeScalars.append("\r")
                case "0": value.unicodeScalars.append("\u{0}")
                case "\"", "'", "\\": value.unicodeScalars.append(text[escaped])
                case "u":
                    var position = escaped + 1
                    var hex = ""
                    if position < text.count, text[position] == "{" {
                        position += 1
                        while position < text.count, text[position] != "}", hex.count <= 8 {
                            hex.unicodeScalars.append(text[position])
                            position += 1
                        }
                    }
                    if let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code), position < text.count {
                        value.unicodeScalars.append(decoded)
                        index = position + 1
                        continue
                    }
                    interpolated = true
                case "(":
                    // Interpolation: skip to its closing parenthesis.
                    interpolated = true
                    var depth = 0
                    var position = escaped
                    while position < text.count {
                        if text[position] == "(" { depth += 1 }
                        if text[position] == ")" {
                            depth -= 1
                            if depth == 0 { break }
                        }
                        if text[position] == "\n" { lineBreaks += 1 }
                        position += 1
                    }
                    index = position + 1
                    continue
                case "\n":
                    // A line continuation in a multi-line string.
                    lineBreaks += 1
                default:
                    value.unicodeScalars.append(text[escaped])
                }
                index = escaped + 1
                continue
            }
            value.unicodeScalars.append(scalar)
            index += 1
        }
        if multiline {
            // The text starts on the line after the opening delimiter.
            if value.hasPrefix("\n") { value.removeFirst() }
            value = value.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " || $0 == "\t" } }.joined(
                separator: "\n")
            if value.hasSuffix("\n") { value.removeLast() }
        }
        self.value = interpolated ? nil : value
        self.end = index
    }
}
