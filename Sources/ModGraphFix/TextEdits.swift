/// Replacements in a text's UTF-8 bytes, made against the original and applied
/// together: what every edit of a manifest comes down to, so that the author's
/// bytes outside the replaced ranges stay exactly as they were.
struct TextEdits {
    struct Edit {
        /// Byte offsets in the original text, end excluded.
        let range: Range<Int>
        let replacement: String
    }

    private(set) var edits: [Edit] = []

    mutating func replace(_ range: Range<Int>, with replacement: String) {
        edits.append(Edit(range: range, replacement: replacement))
    }

    mutating func insert(_ text: String, at offset: Int) {
        replace(offset..<offset, with: text)
    }

    /// Whether any edit overlaps another (two insertions at one offset do not).
    var overlap: Bool {
        let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        return zip(sorted, sorted.dropFirst()).contains { $0.range.upperBound > $1.range.lowerBound }
    }

    /// `text` with every edit made; insertions at one offset keep the order they were made in,
    /// before the text a replacement starting there puts in.
    func applied(to text: String) -> String {
        var bytes = Array(text.utf8)
        // From the end, so that earlier offsets stay valid; at one offset a replacement first, then the
        // insertions, the last made first (each goes in front of the ones after it).
        let ordered = edits.enumerated().sorted {
            let left = ($0.element.range.lowerBound, $0.element.range.isEmpty ? 0 : 1, $0.offset)
            let right = ($1.element.range.lowerBound, $1.element.range.isEmpty ? 0 : 1, $1.offset)
            return left > right
        }
        for (_, edit) in ordered {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
