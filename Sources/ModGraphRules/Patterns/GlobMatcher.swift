import ModGraphCore

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
struct GlobMatcher {
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
