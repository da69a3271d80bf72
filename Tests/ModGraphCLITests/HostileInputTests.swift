import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import ModGraphOutput
import Testing

/// A workspace an attacker wrote: every target, product, package, folder and
/// layer name, a config line and a source path carry line breaks, workflow
/// commands, terminal escapes, HTML, Markdown links and characters XML
/// forbids. Every command and every format must show them as data.
enum HostileWorkspace {
    static let longName = "Feature" + String(repeating: "x", count: 20_000)
    /// The targets, in a chain; the first is the app, the rest features.
    static let targets = [
        "App::add-mask::A", "::add-mask::X", "Feature\n::add-mask::Y", "X\rY", "X\nY", "\u{1B}[31mRed\u{1B}[0m",
        "<script>alert(1)</script>", "[x](javascript:alert(1))", "<a href=javascript:alert(1)>x</a>", "nul\u{0}byte",
        "bidi\u{202E}txt", "non\u{FFFE}\u{FFFF}char", "Pipe|Cell`tick`", "%0A%25", "a:b;c#d%%e", "@everyone #1", longName, "Plain",
    ]
    static let packageName = "Pkg\n::add-mask::P<b>"
    static let folderName = "root\n::add-mask::F"
    static let remoteIdentity = "evil::add-mask::r"
    static let remoteProduct = "Prod\n::error::x"

    /// Writes the workspace into `base` and returns the dump file and the configuration.
    static func write(into base: URL) throws -> (dump: String, config: String, root: URL) {
        let root = base.appendingPathComponent(folderName)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var targetObjects: [[String: Any]] = []
        for (index, name) in targets.enumerated() {
            var dependencies: [[String: Any]] = []
            if index + 1 < targets.count { dependencies.append(["byName": [targets[index + 1], NSNull()]]) }
            if index == 1 { dependencies.append(["product": [remoteProduct, remoteIdentity, NSNull(), NSNull()]]) }
            targetObjects.append([
                "name": name, "type": index == 0 ? "executable" : "regular", "dependencies": dependencies,
                "exclude": [], "resources": [], "settings": [], "packageAccess": false,
            ])
        }
        // A source file under a hostile folder that imports a module it does not declare.
        let sources = root.appendingPathComponent("Sources/X\nY")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "import Foundation\nimport Plain\n".write(
            to: sources.appendingPathComponent("a\n::warning::b.swift"), atomically: true, encoding: .utf8)
        let dump: [String: Any] = [
            "name": packageName,
            "packageKind": ["root": [root.path]],
            "toolsVersion": ["_version": "5.9.0"],
            "targets": targetObjects,
            "products": [["name": "Lib\n::add-mask::L", "type": ["library": ["automatic"]], "targets": [targets[1]]]],
            "dependencies": [
                [
                    "sourceControl": [
                        [
                            "identity": remoteIdentity,
                            "location": ["remote": [["urlString": "https://example.com/evil/\(remoteIdentity).git"]]],
                            "requirement": ["range": [["lowerBound": "1.0.0", "upperBound": "2.0.0"]]],
                            "productFilter": NSNull(),
                        ]
                    ]
                ]
            ],
        ]
        let dumpFile = root.appendingPathComponent("dump\n::add-mask::D.json")
        try JSONSerialization.data(withJSONObject: dump, options: [.sortedKeys]).write(to: dumpFile)
        // Every target but Plain in a layer; Plain is unassigned, for a warning.
        let config = #"""
            version: 1
            layers:
              - name: "::add-mask::Top\nLayer"
                targets: ['App*']
              - name: "features\e[31m<script>"
                targets: ['X*', 'Feature*', '*Red*', '<*', '\[*', 'nul*', 'bidi*', 'non*', 'Pipe*', '%*', 'a:*', '@*', ':*']
                isolated: true
            unassigned: warning
            exceptions:
              - from: '\[x\]*'
                to: '*'
                reason: "::add-mask::reason\nsecond line <script>"
            sources:
              undeclaredImports: error
              unusedDependencies: warning
            """#
        let configFile = root.appendingPathComponent(".modgraph.yml")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        return (dumpFile.path, configFile.path, root)
    }
}

@Suite("Hostile input")
struct HostileInputTests {
    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-hostile")
    }

    /// No line reads as a GitHub workflow command, none holds a control
    /// character or a character that reorders text; only `--format github`
    /// writes commands, and only its own `::error ` and `::warning `.
    private func expectPlain(
        _ text: String, annotations: Bool = false, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if annotations, line.hasPrefix("::error ") || line.hasPrefix("::warning ") {
                // The command's own `::` ends the properties; nothing else in the line may start another.
                #expect(!line.dropFirst(2).contains("\r"), "\(what): \(line)", sourceLocation: sourceLocation)
            } else {
                #expect(
                    !Escape.isWorkflowCommand(line), "\(what): a line reads as a workflow command: \(line)", sourceLocation: sourceLocation)
            }
            for scalar in line.unicodeScalars where Escape.needsSpelling(scalar) {
                Issue.record("\(what): raw U+\(String(scalar.value, radix: 16)) in \(line.prefix(200))", sourceLocation: sourceLocation)
            }
        }
    }

    private func expectXML(_ data: Data, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "\(what) is not well-formed XML: \(String(describing: parser.parserError))", sourceLocation: sourceLocation)
    }

    private func expectJSON(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(what) is not JSON", sourceLocation: sourceLocation)
    }

    @Test func everyCommandAndFormatShowsNamesAsData() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(at: base) }
        let (dump, config, _) = try HostileWorkspace.write(into: base)

        for format in ["text", "json", "dot", "mermaid"] {
            let result = try ModGraphRunner.run(["graph", dump, "--format", format], in: base)
            #expect(result.status == 0, "graph --format \(format): \(result.errors)")
            expectPlain(result.output, "graph --format \(format)")
            expectPlain(result.errors, "graph --format \(format) stderr")
            if format == "json" {
                expectJSON(result.output, "graph json")
                // Data stays data: the exact names, distinct.
                let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
                let names = Set(((document["targets"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
                #expect(names.isSuperset(of: HostileWorkspace.targets))
            }
            if format == "dot" {
                let plain = try runGraphviz(result.output, format: "plain")
                let nodes = plain.split(separator: "\n").filter { $0.hasPrefix("node ") }.count
                // Every target and the one external product stays its own node: X\rY and X\nY do not merge.
                #expect(nodes == HostileWorkspace.targets.count + 1, "dot drew \(nodes) nodes")
            }
        }
        let svgFile = base.appendingPathComponent("graph.svg").path
        let svg = try ModGraphRunner.run(["graph", dump, "--format", "svg", "--output", svgFile], in: base)
        #expect(svg.status == 0, "\(svg.errors)")
        expectPlain(svg.errors, "graph svg stderr")
        expectXML(try Data(contentsOf: URL(fileURLWithPath: svgFile)), "graph.svg")

        for format in ["text", "json", "github", "sarif", "junit", "xcode", "markdown"] {
            let result = try ModGraphRunner.run(["check", dump, "--config", config, "--format", format], in: base)
            #expect(result.status == 1, "check --format \(format): \(result.errors)")
            expectPlain(result.output, annotations: format == "github", "check --format \(format)")
            expectPlain(result.errors, "check --format \(format) stderr")
            switch format {
            case "json", "sarif": expectJSON(result.output, "check \(format)")
            case "junit": expectXML(Data(result.output.utf8), "check junit")
            case "github": #expect(result.output.contains("::error "), "the check finds the planted isolation violations")
            case "markdown":
                // Rendered as GitHub would, with raw HTML allowed: the only tags are the comment's own.
                let html = try renderMarkdown(result.output).lowercased()
                for forbidden in ["<script", "href=\"javascript", "<b>", "<img"] {
                    #expect(!html.contains(forbidden), "check --format markdown renders \(forbidden)")
                }
                #expect(html.components(separatedBy: "<details").count == html.components(separatedBy: "</details>").count)
            default: break
            }
        }

        for format in ["text", "json", "mermaid", "svg"] {
            let result = try ModGraphRunner.run(["schedule", dump, "--format", format], in: base)
            #expect(result.status == 0, "schedule --format \(format): \(result.errors)")
            expectPlain(result.output, "schedule --format \(format)")
            expectPlain(result.errors, "schedule --format \(format) stderr")
            if format == "json" { expectJSON(result.output, "schedule json") }
            if format == "svg" { expectXML(Data(result.output.utf8), "schedule svg") }
        }

        let folder = base.appendingPathComponent("out")
        let report = try ModGraphRunner.run(["report", dump, "--config", config, "--output", folder.path, "--workers", "2"], in: base)
        #expect(report.status == 0, "report: \(report.errors)")
        expectPlain(report.output, "report summary")
        expectPlain(report.errors, "report stderr")
        let markdown = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        expectPlain(markdown, "report.md")
        expectJSON(try String(contentsOf: folder.appendingPathComponent("report.json"), encoding: .utf8), "report.json")
        expectXML(try Data(contentsOf: folder.appendingPathComponent("graph.svg")), "report graph.svg")
        expectXML(try Data(contentsOf: folder.appendingPathComponent("schedule.svg")), "report schedule.svg")
        let dot = try String(contentsOf: folder.appendingPathComponent("graph.dot"), encoding: .utf8)
        _ = try runGraphviz(dot, format: "plain")

        // Rendered as GitHub would, with raw HTML allowed: no tag or link comes from a name.
        let html = try renderMarkdown(markdown)
        for forbidden in ["<script", "<a href=javascript", "href=\"javascript", "<b>", "<img"] {
            #expect(!html.lowercased().contains(forbidden), "report.md renders \(forbidden): \(html.prefix(2_000))")
        }
    }

    /// GitHub turns URLs, `www.` addresses and e-mail addresses in text into links
    /// (the autolink extension): none may come from a name, in any Markdown output.
    @Test func namesNeverBecomeLinks() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(at: base) }
        let names = [
            "https://evil.example/x", "HTTP://EVIL.EXAMPLE", "ftp://files.example/f", "www.evil.example", "WWW.Evil.Example",
            "see_www.evil.example", "user@evil.co", "first.last+tag@mail.evil.co", "mailto:user@evil.co", "xmpp:user@evil.co/home",
        ]
        /// App depends on every name; each name is a target of its own.
        func dump(_ names: [String]) -> String {
            let uses = names.map { #"{"byName": [\#(Escape.jsonString($0)), null]}"# }.joined(separator: ", ")
            let targets =
                [#"{"name": "App", "type": "executable", "dependencies": [\#(uses)]}"#]
                + names.map { #"{"name": \#(Escape.jsonString($0)), "type": "regular", "dependencies": []}"# }
            return #"{"name": "P", "toolsVersion": {"_version": "5.9.0"}, "packageKind": {"root": ["\#(base.path)"]}, "products": [], "#
                + #""dependencies": [], "targets": [\#(targets.joined(separator: ", "))]}"#
        }
        let head = base.appendingPathComponent("head.json")
        let before = base.appendingPathComponent("base.json")
        try dump(names).write(to: head, atomically: true, encoding: .utf8)
        try dump([]).write(to: before, atomically: true, encoding: .utf8)
        // Every name in a layer of its own, all isolated from one another: findings name them all.
        let config = base.appendingPathComponent("config.yml")
        try "version: 1\nlayers:\n  - name: \"https://layer.example www.layer.example layer@evil.co\"\n    targets: ['*']\n    isolated: true\n"
            .write(to: config, atomically: true, encoding: .utf8)
        var documents: [(String, String)] = []
        let check = try ModGraphRunner.run(["check", head.path, "--config", config.path, "--format", "markdown"], in: base)
        #expect(check.status == 1, "\(check.errors)")
        documents.append(("check --format markdown", check.output))
        let diff = try ModGraphRunner.run(
            ["diff", head.path, "--base-path", before.path, "--config", config.path, "--format", "markdown"], in: base)
        #expect([0, 1].contains(diff.status), "\(diff.errors)")
        documents.append(("diff --format markdown", diff.output))
        let folder = base.appendingPathComponent("report")
        let report = try ModGraphRunner.run(["report", head.path, "--config", config.path, "--output", folder.path, "--workers", "2"], in: base)
        #expect(report.status == 0, "\(report.errors)")
        documents.append(("report.md", try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)))
        for (what, markdown) in documents {
            #expect(markdown.contains("evil"), "\(what) names no hostile target")
            let html = try renderMarkdown(markdown)
            // The only links are the report's own, to the files beside it.
            for link in html.components(separatedBy: "<a ").dropFirst() {
                let target = link.components(separatedBy: "\"").dropFirst().first ?? ""
                #expect(["index.html", "graph.svg", "graph.dot", "schedule.svg", "report.json"].contains(target), "\(what) renders a link: \(link.prefix(200))")
            }
        }
    }

    @Test func errorsNamingHostileInputAreOneLine() throws {
        let base = try scratch()
        defer { try? FileManager.default.removeItem(at: base) }
        let dump = """
            {"name": "P", "packageKind": {"root": ["\(base.path)"]},
             "targets": [{"name": "App", "type": "regular", "dependencies": [{"byName": ["Nope\\n::add-mask::X", null]}]}],
             "products": [], "dependencies": []}
            """
        let file = base.appendingPathComponent("dump.json")
        try dump.write(to: file, atomically: true, encoding: .utf8)
        for format in ["text", "github"] {
            let result = try ModGraphRunner.run(["check", file.path, "--format", format])
            #expect(result.status == 2)
            let lines = result.errors.split(separator: "\n")
            #expect(lines.count == 1, "\(result.errors)")
            #expect(lines.first?.hasPrefix("error: ") == true)
            #expect(result.errors.contains(#"Nope\n::add-mask::X"#))
        }

        // A configuration error naming a layer is one line too.
        try "version: 1\nlayers:\n  - name: \"a\\n::add-mask::L\"\n    targets: [\"{x\"]\n".write(
            to: base.appendingPathComponent("bad.yml"), atomically: true, encoding: .utf8)
        let good = base.appendingPathComponent("good.json")
        try dump.replacingOccurrences(of: #"[{"byName": ["Nope\n::add-mask::X", null]}]"#, with: "[]")
            .write(to: good, atomically: true, encoding: .utf8)
        let config = try ModGraphRunner.run(["check", good.path, "--config", base.appendingPathComponent("bad.yml").path])
        #expect(config.status == 2)
        #expect(config.errors.split(separator: "\n").count == 1, "\(config.errors)")
        #expect(config.errors.hasPrefix("error: "))
    }

    /// Nothing an argument carries can start a line of the usage error either.
    @Test func usageErrorsEscapeArguments() throws {
        let result = try ModGraphRunner.run(["graph", "--format", "x\n::add-mask::A"])
        #expect(result.status == 2)
        expectPlain(result.errors, "usage error")
    }
}

/// `dot -T<format>`, failing the test when Graphviz refuses the source.
func runGraphviz(_ source: String, format: String) throws -> String {
    try runTool(["dot", "-T\(format)"], input: source, what: "dot (is Graphviz installed? run `make setup`)")
}

/// GitHub-flavoured Markdown to HTML with cmark-gfm, raw HTML kept, so that any tag a name smuggled in shows.
func renderMarkdown(_ markdown: String) throws -> String {
    try runTool(
        ["cmark-gfm", "--unsafe", "-e", "table", "-e", "autolink", "-e", "strikethrough"],
        input: markdown, what: "cmark-gfm (run `make setup`, which installs it)")
}

private func runTool(_ arguments: [String], input: String, what: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let standardInput = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = standardInput
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let writer = DispatchQueue(label: "stdin")
    writer.async {
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try? standardInput.fileHandleForWriting.close()
    }
    let errorData = DispatchGroup()
    nonisolated(unsafe) var diagnostics = Data()
    DispatchQueue.global().async(group: errorData) { diagnostics = errors.fileHandleForReading.readDataToEndOfFile() }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    errorData.wait()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(what) failed: \(String(decoding: diagnostics, as: UTF8.self))")
    return String(decoding: data, as: UTF8.self)
}
