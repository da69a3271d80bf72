import BenchmarkKit
import Foundation
import ModGraphCore
import ModGraphRules
import ModGraphSources

/// The source checks on 5,000 generated files (issue target: scanning them in
/// under 2 s on 2 cores, parsed in parallel): reading and parsing for the
/// imports, reading and parsing whole files (as for an interface module), then
/// the whole `sources:` check with an interface module and the import rules.
func sourceBenchmarks() -> [BenchmarkKit.Measurement] {
    let graph = SyntheticGraph.modularApp(targets: 250, verticals: 40, seed: 5)
    let sources: SyntheticSources
    do {
        sources = try SyntheticSources.write(for: graph, count: 5_000)
    } catch {
        fatalError("cannot write the benchmark's source files: \(error)")
    }
    defer { sources.remove() }
    let paths = sources.files.keys.sorted().flatMap { sources.files[$0] ?? [] }
    let megabytes = String(format: "%.1f MB", Double(sources.totalBytes) / 1_048_576)
    let cores = ProcessInfo.processInfo.activeProcessorCount

    // The machine is shared: wall time depends on what else runs, CPU time much less.
    // Wall time on idle cores is about CPU time / cores, since the files are parsed in parallel.
    func scanning(_ label: String, wholeFiles: Bool) -> BenchmarkKit.Measurement {
        var imports = 0
        let scanAll = { imports = ((try? SourceScanner.scan(files: paths.map { ($0, wholeFiles) })) ?? []).reduce(0) { $0 + $1.imports.count } }
        let cpu = processorSeconds { scanAll() }
        let result = measure("\(label): \(paths.count) files (\(megabytes)), \(cores) cores, \(String(format: "%.2f", cpu)) CPU-s", target: 2) {
            scanAll()
        }
        precondition(imports > paths.count, "every file imports Foundation and more")
        return result
    }
    // Imports only (every target): each file is parsed as far as its imports go.
    let scan = scanning("source scan, imports", wholeFiles: false)
    // Interface modules: each file is parsed whole and its declarations audited.
    let whole = scanning("source scan, whole files", wholeFiles: true)

    let yaml = """
    sources:
      interfaces: [VerticalInterfaces]
      undeclaredImports: error
      unusedDependencies: error
    """
    guard let settings = (try? ConfigParser.parse(yaml, file: "benchmark.yml"))?.sources else {
        fatalError("the benchmark's configuration does not parse")
    }
    let targets = sources.files.keys.sorted().map { id in
        TargetSources(target: id, folder: "\(sources.root)/Sources/\(id.name)", files: sources.files[id] ?? [])
    }
    let checker = SourceChecker(settings: settings)
    var findings: [Finding] = []
    let check = measure("source checks: \(paths.count) files in \(targets.count) targets", target: 2) {
        findings = (try? checker.check(graph, targets: targets)) ?? []
    }
    // The generated interface module holds classes, and some files import a dependency of a dependency.
    precondition(findings.contains { $0.rule == .interfaceContent }, "the interface module's classes must be found")
    precondition(findings.contains { $0.rule == .undeclaredImport }, "the planted undeclared imports must be found")
    return [scan, whole, check]
}

/// User and system CPU time of this process spent in `body`, in seconds.
private func processorSeconds(_ body: () -> Void) -> Double {
    func now() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    let start = now()
    body()
    return now() - start
}
