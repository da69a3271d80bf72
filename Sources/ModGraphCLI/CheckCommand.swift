import ArgumentParser
import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphRendering
import ModGraphRules
import ModGraphSources

/// `modgraph check`: the layering rules of `.modgraph.yml`, enforced.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the module graph against the layering rules in .modgraph.yml.",
        discussion: """
        The configuration is --config FILE, else .modgraph.yml in the package folder or its parents
        up to the repository root (docs/configuration.md). Exit codes: 0 no violations, 1 violations,
        2 configuration or input error.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif, junit
    }

    @OptionGroup var load: LoadOptions

    @Option(help: "The configuration file (default: .modgraph.yml found from the package folder up).")
    var config: String?

    @Option(help: "Output format: text, json, github (workflow annotations), sarif (2.1.0) or junit.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "Report only violations this baseline file does not record.")
    var baseline: String?

    @Option(help: "Record today's violations in this file and exit 0; check later runs against it with --baseline.")
    var writeBaseline: String?

    func run() throws {
        let (workspace, graph) = try load.loadWorkspaceAndGraph()
        let rootDirectory = workspace.rootDirectory
        let configPath = try configFile(rootDirectory: rootDirectory)
        let checkConfig = try ConfigFile.load(configPath)
        let sourceFindings = try checkConfig.sources.map { try Self.checkSources($0, graph: graph, workspace: workspace, platform: load.platform) } ?? []
        var result = try Checker(config: checkConfig).check(graph, sourceFindings: sourceFindings)

        if let writeBaseline {
            try OutputFile.write(Baseline(recording: result.findings).encoded(), to: writeBaseline)
            Console.writeError("recorded \(result.findings.filter { $0.rule != .staleConfig }.count) findings in \(writeBaseline)\n")
            return
        }
        if let baseline {
            try Baseline.load(baseline).apply(to: &result)
        }
        let positions = FindingPositions(graph: graph, rootDirectory: rootDirectory, config: checkConfig).positions(of: result)
        let report = CheckReport(result: result, configFile: configPath, positions: positions)
        let text = switch format {
        case .text: CheckText(useColour: output == nil && Console.isColourTerminal).render(report)
        case .json: CheckJSON.render(report)
        case .github: GitHubAnnotations.render(report)
        case .sarif: SARIF.render(report, toolVersion: ModGraphVersion.current)
        case .junit: JUnit.render(report)
        }
        try OutputFile.write(text, to: output)
        if !report.passed { throw ExitCode(1) }
    }

    /// The findings of `sources:`: interface contents, declared versus imported dependencies.
    /// The source-level findings (`sources:` in the configuration); `report` runs them too.
    static func checkSources(_ settings: CheckConfig.SourceChecks, graph: ModuleGraph, workspace: Workspace, platform: String?) throws -> [Finding] {
        let targets = SourceInventory.targets(of: workspace, graph: graph)
        if targets.isEmpty {
            Console.warning("\(settings.location.file):\(settings.location.line): 'sources' is set, but no Swift files of the workspace's own targets were found on disk; the source checks read nothing")
        }
        do {
            let outcome = try SourceChecker(settings: settings, platform: platform).check(graph, targets: targets, budget: .standard)
            for skipped in outcome.skipped { Console.warning(SkippedSource(path: Paths.display(skipped.path), excess: skipped.excess).description) }
            return outcome.findings
        } catch {
            throw CommandError(error.description)
        }
    }

    private func configFile(rootDirectory: String?) throws -> String {
        if let config {
            guard FileManager.default.fileExists(atPath: config) else {
                throw CommandError("\(config): no such configuration file")
            }
            return config
        }
        let start = rootDirectory ?? (load.path == "-" ? "." : load.path)
        guard let found = ConfigFile.find(from: start) else {
            throw CommandError("\(start): no \(ConfigFile.defaultName) here or in the folders above it up to the repository root; write one (see docs/configuration.md) or pass --config")
        }
        return Paths.display(found)
    }
}
