import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import ModGraphTestSupport
import Testing

/// `modgraph graph` drawing pictures and views, through the built binary.
@Suite("graph: pictures and views")
struct DiagramCommandTests {
    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-diagram")
    }

    private func sample(_ name: String) -> String { ModGraphRunner.samples.appendingPathComponent(name).path }

    @Test func mermaidGolden() throws {
        let result = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--format", "mermaid"])
        #expect(result.status == 0, "\(result.errors)")
        try expectGolden(result.output, "VerticalApp.mmd")
        let workspace = try ModGraphRunner.run(["graph", sample("Workspace/App"), "--format", "mermaid", "--no-tests"])
        try expectGolden(workspace.output, "Workspace-notests.mmd")
    }

    /// Every target is one node titled with its id, and the file is well-formed XML.
    @Test func svgHasEveryTargetExactlyOnce() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.svg")
        let result = try ModGraphRunner.run(["graph", sample("Workspace/App"), "--format", "svg", "--output", file.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        let json = try ModGraphRunner.run(["graph", sample("Workspace/App"), "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let ids = try #require(document["targets"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids.count == 14)  // 10 targets and 4 test targets

        let xml = try XMLDocument(contentsOf: file, options: [])
        let nodes = try xml.nodes(forXPath: "//*[local-name()='g'][@class='node']/*[local-name()='title']").compactMap(\.stringValue)
        #expect(nodes.sorted() == ids.sorted())
    }

    @Test(arguments: [("png", [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])), ("pdf", Array("%PDF-".utf8))])
    func binaryPicturesHaveTheirMagicBytes(_ format: String, _ magic: [UInt8]) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.\(format)")
        let result = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--format", format, "--output", file.path])
        #expect(result.status == 0, "\(result.errors)")
        let bytes = [UInt8](try Data(contentsOf: file))
        #expect(bytes.count > 1_000)
        #expect(Array(bytes.prefix(magic.count)) == magic)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["graph.\(format)"])
    }

    /// Without its plugin registry Graphviz can draw nothing: say so, and what to run.
    @Test func missingGraphvizPluginsAreAClearError() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.svg")
        let result = try ModGraphRunner.run(
            ["graph", sample("VerticalApp"), "--format", "svg", "--output", file.path],
            environment: ["GVBINDIR": folder.path])
        #expect(result.status == 2)
        #expect(
            result.errors
                == "error: Graphviz found no layout or render plugins: its plugin registry is missing; run `sudo dot -c` once to rebuild it (or reinstall graphviz)\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func layoutOnlyAppliesToPictures() throws {
        let result = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--format", "dot", "--layout", "sfdp"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--layout applies to svg, png, pdf and html"))
        let sfdp = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--format", "svg", "--layout", "sfdp"])
        #expect(sfdp.status == 0, "\(sfdp.errors)")
        #expect(sfdp.output.contains("<svg"))
    }

    @Test func focusFollowsDependenciesToTheGivenDepth() throws {
        // Checkout depends on Networking, Persistence, Prelude and VerticalInterfaces (one step).
        let result = try ModGraphRunner.run([
            "graph", sample("VerticalApp"), "--focus", "Checkout", "--depth", "1", "--down", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(targetNames(result.output) == ["Checkout", "Networking", "Persistence", "Prelude", "VerticalInterfaces"])
    }

    @Test func focusGoesBothWaysByDefault() throws {
        // Networking: uses Prelude; used by App, Checkout, CheckoutTests, Messaging, Profile, ProfileTests, Search.
        let both = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--focus", "Networking", "--depth", "1", "--format", "json"])
        #expect(both.status == 0, "\(both.errors)")
        #expect(
            targetNames(both.output) == [
                "App", "Checkout", "CheckoutTests", "Messaging", "Networking", "Prelude", "Profile", "ProfileTests", "Search",
            ])
        let up = try ModGraphRunner.run([
            "graph", sample("VerticalApp"), "--focus", "Networking", "--depth", "1", "--up", "--format", "json",
        ])
        #expect(
            targetNames(up.output) == ["App", "Checkout", "CheckoutTests", "Messaging", "Networking", "Profile", "ProfileTests", "Search"])
        let down = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--focus", "Networking", "--down", "--format", "json"])
        #expect(targetNames(down.output) == ["Networking", "Prelude"])
        let neither = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--focus", "Networking", "--up", "--down"])
        #expect(neither.status == 2)
        #expect(neither.errors.contains("--up and --down cannot be combined"))
        let unfocused = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--up"])
        #expect(unfocused.status == 2 && unfocused.errors.contains("--up needs --focus"))
    }

    @Test func dependentsFollowTheOtherWay() throws {
        // Who uses Persistence directly: App, Checkout, CheckoutTests, Messaging, Settings.
        let result = try ModGraphRunner.run([
            "graph", sample("VerticalApp"), "--focus", "verticalapp/Persistence",
            "--up", "--depth", "1", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(targetNames(result.output) == ["App", "Checkout", "CheckoutTests", "Messaging", "Persistence", "Settings"])
    }

    @Test func anUnknownFocusListsCloseMatches() throws {
        let result = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--focus", "Chekout"])
        #expect(result.status == 2)
        #expect(result.errors == "error: --focus: no target 'Chekout' in the graph; did you mean Checkout?\n")
        #expect(result.output.isEmpty)
    }

    @Test func packageLevelDrawsOneNodePerPackage() throws {
        // Workspace without tests: 8 packages; App uses all 7 others, features use Interfaces and Core.
        let result = try ModGraphRunner.run([
            "graph", sample("Workspace/App"), "--no-tests", "--level", "package", "--no-reduce", "--format", "dot",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let nodes = result.output.split(separator: "\n").filter { $0.contains("shape=folder") }
        #expect(nodes.count == 8)
        #expect(result.output.contains(#""package:app" -> "package:analytics""#))
        #expect(result.output.contains(#""package:interfaces" -> "package:core""#))
    }

    /// A package graph is a fine text and JSON answer too.
    @Test func packageLevelInTextAndJSON() throws {
        let text = try ModGraphRunner.run(["graph", sample("Workspace/App"), "--no-tests", "--level", "package"])
        #expect(text.status == 0, "\(text.errors)")
        try expectGolden(text.output, "Workspace-packages.txt")
        let json = try ModGraphRunner.run(["graph", sample("Workspace/App"), "--no-tests", "--level", "package", "--format", "json"])
        #expect(json.status == 0, "\(json.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(document["level"] as? String == "package")
        let nodes = try #require(document["nodes"] as? [[String: Any]])
        #expect(nodes.count == 8)
        let edges = try #require(document["edges"] as? [[String: String]])
        #expect(edges.contains(["from": "package:app", "to": "package:analytics"]))
        #expect(edges.count == 17)
    }

    @Test func reduceDropsImpliedDependencies() throws {
        // In VerticalApp, 16 of the 45 dependencies are implied by longer paths (App → Prelude, …).
        let reduced = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--reduce", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(reduced.output.utf8)) as? [String: Any])
        let edges = try #require(document["edges"] as? [[String: Any]])
        #expect(!edges.contains { $0["from"] as? String == "verticalapp/App" && $0["to"] as? String == "verticalapp/Prelude" })
        #expect(edges.contains { $0["from"] as? String == "verticalapp/App" && $0["to"] as? String == "verticalapp/Checkout" })
        let dot = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--reduce", "--format", "dot"])
        #expect(dot.output.split(separator: "\n").filter { $0.contains(" -> ") }.count == 45 - 16)
    }

    private func targetNames(_ json: String) -> [String] {
        guard let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let targets = document["targets"] as? [[String: Any]]
        else { return [] }
        return targets.compactMap { $0["name"] as? String }
    }
}

@Suite("report")
struct ReportCommandTests {
    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-report")
    }

    @Test func writesTheFilesIntoANewFolder() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out/VerticalApp")
        // Run from the repository with a relative path, as the README does, so report.md is stable.
        let result = try ModGraphRunner.run(
            ["report", "Samples/VerticalApp", "--workers", "2", "--output", target.path], in: ModGraphRunner.repository)
        #expect(result.status == 0, "\(result.errors)")
        try expectGolden(result.output.replacingOccurrences(of: target.path, with: "OUT"), "VerticalApp-report.txt")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: target.path).sorted() == [
                "graph.dot", "graph.svg", "index.html", "report.json", "report.md", "schedule.svg",
            ])
        try expectGolden(String(contentsOf: target.appendingPathComponent("report.md"), encoding: .utf8), "VerticalApp-report.md")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: target.appendingPathComponent("report.json"))) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        let structure = try #require(json["structure"] as? [String: Any])
        #expect(
            structure["longestChain"] as? [String] == [
                "verticalapp/App", "verticalapp/Checkout", "verticalapp/Networking", "verticalapp/Prelude",
            ])
        _ = try XMLDocument(contentsOf: target.appendingPathComponent("graph.svg"), options: [])
        #expect(try String(contentsOf: target.appendingPathComponent("graph.dot"), encoding: .utf8).hasPrefix("digraph"))
        #expect((json["check"] as? [String: Any])?["passed"] as? Bool == true)
        #expect(((json["schedule"] as? [String: Any]) ?? [:]).isEmpty == false)
        _ = try XMLDocument(contentsOf: target.appendingPathComponent("schedule.svg"), options: [])
    }

    /// A dump of `count` targets, each depending on the one before, in a folder of its own.
    private func chainDump(_ count: Int, in folder: URL) throws -> URL {
        let targets = (0..<count).map { index in
            #"{"name": "T\#(index)", "type": "regular", "dependencies": [\#(index == 0 ? "" : #"{"byName": ["T\#(index - 1)", null]}"#)]}"#
        }
        let dump =
            #"{"name": "Big", "packageKind": {"root": ["\#(folder.path)"]}, "targets": [\#(targets.joined(separator: ", "))], "products": [], "dependencies": []}"#
        let file = folder.appendingPathComponent("dump.json")
        try dump.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Above 100 targets a diagram leaves out tests and other packages' products, and says so in its legend.
    @Test func largeDiagramsLeaveOutTestsAndSaySo() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        var targets = (0..<101).map { index in
            #"{"name": "T\#(index)", "type": "regular", "dependencies": [\#(index == 0 ? "" : #"{"byName": ["T\#(index - 1)", null]}"#)]}"#
        }
        targets += (0..<3).map { #"{"name": "Check\#($0)", "type": "test", "dependencies": [{"byName": ["T0", null]}]}"# }
        let dump =
            #"{"name": "Big", "packageKind": {"root": ["\#(folder.path)"]}, "targets": [\#(targets.joined(separator: ", "))], "products": [], "dependencies": []}"#
        let file = folder.appendingPathComponent("dump.json")
        try dump.write(to: file, atomically: true, encoding: .utf8)

        let dot = try ModGraphRunner.run(["graph", file.path, "--format", "dot"])
        #expect(dot.status == 0, "\(dot.errors)")
        #expect(dot.output.contains("<I>Not drawn: 3 test targets (--no-simplify shows them).</I>"))
        #expect(!dot.output.contains("Check0"))
        let mermaid = try ModGraphRunner.run(["graph", file.path, "--format", "mermaid"])
        #expect(mermaid.output.hasPrefix("---\ntitle: \"Not drawn: 3 test targets (--no-simplify shows them).\"\n---\nflowchart TB\n"))
        let everything = try ModGraphRunner.run(["graph", file.path, "--format", "dot", "--no-simplify"])
        #expect(everything.output.contains("Check0"))
        #expect(!everything.output.contains("Not drawn"))
        // Text and JSON list every target whatever the size.
        #expect(try ModGraphRunner.run(["graph", file.path]).output.contains("Check0"))
    }

    /// Graphviz takes minutes on thousands of nodes: graph refuses such a picture in one line, report leaves it out.
    @Test func picturesAboveTheBoundAreRefusedOrLeftOutInOneLine() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = try chainDump(2_001, in: folder)
        let refused = try ModGraphRunner.run([
            "graph", dump.path, "--format", "svg", "--output", folder.appendingPathComponent("x.svg").path,
        ])
        #expect(refused.status == 2)
        #expect(
            refused.errors
                == "error: --format svg: the view has 2,001 nodes, more than the 2,000 a picture is drawn for (Graphviz would take minutes); "
                + "narrow it with --focus or --level package, or write --format dot\n")
        #expect(try ModGraphRunner.run(["graph", dump.path, "--format", "dot"]).status == 0)
        let target = folder.appendingPathComponent("report")
        let report = try ModGraphRunner.run(["report", dump.path, "--weights", "uniform", "--output", target.path])
        #expect(report.status == 0, "\(report.errors)")
        #expect(
            report.errors
                == "warning: graph.svg and schedule.svg not drawn: the graph has 2,001 nodes, more than the 2,000 a picture is drawn for "
                + "(Graphviz would take minutes); report.md links graph.dot\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: target.path).sorted() == [
                "graph.dot", "index.html", "report.json", "report.md",
            ])
        let markdown = try String(contentsOf: target.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("The whole graph: [graph.dot](graph.dot) (Graphviz source, transitively reduced"))
        #expect(!markdown.contains("graph.svg") && !markdown.contains("schedule.svg"))
    }

    @Test func withoutDiagramsOnlyTheDocumentsAreWritten() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("report")
        let result = try ModGraphRunner.run(
            ["report", "Samples/VerticalApp", "--workers", "2", "--no-diagrams", "--output", target.path],
            in: ModGraphRunner.repository)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).sorted() == ["index.html", "report.json", "report.md"])
        let markdown = try String(contentsOf: target.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(!markdown.contains("```mermaid"))
        #expect(markdown.contains("No diagrams (--no-diagrams)"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: target.appendingPathComponent("report.json"))) as? [String: Any])
        let graph = try #require(json["graph"] as? [String: Any])
        #expect(graph["drawnDependencies"] is NSNull)
        #expect(graph["targets"] as? Int == 16)
    }

    /// The check's violations and the schedule join the report when a configuration is found.
    @Test func theViolationsReportCarriesTheCheckVerdict() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ModGraphRunner.run(
            ["report", "Samples/Violations", "--workers", "2", "--output", folder.path], in: ModGraphRunner.repository)
        #expect(result.status == 0, "a report informs; `modgraph check` is what fails a build")
        #expect(result.output.contains("Check failed: 7 errors, 2 warnings (Samples/Violations/.modgraph.yml)"))
        let dot = try String(contentsOf: folder.appendingPathComponent("graph.dot"), encoding: .utf8)
        // Red only on the edges that break a layering rule; the undeclared import is a missing edge, the unused one dotted.
        #expect(dot.contains("3 rule violations"))
        #expect(dot.contains(##""violations/App" -> "violations/SharedHelpers" [style=dashed, color="#d9480f""##))
        #expect(dot.contains(##""violations/App" -> "violations/Prelude" [style=dotted, color="#9aa5b1""##))
        // The declared edge the import travels is not painted (it is bold: the critical path runs along it).
        let travelled = dot.split(separator: "\n").filter { $0.contains(##""violations/App" -> "violations/Search""##) }
        #expect(
            travelled == [
                ##"  "violations/App" -> "violations/Search" [color="#102a43", penwidth=2.2, tooltip="critical path (sources)"];"##
            ])
        let markdown = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("<details open><summary><code>isolation</code>: 2 errors in 2 modules — "))
        #expect(
            markdown.contains(
                """
                - `violations/Search`: 1 finding
                  - ✗ violations/Search → violations/SharedHelpers → violations/Messaging: Search depends on Messaging through SharedHelpers
                """))
        #expect(markdown.contains("(at `Samples/Violations/Package.swift:40`)"))
    }

    /// Past the painting limit the picture counts findings per module instead of drawing a wall of red.
    @Test func manyFindingsAreCountedOnTheirModules() throws {
        let folder = try scratch().appendingPathComponent("many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        // 45 pairs of features, the first of each using the second: 45 isolation findings, over the 40 drawn.
        var targets = [#"{"name": "Core", "type": "regular", "dependencies": []}"#]
        for pair in 0..<45 {
            targets.append(
                #"{"name": "F\#(pair)a", "type": "regular", "dependencies": [{"byName": ["F\#(pair)b", null]}, {"byName": ["Core", null]}]}"#
            )
            targets.append(#"{"name": "F\#(pair)b", "type": "regular", "dependencies": [{"byName": ["Core", null]}]}"#)
        }
        let dump =
            #"{"name": "Many", "packageKind": {"root": ["\#(folder.path)"]}, "targets": [\#(targets.joined(separator: ", "))], "products": [], "dependencies": []}"#
        try dump.write(to: folder.appendingPathComponent("dump.json"), atomically: true, encoding: .utf8)
        try "version: 1\nlayers:\n  - name: features\n    targets: ['F*']\n    isolated: true\n  - name: core\n    targets: [Core]\n"
            .write(to: folder.appendingPathComponent(".modgraph.yml"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("report")
        let result = try ModGraphRunner.run([
            "report", folder.appendingPathComponent("dump.json").path, "--config", folder.appendingPathComponent(".modgraph.yml").path,
            "--weights", "uniform", "--output", output.path,
        ])
        #expect(result.status == 0, "\(result.errors)")
        let dot = try String(contentsOf: output.appendingPathComponent("graph.dot"), encoding: .utf8)
        #expect(dot.contains(##""many/F0a" [label=<F0a<BR/><FONT COLOR="#c62828" POINT-SIZE="9">1 finding</FONT>>"##))
        #expect(dot.contains("findings per module: 45, too many to draw one by one"))
        #expect(!dot.contains(##"-> "many/F0b" [color="#c62828""##), "no edge is painted")
        let markdown = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("modules with findings are outlined in red with their count"))
    }

    @Test func aWorkspaceReportListsItsPackages() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ModGraphRunner.run(["report", "Samples/Workspace/App", "--output", folder.path], in: ModGraphRunner.repository)
        #expect(result.status == 0, "\(result.errors)")
        let markdown = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("## Packages"))
        #expect(markdown.contains("| Checkout | 2 | Analytics, Core, Interfaces |"))
    }

    @Test func badInputWritesNothing() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("report")
        let missing = try ModGraphRunner.run(["report", "/no/such/folder", "--output", target.path])
        #expect(missing.status == 2)
        #expect(missing.errors == "error: /no/such/folder: no such file or directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let file = folder.appendingPathComponent("a-file")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let notAFolder = try ModGraphRunner.run([
            "report", ModGraphRunner.samples.appendingPathComponent("VerticalApp").path, "--output", file.path,
        ])
        #expect(notAFolder.status == 2)
        #expect(notAFolder.errors == "error: \(file.path): exists and is not a folder\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
    }
}

@Suite("Layers in diagrams")
struct DiagramLayerTests {
    private func sample(_ name: String) -> String { ModGraphRunner.samples.appendingPathComponent(name).path }

    /// `graph` reads .modgraph.yml as `check` does: one box per layer, nodes coloured by layer.
    @Test func clusterByLayerDrawsOneBoxPerLayer() throws {
        let result = try ModGraphRunner.run(["graph", sample("VerticalApp"), "--no-tests", "--cluster", "layer", "--format", "dot"])
        #expect(result.status == 0, "\(result.errors)")
        let boxes = result.output.split(separator: "\n").filter { $0.contains("subgraph \"cluster_layer_") }
        #expect(boxes.count == 4, "\(boxes)")
        #expect(result.output.contains(#"label="verticals""#))
    }

    @Test func clusterByLayerWithoutAConfigurationIsAnInputError() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-nolayers")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump =
            #"{"name": "P", "packageKind": {"root": ["\#(folder.path)"]}, "targets": [{"name": "A", "type": "regular", "dependencies": []}], "products": [], "dependencies": []}"#
        let file = folder.appendingPathComponent("dump.json")
        try dump.write(to: file, atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["graph", file.path, "--cluster", "layer", "--format", "dot"])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("error: --cluster layer needs the layers of a .modgraph.yml"))
    }

    /// The layers are assigned beside the diagram: a broken configuration
    /// found on its own still costs only the colours, with one warning; asked
    /// for by --cluster layer, it is the error, before any other.
    @Test func aBrokenConfigurationFoundCostsOnlyTheColours() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-brokenlayers")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump =
            #"{"name": "P", "packageKind": {"root": ["\#(folder.path)"]}, "targets": [{"name": "A", "type": "regular", "dependencies": [{"byName": ["B", null]}]}, {"name": "B", "type": "regular", "dependencies": []}], "products": [], "dependencies": []}"#
        let file = folder.appendingPathComponent("dump.json")
        try dump.write(to: file, atomically: true, encoding: .utf8)
        try "version: 1\nlayers: [[[\n".write(to: folder.appendingPathComponent(".modgraph.yml"), atomically: true, encoding: .utf8)

        let drawn = try ModGraphRunner.run(["graph", file.path, "--format", "mermaid"])
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.contains("n0 ==> n1"))
        let warnings = drawn.errors.split(separator: "\n")
        #expect(
            warnings.count == 1 && warnings[0].hasPrefix("warning: ") && warnings[0].hasSuffix("the diagram is drawn without layer colours")
        )

        let boxed = try ModGraphRunner.run(["graph", file.path, "--format", "dot", "--cluster", "layer", "--focus", "Nope"])
        #expect(boxed.status == 2)
        #expect(boxed.errors.hasPrefix("error: ") && boxed.errors.contains(".modgraph.yml:3: not valid YAML"), "\(boxed.errors)")

        let text = try ModGraphRunner.run(["graph", file.path, "--format", "text", "--cluster", "layer"])
        #expect(text.status == 2)
        #expect(text.errors.hasPrefix("error: --cluster layer needs the layers of a .modgraph.yml"))
    }
}
