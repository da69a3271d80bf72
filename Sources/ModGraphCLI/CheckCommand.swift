import ArgumentParser
import ModGraphKit

extension CheckFormat: ExpressibleByArgument {}

/// `modgraph check`: the layering rules of `.modgraph.yml`, enforced.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the module graph against the layering rules in .modgraph.yml.",
        discussion: """
            The configuration is --config FILE, else .modgraph.yml in the package folder or its parents \
            up to the repository root (docs/configuration.md). Exit codes: 0 no violations, 1 violations, \
            2 configuration or input error.
            """
    )

    @OptionGroup var load: LoadOptions

    @Option(help: "The configuration file (default: .modgraph.yml found from the package folder up).")
    var config: String?

    @Option(
        help:
            "Output format: text, json, github (workflow annotations), sarif (2.1.0), junit, xcode (path:line:column: error: message), or markdown (a pull-request comment that fits GitHub's limit)."
    )
    var format: CheckFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "Report only violations this baseline file does not record.")
    var baseline: String?

    @Option(help: "Record today's violations in this file and exit 0; check later runs against it with --baseline.")
    var writeBaseline: String?

    /// What to do when no configuration is found: the command that writes one.
    static func nothingConfigured(start: String, path: String) -> String {
        let suffix = path == "." ? "" : " " + shellWord(path)
        return
            "\(start): nothing to check yet: no \(CheckRun.defaultConfigurationName) here or in the folders above it up to the repository root. "
            + "Run `modgraph init\(suffix)` to write one from this graph (layers guessed from its shape, to edit), "
            + "then `modgraph check\(suffix)` again; or pass --config FILE (docs/configuration.md)"
    }

    /// `text` as one word for a POSIX shell: as it is when it is plain, else in single quotes.
    private static func shellWord(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+,-./:=@_".unicodeScalars.contains($0))
            }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    func run() throws {
        let loaded = try load.load(configuration: config)
        guard let check = try CheckRun(on: loaded, warnings: Console.warning) else {
            throw CommandError(Self.nothingConfigured(start: DisplayPath.of(loaded.configuration.searchedFrom), path: load.path))
        }
        if let writeBaseline {
            let (text, count) = check.baseline
            try OutputFile.write(text, to: writeBaseline)
            Console.info("recorded \(count) finding\(count == 1 ? "" : "s") in \(writeBaseline)")
            return
        }
        let report = try check.report(baseline: baseline)
        try OutputFile.write(CheckRun.render(report, as: format, colour: output == nil && Console.isColourTerminal), to: output)
        if !report.passed { throw ExitCode(1) }
    }
}
