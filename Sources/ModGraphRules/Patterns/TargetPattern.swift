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
    /// The parts read from `text`, shared by every copy: a layer's patterns are
    /// matched against every target, and copying the tokens and the shape at
    /// each call cost more than most matches.
    private let compiled: Compiled

    var package: [Token]? { compiled.package }
    var target: [Token] { compiled.target }
    /// What any name the target part matches must look like, checked on its bytes first.
    private var shape: NameShape { compiled.shape }

    /// Whether a target name starting with `byte` may match: false only when
    /// the shortcut would say no at the first byte (``PatternCandidates``).
    func mayMatchName(startingWith byte: UInt8) -> Bool { shape.admits(firstByte: byte) }

    private final class Compiled: Sendable {
        let package: [Token]?
        let target: [Token]
        let shape: NameShape

        init(package: [Token]?, target: [Token]) {
            self.package = package
            self.target = target
            self.shape = NameShape(target)
        }
    }

    public var description: String { text }

    /// Two patterns are the same when written the same: the text decides every part.
    public static func == (lhs: TargetPattern, rhs: TargetPattern) -> Bool {
        lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// Whether the pattern is literal characters only (escaped or not): no `*`, `?` or
    /// capture, so it matches exactly one name, by comparison alone.
    public var isLiteral: Bool {
        ((package ?? []) + target).allSatisfy { token in
            if case .literal = token { return true }
            return false
        }
    }

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
        let package: [Token]?
        let target: [Token]
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
        compiled = Compiled(package: package, target: target)
    }

    /// Captured values by name when `id` matches (`package` also matches `packageName`), else `nil`.
    ///
    /// When several splits of the name match, the first of a left-to-right
    /// search wins, in which `*` and an unbound capture try their shortest run
    /// first; a capture bound in `bindings` (by a rule's `from`) or earlier in
    /// the pattern must repeat its text. The package part is matched first and
    /// its captures constrain the target part; a package match is not revisited
    /// when the target part then fails.
    ///
    /// - Complexity: O(p·n) time and O(p·n) bits of memory for a part of p
    ///   tokens and a name of n characters, plus O(n + v) for each capture
    ///   already bound to a text of v characters, when no capture name repeats
    ///   within the part. A repeated name's value is one of O(n²) substrings,
    ///   and the search after its first capture depends on it: O(p·n³) with
    ///   one such name, O(p·n^(2k+1)) with k (matching with repeated captures
    ///   is NP-complete in general, so no bound polynomial in k is known).
    public func match(_ id: TargetID, packageName: String? = nil, bindings: [String: String] = [:]) -> [String: String]? {
        switch shape.judge(id.name, bindings: bindings) {
        case .never: return nil
        case .always where package == nil: return bindings
        case let .captures(name, value) where package == nil:
            var result = bindings
            result[name] = value
            return result
        case .always, .captures, .search: break
        }
        return searched(id, packageName: packageName, bindings: bindings)
    }

    /// ``match(_:packageName:bindings:)`` by the search alone, without the
    /// shortcuts of ``NameShape``; tests hold the two to the same answers.
    func searched(_ id: TargetID, packageName: String?, bindings: [String: String]) -> [String: String]? {
        let targetName = Array(id.name)
        if let package {
            let names = [id.package.rawValue] + (packageName.map { [$0] } ?? [])
            for name in names {
                var packageMatcher = GlobMatcher(package, Array(name), bindings)
                guard let afterPackage = packageMatcher.firstMatch() else { continue }
                var targetMatcher = GlobMatcher(target, targetName, afterPackage)
                if let result = targetMatcher.firstMatch() { return result }
            }
            return nil
        }
        var matcher = GlobMatcher(target, targetName, bindings)
        return matcher.firstMatch()
    }

    /// Splits on the first unescaped `/`s.
    private static func splitQualifier(_ text: String) -> [String] {
        var parts: [String] = [""]
        var escaped = false
        for character in text {
            if escaped {
                parts[parts.count - 1].append(character)
                escaped = false
                continue
            }
            if character == "\\" {
                parts[parts.count - 1].append(character)
                escaped = true
                continue
            }
            if character == "/" {
                parts.append("")
                continue
            }
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
                    if inner == "}" {
                        closed = true
                        break
                    }
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
            if character == "\\", let next = iterator.next() {
                text += "\\\(next)"
                continue
            }
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

/// What a pattern's target part says about the names it can match, so that
/// most names are told apart without the search: a layer list of 16 patterns
/// is tried on each of 100,000 targets, and nearly every try fails on the
/// first character. Only names of printable ASCII are judged, where a byte is
/// a character (a non-ASCII name may equal an ASCII one: `K` and the Kelvin
/// sign are the same character to Swift); a difference at a byte that is
/// printable ASCII is a difference whatever follows.
private struct NameShape: Hashable, Sendable {
    enum Verdict {
        /// The name cannot match.
        case never
        /// The name matches, capturing nothing: the part is a literal, a literal then `*`, or `*` then a literal.
        case always
        /// The name matches `{capture}` then the literal end, capturing the rest.
        case captures(String, String)
        /// The search must decide.
        case search
    }

    /// The literal characters the part starts with, ends with, and holds in
    /// between, in order, as bytes (printable ASCII only).
    private let prefix: [UInt8]
    private let suffix: [UInt8]
    /// Whether a name starting with `byte` may match: ``judge(_:bindings:)``
    /// says ``Verdict/never`` at the first byte when it is printable ASCII and
    /// differs from the part's first literal.
    func admits(firstByte byte: UInt8) -> Bool {
        guard let first = prefix.first, Self.isPlain(byte) else { return true }
        return byte == first
    }

    private static func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }
    private let inner: [[UInt8]]
    /// The fewest characters a matching name has: one per literal and `?`.
    private let minimumLength: Int
    private enum Form: Hashable, Sendable {
        /// `prefix` alone, `prefix` then `*`, or `*` then `suffix`.
        case exact, open, openStart
        /// One capture used once, then `suffix` (possibly empty): `{feature}UI`, `{name}`.
        case captureThenSuffix(String)
        case other
    }
    private let form: Form

    init(_ tokens: [TargetPattern.Token]) {
        func plainByte(_ token: TargetPattern.Token) -> UInt8? {
            guard case let .literal(character) = token, let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F else { return nil }
            return ascii
        }
        let prefixCount = tokens.prefix { plainByte($0) != nil }.count
        let suffixCount = prefixCount == tokens.count ? 0 : tokens.reversed().prefix { plainByte($0) != nil }.count
        prefix = tokens.prefix(prefixCount).compactMap(plainByte)
        suffix = tokens.suffix(suffixCount).compactMap(plainByte)
        // Runs of plain literals between the two ends; other tokens split them.
        var runs: [[UInt8]] = [[]]
        for token in tokens.dropFirst(prefixCount).dropLast(suffixCount) {
            if let byte = plainByte(token) { runs[runs.count - 1].append(byte) } else if !runs[runs.count - 1].isEmpty { runs.append([]) }
        }
        inner = runs.filter { !$0.isEmpty }
        minimumLength = tokens.count { token in
            switch token {
            case .literal, .one: true
            case .any, .capture: false
            }
        }
        if prefixCount == tokens.count {
            form = .exact
        } else if prefixCount == tokens.count - 1, tokens.last == .any {
            form = .open
        } else if prefixCount == 0, tokens.first == .any, suffixCount == tokens.count - 1 {
            form = .openStart
        } else if prefixCount == 0, case let .capture(name)? = tokens.first, suffixCount == tokens.count - 1 {
            form = .captureThenSuffix(name)
        } else {
            form = .other
        }
    }

    /// - Complexity: O(n) in the length of the name (and of the pattern's inner literals).
    func judge(_ name: String, bindings: [String: String]) -> Verdict {
        let verdict = name.utf8.withContiguousStorageIfAvailable { judge(bytes: $0, bindings: bindings) }
        return verdict ?? .search
    }

    private func judge(bytes name: UnsafeBufferPointer<UInt8>, bindings: [String: String]) -> Verdict {
        // The ends first: most names differ from the pattern at their first or last byte.
        for (offset, expected) in prefix.enumerated() {
            guard offset < name.count else { return .never }
            if name[offset] != expected { return Self.isPlain(name[offset]) ? .never : .search }
        }
        for (offset, expected) in suffix.reversed().enumerated() {
            guard offset < name.count else { return .never }
            let byte = name[name.count - 1 - offset]
            if byte != expected { return Self.isPlain(byte) ? .never : .search }
        }
        guard name.allSatisfy(Self.isPlain) else { return .search }
        guard name.count >= minimumLength, name.count >= prefix.count + suffix.count || form == .exact else { return .never }
        // The literals in between must occur in order.
        var from = prefix.count
        let end = name.count - suffix.count
        for run in inner {
            guard let found = Self.find(run, in: name, from: from, before: end) else { return .never }
            from = found + run.count
        }
        switch form {
        case .exact: return name.count == prefix.count ? .always : .never
        case .open, .openStart: return .always
        case .captureThenSuffix(let capture):
            // A capture takes one character or more; a bound one must repeat its text (left to the search).
            guard bindings[capture] == nil else { return .search }
            guard name.count > suffix.count else { return .never }
            return .captures(capture, String(decoding: UnsafeBufferPointer(rebasing: name[..<end]), as: UTF8.self))
        case .other: return .search
        }
    }

    /// The first position at or after `start` where `run` occurs, ending by `end`.
    private static func find(_ run: [UInt8], in name: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        guard end - start >= run.count else { return nil }
        for position in start...(end - run.count) where name[position] == run[0] {
            if (1..<run.count).allSatisfy({ name[position + $0] == run[$0] }) { return position }
        }
        return nil
    }
}

/// Why a pattern could not be read.
public struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
    public let pattern: String
    public let problem: String

    public var description: String { "pattern '\(pattern)' \(problem)" }
}
