import ModGraphCore

/// A glob over target names, optionally qualified by package (`Core/*`),
/// with named captures (`{feature}UI`) so that one rule can relate two
/// targets of the same feature: `{feature}UI` may use `{feature}Core`.
///
/// Syntax: `*` any run of characters (possibly empty), `?` one character,
/// `{name}` a captured run of one or more characters (the same name twice
/// must capture the same text), `\` escapes the next character. A pattern
/// with one `/` matches `package/target`, where the package part matches the
/// identity or the declared name; without `/` it matches the target name in
/// any package.
public struct TargetPattern: Hashable, Sendable, CustomStringConvertible {
    enum Token: Hashable, Sendable {
        case literal(Character)
        case any
        case one
        case capture(String)
    }

    public let text: String
    let package: [Token]?
    let target: [Token]

    public var description: String { text }

    /// The capture names, in order of first appearance.
    public var captureNames: [String] {
        var names: [String] = []
        for token in (package ?? []) + target {
            if case let .capture(name) = token, !names.contains(name) { names.append(name) }
        }
        return names
    }

    public init(_ text: String) throws(PatternError) {
        self.text = text
        guard !text.isEmpty else { throw PatternError(pattern: text, problem: "is empty") }
        let parts = Self.splitQualifier(text)
        guard parts.count <= 2 else { throw PatternError(pattern: text, problem: "has more than one '/'") }
        if parts.count == 2 {
            package = try Self.tokens(parts[0], in: text)
            target = try Self.tokens(parts[1], in: text)
        } else {
            package = nil
            target = try Self.tokens(parts[0], in: text)
        }
        guard !target.isEmpty, package.map({ !$0.isEmpty }) ?? true else {
            throw PatternError(pattern: text, problem: "has an empty package or target part")
        }
    }

    /// Captured values by name when `id` matches (`package` also matches `packageName`), else `nil`.
    ///
    /// - Complexity: O(p·n) for pattern length p and name length n in the worst case.
    public func match(_ id: TargetID, packageName: String? = nil, bindings: [String: String] = [:]) -> [String: String]? {
        if let package {
            let names = [id.package.rawValue] + (packageName.map { [$0] } ?? [])
            for name in names {
                if let afterPackage = Self.match(package, Array(name), 0, 0, bindings),
                   let result = Self.match(target, Array(id.name), 0, 0, afterPackage) {
                    return result
                }
            }
            return nil
        }
        return Self.match(target, Array(id.name), 0, 0, bindings)
    }

    /// Backtracking matcher; patterns are short, names shorter still.
    private static func match(_ tokens: [Token], _ name: [Character], _ t: Int, _ n: Int, _ bindings: [String: String]) -> [String: String]? {
        if t == tokens.count { return n == name.count ? bindings : nil }
        switch tokens[t] {
        case let .literal(character):
            guard n < name.count, name[n] == character else { return nil }
            return match(tokens, name, t + 1, n + 1, bindings)
        case .one:
            guard n < name.count else { return nil }
            return match(tokens, name, t + 1, n + 1, bindings)
        case .any:
            for end in n...name.count {
                if let result = match(tokens, name, t + 1, end, bindings) { return result }
            }
            return nil
        case let .capture(key):
            if let bound = bindings[key] {
                let characters = Array(bound)
                guard n + characters.count <= name.count, Array(name[n..<(n + characters.count)]) == characters else { return nil }
                return match(tokens, name, t + 1, n + characters.count, bindings)
            }
            guard n < name.count else { return nil }
            for end in (n + 1)...name.count {
                var extended = bindings
                extended[key] = String(name[n..<end])
                if let result = match(tokens, name, t + 1, end, extended) { return result }
            }
            return nil
        }
    }

    /// Splits on the first unescaped `/`s.
    private static func splitQualifier(_ text: String) -> [String] {
        var parts: [String] = [""]
        var escaped = false
        for character in text {
            if escaped { parts[parts.count - 1].append(character); escaped = false; continue }
            if character == "\\" { parts[parts.count - 1].append(character); escaped = true; continue }
            if character == "/" { parts.append(""); continue }
            parts[parts.count - 1].append(character)
        }
        return parts
    }

    private static func tokens(_ text: String, in pattern: String) throws(PatternError) -> [Token] {
        var tokens: [Token] = []
        var iterator = Array(text).makeIterator()
        while let character = iterator.next() {
            switch character {
            case "*":
                if tokens.last != .any { tokens.append(.any) }
            case "?":
                tokens.append(.one)
            case "\\":
                guard let next = iterator.next() else { throw PatternError(pattern: pattern, problem: "ends with a lone '\\'") }
                tokens.append(.literal(next))
            case "{":
                var name = ""
                var closed = false
                while let inner = iterator.next() {
                    if inner == "}" { closed = true; break }
                    name.append(inner)
                }
                guard closed else { throw PatternError(pattern: pattern, problem: "has a '{' without its '}'") }
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    throw PatternError(pattern: pattern, problem: "has a capture '{\(name)}' whose name is not a word")
                }
                tokens.append(.capture(name))
            case "}":
                throw PatternError(pattern: pattern, problem: "has a '}' without its '{'")
            case "[", "]":
                throw PatternError(pattern: pattern, problem: "uses '\(character)', which is not supported (use *, ? or {name})")
            default:
                tokens.append(.literal(character))
            }
        }
        return tokens
    }

    /// `{feature}Core` with `feature = Maps` gives `MapsCore`; captures not bound stay as written.
    public func substituting(_ bindings: [String: String]) -> TargetPattern {
        var text = ""
        var iterator = Array(self.text).makeIterator()
        while let character = iterator.next() {
            if character == "\\", let next = iterator.next() { text += "\\\(next)"; continue }
            if character == "{" {
                var name = ""
                while let inner = iterator.next(), inner != "}" { name.append(inner) }
                if let value = bindings[name] {
                    text += value.map { "*?{}\\/".contains($0) ? "\\\($0)" : String($0) }.joined()
                } else {
                    text += "{\(name)}"
                }
                continue
            }
            text.append(character)
        }
        return (try? TargetPattern(text)) ?? self
    }
}

/// Why a pattern could not be read.
public struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
    public let pattern: String
    public let problem: String

    public var description: String { "pattern '\(pattern)' \(problem)" }
}
