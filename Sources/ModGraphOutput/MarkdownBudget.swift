/// Markdown that always fits a pull-request comment, whatever the input:
/// what must be said goes in first, and long lists go in `<details>`, cut to
/// what fits with a line saying how many were cut. report.md, `check --format
/// markdown` and `diff --format markdown` share it, so they share one limit.
///
/// Lengths are counted in UTF-16 code units, which is at least the number of
/// characters GitHub counts.
public struct MarkdownBudget: Sendable {
    /// GitHub's limit on a comment's body (65,536), less room for what a
    /// workflow adds around it.
    public static let commentLimit = 60_000

    /// A list (or table rows) shown in `<details>`: cut to fit when the rest of
    /// the document leaves too little room.
    public struct Details: Sendable, Equatable {
        /// The `<summary>` text, already escaped as HTML (``Escape/xml(_:limit:)``:
        /// GitHub reads no Markdown there); the count of items is added.
        public let title: String
        /// Lines that come before the items and are kept with the first one:
        /// a table's header and separator rows; empty for a list.
        public let header: [String]
        /// One entry each; an entry may span lines (a nested list). Only the
        /// first ones when the list is longer than any document could show (``count``).
        public let items: [String]
        /// How many items the list has: the summary and the cut note count them all.
        public let count: Int
        /// Open when the page loads.
        public let open: Bool
        /// Whether the summary ends with the number of items, `(12)`; off when the title counts them itself.
        public let countsItems: Bool
        /// Whether the list holds what must be seen before the rest (a check's errors): lists
        /// after it leave it their room, and when even it is cut, the lists after it that do not
        /// lead are cut too, so that a short budget never shows warnings in place of errors.
        public let leads: Bool

        public init(
            title: String, header: [String] = [], items: [String], open: Bool = false, countsItems: Bool = true, leads: Bool = false
        ) {
            self.title = title
            self.header = header
            self.items = items
            self.count = items.count
            self.open = open
            self.countsItems = countsItems
            self.leads = leads
        }

        /// A list of `count` items, `item(i)` each, of which only as many are
        /// made as a document of ``MarkdownBudget/commentLimit`` could show: a
        /// table of 100,000 targets makes a few thousand rows, not all of them.
        ///
        /// - Complexity: O(k) calls of `item`, k the items that fit the limit.
        public init(
            title: String, header: [String] = [], count: Int, open: Bool = false, countsItems: Bool = true, item: (Int) -> String
        ) {
            // Made until they alone are longer than any document: the next would never be shown.
            var items: [String] = []
            var length = 0
            while items.count < count, length <= MarkdownBudget.commentLimit {
                let text = item(items.count)
                items.append(text)
                length += text.utf16.count + 1
            }
            self.title = title
            self.header = header
            self.items = items
            self.count = count
            self.open = open
            self.countsItems = countsItems
            self.leads = false
        }

        /// What the document needs for it at least: the frame and the cut note.
        var frameLength: Int { title.utf16.count + header.reduce(0) { $0 + $1.utf16.count + 1 } + 200 }

        /// Room to keep for it while lists before it are written, so that a
        /// long list does not crowd out every one after it: its first
        /// ``keptItems`` items, or all of it when shorter.
        public var minimumRoom: Int {
            frameLength + 40 + MarkdownBudget.length(of: Array(items.prefix(Self.keptItems)))
        }

        /// Items of each list that lists before it leave room for.
        static let keptItems = 10
    }

    public let limit: Int
    /// Room kept for what the caller will still add with ``line(_:)``, which
    /// lists may not use: set it to the length of the essentials still to come.
    public var reserved = 0
    private var text = ""
    /// `text.utf16.count`, kept as text is added: counting it again would
    /// scan the whole document for every item of a long list.
    private var length = 0
    private var cutLines = 0
    /// Whether a list that ``Details/leads`` did not fit at all.
    private var leadingListWasCut = false

    /// Room kept for closing a section and the final note.
    private static let closing = 400

    /// `limit` is at most ``commentLimit``: a long list may make only what
    /// fits that (``Details/init(title:header:count:open:countsItems:item:)``).
    public init(limit: Int = MarkdownBudget.commentLimit) {
        precondition(limit <= Self.commentLimit, "a Markdown document is at most a comment long")
        self.limit = limit
    }

    /// The length of `lines` once written: what to reserve for them.
    public static func length(of lines: [String]) -> Int {
        lines.reduce(0) { $0 + $1.utf16.count + 1 }
    }

    /// A line that must be said; counted as cut when even it does not fit.
    public mutating func line(_ line: String) {
        // A blank line after a blank line (a list's closing one) would only show in the source.
        if line.isEmpty, text.hasSuffix("\n\n") { return }
        guard length + line.utf16.count + 1 + Self.closing <= limit else {
            cutLines += 1
            return
        }
        write(line, "\n")
    }

    /// Several lines that must be said, in order.
    public mutating func lines(_ lines: [String]) {
        for line in lines { self.line(line) }
    }

    /// `details` in `<details>`, with as many items as fit before ``reserved``.
    /// A section starts only when its frame fits; else it counts as one cut line.
    public mutating func details(_ details: Details) {
        guard details.count > 0 else { return }
        let room = limit - reserved - Self.closing
        let opening =
            "<details\(details.open ? " open" : "")><summary>\(details.title)\(details.countsItems ? " (\(details.count))" : "")</summary>\n\n"
        // What leads was cut: nothing that follows it may take its place.
        guard !(leadingListWasCut && !details.leads), length + opening.utf16.count + details.frameLength <= room else {
            if details.leads { leadingListWasCut = true }
            cutLines += 1
            return
        }
        write(opening)
        var shown = 0
        var headerWritten = false
        for item in details.items {
            let header = headerWritten ? 0 : Self.length(of: details.header)
            guard length + header + item.utf16.count + 1 + 200 <= room else { break }
            if !headerWritten {
                for line in details.header { write(line, "\n") }
                headerWritten = true
            }
            write(item, "\n")
            shown += 1
        }
        if shown < details.count {
            let note = "… and \(details.count - shown) more, cut to fit a comment (the JSON output has them all)"
            // After a table a paragraph (a blank line ends the table), after a list an item.
            write(details.header.isEmpty ? "- \(note)\n" : "\n\(note)\n")
        }
        write("\n</details>\n\n")
    }

    /// The one way text is added, so that ``length`` stays its length.
    private mutating func write(_ piece: String, _ end: String = "") {
        text += piece
        text += end
        length += piece.utf16.count + end.utf16.count
    }

    /// Several lists, in order, leaving `following` characters for what comes
    /// after them and, while writing each, the ``Details/minimumRoom`` of the
    /// ones after it in `lists`.
    /// A list that ``Details/leads`` is kept room only by the leading lists after it: the others
    /// come after it, whatever the budget.
    public mutating func details(_ lists: [Details], following: Int) {
        var later = lists.reduce(0) { $0 + $1.minimumRoom }
        var laterLeading = lists.filter(\.leads).reduce(0) { $0 + $1.minimumRoom }
        for list in lists {
            later -= list.minimumRoom
            if list.leads { laterLeading -= list.minimumRoom }
            reserved = following + (list.leads ? laterLeading : later)
            details(list)
        }
        reserved = following
    }

    /// A list in `<details>`: ``details(_:)`` of a list without header.
    public mutating func details(title: String, _ items: [String], open: Bool = false) {
        details(Details(title: title, items: items, open: open))
    }

    /// The document, with a last line saying how many lines were cut, if any.
    public func finish() -> String {
        switch cutLines {
        case 0: text
        case 1: text + "_1 line was cut to fit a comment._\n"
        default: text + "_\(cutLines) lines were cut to fit a comment._\n"
        }
    }
}
