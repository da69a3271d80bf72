import Foundation
import Testing

/// index.html through the command line: `graph --format html` and the page `report` writes.
@Suite("Viewer commands")
struct ViewerCommandTests {
    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-viewer")
    }

    /// The JSON embedded in a page.
    private func data(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"mg-data\">"))
        let end = try #require(html[start.upperBound...].range(of: "</script>"))
        return try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
    }

    @Test func graphWritesTheViewerOfTheGraphAlone() throws {
        let result = try ModGraphRunner.run(["graph", "Samples/VerticalApp", "--format", "html"], in: ModGraphRunner.repository)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("<!DOCTYPE html>\n"))
        #expect((try data(result.output)["views"] as? [String: Any])?.isEmpty == false)
        let data = try data(result.output)
        #expect((data["nodes"] as? [Any])?.count == 16)
        #expect(data["check"] is NSNull)
        #expect(data["schedule"] is NSNull)
        #expect(data["level"] as? String == "target")
        #expect(data["title"] as? String == "Module graph of VerticalApp")
        // The same graph gives the same page.
        let again = try ModGraphRunner.run(["graph", "Samples/VerticalApp", "--format", "html"], in: ModGraphRunner.repository)
        #expect(again.output == result.output)
    }

    @Test func graphHonoursTheViewOptions() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.html")
        let packages = try ModGraphRunner.run(
            [
                "graph", "Samples/Workspace", "--format", "html", "--level", "package", "--layout", "dot", "--no-reduce",
                "--output", file.path,
            ], in: ModGraphRunner.repository)
        #expect(packages.status == 0, "\(packages.errors)")
        let page = try data(try String(contentsOf: file, encoding: .utf8))
        #expect(page["level"] as? String == "package")
        #expect(page["hidesImplied"] as? Bool == false)
        let focused = try ModGraphRunner.run(
            ["graph", "Samples/VerticalApp", "--format", "html", "--focus", "Checkout", "--depth", "1"],
            in: ModGraphRunner.repository)
        #expect(focused.status == 0, "\(focused.errors)")
        let names = (try data(focused.output)["nodes"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains("Checkout") && names.count < 16)
    }

    @Test func reportWritesIndexHTMLWithFindingsAndSchedule() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("report")
        let result = try ModGraphRunner.run(["report", "Samples/Violations", "--output", target.path], in: ModGraphRunner.repository)
        #expect(result.status == 0, "\(result.errors)")
        let html = try String(contentsOf: target.appendingPathComponent("index.html"), encoding: .utf8)
        let data = try data(html)
        let check = try #require(data["check"] as? [String: Any])
        let findings = try #require(check["findings"] as? [[String: Any]])
        #expect(check["passed"] as? Bool == false)
        #expect(findings.contains { $0["rule"] as? String == "layering" && ($0["edges"] as? [Int])?.count == 1 })
        let schedule = try #require(data["schedule"] as? [String: Any])
        #expect((schedule["bars"] as? [Any])?.count == (data["nodes"] as? [Any])?.count)
        #expect((data["layers"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["app", "features", "interfaces", "core"])
        // The schedule's critical path runs in build order; the page lights the edges along it all the same.
        let critical = try #require(data["criticalPath"] as? [String: Any])
        #expect((critical["edges"] as? [Int])?.count == ((critical["targets"] as? [String])?.count ?? 0) - 1)
    }

    /// Above the picture bound the page has no SVG and says why; its panels still have the data.
    @Test func aGraphTooLargeToDrawGetsAViewerWithoutPicture() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let targets = (0..<2_001).map { index in
            #"{"name": "T\#(index)", "type": "regular", "dependencies": [\#(index == 0 ? "" : #"{"byName": ["T\#(index - 1)", null]}"#)]}"#
        }
        let dump = folder.appendingPathComponent("dump.json")
        try
            #"{"name": "Big", "packageKind": {"root": ["\#(folder.path)"]}, "targets": [\#(targets.joined(separator: ", "))], "products": [], "dependencies": []}"#
            .write(to: dump, atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["graph", dump.path, "--format", "html"])
        #expect(result.status == 0, "\(result.errors)")
        #expect((try data(result.output)["views"] as? [String: Any])?.isEmpty == true)
        let data = try data(result.output)
        #expect(data["picture"] as? Bool == false)
        #expect((data["pictureNote"] as? String)?.contains("2,001 nodes") == true)
        #expect((data["nodes"] as? [Any])?.count == 2_001)
    }
}
