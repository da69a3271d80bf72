import ModGraphCore

/// Reads a dump's long lists (its targets) on two cores: building the
/// targets' strings and lists is most of the time spent reading a dump of
/// 100,000 targets.
///
/// The second half starts where the text looks like the start of an element
/// (a line indented as the first element is, opening an object, after a
/// comma) and is read on another thread while the first half is read here.
/// That guess is only used once this reader, reading from the start, has
/// itself arrived at an element beginning exactly there: then both read the
/// same elements as one reader would, since reading from a position depends
/// on nothing else than the position and the nesting depth. Otherwise (a
/// minified dump, a guess inside a nested value, a hostile layout), the
/// second half is dropped and this reader reads on alone: the same result,
/// only not sooner.
enum LongList {
    /// Lists shorter than this (in bytes) are read on one core: a thread costs more than they take.
    static let splitAbove = 1 << 20

    /// How far into the list the first element's line is looked for its end, when it does not begin a line.
    static let firstLineLimit = 1 << 16

    /// How far past the middle a line that starts an element is looked for:
    /// elements are lines of a few hundred bytes; past this, the middle is not in the list.
    static let searchLimit = 1 << 16

    /// The longest first key compared (a dump's keys are words).
    static let keyLimit = 64
}

/// A reader handed to the second thread: it reads its own part of bytes that
/// outlive both threads, and nothing else.
private struct SecondHalf: @unchecked Sendable {
    var reader: JSONReader
}

/// What the second half read, or that it could not.
private struct SecondHalfResult<Element: Sendable>: @unchecked Sendable {
    let elements: [Element]?
    let reader: JSONReader
}

extension JSONReader {
    /// An array whose elements `element` reads (`[]` for `null`), read as
    /// ``LongList`` describes.
    ///
    /// - Complexity: O(n) in the length of the list's text, on two cores when longer than `splitAbove`.
    mutating func longList<Element: Sendable>(
        splitAbove: Int, _ element: @escaping @Sendable (inout JSONReader) throws(Unsupported) -> Element
    ) throws(Unsupported) -> [Element] {
        guard try !skipNull() else { return [] }
        try beginArray()
        var first = true
        guard try nextElement(first: &first) else { return [] }
        skipWhitespace()
        guard let split = splitPoint(afterFirstElementAt: position, above: splitAbove) else {
            return try elements(after: [], stoppingAt: nil, element).elements
        }
        let second = SecondHalf(reader: JSONReader(bytes, maximumDepth: maximumDepth, at: split, depth: containerDepth))
        let (head, tail) = try Concurrently.both(
            { () throws(Unsupported) in try elements(after: [], stoppingAt: split, element) },
            { () -> SecondHalfResult<Element> in
                var reader = second.reader
                let elements = try? reader.elements(after: [], stoppingAt: nil, element).elements
                return SecondHalfResult(elements: elements, reader: reader)
            })
        guard head.reachedSplit, let tailElements = tail.elements else {
            // The guess was not an element's start (or reading from it failed, as it will again here).
            return head.reachedSplit ? try elements(after: head.elements, stoppingAt: nil, element).elements : head.elements
        }
        self = tail.reader
        var joined = head.elements
        joined.append(contentsOf: tailElements)
        return joined
    }

    /// The elements of the array from the position (the start of one) to its
    /// `]`, after `elements`; or up to `split` when an element begins exactly
    /// there, which is then not read (`reachedSplit`).
    private mutating func elements<Element>(
        after elements: [Element], stoppingAt split: Int?, _ element: (inout JSONReader) throws(Unsupported) -> Element
    ) throws(Unsupported) -> (elements: [Element], reachedSplit: Bool) {
        var elements = elements
        var first = false
        repeat {
            if let split {
                skipWhitespace()
                if position == split { return (elements, true) }
            }
            elements.append(try element(&self))
        } while try nextElement(first: &first)
        return (elements, false)
    }

    /// Where the second half of a list should start: the first line (within
    /// ``LongList/searchLimit`` bytes) past the middle of the rest of the
    /// text that is indented as an element's line, opens an object with the
    /// first element's first key (dumps sort their keys, so the elements of
    /// one list start alike, and those of another list do not) and follows a
    /// comma; `nil` when the list is short or its elements do not begin lines
    /// (a minified dump).
    func splitPoint(afterFirstElementAt start: Int, above: Int) -> Int? {
        guard bytes.count - start > above, start < bytes.count, bytes[start] == UInt8(ascii: "{"),
            let firstKey = firstKey(ofObjectAt: start), let indent = elementIndentation(from: start, firstKey: firstKey)
        else { return nil }
        var newline = start + (bytes.count - start) / 2
        let searchEnd = min(bytes.count - indent.count - 1, newline + LongList.searchLimit)
        while newline < searchEnd {
            if bytes[newline] == UInt8(ascii: "\n"), lineOpensElement(at: newline, indentedAs: indent, firstKey: firstKey) {
                return newline + 1 + indent.count
            }
            newline += 1
        }
        return nil
    }

    /// The whitespace that indents the list's elements: the first element's,
    /// when it begins a line (SwiftPM's dumps), else that of the next element
    /// that does (a first element written after the `[`).
    private func elementIndentation(from start: Int, firstKey: [UInt8]) -> [UInt8]? {
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") {
            lineStart -= 1
        }
        if lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: "\n") { return Array(bytes[lineStart..<start]) }
        var newline = start
        while newline < bytes.count, newline - start <= LongList.firstLineLimit {
            if bytes[newline] == UInt8(ascii: "\n") {
                var first = newline + 1
                while first < bytes.count, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
                let indent = Array(bytes[(newline + 1)..<first])
                return lineOpensElement(at: newline, indentedAs: indent, firstKey: firstKey) ? indent : nil
            }
            newline += 1
        }
        return nil
    }

    /// Whether the line after the line break at `newline` is `indent` and the
    /// `{` of an object whose first key is `firstKey`, after a comma.
    private func lineOpensElement(at newline: Int, indentedAs indent: [UInt8], firstKey: [UInt8]) -> Bool {
        let brace = newline + 1 + indent.count
        guard brace < bytes.count, bytes[brace] == UInt8(ascii: "{") else { return false }
        for offset in indent.indices where bytes[newline + 1 + offset] != indent[offset] { return false }
        return precedingByte(before: newline) == UInt8(ascii: ",") && self.firstKey(ofObjectAt: brace) == firstKey
    }

    /// The bytes of the first key of the object whose `{` is at `brace`, when
    /// it is written without escapes and is short.
    private func firstKey(ofObjectAt brace: Int) -> [UInt8]? {
        var quote = brace + 1
        while quote < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[quote]) { quote += 1 }
        guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else { return nil }
        var end = quote + 1
        while end < bytes.count, end - quote <= LongList.keyLimit {
            switch bytes[end] {
            case UInt8(ascii: "\""): return Array(bytes[(quote + 1)..<end])
            case UInt8(ascii: "\\"): return nil
            default: end += 1
            }
        }
        return nil
    }

    /// The last byte before `end` that is not whitespace.
    private func precedingByte(before end: Int) -> UInt8? {
        var index = end - 1
        while index >= 0 {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index -= 1
            default: return bytes[index]
            }
        }
        return nil
    }
}
