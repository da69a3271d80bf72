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

    @Test func aNameLongerThanTheLineStandsAlone() {
        let long = String(repeating: "x", count: 150)
        let lines = ScheduleText.wrapped(["A", long, "B"], first: "  1  3 ■■■  ", width: 100)
        #expect(lines.count == 3)
        #expect(lines[1].hasSuffix(long + ","))
    }
}
