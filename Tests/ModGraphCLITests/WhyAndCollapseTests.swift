import Foundation
import ModGraphTestSupport
import Testing

/// `modgraph why A B` and `graph --collapse`, through the built binary, on the samples: answers
/// worked out by hand from the samples' manifests.
@Suite("why and collapsed views")
struct WhyAndCollapseTests {
    private func sample(_ name: String) -> String { ModGraphRunner.samples.appendingPathComponent(name).path }

    /// App uses LinuxSupport directly and through Persistence, which Checkout, Messaging and
    /// Settings use: five paths, the direct one first; Persistence → LinuxSupport is Linux only.
    @Test func whyListsThePathsShortestFirst() throws {
        let text = try ModGraphRunner.run(["why", "App", "LinuxSupport", sample("VerticalApp")])
        #expect(text.status == 0, "\(text.errors)")
        try expectGolden(text.output, "why-VerticalApp.txt")
        let json = try ModGraphRunner.run(["why", "App", "LinuxSupport", sample("VerticalApp"), "--format", "json", "--limit", "2"])
        #expect(json.status == 0)
        try expectGolden(json.output, "why-VerticalApp.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(document["count"] as? Int == 5)
        #expect((document["paths"] as? [Any])?.count == 2)
        let mermaid = try ModGraphRunner.run(["why", "App", "LinuxSupport", sample("VerticalApp"), "--format", "mermaid"])
        try expectGolden(mermaid.output, "why-VerticalApp.mmd")
        let dot = try ModGraphRunner.run(["why", "verticalapp/App", "verticalapp/LinuxSupport", sample("VerticalApp"), "--format", "dot"])
        try expectGolden(dot.output, "why-VerticalApp.dot")
    }

    @Test func whyExitsOneWithoutAPath() throws {
        let result = try ModGraphRunner.run(["why", "Prelude", "App", sample("VerticalApp")])
        #expect(result.status == 1)
        #expect(result.errors.isEmpty)
        #expect(
            result.output
                == "verticalapp/Prelude does not depend on verticalapp/App: no path leads from it to verticalapp/App. (verticalapp/App depends on verticalapp/Prelude: modgraph why verticalapp/App verticalapp/Prelude.)\n"
        )
        let json = try ModGraphRunner.run(["why", "Prelude", "App", sample("VerticalApp"), "--format", "json"])
        #expect(json.status == 1 && json.output.contains("\"count\": 0"))
    }

    @Test func whyRefusesWhatItCannotAnswer() throws {
        let unknown = try ModGraphRunner.run(["why", "App", "Nope", sample("VerticalApp")])
        #expect(unknown.status == 2)
        #expect(unknown.errors == "error: no target 'Nope' in the graph\n")
        let same = try ModGraphRunner.run(["why", "App", "verticalapp/App", sample("VerticalApp")])
        #expect(same.status == 2 && same.errors.contains("the same target"))
        let limit = try ModGraphRunner.run(["why", "App", "Prelude", sample("VerticalApp"), "--limit", "0"])
        #expect(limit.status == 2 && limit.errors.contains("--limit must be from 1 to 1,000"))
    }

    /// Workspace as a folder: App, Core, Interfaces, Analytics at the top; Checkout, Messaging,
    /// Profile and Search under Features/. By package: 8 nodes; by project folder: 5.
    @Test func collapseGroupsAndCounts() throws {
        let packages = try ModGraphRunner.run(["graph", sample("Workspace"), "--collapse", "package"])
        #expect(packages.status == 0, "\(packages.errors)")
        try expectGolden(packages.output, "Workspace-collapse-package.txt")
        let projects = try ModGraphRunner.run(["graph", sample("Workspace"), "--collapse", "project", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(projects.output.utf8)) as? [String: Any])
        #expect(document["collapse"] as? String == "project")
        let nodes = try #require(document["nodes"] as? [[String: Any]])
        #expect(nodes.compactMap { $0["name"] as? String } == ["Features/", "Analytics", "App", "Core", "Interfaces"])
        // Features/ uses Core through 11 dependencies between targets (tests included).
        let edges = try #require(document["edges"] as? [[String: Any]])
        let featuresToCore = edges.first {
            $0["from"] as? String == "project:folder:Features" && $0["to"] as? String == "project:package:core"
        }
        #expect(featuresToCore?["count"] as? Int == 11)
        // One group open: its targets among the other groups, in every format.
        let open = try ModGraphRunner.run(["graph", sample("Workspace"), "--collapse", "package", "--open", "Core", "--format", "mermaid"])
        #expect(open.status == 0, "\(open.errors)")
        try expectGolden(open.output, "Workspace-collapse-open.mmd")
        let dot = try ModGraphRunner.run(["graph", sample("Workspace"), "--collapse", "layer", "--format", "dot"])
        #expect(dot.status == 0, "\(dot.errors)")
        #expect(dot.output.contains("\"layer:core\" [label=\"core\\n5 targets\", shape=tab"))
    }

    @Test func collapseRefusesWhatItCannotDraw() throws {
        let unknown = try ModGraphRunner.run(["graph", sample("Workspace"), "--collapse", "package", "--open", "Nope"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("error: --open: no group 'Nope' in the view by package (groups: Analytics, App, Checkout"))
        let level = try ModGraphRunner.run(["graph", sample("Workspace"), "--collapse", "package", "--level", "package"])
        #expect(level.status == 2 && level.errors.contains("cannot be combined with --level package"))
        let openAlone = try ModGraphRunner.run(["graph", sample("Workspace"), "--open", "Core"])
        #expect(openAlone.status == 2 && openAlone.errors.contains("--open needs --collapse"))
        // No configuration, no layers to group by.
        let folder = try ModGraphRunner.scratchFolder("modgraph-collapse")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = folder.appendingPathComponent("dump.json")
        try
            #"{"name": "P", "packageKind": {"root": ["\#(folder.path)"]}, "targets": [{"name": "A", "type": "regular", "dependencies": []}], "products": [], "dependencies": []}"#
            .write(to: dump, atomically: true, encoding: .utf8)
        let layers = try ModGraphRunner.run(["graph", dump.path, "--collapse", "layer"])
        #expect(layers.status == 2)
        #expect(layers.errors.contains("--collapse layer needs the layers of a .modgraph.yml"))
    }

    /// The page opens on the collapsed view asked for.
    @Test func theViewerOpensOnTheCollapsedViewAskedFor() throws {
        let result = try ModGraphRunner.run([
            "graph", sample("Workspace"), "--collapse", "project", "--open", "Features/", "--format", "html",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let start = try #require(result.output.range(of: "<script type=\"application/json\" id=\"mg-data\">"))
        let end = try #require(result.output[start.upperBound...].range(of: "</script>"))
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        #expect((data["first"] as? String)?.hasPrefix("collapse:project:0|") == true)
    }
}
