import Foundation
import ModGraphCore
import ModGraphRules
import ModGraphSources

/// `modgraph init` as a use case: a starter `.modgraph.yml` for the loaded
/// graph, with exceptions for the dependencies that break its layers today,
/// so that `modgraph check` passes right after and only new violations fail.
public struct InitRun: Sendable {
    /// The file's text.
    public let text: String
    /// Where it goes: `.modgraph.yml` in the folder loaded.
    public let path: String
    public let layerSummary: String
    public let exceptionCount: Int
    /// Errors `check` still reports with the file (cycles, which no exception covers): record them with `--write-baseline`.
    public let remaining: Int
    /// Those errors by rule (`cycle`: 2), for the warning that names them.
    public let remainingByRule: [(rule: String, count: Int)]

    /// Files that build nothing, to write as `affected.ignore` when the repository has them:
    /// documentation and CI configuration.
    static let ignoredWhenPresent = [
        "docs", "Documentation", ".github", ".gitlab-ci.yml", ".circleci", ".buildkite", ".travis.yml", "Jenkinsfile", "bitrise.yml",
    ]

    /// - Parameter destination: where the file will be written, which errors name
    ///   (nil: ``path``); the proposals are checked in memory, under that name.
    public init(on loaded: LoadedGraph, requestedPath: String, destination: String? = nil) throws {
        let folder = loaded.rootDirectory ?? (requestedPath == "-" ? "." : requestedPath)
        path = folder == "." ? ConfigFile.defaultName : folder + "/" + ConfigFile.defaultName
        let name = destination ?? path
        // The report's folder as the README writes it (`modgraph report --output modgraph-report`): a report
        // made in the checkout must not make the next `affected` select every target (issue #53).
        var ignored = ["*.md", "LICENSE*", "modgraph-report/**"]
        for entry in Self.ignoredWhenPresent {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(entry), isDirectory: &isFolder) else {
                continue
            }
            ignored.append(isFolder.boolValue ? entry + "/**" : entry)
        }
        let readsSources = !loaded.sourceTargets().isEmpty
        var starter = StarterConfiguration(graph: loaded.graph, readsSources: readsSources, ignoredPaths: ignored)
        // Each file is parsed once for all the checks below (issue #48: init took 2-5 cold checks), and kept for the next run.
        let scans = loaded.scanCache() ?? ScanCache()
        defer { loaded.save(scans) }
        // The wiring checks are written when the sources wire verticals the ways they read (docs/wiring.md).
        if readsSources {
            let wiring = try WiringView.read(loaded, config: nil, scans: scans)
            starter.wiring = !wiring.edges.isEmpty || wiring.modules.contains { !$0.requirements.isEmpty }
        }
        guard !starter.layers.isEmpty else {
            throw CommandError("\(folder): the graph has no module of its own to place in layers")
        }
        // Check the proposal on the graph; what it finds today becomes exceptions, until nothing is left.
        var exceptions: [(from: String, to: String, rule: String)] = []
        var sourcesLevel = "error"
        var wiringLevel = "error"
        var notYetInterfaces: Set<String> = []
        let triggers = StarterTriggers(loaded: loaded, folder: folder).triggers
        var text = starter.yaml(exceptions: exceptions, sourcesLevel: sourcesLevel, wiringLevel: wiringLevel, triggers: triggers)
        for _ in 0..<4 {
            let findings = try CheckRun(config: ConfigParser.parse(text, file: name), configPath: name, on: loaded, scans: scans).result.findings
                .filter { $0.severity == .error }
            if findings.isEmpty { break }
            for finding in findings {
                switch finding.rule {
                case .layering, .isolation, .forbidden, .externals:
                    if let first = finding.chain.first, let last = finding.chain.last {
                        let (from, to) = (StarterConfiguration.literal(first), StarterConfiguration.literal(last))
                        if !exceptions.contains(where: { $0.from == from && $0.to == to && $0.rule == finding.rule.rawValue }) {
                            exceptions.append((from, to, finding.rule.rawValue))
                        }
                    }
                case .undeclaredImport:
                    // Imports to fix first: the rule warns until then.
                    sourcesLevel = "warning"
                case .unprovidedRequirement, .verticalWiring, .unwiredBuilder, .providedTwice, .containerExtension:
                    // What the wiring checks find today: warned of until it is fixed.
                    wiringLevel = "warning"
                case .interfaceContent:
                    if let module = finding.chain.first,
                        let name = starter.interfaces.first(where: {
                            $0 == StarterConfiguration.literal(module.name) || $0 == StarterConfiguration.literal(module)
                        })
                    {
                        notYetInterfaces.insert(name)
                    }
                default:
                    continue
                }
            }
            text = starter.yaml(
                exceptions: exceptions.sorted { ($0.from, $0.to) < ($1.from, $1.to) }, sourcesLevel: sourcesLevel,
                wiringLevel: wiringLevel, notYetInterfaces: notYetInterfaces, triggers: triggers)
        }
        let errors = try CheckRun(config: ConfigParser.parse(text, file: name), configPath: name, on: loaded, scans: scans).result.findings
            .filter { $0.severity == .error }
        remaining = errors.count
        remainingByRule = Dictionary(grouping: errors, by: \.rule).sorted { $0.key < $1.key }.map { ($0.key.rawValue, $0.value.count) }
        self.text = text
        exceptionCount = exceptions.count
        layerSummary = starter.layers.map { "\($0.name) (\($0.targets.count))" }.joined(separator: ", ")
    }
}
