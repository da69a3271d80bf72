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

/// The search behind ``TargetPattern/match(_:packageName:bindings:)``: the
/// depth-first search of a plain backtracking matcher, in the same order, so
/// the same match wins, but one that remembers the states (token, position)
/// it has seen fail and never searches them again. Plain backtracking took
/// exponential time (`*a*a*a*a*a*a*b` against forty `a`s: seconds; more stars:
/// hours) and copied each capture on each attempt.
///
/// Whether a state can still match depends only on the captures compared
/// later, which are the repeated names: a capture used once is a run of one
/// character or more that records where it was, and a capture bound before
/// the search is a literal text, found once (Knuth–Morris–Pratt). Failures seen
/// after a repeated name's first capture are forgotten when that capture changes.
/// The search keeps its own stack, so a long name cannot overflow the thread's.
private struct GlobMatcher {
    private enum Step {
        case literal(Character)
        case one
        case any
        /// A capture bound before the search: its index in `known`.
        case known(Int)
        /// A capture whose name this part uses once.
        case single(String)
        /// The first capture of a name the part repeats: its slot.
        case first(Int)
        /// A later use of a repeated name: its slot.
        case again(Int)
    }

    /// A text a capture was bound to before the search, and where it occurs in the name.
    private struct KnownText {
        let length: Int
        /// `startsAt[i]`: the text is the name's characters `i..<i + length`.
        let startsAt: [Bool]

        /// - Complexity: O(n + v) for a name of n characters and a text of v (Knuth–Morris–Pratt).
        init(_ text: [Character], in name: [Character]) {
            length = text.count
            guard !text.isEmpty else {
                startsAt = Array(repeating: true, count: name.count + 1)
                return
            }
            var startsAt = Array(repeating: false, count: name.count + 1)
            if text.count <= name.count {
                // border[i]: the longest proper prefix of text[0...i] that is also its suffix.
                var border = Array(repeating: 0, count: text.count)
                var length = 0
                for index in text.indices.dropFirst() {
                    while length > 0, text[index] != text[length] { length = border[length - 1] }
                    if text[index] == text[length] { length += 1 }
                    border[index] = length
                }
                length = 0
                for (index, character) in name.enumerated() {
                    while length > 0, character != text[length] { length = border[length - 1] }
                    if character == text[length] { length += 1 }
                    if length == text.count {
                        startsAt[index + 1 - length] = true
                        length = border[length - 1]
                    }
                }
            }
            self.startsAt = startsAt
        }
    }

    /// A state of the search and the choice it has reached: `t` steps matched
    /// `n` characters. A `tail` frame is inside a single capture that began at
    /// `start` and has taken at least one character.
    private struct Frame {
        var t: Int
        var n: Int
        var start = 0
        var tail = false
        /// 0 before the first choice; then the number of choices made (the
        /// capture's end, for the first capture of a repeated name).
        var choice = 0
    }

    private let steps: [Step]
    private let name: [Character]
    private let bindings: [String: String]
    private let known: [KnownText]
    private let slotNames: [String]
    /// Each repeated name's current capture, and for each position `i` after
    /// its start, how many characters from `i` agree with those from the start.
    private var slotRanges: [Range<Int>]
    private var slotAgreement: [[Int]]
    /// For each step, how many repeated names are captured before it: the
    /// failures of its states hold only while those captures stay.
    private let segment: [Int]
    /// Failed states, one bit each: rows of `stride` words, one row per step
    /// and one more per step for `tail` frames.
    private var failed: [UInt64]
    private let stride: Int
    /// The words of `failed` set in each segment, so that they can be cleared.
    private var written: [[Int]]

    init(_ tokens: [TargetPattern.Token], _ name: [Character], _ bindings: [String: String]) {
        var uses: [String: Int] = [:]
        for case let .capture(key) in tokens { uses[key, default: 0] += 1 }
        var steps: [Step] = []
        var known: [KnownText] = []
        var knownIndex: [String: Int] = [:]
        var slotNames: [String] = []
        var slotIndex: [String: Int] = [:]
        var segment: [Int] = []
        for token in tokens {
            segment.append(slotNames.count)
            switch token {
            case let .literal(character): steps.append(.literal(character))
            case .one: steps.append(.one)
            case .any: steps.append(.any)
            case let .capture(key):
                if let bound = bindings[key] {
                    let index = knownIndex[key] ?? known.count
                    if index == known.count {
                        knownIndex[key] = index
                        known.append(KnownText(Array(bound), in: name))
                    }
                    steps.append(.known(index))
                } else if uses[key, default: 0] < 2 {
                    steps.append(.single(key))
                } else if let slot = slotIndex[key] {
                    steps.append(.again(slot))
                } else {
                    slotIndex[key] = slotNames.count
                    steps.append(.first(slotNames.count))
                    slotNames.append(key)
                }
            }
        }
        self.steps = steps
        self.name = name
        self.bindings = bindings
        self.known = known
        self.slotNames = slotNames
        self.segment = segment
        slotRanges = Array(repeating: 0..<0, count: slotNames.count)
        slotAgreement = Array(repeating: [], count: slotNames.count)
        stride = (name.count + 1 + 63) / 64
        failed = Array(repeating: 0, count: max(1, 2 * steps.count * stride))
        written = Array(repeating: [], count: slotNames.count + 1)
    }

    /// The bindings of the first match, or `nil`.
    mutating func firstMatch() -> [String: String]? {
        var stack = [Frame(t: 0, n: 0)]
        while let top = stack.last {
            if top.t == steps.count {
                if top.n == name.count { return captures(along: stack) }
                stack.removeLast()
                continue
            }
            if top.choice == 0, hasFailed(top) {
                stack.removeLast()
                continue
            }
            if let next = advance(&stack[stack.count - 1]) {
                stack.append(next)
            } else {
                recordFailure(top)
                stack.removeLast()
            }
        }
        return nil
    }

    /// The frame's next choice, in the order plain backtracking tries them, or `nil` when none is left.
    private mutating func advance(_ frame: inout Frame) -> Frame? {
        let (t, n) = (frame.t, frame.n)
        switch steps[t] {
        case let .literal(character):
            guard frame.choice == 0, n < name.count, name[n] == character else { return nil }
            frame.choice = 1
            return Frame(t: t + 1, n: n + 1)
        case .one:
            guard frame.choice == 0, n < name.count else { return nil }
            frame.choice = 1
            return Frame(t: t + 1, n: n + 1)
        case let .known(index):
            guard frame.choice == 0, known[index].startsAt[n] else { return nil }
            frame.choice = 1
            return Frame(t: t + 1, n: n + known[index].length)
        case let .again(slot):
            guard frame.choice == 0, repeats(slot, at: n) else { return nil }
            frame.choice = 1
            return Frame(t: t + 1, n: n + slotRanges[slot].count)
        case .any:
            // The empty run first, then one character more and the same choice again.
            frame.choice += 1
            if frame.choice == 1 { return Frame(t: t + 1, n: n) }
            if frame.choice == 2, n < name.count { return Frame(t: t, n: n + 1) }
            return nil
        case .single:
            if !frame.tail {
                guard frame.choice == 0, n < name.count else { return nil }
                frame.choice = 1
                return Frame(t: t, n: n + 1, start: n, tail: true)
            }
            frame.choice += 1
            if frame.choice == 1 { return Frame(t: t + 1, n: n) }
            if frame.choice == 2, n < name.count { return Frame(t: t, n: n + 1, start: frame.start, tail: true) }
            return nil
        case let .first(slot):
            let end = frame.choice == 0 ? n + 1 : frame.choice + 1
            guard end <= name.count else { return nil }
            if frame.choice == 0 { slotAgreement[slot] = Self.agreement(name[n...]) }
            slotRanges[slot] = n..<end
            forgetFailures(after: segment[t])
            frame.choice = end
            return Frame(t: t + 1, n: end)
        }
    }

    /// Whether the slot's capture occurs again at `position`, which is past its start. O(1).
    private func repeats(_ slot: Int, at position: Int) -> Bool {
        let range = slotRanges[slot]
        guard position + range.count <= name.count else { return false }
        return slotAgreement[slot][position - range.lowerBound] >= range.count
    }

    /// For each index of `text`, the length of the longest common prefix of
    /// `text` and its suffix from there (the Z-algorithm). O(length).
    private static func agreement(_ text: ArraySlice<Character>) -> [Int] {
        let text = Array(text)
        var result = Array(repeating: 0, count: text.count)
        guard !text.isEmpty else { return result }
        result[0] = text.count
        var (left, right) = (0, 0)
        for index in text.indices.dropFirst() {
            if index < right { result[index] = min(right - index, result[index - left]) }
            while index + result[index] < text.count, text[result[index]] == text[index + result[index]] { result[index] += 1 }
            if index + result[index] > right { (left, right) = (index, index + result[index]) }
        }
        return result
    }

    private func position(_ frame: Frame) -> (word: Int, mask: UInt64) {
        let row = frame.tail ? steps.count + frame.t : frame.t
        return (row * stride + (frame.n >> 6), 1 << UInt64(frame.n & 63))
    }

    private func hasFailed(_ frame: Frame) -> Bool {
        let (word, mask) = position(frame)
        return failed[word] & mask != 0
    }

    private mutating func recordFailure(_ frame: Frame) {
        let (word, mask) = position(frame)
        let segment = segment[frame.t]
        if segment > 0, failed[word] == 0 { written[segment].append(word) }
        failed[word] |= mask
    }

    /// Forgets the failures that depended on the capture of slot `segment`
    /// (and of the ones after it): those of the later segments.
    private mutating func forgetFailures(after segment: Int) {
        for later in written.indices where later > segment {
            for word in written[later] { failed[word] = 0 }
            written[later].removeAll(keepingCapacity: true)
        }
    }

    /// The bindings given plus the captures made along the path that matched.
    private func captures(along path: [Frame]) -> [String: String] {
        var result = bindings
        for frame in path where frame.t < steps.count {
            switch steps[frame.t] {
            case let .single(key) where frame.tail && frame.choice == 1:
                result[key] = String(name[frame.start..<frame.n])
            case let .first(slot):
                result[slotNames[slot]] = String(name[slotRanges[slot]])
            default:
                break
            }
        }
        return result
    }
}
