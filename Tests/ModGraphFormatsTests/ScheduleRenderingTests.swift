import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import ModGraphCore
import ModGraphOutput
import ModGraphPlanning
@testable import ModGraphDiagrams
@testable import ModGraphPlanning
@testable import ModGraphReport
import ModGraphTestSupport
import Testing

/// The schedule renderers on names that Mermaid, SVG and terminals must
/// survive, and their number formatting.
@Suite("Schedule rendering")
struct ScheduleRenderingTests {
    private func awkwardReport(workers: Int = 3) throws -> ScheduleReport {
        let graph = Fixtures.awkwardGraph()
        let weights = graph.targets.indices.map { Double($0 % 3) }
        let plan = try BuildPlan(graph: graph.digraph, weights: weights, workers: workers)
        return ScheduleReport(graph: graph, plan: plan, unit: "s", weightsSource: "w<&>.json")
    }

    @Test func svgIsWellFormedXMLWhateverTheNames() throws {
        let svg = ScheduleSVG.render(try awkwardReport())
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(svg.contains("Quote&quot;Inside"))
        #expect(svg.contains("w&lt;&amp;&gt;.json"))
        #expect(svg.components(separatedBy: "<rect x=").count - 1 == Fixtures.awkwardNames.count + 3)
    }

    @Test func mermaidTaskNamesCannotBreakTheSyntax() throws {
        let mermaid = ScheduleMermaid.render(try awkwardReport())
        let taskLines = mermaid.split(separator: "\n").filter {
            $0.hasPrefix("    ") && !$0.hasPrefix("    section") && !$0.hasPrefix("    title") && !$0.hasPrefix("    dateFormat")
                && !$0.hasPrefix("    axisFormat")
        }
        #expect(taskLines.count == Fixtures.awkwardNames.count)
        for line in taskLines {
            #expect(line.filter { $0 == ":" }.count == 1, "\(line)")
            #expect(!line.contains("%%"))
        }
    }

    @Test func textAndJSONListEveryTarget() throws {
        let report = try awkwardReport()
        let text = ScheduleText.render(report)
        let json = ScheduleJSON.render(report)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        for target in report.graph.targets where !target.name.isEmpty {
            #expect(text.contains(Escape.text(target.name)), "\(target.name)")
            #expect(json.contains(JSONValue.string(target.id.description).serialized().dropLast()))
        }
        // One line per target in the table and the chart: no name breaks a line.
        #expect(!text.contains("new\nline"))
    }

    @Test func numbersAreDeterministicAndShort() {
        #expect(ScheduleNumber.format(8) == "8")
        #expect(ScheduleNumber.format(8.5) == "8.5")
        #expect(ScheduleNumber.format(12.345678) == "12.35")
        #expect(ScheduleNumber.format(0.004) == "0")
        #expect(ScheduleNumber.format(-0.5) == "-0.5")
        #expect(ScheduleNumber.percent(0.952904) == "95.3%")
        #expect(ScheduleNumber.percent(1) == "100.0%")
        #expect(JSONValue.decimal(0.1 + 0.2) == .double(0.3))
    }

    @Test func axisTicksAreRound() {
        #expect(ScheduleSVG.ticks(upTo: 9) == [0, 2, 4, 6, 8])
        #expect(ScheduleSVG.ticks(upTo: 637) == [0, 100, 200, 300, 400, 500, 600])
        let small = ScheduleSVG.ticks(upTo: 0.3)
        #expect(small.count == 4 && zip(small, [0, 0.1, 0.2, 0.3]).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(ScheduleSVG.ticks(upTo: 0) == [0])
    }
}

@Suite("Schedule text wrapping")
struct ScheduleWrappingTests {
    /// A wave of a thousand targets (isowords' first wave ran past 1,000 characters on one line).
    @Test func longWavesWrapUnderTheFirstName() {
        let names = (0..<1_000).map { "Module\($0)" }
        let prefix = "     1  1000 ■■■■■  "
        let lines = ScheduleText.wrapped(names, first: prefix, width: ScheduleText.lineWidth)
        #expect(lines.count > 100)
        #expect(lines.allSatisfy { $0.count <= ScheduleText.lineWidth })
        #expect(lines[0].hasPrefix(prefix + "Module0, Module1,"))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: prefix.count) + "Module") })
        let texts = lines.map { String($0.dropFirst(prefix.count)) }
        #expect(texts.joined(separator: " ") == names.joined(separator: ", "))
    }

    /// Writing a wave straight into the text gives exactly the lines
    /// `wrapped` makes: ASCII names after a prefix of bars, names that are
    /// not ASCII (which take the slow path), combining marks, long names.
    @Test func wrappingIntoTheTextIsWrappingIntoLines() {
        var random = SplitMix64(seed: 3)
        let pool = ["A", "Core", "Feature12", "É", "e\u{301}x", "\u{301}Mark", "日本語", String(repeating: "y", count: 120), "Z_9"]
        let prefixes = ["     1  1000 ■■■■■  ", "  2  3 ■■■  ", "", "  e\u{301}", "ab"]
        for round in 0..<400 {
            let asciiOnly = round % 2 == 0
            let names = (0..<random.next(below: 60)).map { _ in
                let name = pool[random.next(below: pool.count)]
                return asciiOnly && !name.utf8.allSatisfy({ $0 < 0x80 }) ? "Name\(random.next(below: 1_000))" : name
            }
            let prefix = prefixes[random.next(below: prefixes.count)]
            let width = [20, 40, 100][random.next(below: 3)]
            var written = ScheduleText.TextLines()
            ScheduleText.wrap(names, first: prefix, width: width, into: &written)
            let lines = ScheduleText.wrapped(names, first: prefix, width: width)
            #expect(written.text == lines.map { $0 + "\n" }.joined(), "round \(round)")
        }
    }

    /// A schedule of more targets than one piece of rows holds: both tables
    /// list every target once, in chart order, the pieces joined in order,
    /// each row as wide as the header.
    @Test func largeTablesListEveryTargetInChartOrder() throws {
        let count = 20_000
        let targets = (0..<count).map { Target(id: TargetID(package: PackageIdentity("p"), name: "T\($0)"), type: .regular, path: nil) }
        var random = SplitMix64(seed: 9)
        let edges = (1..<count).flatMap { vertex in
            (0..<2).map { _ in Edge(from: targets[vertex].id, to: targets[random.next(below: vertex)].id, kind: .target) }
        }
        let graph = ModuleGraph(packages: [], targets: targets, products: [], edges: edges)
        let weights = graph.targets.indices.map { Double($0 % 7) }
        let plan = try BuildPlan(graph: graph.digraph, weights: weights, workers: 4, bottleneckLimit: 2)
        let report = ScheduleReport(graph: graph, plan: plan, unit: "s", weightsSource: "test")
        let lines = String(decoding: ScheduleText.bytes(report), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("  target") }),
            let chart = lines.firstIndex(where: { $0.hasPrefix("Gantt chart") })
        else {
            Issue.record("no table or chart")
            return
        }
        let expected = report.chartOrder.map { report.graph.targets[$0].name }
        let tableRows = lines[(header + 1)..<(header + 1 + count)]
        let tableNames: [String] = tableRows.map(Self.firstWord)
        #expect(tableNames == expected)
        #expect(tableRows.allSatisfy { $0.utf8.count == lines[header].utf8.count })
        let chartRows = lines[(chart + 1)..<(chart + 1 + count)]
        let chartNames: [String] = chartRows.map(Self.firstWord)
        #expect(chartNames == expected)
        #expect(lines[chart + 1 + count].contains("└"))
    }

    private static func firstWord(_ line: Substring) -> String {
        String(line.split(separator: " ").first ?? "")
    }

    @Test func aNameLongerThanTheLineStandsAlone() {
        let long = String(repeating: "x", count: 150)
        let lines = ScheduleText.wrapped(["A", long, "B"], first: "  1  3 ■■■  ", width: 100)
        #expect(lines.count == 3)
        #expect(lines[1].hasSuffix(long + ","))
    }
}
