import ModGraphCore

extension [String] {
    /// Every line followed by a line break, in one string of the exact size:
    /// what `joined(separator: "\n") + "\n"` gives, without copying a
    /// diagram of tens of megabytes once more for the last break.
    ///
    /// - Complexity: O(n) in the total length.
    func joinedAsLines() -> String {
        let lines = self
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            text += line
            text += "\n"
        }
        return text
    }
}
