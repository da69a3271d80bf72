import ModGraphOutput
import ModGraphSystem

/// What is shown of a failed manifest's standard error: its first lines, cut
/// to what a person reads in a CI log. A manifest can print megabytes there
/// (or print forever), and all of it would otherwise be relayed.
public enum CompilerDiagnostics {
    static let maximumLines = 40
    static let maximumBytes = 8_000
    static let maximumLineBytes = 400
    /// What the runner keeps of standard error: room for the lines shown and
    /// for the blank and summary lines dropped among them.
    public static let headBytes = 16_384

    /// Up to ``maximumLines`` lines and ``maximumBytes`` bytes, each line at most
    /// ``maximumLineBytes`` (longer ones end in `…`), then a note of what was cut.
    ///
    /// SwiftPM ends with a summary line (`error: invalid manifests at [...]`)
    /// that only repeats the path; the compiler's diagnostics before it are what helps.
    public static func lines(from capture: HeadCapture) -> [String] {
        var raw = String(decoding: capture.head, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let isComplete = capture.head.count == capture.totalBytes
        if isComplete, capture.endsWithLineFeed { raw.removeLast() }
        var shown: [String] = []
        var bytes = 0
        var accounted = 0
        var isShortened = false
        for (index, line) in raw.enumerated() {
            var text = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            if text.hasPrefix("error: invalid manifests at") || (shown.isEmpty && text.allSatisfy(\.isWhitespace)) {
                accounted += 1
                continue
            }
            // The last line of an incomplete head goes on past what was kept.
            let isCut = !isComplete && index == raw.count - 1
            if text.utf8.count > maximumLineBytes || isCut {
                text = prefix(text, bytes: maximumLineBytes) + "…"
                isShortened = true
            }
            guard shown.count < maximumLines, bytes + text.utf8.count <= maximumBytes else { break }
            shown.append(text)
            bytes += text.utf8.count
            accounted += 1
        }
        while let last = shown.last, last.allSatisfy(\.isWhitespace) { shown.removeLast() }
        let cut = capture.lineCount - accounted
        if cut > 0 {
            shown.append("… \(Escape.grouped(cut)) more \(cut == 1 ? "line" : "lines") cut")
        } else if isShortened {
            shown.append("… lines longer than \(Escape.grouped(maximumLineBytes)) bytes cut short")
        }
        return shown
    }

    /// The longest prefix of `text` within `bytes` UTF-8 bytes, never splitting a character.
    private static func prefix(_ text: String, bytes: Int) -> String {
        var result = ""
        var count = 0
        for character in text {
            count += character.utf8.count
            if count > bytes { break }
            result.append(character)
        }
        return result
    }
}
