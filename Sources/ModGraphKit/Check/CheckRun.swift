import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphRules
import ModGraphSources

/// `modgraph check` as a use case: the configuration found and read, the
/// source checks and the graph's rules run; then, for a report, the baseline
/// applied and every finding located. `check` and `report` both run it.
public struct CheckRun: Sendable {
    /// `.modgraph.yml`.
    public static let defaultConfigurationName = ConfigFile.defaultName

    /// The configuration file as the user named it or as it was found.
    public let configPath: String
    public let config: CheckConfig
    /// Every finding, before any baseline.
    public let result: CheckResult

    /// Runs every rule `loaded`'s configuration (``LoadedGraph/configuration``, found and read
    /// when it was loaded) enables on its graph, source checks included (on the graph's
    /// platform); nil when there is no configuration.
    ///
    /// - Throws: when `--config` named no file, or the file cannot be used.
    public init?(on loaded: LoadedGraph, warnings: (String) -> Void = { _ in }) throws {
        guard let configured = try loaded.configuration.configuration() else { return nil }
        try self.init(config: configured.config, configPath: configured.path, on: loaded, warnings: warnings)
    }

    /// Runs `config`, read already (from the file at `configPath`, which findings and messages name), on `loaded`.
    /// - Parameter scans: the scan cache of a caller that runs the checks several times (`init`), which
    ///   keeps it; nil: the cache of `loaded`'s repository, read and kept for the next run here.
    public init(
        config: CheckConfig, configPath: String, on loaded: LoadedGraph, scans: ScanCache? = nil, warnings: (String) -> Void = { _ in }
    ) throws {
        var sourceFindings: [Finding] = []
        if let settings = config.sources {
            let targets = loaded.sourceTargets(warnings: warnings)
            if targets.isEmpty {
                warnings(
                    "\(settings.location.file):\(settings.location.line): 'sources' is set, but no Swift files of the workspace's own targets were found on disk; the source checks read nothing"
                )
            }
            do {
                var checker = SourceChecker(settings: settings, platform: loaded.graph.environment.platform)
                checker.searchPaths = loaded.repository.searchPaths
                checker.conditions = loaded.repository.conditions
                checker.embedded = loaded.repository.embedded
                for (target, lines) in loaded.repository.declarations where loaded.graph.package(target.package)?.isGeneratedProject == true {
                    checker.declarationFiles[target] = DisplayPath.of(lines.file)
                }
                checker.specPackageNames = loaded.repository.generatorPackageNames()
                for (identity, package) in loaded.workspace.packages where package.origin.isOwn {
                    if let manifest = package.manifest { checker.declaredPackages[identity] = Set(manifest.dependencies.map(\.identity)) }
                }
                let cache = scans ?? loaded.scanCache()
                let outcome = try checker.check(loaded.graph, targets: targets, budget: .standard, runner: loaded.executor, cache: cache)
                if scans == nil { loaded.save(cache) }
                // A file over a parsing budget is skipped, never a crash or a hang; each is named.
                for skipped in outcome.skipped {
                    warnings(SkippedSource(path: DisplayPath.of(skipped.path), excess: skipped.excess).description)
                }
                sourceFindings = outcome.findings
            } catch {
                throw CommandError(error.description)
            }
        }
        self.configPath = configPath
        self.config = config
        let manifests = ManifestFiles(
            graph: loaded.graph, rootDirectory: loaded.rootDirectory, declarations: loaded.repository.declarations)
        self.result = try Checker(config: config).check(loaded.graph, sourceFindings: sourceFindings, manifestLines: manifests)
    }

    /// The findings with `baseline`'s known ones set aside, for every output
    /// format; each finding was located at the line to change when it was made.
    public func report(baseline: String? = nil) throws -> CheckReport {
        var result = self.result
        if let baseline { try Baseline.load(baseline).apply(to: &result) }
        return CheckReport(result: result, configFile: configPath)
    }

    /// Today's findings as a baseline file's text.
    public var baseline: (text: String, count: Int) {
        (Baseline(recording: result.findings).encoded(), result.findings.filter { $0.rule != .staleConfig }.count)
    }
}
