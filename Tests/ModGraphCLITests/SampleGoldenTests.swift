import Foundation
import ModGraphTestSupport
import Testing

/// The samples through the real `swift package dump-package`, compared with
/// reviewed golden files. Paths in the output are relative to the root
/// package, so the files are the same on every machine.
@Suite("samples against golden files")
struct SampleGoldenTests {
    @Test(arguments: [
        ("VerticalApp", ["--format", "json"], "VerticalApp.json"),
        ("VerticalApp", ["--format", "dot"], "VerticalApp.dot"),
        ("VerticalApp", ["--format", "text"], "VerticalApp.txt"),
        ("VerticalApp", ["--format", "json", "--platform", "macos", "--no-tests"], "VerticalApp-macos-notests.json"),
        ("Workspace/App", ["--format", "json"], "Workspace.json"),
        ("Workspace/App", ["--format", "dot"], "Workspace.dot"),
        ("Violations", ["--format", "json"], "Violations.json"),
        ("Violations", ["--format", "text"], "Violations.txt"),
    ])
    func sample(_ sample: String, _ options: [String], _ golden: String) throws {
        let path = ModGraphRunner.samples.appendingPathComponent(sample).path
        let result = try ModGraphRunner.run(["graph", path] + options)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        try expectGolden(result.output, golden)
    }

    /// `graph --wiring` on the sample made for it (Samples/WiringApp): what its verticals use of
    /// one another at run time, in every textual format; and its wiring checks pass.
    @Test(arguments: [
        (["--format", "text"], "WiringApp-wiring.txt"),
        (["--format", "json"], "WiringApp-wiring.json"),
        (["--format", "dot"], "WiringApp-wiring.dot"),
        (["--format", "mermaid"], "WiringApp-wiring.mmd"),
    ])
    func wiring(_ options: [String], _ golden: String) throws {
        let path = ModGraphRunner.samples.appendingPathComponent("WiringApp").path
        let result = try ModGraphRunner.run(["graph", path, "--wiring"] + options)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        try expectGolden(result.output, golden)
    }

    /// `graph --wiring` draws in every format: the pictures from the dashed DOT (each a file of
    /// its kind), and the html page with the wiring over the build graph behind a toggle, on.
    @Test(arguments: [("svg", Array("<svg".utf8)), ("png", [0x89, 0x50, 0x4E, 0x47]), ("pdf", Array("%PDF".utf8))])
    func theWiringIsDrawnAsAPicture(_ format: String, _ magic: [UInt8]) throws {
        let folder = try ModGraphRunner.scratchFolder("wiring-picture")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("wiring.\(format)")
        let path = ModGraphRunner.samples.appendingPathComponent("WiringApp").path
        let result = try ModGraphRunner.run(["graph", path, "--wiring", "--format", format, "--output", file.path])
        #expect(result.status == 0, "\(result.errors)")
        let bytes = [UInt8](try Data(contentsOf: file))
        if format == "svg" {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("<svg") && text.contains("stroke-dasharray") && text.contains("HomeDeps.paywallBuilder"))
        } else {
            #expect(Array(bytes.prefix(magic.count)) == magic)
        }
    }

    @Test func theWiringIsAToggleOfTheHtmlPage() throws {
        let path = ModGraphRunner.samples.appendingPathComponent("WiringApp").path
        let result = try ModGraphRunner.run(["graph", path, "--wiring", "--format", "html"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("id=\"mg-show-wiring\""))
        #expect(result.output.contains("\"wiring\":{\"shown\":true,"))
        #expect(result.output.contains("\"label\":\"HomeDeps.paywallBuilder\",\"providedBy\":\"PaywallBuilder\""))
        #expect(result.output.contains("\"wired\":\"App/AppDependencies.swift:12\""))
        let plain = try ModGraphRunner.run(["graph", path, "--format", "html"])
        #expect(plain.status == 0, "\(plain.errors)")
        #expect(plain.output.contains("\"wiring\":null"))
        // The views still cannot be narrowed: the wiring is every module's.
        let focused = try ModGraphRunner.run(["graph", path, "--wiring", "--format", "html", "--focus", "Home"])
        #expect(focused.status != 0)
        #expect(focused.errors.contains("--wiring shows every module"))
    }

    @Test func theWiringSamplePassesItsWiringChecks() throws {
        let result = try ModGraphRunner.run(["check", ModGraphRunner.samples.appendingPathComponent("WiringApp").path])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
    }

    @Test func aDumpReadFromStandardInputGivesTheSameGraph() throws {
        let folder = ModGraphRunner.samples.appendingPathComponent("Workspace/App")
        let dump = Process()
        dump.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        dump.arguments = ["swift", "package", "--package-path", folder.path, "dump-package"]
        let pipe = Pipe()
        dump.standardOutput = pipe
        try dump.run()
        let json = pipe.fileHandleForReading.readDataToEndOfFile()
        dump.waitUntilExit()
        #expect(dump.terminationStatus == 0)

        let fromStandardInput = try ModGraphRunner.run(["graph", "-", "--format", "json"], input: json)
        let fromFolder = try ModGraphRunner.run(["graph", folder.path, "--format", "json"])
        #expect(fromStandardInput.status == 0, "\(fromStandardInput.errors)")
        #expect(fromStandardInput.output == fromFolder.output)
    }

    @Test func outputIsByteIdenticalFromRunToRun() throws {
        let path = ModGraphRunner.samples.appendingPathComponent("Workspace/App").path
        let first = try ModGraphRunner.run(["graph", path, "--format", "dot"])
        let second = try ModGraphRunner.run(["graph", path, "--format", "dot"])
        #expect(first.status == 0)
        #expect(first.output == second.output)
    }
}

@Suite("README")
struct ReadmeTests {
    /// The tour shows real output; this keeps it from drifting.
    @Test func theTourShowsWhatModgraphPrints() throws {
        let readme = try String(contentsOf: ModGraphRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let result = try ModGraphRunner.run(["graph", path])
        #expect(result.status == 0)
        #expect(readme.contains("$ modgraph graph Samples/VerticalApp\n" + result.output + "```"))
    }

    @Test func theScheduleExampleShowsWhatModgraphPrints() throws {
        let readme = try String(contentsOf: ModGraphRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let result = try ModGraphRunner.run(["schedule", path, "--no-tests", "--workers", "2", "--weights", "sources"])
        #expect(result.status == 0)
        let shown = result.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(22).joined(separator: "\n")
        #expect(readme.contains("$ modgraph schedule Samples/VerticalApp --no-tests --workers 2 --weights sources\n" + shown + "\n…\n```"))
    }

    /// Examples show no folder of the machine they were made on (issue #53): what is run in a
    /// repository names its files relative to it, and the docs do too.
    @Test func examplesShowNoMachinePaths() throws {
        let repository = ModGraphRunner.repository
        var documents = ["README.md"]
        let docs = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)
        documents += docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        for document in documents {
            let text = try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
            for marker in ["/Users/", "/home/", "/work/", "/private/var/", "/root/"] {
                #expect(!text.contains(marker), "\(document) shows a machine path (\(marker))")
            }
        }
    }

    /// `modgraph check` with nothing configured, and `modgraph init`, name the folder they run in as `.`
    /// and what they write relative to it, as the README shows them.
    @Test func checkAndInitNameWhatIsHereRelatively() throws {
        let folder = URL(fileURLWithPath: try ModGraphRunner.scratchFolder("modgraph-readme").resolvingSymlinksInPath().path)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = ModGraphRunner.samples.appendingPathComponent("VerticalApp")
        for name in try FileManager.default.contentsOfDirectory(atPath: sample.path) where name != ".modgraph.yml" {
            try FileManager.default.copyItem(at: sample.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let check = try ModGraphRunner.run(["check"], in: folder)
        #expect(check.status == 2)
        #expect(check.errors.contains("error: .: nothing to check yet"), "\(check.errors)")
        let initialise = try ModGraphRunner.run(["init"], in: folder)
        #expect(initialise.status == 0, "\(initialise.errors)")
        #expect(initialise.errors.contains("wrote .modgraph.yml: layers"), "\(initialise.errors)")
    }
}
