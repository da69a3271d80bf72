import ModGraphOutput
import Testing

/// The budget every pull-request comment goes through: under its limit for
/// any input, with every `<details>` closed and every cut said.
@Suite("Markdown budget")
struct MarkdownBudgetTests {
    @Test func aShortDocumentIsWholeAndSaysNothingWasCut() {
        var document = MarkdownBudget(limit: 10_000)
        document.line("# Title")
        document.line("")
        document.details(title: "Items", ["- a", "- b"], open: true)
        document.line("")
        document.line("end")
        #expect(document.finish() == "# Title\n\n<details open><summary>Items (2)</summary>\n\n- a\n- b\n\n</details>\n\nend\n")
    }

    @Test func aLongListIsCutWithACountAndTheLinesAfterItStillFit() {
        var document = MarkdownBudget(limit: 2_000)
        let items = (0..<500).map { "- item \($0)" }
        document.details([.init(title: "Many", items: items)], following: 10)
        document.line("the end")
        let text = document.finish()
        #expect(text.utf16.count <= 2_000)
        #expect(text.hasSuffix("</details>\n\nthe end\n"))
        let shown = text.split(separator: "\n").filter { $0.hasPrefix("- item ") }.count
        #expect(shown > 50)
        #expect(text.contains("- … and \(500 - shown) more, cut to fit a comment"))
    }

    /// A table keeps its header with its first row, and its cut note is a paragraph, not a row.
    @Test func aCutTableEndsBeforeItsNote() {
        var document = MarkdownBudget(limit: 1_500)
        document.details(.init(title: "Rows", header: ["| a |", "|---|"], items: (0..<300).map { "| \($0) |" }))
        let text = document.finish()
        #expect(text.contains("<summary>Rows (300)</summary>\n\n| a |\n|---|\n| 0 |\n"))
        #expect(text.contains(" |\n\n… and "))
    }

    /// The first of several lists leaves room for the first items of the ones after it.
    @Test func laterListsKeepTheirFirstItems() {
        var document = MarkdownBudget(limit: 4_000)
        let first = MarkdownBudget.Details(title: "First", items: (0..<1_000).map { "- first \($0)" })
        let second = MarkdownBudget.Details(title: "Second", items: (0..<1_000).map { "- second \($0)" })
        document.details([first, second], following: 0)
        let text = document.finish()
        #expect(text.utf16.count <= 4_000)
        for index in 0..<10 { #expect(text.contains("- second \(index)\n")) }
    }

    /// A list made item by item gives the same document as the whole list, under
    /// any limit, while making only the items a comment could hold.
    @Test(arguments: [1_500, 20_000, 60_000])
    func aListMadeOnDemandReadsAsTheWholeList(limit: Int) {
        let row = { (index: Int) in "| target\(index) | regular | \(index % 7) | \(index % 3) | \(index % 11 + 1) |" }
        let header = ["| Target | Type | Depends on | Used by | Depth |", "|---|---|---:|---:|---:|"]
        var made = 0
        let onDemand = MarkdownBudget.Details(title: "Targets", header: header, count: 100_000) { index in
            made += 1
            return row(index)
        }
        let whole = MarkdownBudget.Details(title: "Targets", header: header, items: (0..<100_000).map(row))
        #expect(onDemand.count == 100_000)
        #expect(made == onDemand.items.count)
        #expect(made < 3_000)
        var (first, second) = (MarkdownBudget(limit: limit), MarkdownBudget(limit: limit))
        first.details([onDemand], following: 100)
        second.details([whole], following: 100)
        let text = first.finish()
        #expect(text == second.finish())
        #expect(text.contains("<summary>Targets (100000)</summary>"))
        let shown = text.split(separator: "\n").filter { $0.hasPrefix("| target") }.count
        #expect(text.contains("… and \(100_000 - shown) more, cut to fit a comment"))
    }

    /// A short list made on demand is made whole.
    @Test func aShortListMadeOnDemandIsWhole() {
        let details = MarkdownBudget.Details(title: "Few", count: 3) { "- \($0)" }
        #expect(details.items == ["- 0", "- 1", "- 2"])
        #expect(details == MarkdownBudget.Details(title: "Few", items: ["- 0", "- 1", "- 2"]))
    }

    /// Any mix of lines and lists, of any lengths, under any limit: never over it, tags balanced.
    @Test(arguments: [1_000, 2_500, 7_000, 60_000])
    func neverExceedsItsLimit(limit: Int) {
        var random = SplitMix(seed: UInt64(limit))
        for _ in 0..<50 {
            var document = MarkdownBudget(limit: limit)
            for _ in 0..<random.next(below: 12) {
                if random.next(below: 2) == 0 {
                    document.line(String(repeating: "x", count: random.next(below: 3_000)))
                } else {
                    let items = (0..<random.next(below: 400)).map { _ in "- " + String(repeating: "y", count: random.next(below: 500)) }
                    let header = random.next(below: 2) == 0 ? [] : ["| h |", "|---|"]
                    document.details([.init(title: "T", header: header, items: items)], following: random.next(below: 500))
                }
            }
            let text = document.finish()
            #expect(text.utf16.count <= limit)
            #expect(text.components(separatedBy: "<details").count == text.components(separatedBy: "</details>").count)
        }
    }
}

/// A small deterministic generator, so a failure repeats.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }
}
